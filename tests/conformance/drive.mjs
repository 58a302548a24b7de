// Hearth as the client under test of the MCP conformance suite
// (`@modelcontextprotocol/conformance`, run by run.mjs): the suite starts a server for one
// scenario and runs `node drive.mjs <server-url>` with MCP_CONFORMANCE_SCENARIO set (and,
// for some scenarios, MCP_CONFORMANCE_CONTEXT). This opens the built app in headless
// Chromium as a person would: it adds the server in Tools as "conformance", waits for the
// connection doctor, signs in when the server asks for it (with the scenario's
// pre-registered client when its context gives one), and, when the server offers tools,
// offers them all in the agent and sends one message to a scripted model (the mock LLM
// server) that calls each of them once (with the scenario's arguments where its context
// gives them), allowing each call as it asks; a call refused for want of more access is
// followed by one more sign-in. Then it stops; the suite judges what reached its server.
//
// The suite's servers send no CORS headers, so Chromium runs with --disable-web-security
// here: what is judged is the protocol. CORS, and what Hearth says when it is missing, are
// tested against real servers in e2e/mcp.test.mjs.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '../mock/server.mjs';
import { connectBrowser, launchBrowser, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendMessage, settled } from '../support/chat.mjs';
import { closeTools, editAgent, openTools, saveAgent } from '../support/dialogs.mjs';
import { builtApp } from '../support/dist.mjs';
import { readDatabase } from '../support/idb.mjs';
import { startStaticServer } from '../support/static-server.mjs';

/** Chromium's flags here (see above); run.mjs launches its browser with them too. */
export const BROWSER_ARGS = ['--disable-web-security'];
const SERVER = 'conformance';
const SCENARIO = 'conformance-calls';
/** How long the doctor may take to say how the server was reached. */
const DOCTOR_MS = 30_000;
/** How long the reply may take, its calls included. */
const REPLY_MS = 40_000;

/** Arguments for a tool from its schema: each property a plain value of its type. */
function argumentsFor(schema) {
  const out = {};
  let number = 2;
  for (const [key, property] of Object.entries(schema?.properties ?? {})) {
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    if (type === 'number' || type === 'integer') out[key] = number++;
    else if (type === 'boolean') out[key] = true;
    else if (type === 'string') out[key] = property.enum?.[0] ?? 'test';
  }
  return out;
}

/** Waits until the doctor has spoken: the server's status is neither "Not reached since
 * the page loaded" (before its first check starts), "Connecting…" nor "Signing in…". */
async function doctorHasSpoken(tools) {
  await waitUntil(async () => {
    const said = (await tools.getByRole('status').allInnerTexts()).map((text) => text.trim());
    return said.some((text) => text !== '' && text !== 'Connecting…' && !text.startsWith('Not reached') && !text.startsWith('Signing in:'));
  }, 'the doctor has spoken', { timeout: DOCTOR_MS });
}

/** Clicks the server's sign-in button (`label`, then the server's name) when there is
 * one, and waits for the window it opens to close; whether it did. */
async function signIn(page, tools, label = 'Sign in to') {
  const button = tools.getByRole('button', { name: `${label} ${SERVER}`, exact: true });
  if ((await button.count()) === 0) return false;
  const opened = page.context().waitForEvent('page', { timeout: DOCTOR_MS });
  await button.click();
  const window = await opened.catch(() => null);
  if (window && !window.isClosed()) await window.waitForEvent('close', { timeout: DOCTOR_MS }).catch(() => {});
  return true;
}

async function main() {
  const url = process.argv.at(-1);
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');
  const scenarios = await mkdtemp(join(tmpdir(), 'hearth-conformance-'));
  const cleanups = [];
  const t = { after: (fn) => cleanups.push(fn) };
  const env = {};
  try {
    [env.app, env.mock, env.browser] = await Promise.all([
      startStaticServer({ root: builtApp() }),
      startMockServer({ scenariosDir: scenarios }),
      // run.mjs's browser, when it gives one (launched with this flag); else one of its own.
      process.env.HEARTH_CONFORMANCE_BROWSER
        ? connectBrowser(process.env.HEARTH_CONFORMANCE_BROWSER)
        : launchBrowser({ args: BROWSER_ARGS }),
    ]);
    const chat = await openChatWithProvider(t, env, { scenario: SCENARIO });
    const tools = await openTools(chat.page);
    const form = tools.getByRole('form', { name: 'Add an MCP server', exact: true });
    await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill(url);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(SERVER);
    if (context.client_id) {
      // A pre-registered client (auth/pre-registration), entered as a person would.
      await form.getByText('Sign-in client (optional)', { exact: true }).click();
      await form.getByRole('textbox', { name: 'OAuth client ID', exact: true }).fill(context.client_id);
      await form.getByLabel('OAuth client secret', { exact: true }).fill(context.client_secret ?? '');
    }
    await form.getByRole('button', { name: 'Add server', exact: true }).click();
    await doctorHasSpoken(tools);
    // A server that wants a sign-in: signed in to, as a person would, in the window Hearth
    // opens (the suite's authorization server grants at once and sends it back to Hearth).
    // (At most three times: a server may want another after the first, such as one that
    // moved to another authorization server; more would be a loop.)
    for (let round = 0; round < 3; round += 1) {
      if (!(await signIn(chat.page, tools)) && !(await signIn(chat.page, tools, 'Sign in again to'))) break;
      await doctorHasSpoken(tools);
    }
    if ((await tools.getByText(/^It works: /).count()) === 0) {
      // Said for the record (the suite keeps it as stderr.txt): why nothing was called.
      console.error(`the doctor says: ${(await tools.getByRole('status').allInnerTexts()).join(' | ')}`);
      return;
    }
    const { settings } = await readDatabase(chat.page, ['settings']);
    const server = settings.map((s) => s.value).find((value) => value?.name === SERVER);
    const offered = server?.tools ?? [];
    await closeTools(chat.page);
    if (offered.length === 0) return;

    const given = Array.isArray(context.toolCalls) ? context.toolCalls : [];
    const calls = (given.length ? given : offered.map((tool) => ({ name: tool.name, arguments: argumentsFor(tool.input_schema) })))
      .filter((call) => offered.some((tool) => tool.name === call.name));
    await writeFile(join(scenarios, `${SCENARIO}.json`), JSON.stringify({
      description: 'Calls the conformance server\'s tools once each, then says it is done.',
      rounds: [
        {
          stream: [
            ...calls.map((call, at) => ({ tool_call: { id: `call_${at}`, name: `${SERVER}__${call.name}`, arguments: call.arguments ?? {} } })),
            { finish: 'tool_calls' },
            { done: true },
          ],
        },
        { stream: [{ delta: 'Done.' }, { finish: 'stop' }, { done: true }] },
      ],
    }));
    const editor = await editAgent(chat.page);
    const section = editor.getByRole('group', { name: `Tools from the MCP server ${SERVER}`, exact: true });
    for (const name of new Set(calls.map((call) => call.name))) {
      await section.getByRole('checkbox', { name: `${name} (${SERVER})`, exact: true }).check();
    }
    await saveAgent(chat.page, editor);
    await sendMessage(chat, 'Call the tools.', { click: true });
    // Each call asks in turn, until the reply is done, and a server's form during a call is
    // sent as it comes (its defaults), as a person who reads it and agrees would. (A call
    // whose arguments its own schema refuses never asks: the model is told instead.)
    const asking = chat.reply.getByRole('button', { name: 'Allow', exact: true });
    const answering = chat.reply.getByRole('button', { name: 'Send answer', exact: true });
    const done = chat.reply.getByText('Done.', { exact: true });
    await waitUntil(async () => {
      if ((await asking.count()) > 0) await asking.first().click().catch(() => {});
      if ((await answering.count()) > 0) await answering.first().click().catch(() => {});
      return (await done.count()) > 0;
    }, 'every call is allowed, every form answered, and the model has its results', { timeout: REPLY_MS, interval: 200 });
    await settled(chat);
    // A call refused for want of more access (a step-up): signed in to again, once.
    const again = await openTools(chat.page);
    await signIn(chat.page, again, 'Sign in again to');
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await Promise.all([env.browser?.close(), env.app?.close(), env.mock?.close()]);
    await rm(scenarios, { recursive: true, force: true });
  }
}

// Run as the suite's client (run.mjs imports it only for BROWSER_ARGS).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
