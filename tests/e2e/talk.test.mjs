// End-to-end tests of realtime talk, in real headless Chromium against the mock's Gemini Live
// API (a WebSocket, tests/mock/live.mjs). The microphone is Chromium's fake capture device fed
// with speech espeak-ng writes when this file loads: a sentence, a short pause, the sentence
// again, then quiet. The mock hears the first sentence end and answers a word at a time with
// audio; the second sentence starts while it answers, so the answer is cut (barge-in) and the
// second sentence is answered in full. Both turns land in the conversation as messages (the
// cut answer marked stopped); the session carried the account's key to the mock only, the
// model and both transcriptions. A session the server drops says why and keeps what was said.
// axe checks the talk panel at 1280 px and at 390 px in dark mode.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRANSCRIPT, readWav } from '../mock/audio.mjs';
import { LIVE_ANSWER } from '../mock/live.mjs';
import { PEER_PATH } from '../mock/realtime.mjs';
import { axeViolations } from '../support/axe.mjs';
import { screenshot } from '../support/browser.mjs';
import { openChatWithProvider, useHarness, waitOn } from '../support/chat.mjs';
import { closeSettings, editAgent, openSettings, saveAgent } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { FAMILIES, mockRequests } from '../support/mock.mjs';
import { commit } from '../support/providers.mjs';

/**
 * A second of quiet (an OpenAI call connects after the microphone opens), speech, `pauseMs` of
 * quiet, the speech again, then three seconds of quiet, as a WAV file.
 */
function twiceSpoken(pauseMs) {
  const folder = mkdtempSync(path.join(tmpdir(), 'hearth-talk-'));
  const spoken = path.join(folder, 'spoken.wav');
  execFileSync('espeak-ng', ['-w', spoken, 'Remind me to water the plants tomorrow.']);
  const wav = readFileSync(spoken);
  const info = readWav(wav);
  const quiet = (ms) => Buffer.alloc(Math.round((info.rate * ms) / 1000) * 2);
  const speech = wav.subarray(44);
  const data = Buffer.concat([quiet(1000), speech, quiet(pauseMs), speech, quiet(3000)]);
  const head = Buffer.from(wav.subarray(0, 44));
  head.writeUInt32LE(36 + data.length, 4);
  head.writeUInt32LE(data.length, 40);
  const file = path.join(folder, 'talk.wav');
  writeFileSync(file, Buffer.concat([head, data]));
  return file;
}

/**
 * Makes the page's calls say their answer was set only in a task after the one that delivers their
 * data channel's first message (10 s at most), as a busy page may learn of it: run in the page.
 */
function answerTakenLate() {
  const { createDataChannel, setRemoteDescription } = RTCPeerConnection.prototype;
  const firstMessage = new WeakMap();
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = createDataChannel.apply(this, args);
    // A task later: the page's own handler of that message runs first.
    const delivered = new Promise((resolve) => channel.addEventListener('message', () => setTimeout(resolve, 0), { once: true }));
    firstMessage.set(this, delivered);
    return channel;
  };
  RTCPeerConnection.prototype.setRemoteDescription = async function (...args) {
    const set = await setRemoteDescription.apply(this, args);
    await Promise.race([firstMessage.get(this), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    return set;
  };
}

/** The Live sessions the mock logged. */
async function sessions(mock) {
  return (await mockRequests(mock)).filter((entry) => entry.method === 'WS');
}

describe('realtime talk', () => {
  const env = useHarness({
    browserArgs: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${twiceSpoken(1200)}%noloop`,
      // The mock's Realtime peer page plays its voice without a click.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });

  test('talking with an OpenAI model is a WebRTC call made with a short-lived secret, and keeps both sides', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    const { page } = chat;
    // The other end of the call: the mock's peer page, in the same browser.
    const peer = await page.context().newPage();
    await peer.goto(`${env.mock.url}${PEER_PATH}`);
    const talk = page.getByRole('button', { name: 'Talk', exact: true });
    await talk.click();
    await page.getByRole('status').filter({ hasText: /^Talking with .*: speak when you like\.$/ }).waitFor({ timeout: 20_000 });
    await waitOn(chat, async () => (await chat.assistant.count()) === 2 && (await chat.you.count()) === 2, 'both turns are messages', { timeout: 30_000 });
    assert.equal((await chat.you.first().innerText()).includes(TRANSCRIPT), true);
    const first = await chat.assistant.first().innerText();
    assert.ok(!first.includes(LIVE_ANSWER), `the first answer was cut: ${first}`);
    await chat.assistant.first().getByText(/stopped/i).first().waitFor();
    await waitOn(chat, async () => (await chat.assistant.last().innerText()).includes(LIVE_ANSWER), 'the second answer is whole');
    const requests = await mockRequests(env.mock);
    const secret = requests.find((entry) => entry.method === 'POST' && entry.path === '/v1/realtime/client_secrets');
    assert.equal(secret.headers.authorization, `Bearer ${chat.provider.api_key}`, 'the key, to its own server, for the secret');
    assert.equal(secret.body.session.model, 'gpt-realtime');
    assert.equal(secret.body.session.audio.input.turn_detection.interrupt_response, true);
    assert.ok(secret.body.session.audio.input.transcription.model);
    const call = requests.find((entry) => entry.method === 'POST' && entry.path === '/v1/realtime/calls');
    assert.match(call.headers.authorization, /^Bearer ek_mock_\d+$/, 'the call carries the secret, never the key');
    assert.match(call.offer, /m=audio[\s\S]*m=application/, 'the offer carries the microphone and the event channel');
    assert.equal(call.peer.interrupted, 1, 'one barge-in');
    assert.ok(call.peer.heardMs > 1500, `the call carried the microphone: ${call.peer.heardMs} ms`);
    assert.deepEqual(call.peer.received, [], 'a new conversation tells the model nothing first');
    await page.getByRole('button', { name: 'End talk', exact: true }).click();
    await waitOn(chat, async () => (await talk.getAttribute('aria-pressed')) === 'false', 'the talk ended');
    await waitOn(chat, async () => (await mockRequests(env.mock)).find((entry) => entry.path === '/v1/realtime/calls' && entry.peer).peer.closed === true, 'the call is hung up');
    // Talking again: the model is told the conversation so far, as items of each side. This call's
    // answer is taken late, as on a busy page: the browser says it set the answer only once the
    // call's channel has brought OpenAI's first event (the conversation used to be lost then).
    await page.evaluate(answerTakenLate);
    await talk.click();
    const told = async () => (await mockRequests(env.mock)).filter((entry) => entry.path === '/v1/realtime/calls' && entry.peer)[1]?.peer.received ?? [];
    // As long as the first call was given to start (a call's set-up, then four items each
    // logged by the peer page, took over 20 s on a loaded 2-core machine); what the peer had
    // heard by then is said if it never gets all four.
    await waitOn(chat, async () => (await told()).length === 4, 'the second call got the conversation', { timeout: 30_000 }).catch(async (error) => {
      const status = await page.getByRole('status').filter({ hasText: /Talking|Connecting|call/i }).allInnerTexts().catch(() => []);
      const calls = (await mockRequests(env.mock)).filter((entry) => entry.path === '/v1/realtime/calls').map((entry) => ({ status: entry.status, peer: entry.peer }));
      const shown = [await chat.you.count(), await chat.assistant.count()];
      throw new Error(`${error.message}; the peer heard ${JSON.stringify(await told())}; the talk said ${JSON.stringify(status)}; the calls: ${JSON.stringify(calls)}; messages shown (yours, replies): ${shown}`);
    });
    const items = (await told()).map((event) => [event.type, event.item.role, event.item.content[0].type]);
    assert.deepEqual(items, [
      ['conversation.item.create', 'user', 'input_text'],
      ['conversation.item.create', 'assistant', 'output_text'],
      ['conversation.item.create', 'user', 'input_text'],
      ['conversation.item.create', 'assistant', 'output_text'],
    ]);
    await page.getByRole('button', { name: 'End talk', exact: true }).click();
    await peer.close();
    assert.deepEqual(chat.errors, []);
  });

  /** Sets Settings → Voice's talk model. */
  async function talkModel(page, model) {
    const settings = await openSettings(page);
    const voice = settings.getByRole('region', { name: 'Voice', exact: true });
    await commit(voice.getByRole('textbox', { name: 'Talk model (blank: the family’s)' }), model);
    await closeSettings(page);
  }

  /** The stored replies that called tools. */
  async function callingReplies(page) {
    const { messages } = await readDatabase(page, ['messages']);
    return messages.filter((message) => message.role === 'assistant' && (message.tool_calls ?? []).length > 0);
  }

  test('the agent’s tools are offered while talking; a call asks first in the talk panel and is kept with its reply', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.gemini, scenario: 'echo', tools: ['Calculator'] });
    const { page } = chat;
    const editor = await editAgent(page);
    await editor.getByRole('checkbox', { name: 'Ask before running Calculator', exact: true }).check();
    await saveAgent(page, editor);
    await talkModel(page, 'live-tools');
    await page.getByRole('button', { name: 'Talk', exact: true }).click();
    const prompt = page.getByRole('group', { name: 'Approve the calculator call', exact: true });
    await prompt.waitFor({ timeout: 20_000 });
    assert.match(await prompt.locator('pre').innerText(), /"expression": "2 \+ 2"/, 'the exact arguments are shown');
    assert.deepEqual(await axeViolations(page, { include: '.recorder.talk' }), []);
    await screenshot(page, 'talk-tool-approval.png', { fullPage: false });
    await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    await waitOn(chat, async () => (await callingReplies(page)).length === 1, 'the reply that called is kept with its call', { timeout: 30_000 });
    const [reply] = await callingReplies(page);
    assert.equal(reply.tool_calls[0].name, 'calculator');
    assert.equal(reply.tool_calls[0].result.content, '4');
    assert.equal(reply.tool_calls[0].result.is_error, false);
    const [session] = await sessions(env.mock);
    assert.deepEqual(session.setup.tools[0].functionDeclarations.map((tool) => tool.name), ['calculator']);
    const answered = session.received.find((message) => message.toolResponse);
    assert.deepEqual(answered.toolResponse.functionResponses, [{ id: 'function-call-1', name: 'calculator', response: { output: '4' } }]);
    await page.getByRole('button', { name: 'End talk', exact: true }).click();
    assert.deepEqual(chat.errors, []);
  });

  test('an OpenAI call offers the agent’s tools and hands a call’s result back on the data channel', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo', tools: ['Calculator'] });
    const { page } = chat;
    const peer = await page.context().newPage();
    await peer.goto(`${env.mock.url}${PEER_PATH}`);
    await talkModel(page, 'live-tools');
    await page.getByRole('button', { name: 'Talk', exact: true }).click();
    const call = async () => (await mockRequests(env.mock)).find((entry) => entry.path === '/v1/realtime/calls' && entry.peer);
    await waitOn(chat, async () => (await call())?.peer.received.length >= 3, 'the results went back', { timeout: 30_000 });
    const { session, peer: heard } = await call();
    assert.deepEqual(session.tools.map((tool) => [tool.type, tool.name]), [['function', 'calculator']]);
    // Both calls' results, then one request for the answer (a second would be refused while it answers).
    const outputs = heard.received.slice(0, 2).map((event) => [event.type, event.item.call_id, event.item.output]).sort();
    assert.deepEqual(outputs, [
      ['conversation.item.create', 'call_mock_1', '4'],
      ['conversation.item.create', 'call_mock_2', '9'],
    ]);
    assert.deepEqual(heard.received.slice(2), [{ type: 'response.create' }]);
    await waitOn(chat, async () => (await callingReplies(page)).length === 1, 'the reply that called is kept with its calls', { timeout: 30_000 });
    const [reply] = await callingReplies(page);
    assert.deepEqual(reply.tool_calls.map((call) => call.result.content).sort(), ['4', '9']);
    await page.getByRole('button', { name: 'End talk', exact: true }).click();
    await peer.close();
    assert.deepEqual(chat.errors, []);
  });

  test('a call OpenAI hangs up says so, and what was said is kept', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    const { page } = chat;
    const peer = await page.context().newPage();
    await peer.goto(`${env.mock.url}${PEER_PATH}`);
    await talkModel(page, 'live-drop');
    await page.getByRole('button', { name: 'Talk', exact: true }).click();
    // The peer closes the channel only; the connection itself still reads "connected".
    await page.getByRole('alert').filter({ hasText: 'The call with OpenAI was lost' }).waitFor({ timeout: 30_000 });
    await waitOn(chat, async () => (await chat.assistant.count()) >= 1, 'what was said is kept');
    assert.equal(await page.getByRole('button', { name: 'Talk', exact: true }).getAttribute('aria-pressed'), 'false');
    await peer.close();
    assert.deepEqual(chat.errors, []);
  });

  test('an account without a Realtime API says so, and nothing is kept', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.anthropic, scenario: 'echo' });
    await chat.page.getByRole('button', { name: 'Talk', exact: true }).click();
    await chat.page.getByRole('alert').filter({ hasText: /Talk works with a Gemini account \(its Live API\) or OpenAI \(its Realtime API\)/ }).waitFor();
    assert.equal(await chat.you.count(), 0);
    assert.deepEqual(chat.errors, []);
  });

  test('talking with a Gemini model keeps both sides as messages, and speaking over an answer cuts it', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.gemini, scenario: 'echo' });
    const { page } = chat;
    const talk = page.getByRole('button', { name: 'Talk', exact: true });
    await talk.click();
    await page.getByRole('status').filter({ hasText: /^Talking with .*: speak when you like\.$/ }).waitFor();
    assert.equal(await talk.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await axeViolations(page, { include: '.recorder.talk' }), []);
    await page.getByRole('status').filter({ hasText: /is answering\. Speak to interrupt\.$/ }).waitFor();
    await screenshot(page, 'talk-answering.png', { fullPage: false });
    // Two turns: the first answer cut by the second sentence, the second answered in full.
    await waitOn(chat, async () => (await chat.assistant.count()) === 2 && (await chat.you.count()) === 2, 'both turns are messages', { timeout: 30_000 });
    assert.equal((await chat.you.first().innerText()).includes(TRANSCRIPT), true);
    const first = (await chat.assistant.first().innerText());
    const cut = LIVE_ANSWER.split(' ').slice(0, 3).join(' ');
    assert.ok(first.includes(cut) && !first.includes(LIVE_ANSWER), `the first answer was cut: ${first}`);
    await chat.assistant.first().getByText(/stopped/i).first().waitFor();
    await waitOn(chat, async () => (await chat.assistant.last().innerText()).includes(LIVE_ANSWER), 'the second answer is whole');
    // Kept in the conversation, the turn's words leave the panel.
    await waitOn(chat, async () => (await page.getByText(/^You: /).count()) === 0, 'the panel starts afresh');
    const [session] = await sessions(env.mock);
    assert.equal(session.key, chat.provider.api_key, 'the account’s key, to its own server');
    assert.equal(session.setup.model, 'models/gemini-2.5-flash-native-audio-preview-12-2025');
    assert.deepEqual([session.setup.inputAudioTranscription, session.setup.outputAudioTranscription], [{}, {}]);
    assert.deepEqual(session.setup.generationConfig.responseModalities, ['AUDIO']);
    assert.equal(session.interrupted, 1, 'one barge-in');
    assert.ok(session.audioMs > 4000, `the microphone streamed: ${session.audioMs} ms`);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page, { include: '.recorder.talk' }), []);
    await screenshot(page, 'talk-390-dark.png', { fullPage: false });
    // Wide again: on a phone the composer's options (Talk among them) fold once the talk ends.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'End talk', exact: true }).click();
    await waitOn(chat, async () => (await talk.getAttribute('aria-pressed')) === 'false', 'the talk ended');
    await waitOn(chat, async () => (await sessions(env.mock))[0].closed !== null, 'the socket is closed');
    // Talking again in this conversation: the model is told it first (text, both sides).
    await talk.click();
    await waitOn(chat, async () => (await sessions(env.mock)).length === 2 && (await sessions(env.mock))[1].received.length > 0, 'the second session got the conversation');
    const [history] = (await sessions(env.mock))[1].received;
    assert.deepEqual(history.clientContent.turns.map((turn) => turn.role), ['user', 'model', 'user', 'model']);
    assert.equal(history.clientContent.turns[3].parts[0].text, LIVE_ANSWER);
    assert.equal(history.clientContent.turnComplete, false);
    await page.getByRole('button', { name: 'End talk', exact: true }).click();
    // Reloaded, the talk is an ordinary conversation.
    await page.reload();
    await chat.you.first().waitFor();
    assert.equal(await chat.assistant.count(), 2);
    assert.deepEqual(chat.errors, []);
  });

  test('opening another conversation ends a talk, and nothing of it lands there', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.gemini, scenario: 'echo' });
    const { page } = chat;
    const talk = page.getByRole('button', { name: 'Talk', exact: true });
    await talk.click();
    await page.getByRole('status').filter({ hasText: /^Talking with .*: speak when you like\.$/ }).waitFor();
    await waitOn(chat, async () => (await chat.assistant.count()) >= 1, 'a first turn is kept');
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await waitOn(chat, async () => (await talk.getAttribute('aria-pressed')) === 'false', 'the talk ended');
    await waitOn(chat, async () => (await sessions(env.mock))[0].closed !== null, 'its socket is closed');
    await page.waitForTimeout(3000);
    assert.equal(await chat.you.count(), 0, 'the new conversation got no turn of it');
    assert.deepEqual(chat.errors, []);
  });

  test('a session the server drops says why, and what was said is kept', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.gemini, scenario: 'echo' });
    const { page } = chat;
    const settings = await openSettings(page);
    const voice = settings.getByRole('region', { name: 'Voice', exact: true });
    await commit(voice.getByRole('textbox', { name: 'Talk model (blank: the family’s)' }), 'live-drop');
    await closeSettings(page);
    await page.getByRole('button', { name: 'Talk', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Gemini ended the session: The service is currently unavailable. (code 1011).' }).waitFor({ timeout: 30_000 });
    // The first answer was cut by the second sentence; the second, whole, came just before the drop.
    await waitOn(chat, async () => (await chat.assistant.count()) === 2, 'what was said is kept');
    assert.ok((await chat.assistant.last().innerText()).includes(LIVE_ANSWER));
    assert.equal(await page.getByRole('button', { name: 'Talk', exact: true }).getAttribute('aria-pressed'), 'false');
    const [session] = await sessions(env.mock);
    assert.equal(session.setup.model, 'models/live-drop');
    assert.deepEqual(chat.errors, []);
  });
});
