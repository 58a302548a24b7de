// End-to-end tests of MCP servers in real headless Chromium: the built app (dist/, or
// $HEARTH_DIST) against the mock LLM server and the MCP reference server
// (`@modelcontextprotocol/server-everything`, Streamable HTTP, started on 127.0.0.1 per
// file). They add the server in the Tools dialog and see its tools listed; choose its
// get-sum tool in the agent; and check that a call asks first, showing the server, the
// tool and the exact arguments, that Allow runs it on the server and its result reaches
// the model, and that "Always allow" holds for the tool's definition. Elements are found by
// role and accessible name only.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { loadApp, openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { axeViolations } from '../support/axe.mjs';
import { closeTools, editAgent, openTools, saveAgent } from '../support/dialogs.mjs';
import { readDatabase, storedBlobs } from '../support/idb.mjs';
import { chatRequests, FAMILIES, waitForChatRequests } from '../support/mock.mjs';
import { startEverything } from '../support/mcp-everything.mjs';
import { startMcpProxy } from '../support/mcp-proxy.mjs';

describe('MCP servers', () => {
  const env = useHarness();
  let everything;

  before(async () => {
    everything = await startEverything();
  });

  after(() => everything?.close());

  /** Adds the reference server as "everything" in the Tools dialog and waits for its tools. */
  async function addEverything(page, { name = 'everything', url = everything.url } = {}) {
    const tools = await openTools(page);
    return addServer(tools, { name, url });
  }

  /** Adds a server in the open Tools dialog `tools`. */
  async function addServer(tools, { name, url }) {
    const form = tools.getByRole('form', { name: 'Add an MCP server', exact: true });
    await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill(url);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('button', { name: 'Add server', exact: true }).click();
    return tools;
  }

  /** The servers stored in IndexedDB (setting records `mcp_server:<id>`). */
  async function storedServers(page) {
    const { settings } = await readDatabase(page, ['settings']);
    return settings.filter((s) => s.key.startsWith('mcp_server:')).map((s) => s.value);
  }

  test('a server added in Tools is reached, its tools are listed, and a bad address is explained', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const tools = await addEverything(chat.page);
    await tools.getByText(/^It works: Everything Reference Server 2\.0\.0 speaks MCP 2025-11-25 and offers [1-9]\d* tools\.$/).waitFor();
    const summary = tools.getByText(/^[1-9]\d* tools$/);
    await summary.waitFor();
    const count = Number((await summary.innerText()).split(' ')[0]);
    assert.ok(count >= 10, `the server lists its tools (${count})`);
    await summary.click();
    await tools.getByText('get-sum', { exact: true }).waitFor();
    const [stored] = await waitUntil(async () => {
      const servers = await storedServers(chat.page);
      return servers.length === 1 && servers[0].tools?.length === count ? servers : null;
    }, 'the server and its tools are stored');
    assert.equal(stored.name, 'everything');
    assert.equal(stored.url, everything.url);
    assert.ok(stored.tools.some((tool) => tool.name === 'get-sum' && tool.input_schema.properties.a));
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the Tools dialog');
    await screenshot(chat.page, 'mcp-server-added.png');

    // Not an http(s) address: said under the field, nothing stored.
    const form = tools.getByRole('form', { name: 'Add an MCP server', exact: true });
    await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill('ftp://example.com/mcp');
    await form.getByRole('button', { name: 'Add server', exact: true }).click();
    await form.getByText('Enter an http:// or https:// address, such as https://example.com/mcp.').waitFor();
    assert.equal((await storedServers(chat.page)).length, 1);

    // A server that is not there: the failure is shown on its row.
    await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill(`${everything.origin}/nowhere`);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('nowhere');
    await form.getByRole('button', { name: 'Add server', exact: true }).click();
    await tools.getByText(/^There is no MCP endpoint at this address \(HTTP 404\)/).waitFor();
    await tools.getByRole('group', { name: 'What to do about nowhere', exact: true }).getByText(/often serve MCP at \/mcp/).waitFor();

    // Remove takes it away.
    await tools.getByRole('button', { name: 'Remove nowhere', exact: true }).click();
    await waitUntil(async () => (await storedServers(chat.page)).length === 1, 'the failed server is removed');
    await closeTools(chat.page);
    assert.deepEqual(chat.errors, []);
  });

  test('a call asks first with the server, tool and exact arguments; Allow runs it and the result reaches the model', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-sum' });
    const tools = await addEverything(chat.page);
    await tools.getByText(/^It works: /).waitFor();
    await closeTools(chat.page);
    const editor = await editAgent(chat.page);
    await editor.getByRole('group', { name: 'Tools from the MCP server everything', exact: true }).waitFor();
    await editor.getByRole('checkbox', { name: 'get-sum (everything)', exact: true }).check();
    const ask = editor.getByRole('checkbox', { name: 'Ask before running get-sum (everything)', exact: true });
    assert.equal(await ask.isChecked(), true, 'an MCP tool asks before running by default');
    await saveAgent(chat.page, editor);
    const [stored] = await storedServers(chat.page);
    await waitUntil(
      async () => (await readDatabase(chat.page, ['agents'])).agents[0]?.tools.includes(`mcp:${stored.id}:get-sum`),
      'the agent offers the tool',
    );

    await sendMessage(chat, 'What is 2 + 3?', { click: true });
    const prompt = chat.reply.getByRole('group', { name: 'Approve the get-sum call', exact: true });
    await prompt.waitFor();
    assert.match(await prompt.innerText(), /wants to run get-sum from the MCP server everything with these arguments:/);
    assert.deepEqual(JSON.parse(await prompt.locator('pre').innerText()), { a: 2, b: 3 });
    const [first] = await chatRequests(env.mock, FAMILIES.openai);
    const offered = first.body.tools.map((tool) => tool.function);
    const sum = offered.find((tool) => tool.name === 'everything__get-sum');
    assert.ok(sum, `the model is offered everything__get-sum: ${offered.map((tool) => tool.name)}`);
    assert.deepEqual(Object.keys(sum.parameters.properties).sort(), ['a', 'b'], "with the server's schema");
    await screenshot(chat.page, 'mcp-approval.png');

    await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'MCP says: The sum of 2 and 3 is 5.');
    const [, second] = await chatRequests(env.mock, FAMILIES.openai);
    assert.deepEqual(FAMILIES.openai.results(second.body).map(({ id, content }) => ({ id, content })), [
      { id: 'call_sum', content: 'The sum of 2 and 3 is 5.' },
    ]);

    // "Always allow" holds for this definition: the next call runs at once.
    await sendMessage(chat, 'Again?', { click: true });
    await chat.reply.getByRole('group', { name: 'Approve the get-sum call', exact: true })
      .getByRole('button', { name: 'Always allow get-sum for this agent', exact: true })
      .click();
    await settled(chat);
    const [agent] = (await readDatabase(chat.page, ['agents'])).agents;
    const key = `mcp:${stored.id}:get-sum`;
    assert.equal(agent.ask_before_running[key], false);
    assert.match(agent.allowed_definitions[key], /^[0-9a-f]{64}$/, 'bound to the SHA-256 of the definition');
    await sendMessage(chat, 'Once more.', { click: true });
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'MCP says: The sum of 2 and 3 is 5.');
    assert.equal(await chat.reply.getByRole('group', { name: 'Approve the get-sum call', exact: true }).count(), 0);
    assert.deepEqual(chat.errors, []);
  });

  /** Checks the agent's tools `names` of the server "everything" (each asks first), and saves. */
  async function offerTools(page, names) {
    const editor = await editAgent(page);
    const section = editor.getByRole('group', { name: 'Tools from the MCP server everything', exact: true });
    for (const name of names) await section.getByRole('checkbox', { name: `${name} (everything)`, exact: true }).check();
    await saveAgent(page, editor);
  }

  test('three tools in one round: an image reaches Anthropic as an image, structured content and links as text', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.anthropic, scenario: 'tools-mcp-three' });
    const tools = await addEverything(chat.page);
    await tools.getByText(/^[1-9]\d* tools$/).waitFor();
    await closeTools(chat.page);
    await offerTools(chat.page, ['get-tiny-image', 'get-structured-content', 'get-resource-links']);

    await sendMessage(chat, 'Show me what you can do.', { click: true });
    for (const tool of ['get-tiny-image', 'get-structured-content', 'get-resource-links']) {
      const prompt = chat.reply.getByRole('group', { name: `Approve the ${tool} call`, exact: true });
      await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    }
    await settled(chat);

    // The request after the tools: the image as an image block, the rest as text.
    const [, second] = await chatRequests(env.mock, FAMILIES.anthropic);
    const results = second.body.messages.at(-1).content.filter((block) => block.type === 'tool_result');
    assert.deepEqual(results.map((block) => block.tool_use_id), ['call_image', 'call_weather', 'call_links']);
    const [image, weather, links] = results;
    assert.ok(Array.isArray(image.content), 'the image result is a list of blocks');
    const picture = image.content.find((block) => block.type === 'image');
    assert.equal(picture?.source.type, 'base64');
    assert.equal(picture.source.media_type, 'image/png');
    assert.match(picture.source.data, /^iVBORw0KGgo/, "the server's PNG, as it sent it");
    const said = image.content.filter((block) => block.type === 'text').map((block) => block.text).join('\n');
    assert.match(said, /Here's the image you requested:/);
    assert.match(said, /\[The tool returned an image \(image\/png, [\d.]+ KB\)\.\]/);
    assert.deepEqual(JSON.parse(weather.content), { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 });
    assert.match(links.content, /^Here are 2 resource links/);
    assert.match(links.content, /Resource link: Blob Resource 1 <demo:\/\/resource\/dynamic\/blob\/1>/);
    assert.match(links.content, /Resource link: Text Resource 2 <demo:\/\/resource\/dynamic\/text\/2>/);

    // The widget shows the image itself, from its stored bytes.
    await chat.reply.getByRole('button', { name: 'Used 3 tools', exact: true }).click();
    const shown = chat.reply.getByRole('img', { name: 'Image 1 returned by everything__get-tiny-image', exact: true });
    await shown.waitFor();
    assert.ok(await shown.evaluate((img) => img.complete && img.naturalWidth === 20), 'the 20 px PNG is decoded');
    assert.match(await shown.getAttribute('src'), /^blob:/);
    // The image is in the blob store, once, under the SHA-256 of the server's bytes; the
    // reply's record refers to it and holds no base64.
    const bytes = Buffer.from(picture.source.data, 'base64');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const { messages } = await readDatabase(chat.page, ['messages']);
    const reply = messages.find((m) => (m.tool_calls ?? []).some((call) => call.id === 'call_image'));
    const stored = reply.tool_calls.find((call) => call.id === 'call_image');
    assert.deepEqual(stored.result.media, [{ mime: 'image/png', blob: hash }], 'the record keeps the reference');
    assert.deepEqual(reply.blobs, [hash]);
    assert.ok(!JSON.stringify(reply).includes(picture.source.data.slice(0, 64)), 'no base64 in the record');
    assert.deepEqual(await storedBlobs(chat.page), [{ id: hash, mime: 'image/png', size: bytes.length, held: true }]);
    await shown.scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-three-tools.png');

    // The links a result holds can be read: a text resource is attached to the next
    // message; a binary one is refused, with the reason.
    await chat.reply.getByRole('button', { name: 'Read Text Resource 2', exact: true }).click();
    await chat.reply.getByRole('status').filter({ hasText: 'demo://resource/dynamic/text/2 is attached to your next message.' }).waitFor();
    const attached = chat.page.getByRole('list', { name: 'Attached files', exact: true });
    await attached.getByRole('button', { name: 'Remove demo://resource/dynamic/text/2', exact: true }).waitFor();
    await chat.reply.getByRole('button', { name: 'Read Blob Resource 1', exact: true }).click();
    await chat.reply.getByRole('status').filter({ hasText: /^demo:\/\/resource\/dynamic\/blob\/1 could not be read: .*it is not text/ }).waitFor();
    assert.equal(await attached.getByRole('button').count(), 1);

    // After a reload the image shows from the blob store, and the next turn sends the
    // model the very same bytes with the earlier result.
    await chat.page.reload();
    await loadApp(chat.context, chat.page.url(), { page: chat.page });
    await chat.reply.getByRole('button', { name: 'Used 3 tools', exact: true }).click();
    const again = chat.reply.getByRole('img', { name: 'Image 1 returned by everything__get-tiny-image', exact: true });
    await again.waitFor();
    assert.ok(await again.evaluate((img) => img.complete && img.naturalWidth === 20), 'read back from the store');
    await sendMessage(chat, 'Once more.', { click: true });
    const [, , next] = await waitForChatRequests(env.mock, FAMILIES.anthropic, 3);
    const earlier = next.body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    const resent = earlier.find((block) => block.tool_use_id === 'call_image').content.find((b) => b.type === 'image');
    assert.deepEqual(resent.source, picture.source, 'identical bytes on the next turn');
    assert.deepEqual(chat.errors, []);
  });

  test('a long tool shows the progress its server reports, and Stop cancels it on the server', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-long' });
    const tools = await addEverything(chat.page);
    await tools.getByText(/^[1-9]\d* tools$/).waitFor();
    await closeTools(chat.page);
    await offerTools(chat.page, ['trigger-long-running-operation']);
    // What the page posts to the server: the cancellation is one of them.
    const posted = [];
    chat.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url() === everything.url) posted.push(JSON.parse(request.postData() ?? 'null'));
    });

    await sendMessage(chat, 'Run the long one.', { click: true });
    const tool = 'everything__trigger-long-running-operation';
    await chat.reply.getByRole('group', { name: 'Approve the trigger-long-running-operation call', exact: true })
      .getByRole('button', { name: 'Allow', exact: true })
      .click();
    await chat.reply.getByRole('button', { name: `Running ${tool}…`, exact: true }).click();
    const bar = chat.reply.getByRole('progressbar', { name: `Progress of ${tool}`, exact: true });
    await bar.waitFor();
    const said = await waitUntil(async () => {
      const words = await bar.getAttribute('aria-valuetext');
      return /^([2-9]|1\d) of 20$/.test(words ?? '') && words;
    }, 'the progress grows');
    assert.equal(await bar.getAttribute('max'), '20');
    assert.equal(await chat.reply.getByText(said, { exact: true }).count(), 1, 'the progress is written out too');
    const call = posted.find((message) => message?.method === 'tools/call');
    assert.equal(typeof call?.params._meta.progressToken, 'number', 'the call carries a progress token');
    await screenshot(chat.page, 'mcp-progress.png');

    await chat.stop.click();
    await settled(chat);
    const cancelled = await waitUntil(
      async () => posted.find((message) => message?.method === 'notifications/cancelled'),
      'the page tells the server the call is cancelled',
    );
    assert.equal(cancelled.params.requestId, call.id);
    const { messages } = await readDatabase(chat.page, ['messages']);
    const stored = messages.find((m) => m.role === 'assistant');
    assert.equal(stored.state, 'stopped');
    assert.equal(stored.tool_calls[0].result.content, 'Stopped by the user');
    assert.equal(await bar.count(), 0, 'the progress is gone with the call');
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 1, 'nothing more is sent to the model');
    assert.deepEqual(chat.errors, []);
  });

  test('the connection doctor tells a server that refuses CORS from one that is down, and a refused Origin', async (t) => {
    const stripped = await startMcpProxy(everything.url, 'strip-cors');
    const guarded = await startMcpProxy(everything.url, 'refuse-origin');
    t.after(() => Promise.all([stripped.close(), guarded.close()]));
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const origin = new URL(env.app.url).origin;

    // Up, but its answers carry no CORS headers: the doctor prints the headers to add.
    const tools = await addEverything(chat.page, { name: 'no-cors', url: stripped.url });
    const status = tools.getByRole('status').filter({ hasText: /^The server at 127\.0\.0\.1:\d+ is up/ });
    await status.waitFor();
    assert.match(await status.innerText(), new RegExp(`does not let pages from ${origin.replaceAll('.', '\\.')} read its answers \\(CORS\\)`));
    const advice = tools.getByRole('group', { name: 'What to do about no-cors', exact: true });
    assert.deepEqual((await advice.locator('pre').innerText()).split('\n'), [
      `Access-Control-Allow-Origin: ${origin}`,
      'Access-Control-Allow-Methods: GET, POST, DELETE',
      'Access-Control-Allow-Headers: content-type, mcp-protocol-version, mcp-session-id, authorization, last-event-id, mcp-method, mcp-name',
      'Access-Control-Expose-Headers: mcp-session-id, www-authenticate',
    ]);
    await advice.getByRole('button', { name: 'Copy the headers no-cors needs', exact: true }).waitFor();
    await advice.scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-doctor-cors.png');

    // Nothing listening there: said apart from CORS, with no headers.
    const closed = await startMcpProxy(everything.url, 'strip-cors');
    const downUrl = closed.url;
    await closed.close();
    await addServer(tools, { name: 'down', url: downUrl });
    await tools.getByRole('status').filter({ hasText: /^Nothing answers at 127\.0\.0\.1:\d+\.$/ }).waitFor();
    assert.equal(await tools.getByRole('group', { name: 'What to do about down', exact: true }).locator('pre').count(), 0);

    // A server that checks Origin: the 403 is read and explained.
    await addServer(tools, { name: 'guarded', url: guarded.url });
    await tools.getByRole('status').filter({ hasText: /^The server refused Hearth \(HTTP 403\): Forbidden: Origin not allowed\.$/ }).waitFor();
    const guardedAdvice = tools.getByRole('group', { name: 'What to do about guarded', exact: true });
    assert.match(await guardedAdvice.innerText(), new RegExp(`must add ${origin.replaceAll('.', '\\.')} to the origins it allows`));
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the doctor in the Tools dialog');
    assert.deepEqual(chat.errors, []);
  });

  test('a server that speaks only the older HTTP+SSE transport is reached over it, and its tools run', async (t) => {
    const older = await startEverything({ transport: 'sse' });
    t.after(() => older.close());
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-sum' });
    const tools = await addEverything(chat.page, { name: 'everything', url: older.url });
    await tools
      .getByText(/^It works: Everything Reference Server 2\.0\.0 speaks MCP [\d-]+ over the older HTTP\+SSE transport and offers [1-9]\d* tools\.$/)
      .waitFor();
    await closeTools(chat.page);
    await offerTools(chat.page, ['get-sum']);
    await sendMessage(chat, 'What is 2 + 3?', { click: true });
    await chat.reply.getByRole('group', { name: 'Approve the get-sum call', exact: true })
      .getByRole('button', { name: 'Allow', exact: true })
      .click();
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'MCP says: The sum of 2 and 3 is 5.');
    assert.deepEqual(chat.errors, []);
  });

  test('a prompt goes into the message box with its arguments, and resources are attached to the message', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const tools = await addEverything(chat.page);
    await tools.getByText(/^It works: /).waitFor();
    await closeTools(chat.page);
    const open = async () => {
      await chat.page.getByRole('button', { name: 'Prompts and resources', exact: true }).click();
      const dialog = chat.page.getByRole('dialog', { name: 'Prompts and resources', exact: true });
      await dialog.getByRole('list', { name: 'Prompts of everything', exact: true }).waitFor();
      return dialog;
    };

    // A prompt with arguments: a required one left empty is said; filled, the prompt goes into the message box.
    let dialog = await open();
    const prompts = dialog.getByRole('list', { name: 'Prompts of everything', exact: true });
    assert.deepEqual(await prompts.getByRole('button').allInnerTexts(), [
      'Simple Prompt',
      'Arguments Prompt',
      'Team Management',
      'Resource Prompt',
    ]);
    const resources = dialog.getByRole('list', { name: 'Resources of everything', exact: true });
    await resources.getByRole('button', { name: 'architecture.md', exact: true }).waitFor();
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the lists');
    await screenshot(chat.page, 'mcp-prompts-and-resources.png');
    await prompts.getByRole('button', { name: 'Arguments Prompt', exact: true }).click();
    let form = dialog.getByRole('form', { name: 'The prompt Arguments Prompt', exact: true });
    await form.getByRole('button', { name: 'Insert', exact: true }).click();
    await form.getByRole('alert').filter({ hasText: 'Fill in city.' }).waitFor();
    await form.getByRole('combobox', { name: 'city (required)', exact: true }).fill('Paris');
    await form.getByRole('combobox', { name: 'state', exact: true }).fill('TX');
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the prompt form');
    await screenshot(chat.page, 'mcp-prompt-form.png');
    await form.getByRole('button', { name: 'Insert', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await chat.message.inputValue(), "What's weather in Paris, TX?");

    // The server completes an argument as it is typed; Back returns to the lists.
    dialog = await open();
    await dialog.getByRole('button', { name: 'Team Management', exact: true }).click();
    form = dialog.getByRole('form', { name: 'The prompt Team Management', exact: true });
    await form.getByRole('combobox', { name: 'department (required)', exact: true }).pressSequentially('E');
    const suggested = () =>
      form
        .getByRole('combobox', { name: 'department (required)', exact: true })
        .evaluate((input) => [...(input.list?.options ?? [])].map((option) => option.value));
    await waitUntil(async () => (await suggested()).join() === 'Engineering', 'the server suggests Engineering');
    await form.getByRole('button', { name: 'Back', exact: true }).click();

    // A resource, and a resource template filled in: attached by their addresses.
    await dialog.getByRole('button', { name: 'architecture.md', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const attached = chat.page.getByRole('list', { name: 'Attached files', exact: true });
    await attached.getByRole('button', { name: 'Remove demo://resource/static/document/architecture.md', exact: true }).waitFor();
    dialog = await open();
    await dialog.getByRole('button', { name: 'Dynamic Text Resource…', exact: true }).click();
    form = dialog.getByRole('form', { name: 'The resource Dynamic Text Resource', exact: true });
    await form.getByRole('textbox', { name: 'resourceId', exact: true }).fill('3');
    await form.getByText('demo://resource/dynamic/text/3', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Attach', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await attached.getByRole('button', { name: 'Remove demo://resource/dynamic/text/3', exact: true }).waitFor();

    // A binary resource is refused, with the reason, and nothing is attached.
    dialog = await open();
    await dialog.getByRole('button', { name: 'Dynamic Blob Resource…', exact: true }).click();
    form = dialog.getByRole('form', { name: 'The resource Dynamic Blob Resource', exact: true });
    await form.getByRole('textbox', { name: 'resourceId', exact: true }).fill('1');
    await form.getByRole('button', { name: 'Attach', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The resource cannot be attached: it is not text' }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    assert.equal(await attached.getByRole('button').count(), 2);

    // Sent: the prompt's text and both resources' text reach the model.
    await chat.send.click();
    await settled(chat);
    const [request] = await chatRequests(env.mock, FAMILIES.openai);
    const sent = request.body.messages.at(-1).content;
    assert.match(sent, /What's weather in Paris, TX\?/);
    assert.match(sent, /<file name="demo:\/\/resource\/static\/document\/architecture\.md">\n# Everything Server – Architecture/);
    assert.match(sent, /<file name="demo:\/\/resource\/dynamic\/text\/3">\nResource 3: This is a plaintext resource/);

    // An MCP tool the agent offers: the editor says what its definition costs, and the
    // context meter counts exactly that much more.
    const meter = chat.page.getByRole('meter', { name: 'Context window used', exact: true });
    const used = async () => Number((await meter.getAttribute('aria-valuetext')).split(' of ')[0].replaceAll(/\D/g, ''));
    const before = await used();
    const editor = await editAgent(chat.page);
    const section = editor.getByRole('group', { name: 'Tools from the MCP server everything', exact: true });
    await section.getByRole('checkbox', { name: 'get-sum (everything)', exact: true }).check();
    const cost = section.getByRole('status').filter({ hasText: /^1 tool chosen: about [\d,]+ tokens in every request\.$/ });
    const tokens = Number((await cost.innerText()).match(/about ([\d,]+) tokens/)[1].replaceAll(',', ''));
    assert.ok(tokens > 20, `a definition costs tokens (${tokens})`);
    await saveAgent(chat.page, editor);
    await waitUntil(async () => (await used()) === before + tokens, `the meter counts the tool (${before} + ${tokens})`);
    assert.deepEqual(chat.errors, []);
  });

  test("the MCP section and an agent's MCP tools fit a phone in dark mode and pass axe", async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', contextOptions: { viewport: { width: 390, height: 844 } } });
    await chat.page.emulateMedia({ colorScheme: 'dark' });
    const tools = await addEverything(chat.page);
    await tools.getByText(/^It works: /).waitFor();
    await tools.getByText(/^\d+ tools$/).click();
    const overflow = () => chat.page.evaluate(() => document.querySelector('dialog[open]').scrollWidth > window.innerWidth);
    assert.equal(await overflow(), false, 'the Tools dialog fits the phone');
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the Tools dialog');
    await tools.getByRole('group', { name: 'MCP servers', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-servers-mobile-dark.png');
    await closeTools(chat.page);
    const editor = await editAgent(chat.page);
    const section = editor.getByRole('group', { name: 'Tools from the MCP server everything', exact: true });
    await section.getByRole('checkbox', { name: 'get-sum (everything)', exact: true }).check();
    assert.equal(await overflow(), false, 'the agent editor fits the phone');
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the agent editor');
    await section.scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-agent-tools-mobile-dark.png');
    await saveAgent(chat.page, editor);

    // The composer's Prompts and resources, by keyboard: the lists and a prompt's form fit and pass axe.
    const button = chat.page.getByRole('button', { name: 'Prompts and resources', exact: true });
    await button.focus();
    await chat.page.keyboard.press('Enter');
    const picker = chat.page.getByRole('dialog', { name: 'Prompts and resources', exact: true });
    await picker.getByRole('list', { name: 'Prompts of everything', exact: true }).waitFor();
    assert.equal(await overflow(), false, 'the lists fit the phone');
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the lists');
    await screenshot(chat.page, 'mcp-picker-mobile-dark.png');
    await picker.getByRole('button', { name: 'Arguments Prompt', exact: true }).focus();
    await chat.page.keyboard.press('Enter');
    const city = picker.getByRole('combobox', { name: 'city (required)', exact: true });
    await city.waitFor();
    await city.focus();
    await chat.page.keyboard.type('Oslo');
    await chat.page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    assert.equal(await chat.message.inputValue(), "What's weather in Oslo?");
    assert.deepEqual(chat.errors, []);
  });
});
