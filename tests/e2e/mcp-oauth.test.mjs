// End-to-end tests of signing in to an MCP server with OAuth, in real headless Chromium,
// against the authorization server of Hearth's own MCP mock (tests/mock/oauth.mjs): the
// 401 and what the doctor says of it, discovery, dynamic registration, the code flow with
// PKCE in a window of its own that comes back to oauth-callback.html, the token sent only
// to its server, a refresh with rotation, sign-out, and a token endpoint that refuses
// browser pages (CORS); with the key lock on, the tokens and a header value stored only
// sealed, asked for in a new browser session, and plain again once the lock is removed.
// Elements are found by role and accessible name only.

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { loadApp, openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { closeTools, editAgent, lockKeys, openSettings, openTools, saveAgent } from '../support/dialogs.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';
import { readDatabase } from '../support/idb.mjs';
import { axeViolations } from '../support/axe.mjs';
import { startMcpMock } from '../mock/mcp.mjs';

describe('signing in to an MCP server', () => {
  const env = useHarness();
  let mcp;

  before(async () => {
    mcp = await startMcpMock();
  });
  after(() => mcp?.close());
  beforeEach(() => fetch(`${mcp.origin}/__mcp/reset`, { method: 'POST' }));

  const control = (path, body) =>
    fetch(`${mcp.origin}/__mcp/oauth/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const log = async () => (await fetch(`${mcp.origin}/__mcp/oauth/log`)).json();

  /** Adds the protected endpoint as `name` ("locked"); returns the Tools dialog. */
  async function addLocked(page, name = 'locked') {
    const tools = await openTools(page);
    const form = tools.getByRole('form', { name: 'Add an MCP server', exact: true });
    await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill(mcp.protectedUrl);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('button', { name: 'Add server', exact: true }).click();
    return tools;
  }

  /** The stored record of the server `name` ("locked"). */
  async function stored(page, name = 'locked') {
    const { settings } = await readDatabase(page, ['settings']);
    return settings.map((s) => s.value).find((value) => value?.name === name);
  }

  /** Clicks the sign-in button and waits for the window it opens to close. */
  async function signIn(page, tools, name = 'Sign in to locked') {
    const opened = page.context().waitForEvent('page');
    await tools.getByRole('button', { name, exact: true }).click();
    const window = await opened;
    // (It may have come back and closed already.)
    if (!window.isClosed()) await window.waitForEvent('close', { timeout: 15_000 });
  }

  test('a 401 asks for a sign-in; signing in registers, uses PKCE and the resource, and the token reaches only that server', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-add' });
    const tools = await addLocked(chat.page);
    await tools.getByText('The server wants you to sign in (HTTP 401).', { exact: true }).waitFor();
    assert.equal(await tools.getByRole('button', { name: 'Sign out of locked', exact: true }).count(), 0);
    const row = tools.getByRole('button', { name: 'Sign in to locked', exact: true });
    await row.scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-sign-in.png');

    await signIn(chat.page, tools);
    await tools.getByText('It works: Hearth mock MCP 1.0.0 speaks MCP 2025-11-25 and offers 6 tools.', { exact: true }).waitFor();
    await tools.getByRole('button', { name: 'Sign out of locked', exact: true }).waitFor();

    const steps = await log();
    assert.deepEqual(steps.map((s) => [s.endpoint, s.grant_type ?? null, s.ok]), [
      ['register', null, true],
      ['authorize', null, true],
      ['token', 'authorization_code', true],
    ]);
    const [, authorize, token] = steps;
    assert.equal(authorize.resource, mcp.protectedUrl, 'the resource (RFC 8707) on the authorization request');
    assert.equal(token.resource, mcp.protectedUrl, 'and on the token request');
    assert.equal(authorize.scope, 'tools', 'the scope the resource names');

    const server = await stored(chat.page);
    assert.equal(server.sign_in.issuer, `${mcp.origin}/as`);
    assert.equal(server.sign_in.resource, mcp.protectedUrl);
    assert.equal(server.sign_in.client.client_id, authorize.client_id);
    assert.ok(server.sign_in.refresh_token, 'a refresh token is kept');
    assert.equal(server.tools.length, 6, 'its tools were listed with the token');

    // Every request after the sign-in carried the token; none before it did.
    const requests = mcp.requests().filter((r) => r.path === '/protected');
    const bearer = `Bearer ${server.sign_in.access_token}`;
    const carried = requests.map((r) => r.headers.authorization === bearer);
    assert.equal(carried[0], false, 'the first request had no token');
    assert.ok(carried.at(-1), 'the last request carried it');
    assert.ok(requests.every((r) => r.headers.authorization === undefined || r.headers.authorization === bearer));
  });

  test('an ended token is refreshed without asking, the rotated refresh token is kept, and Sign out forgets them', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-add' });
    const tools = await addLocked(chat.page);
    await tools.getByText('The server wants you to sign in (HTTP 401).', { exact: true }).waitFor();
    await signIn(chat.page, tools);
    await tools.getByText(/^It works: /).waitFor();
    const first = (await stored(chat.page)).sign_in;

    await control('expire');
    await tools.getByRole('button', { name: 'Check locked', exact: true }).click();
    await tools.getByText('Connecting…', { exact: true }).waitFor({ state: 'detached' });
    await tools.getByText(/^It works: /).waitFor();
    const refreshes = (await log()).filter((s) => s.grant_type === 'refresh_token');
    assert.deepEqual(refreshes.map((s) => [s.ok, s.refresh_token_reused]), [[true, false]], 'one refresh, with the live token');
    let second;
    await waitUntil(async () => {
      second = (await stored(chat.page)).sign_in;
      return second.access_token !== first.access_token;
    }, 'the new tokens are stored');
    assert.notEqual(second.refresh_token, first.refresh_token, 'the rotated refresh token replaced the old one');
    assert.equal(await tools.getByRole('button', { name: 'Sign in to locked', exact: true }).count(), 0, 'no sign-in was asked for');

    await tools.getByRole('button', { name: 'Sign out of locked', exact: true }).click();
    await tools.getByText('The server wants you to sign in (HTTP 401).', { exact: true }).waitFor();
    assert.equal((await stored(chat.page)).sign_in, undefined, 'the tokens are gone from the record');
    await tools.getByRole('button', { name: 'Sign in to locked', exact: true }).waitFor();
  });

  test('a token endpoint that refuses browser pages is named, and nothing is stored', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-add' });
    const tools = await addLocked(chat.page);
    await tools.getByText('The server wants you to sign in (HTTP 401).', { exact: true }).waitFor();
    await control('cors', { token: false });
    await signIn(chat.page, tools);
    await tools
      .getByText(`Signing in failed: the token endpoint at ${mcp.origin}/as/token did not answer this page.`, { exact: false })
      .waitFor();
    assert.equal((await stored(chat.page)).sign_in, undefined);
    // The user can try again once the server allows it.
    await control('cors', { token: true });
    await signIn(chat.page, tools);
    await tools.getByText(/^It works: /).waitFor();
  });

  test('on a phone in dark mode, by keyboard: the sign-in client fields and Sign in fit, pass axe, and sign in', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-add', contextOptions: { viewport: { width: 390, height: 844 } } });
    await chat.page.emulateMedia({ colorScheme: 'dark' });
    const tools = await openTools(chat.page);
    const form = tools.getByRole('form', { name: 'Add an MCP server', exact: true });
    await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill(mcp.protectedUrl);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('locked');
    // The disclosure opens from the keyboard.
    await form.getByText('Sign-in client (optional)', { exact: true }).focus();
    await chat.page.keyboard.press('Enter');
    await form.getByRole('textbox', { name: 'OAuth client ID', exact: true }).waitFor();
    const overflow = () => chat.page.evaluate(() => document.querySelector('dialog[open]').scrollWidth > window.innerWidth);
    assert.equal(await overflow(), false, 'the form fits the phone');
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the form with its sign-in client');
    await form.getByRole('button', { name: 'Add server', exact: true }).click();
    await tools.getByText('The server wants you to sign in (HTTP 401).', { exact: true }).waitFor();
    assert.equal(await overflow(), false, 'the row fits the phone');
    assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the row asking for a sign-in');
    await tools.getByRole('button', { name: 'Sign in to locked', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-sign-in-mobile-dark.png');
    // Sign in by keyboard.
    const opened = chat.page.context().waitForEvent('page');
    await tools.getByRole('button', { name: 'Sign in to locked', exact: true }).focus();
    await chat.page.keyboard.press('Enter');
    const window = await opened;
    if (!window.isClosed()) await window.waitForEvent('close', { timeout: 15_000 });
    await tools.getByText(/^It works: /).waitFor();
  });

  test('calls running together on an ended token refresh it once, and all of them then run', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-four' });
    const tools = await addLocked(chat.page, 'mock');
    await tools.getByText('The server wants you to sign in (HTTP 401).', { exact: true }).waitFor();
    await signIn(chat.page, tools, 'Sign in to mock');
    await tools.getByText(/^It works: /).waitFor();
    await closeTools(chat.page);
    const names = ['fail', 'chime', 'ping-first', 'grow'];
    const editor = await editAgent(chat.page);
    const section = editor.getByRole('group', { name: 'Tools from the MCP server mock', exact: true });
    for (const name of names) await section.getByRole('checkbox', { name: `${name} (mock)`, exact: true }).check();
    await saveAgent(chat.page, editor);

    await control('expire');
    await sendMessage(chat, 'Try them all.', { click: true });
    for (const name of names) {
      const prompt = chat.reply.getByRole('group', { name: `Approve the ${name} call`, exact: true });
      await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    }
    await settled(chat);
    const refreshes = (await log()).filter((s) => s.grant_type === 'refresh_token');
    assert.deepEqual(refreshes.map((s) => [s.ok, s.refresh_token_reused]), [[true, false]], 'one refresh for all of them');
    const [, second] = await chatRequests(env.mock, FAMILIES.openai);
    const results = Object.fromEntries(FAMILIES.openai.results(second.body).map(({ id, content }) => [id, content]));
    assert.match(results.call_fail, /The mock failed on purpose\./);
    assert.match(results.call_chime, /Here is a chime\./);
    assert.equal(results.call_ping, 'The client answered the ping.');
    assert.ok((await stored(chat.page, 'mock')).sign_in, 'still signed in');
  });
  test('with the key lock on, the sign-in and a header value are stored only sealed, and a new session asks for the passphrase', async (t) => {
    const PASSPHRASE = 'correct horse battery staple';
    const HEADER = 'team-secret-5c2e9';
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-add' });
    const { page, context } = chat;
    let tools = await openTools(page);
    const form = tools.getByRole('form', { name: 'Add an MCP server', exact: true });
    await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill(mcp.protectedUrl);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('locked');
    await form.getByRole('textbox', { name: 'Header name (optional)', exact: true }).fill('X-Team');
    await form.getByLabel('Header value', { exact: true }).fill(HEADER);
    await form.getByRole('button', { name: 'Add server', exact: true }).click();
    await tools.getByText('The server wants you to sign in (HTTP 401).', { exact: true }).waitFor();
    await signIn(page, tools);
    await tools.getByText(/^It works: /).waitFor();
    const plain = await stored(page);
    const { access_token: access, refresh_token: refresh } = plain.sign_in;
    assert.equal(plain.headers[0].value, HEADER);
    await closeTools(page);

    // Lock the keys: the server's secrets are sealed in the same write.
    const { settings, section } = await lockKeys(page, PASSPHRASE);
    await settings.getByRole('button', { name: 'Close', exact: true }).click();
    const sealed = await stored(page);
    const everything = JSON.stringify(await readDatabase(page));
    for (const secret of [access, refresh, HEADER]) assert.ok(!everything.includes(secret), `${secret} is nowhere in the database`);
    assert.equal(sealed.sign_in, undefined, 'no plain sign-in');
    assert.equal(sealed.headers[0].value, '', 'the header value is blank');
    assert.deepEqual(sealed.headers[0].name, 'X-Team', 'its name stays');
    assert.match(sealed.sealed.iv, /^[A-Za-z0-9+/]{16}$/, 'a 12-byte IV, base64');

    // This tab, still unlocked, keeps using them.
    tools = await openTools(page);
    await tools.getByRole('button', { name: 'Check locked', exact: true }).click();
    await tools.getByText('Connecting…', { exact: true }).waitFor({ state: 'detached' });
    await tools.getByText(/^It works: /).waitFor();
    let last = mcp.requests().filter((r) => r.path === '/protected').at(-1);
    assert.equal(last.headers.authorization, `Bearer ${access}`);
    assert.equal(last.headers['x-team'], HEADER);
    await closeTools(page);

    // A new browser session: "Not now" leaves the server locked, and nothing reaches it.
    await page.close();
    const next = await loadApp(context, env.app.url);
    const prompt = next.page.getByRole('dialog', { name: 'Unlock your API keys', exact: true });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Not now', exact: true }).click();
    await prompt.waitFor({ state: 'hidden' });
    const reached = mcp.requests().length;
    tools = await openTools(next.page);
    const note = "Its header values and sign-in are sealed with your API keys' passphrase: unlock your API keys to use this server.";
    await tools.getByText(note, { exact: true }).waitFor();
    await tools.getByRole('button', { name: 'Check locked', exact: true }).click();
    await tools.getByText(note, { exact: true }).waitFor();
    assert.equal(mcp.requests().length, reached, 'nothing was sent without its header and token');
    assert.equal(await tools.getByRole('button', { name: 'Sign in to locked', exact: true }).count(), 0);
    await screenshot(next.page, 'mcp-locked.png');
    assert.deepEqual(await axeViolations(next.page, { include: 'dialog[open]' }), [], 'the Tools dialog passes axe');

    // Unlock from the row: the secrets open and the server works again.
    await tools.getByRole('button', { name: 'Unlock to use locked', exact: true }).click();
    await prompt.waitFor();
    await prompt.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await prompt.getByRole('button', { name: 'Unlock', exact: true }).click();
    await prompt.waitFor({ state: 'hidden' });
    await tools.getByText(note, { exact: true }).waitFor({ state: 'detached' });
    await tools.getByRole('button', { name: 'Check locked', exact: true }).click();
    await tools.getByText(/^It works: /).waitFor();
    last = mcp.requests().filter((r) => r.path === '/protected').at(-1);
    assert.equal(last.headers.authorization, `Bearer ${access}`);
    assert.equal(last.headers['x-team'], HEADER);
    await closeTools(next.page);

    // Removing the lock stores them plain again.
    const again = await openSettings(next.page);
    const lockSection = again.getByRole('region', { name: 'API key lock', exact: true });
    await lockSection.getByRole('button', { name: 'Remove the lock', exact: true }).click();
    await lockSection.getByLabel('Current passphrase', { exact: true }).fill(PASSPHRASE);
    await lockSection.getByRole('button', { name: 'Remove the lock', exact: true }).click();
    await lockSection.getByText('Lock removed. API keys are stored unencrypted.').waitFor();
    const unsealed = await stored(next.page);
    assert.equal(unsealed.sealed, undefined);
    assert.equal(unsealed.headers[0].value, HEADER);
    assert.equal(unsealed.sign_in.access_token, access);
    assert.deepEqual(next.errors, []);
  });
});
