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
import { axeViolations } from '../support/axe.mjs';
import { screenshot } from '../support/browser.mjs';
import { openChatWithProvider, useHarness, waitOn } from '../support/chat.mjs';
import { closeSettings, openSettings } from '../support/dialogs.mjs';
import { FAMILIES, mockRequests } from '../support/mock.mjs';
import { commit } from '../support/providers.mjs';

/** Speech, `pauseMs` of quiet, the speech again, then three seconds of quiet, as a WAV file. */
function twiceSpoken(pauseMs) {
  const folder = mkdtempSync(path.join(tmpdir(), 'hearth-talk-'));
  const spoken = path.join(folder, 'spoken.wav');
  execFileSync('espeak-ng', ['-w', spoken, 'Remind me to water the plants tomorrow.']);
  const wav = readFileSync(spoken);
  const info = readWav(wav);
  const quiet = (ms) => Buffer.alloc(Math.round((info.rate * ms) / 1000) * 2);
  const speech = wav.subarray(44);
  const data = Buffer.concat([speech, quiet(pauseMs), speech, quiet(3000)]);
  const head = Buffer.from(wav.subarray(0, 44));
  head.writeUInt32LE(36 + data.length, 4);
  head.writeUInt32LE(data.length, 40);
  const file = path.join(folder, 'talk.wav');
  writeFileSync(file, Buffer.concat([head, data]));
  return file;
}

/** The Live sessions the mock logged. */
async function sessions(mock) {
  return (await mockRequests(mock)).filter((entry) => entry.method === 'WS');
}

describe('realtime talk', () => {
  const env = useHarness({
    browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${twiceSpoken(1200)}%noloop`],
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
