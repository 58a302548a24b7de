// End-to-end tests of voice, in real headless Chromium against the mock LLM server. The
// microphone is Chromium's fake capture device fed with speech espeak-ng writes when this file
// loads (then three seconds of silence, played once): a dictation records it, stops on the
// silence after it, and sends the recording to the mock's transcription endpoint, which reads
// it as a WAV file (its rate, length and loudness are checked here) and streams a transcript
// a word at a time (shown as it comes) that lands in the message box, editable, with nothing
// sent. Stop by hand sends what was
// recorded; a double press leaves no microphone on. Dictating before an engine is chosen never
// asks for the microphone; a failed transcription keeps the recording for "Try again", and so
// does Cancel while a transcription is awaited (the focus goes back to the message box). The
// browser's own recognition is offered, on the device or (said plainly) through its maker's
// service, and never chosen by itself; when its on-device language cannot be downloaded (the
// browser's answers are stood in for, whatever Chromium's build), that is said, and nothing is
// listened to or sent.
//
// "Read aloud" sends the reply's words (no code, no addresses) to the mock's speech endpoint
// and plays what comes back (the audio elements the page made are checked to have played to
// their end); the system's media controls show it, and their Pause and Play work. An agent
// set to read answers aloud reads a new answer by itself, in the agent's voice, and stops when
// its conversation is left. A Gemini account does both through generateContent: the recording
// inline as WAV, the speech raw PCM, played.
//
// A voice note: "Keep as a voice note" ends a recording and attaches the recording itself,
// transcribed at once by the dictation account; a model said to hear audio gets it as
// `input_audio` (a real WAV of the recording's length), one that does not gets its transcript
// in a note; the sent note plays from the blob store, also after a reload, and an audio file
// chosen with Attach is kept as it came. A file that claims to be audio but is not is refused
// with a sentence, and nothing is attached. axe checks the voice settings, the agent's voice
// fields and the recorder at 1280 px and at 390 px in dark mode.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRANSCRIPT, readWav } from '../mock/audio.mjs';
import { axeViolations } from '../support/axe.mjs';
import { screenshot } from '../support/browser.mjs';
import { openChatWithProvider, sendAndSettle, useHarness, waitOn } from '../support/chat.mjs';
import { closeSettings, editAgent, openSettings, saveAgent } from '../support/dialogs.mjs';
import { chatRequests, FAMILIES, mockRequests } from '../support/mock.mjs';
import { closeProviders, commit, openProviders, providerForm } from '../support/providers.mjs';

const SPOKEN = 'Remind me to water the plants tomorrow.';

/** Speech from espeak-ng, then `silenceMs` of silence, as a WAV file; returns its path and speech length. */
function speechFile(silenceMs) {
  const folder = mkdtempSync(path.join(tmpdir(), 'hearth-voice-'));
  const spoken = path.join(folder, 'spoken.wav');
  execFileSync('espeak-ng', ['-w', spoken, SPOKEN]);
  const wav = readFileSync(spoken);
  const info = readWav(wav);
  assert.ok(info && info.channels === 1, 'espeak-ng writes mono 16-bit PCM');
  const silence = Buffer.alloc(Math.round((info.rate * silenceMs) / 1000) * 2);
  const data = Buffer.concat([wav.subarray(44), silence]);
  const head = Buffer.from(wav.subarray(0, 44));
  head.writeUInt32LE(36 + data.length, 4);
  head.writeUInt32LE(data.length, 40);
  const file = path.join(folder, 'dictation.wav');
  writeFileSync(file, Buffer.concat([head, data]));
  return { file, speechMs: info.durationMs };
}

const { file: fakeMicrophone, speechMs } = speechFile(3000);

/** The transcription requests the mock logged (not their preflights). */
async function transcriptionRequests(mock) {
  return (await mockRequests(mock)).filter((e) => e.method === 'POST' && e.path === '/v1/audio/transcriptions');
}

/** An init script: counts the page's `getUserMedia` calls and keeps the streams they gave (`window.__streams`). */
function watchMicrophone(context) {
  return context.addInitScript(() => {
    const streams = [];
    window.__streams = streams;
    window.__asked = 0;
    const devices = navigator.mediaDevices;
    const ask = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      window.__asked += 1;
      const stream = await ask(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** How often the page asked for the microphone, and how many of its tracks still record. */
function microphoneUse(page) {
  return page.evaluate(() => ({
    asked: window.__asked,
    live: window.__streams.flatMap((stream) => stream.getTracks()).filter((track) => track.readyState === 'live').length,
  }));
}

/** Opens Settings → Voice and chooses the chat's account for dictation (with `model`, if given). */
async function chooseDictation(chat, { model } = {}) {
  const settings = await openSettings(chat.page);
  const voice = settings.getByRole('region', { name: 'Voice', exact: true });
  await voice.getByRole('combobox', { name: 'Turn speech into text with' }).selectOption({ label: chat.provider.name });
  if (model) await commit(voice.getByRole('textbox', { name: 'Transcription model' }), model);
  return { settings, voice };
}

/** Opens Settings → Voice, has the chat's account read aloud in `voice`, and closes Settings. */
async function chooseSpeech(chat, voiceName) {
  const settings = await openSettings(chat.page);
  const voice = settings.getByRole('region', { name: 'Voice', exact: true });
  await voice.getByRole('combobox', { name: 'Read answers aloud with' }).selectOption('provider');
  await voice.getByRole('combobox', { name: 'Speech account' }).selectOption({ label: chat.provider.name });
  await commit(voice.getByRole('textbox', { name: 'Voice (blank: the default)' }), voiceName);
  await closeSettings(chat.page);
}

/**
 * An init script: keeps every audio element the page plays (`window.__played`), and the
 * handlers it gives the system's media controls (`window.__actions`, by action), so a test
 * can press them as a headset or a lock screen would.
 */
function watchPlaying(context) {
  return context.addInitScript(() => {
    const played = [];
    window.__played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      if (!played.includes(this)) played.push(this); // a resume plays the same element again
      return play.call(this);
    };
    const actions = {};
    window.__actions = actions;
    const session = navigator.mediaSession;
    const setHandler = session.setActionHandler.bind(session);
    session.setActionHandler = (action, handler) => {
      actions[action] = handler;
      return setHandler(action, handler);
    };
  });
}

/** What the system's media controls show: the title and the playback state. */
function mediaSession(page) {
  return page.evaluate(() => ({ title: navigator.mediaSession.metadata?.title ?? null, state: navigator.mediaSession.playbackState }));
}

/** The speech requests the mock logged (not their preflights). */
async function speechRequests(mock) {
  return (await mockRequests(mock)).filter((e) => e.method === 'POST' && e.path === '/v1/audio/speech');
}

describe('voice', () => {
  const env = useHarness({
    browserArgs: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${fakeMicrophone}%noloop`,
    ],
  });

  test('a dictation puts its words in the message box, editable, and sends the account a real recording', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const { settings } = await chooseDictation(chat);
    assert.deepEqual(await axeViolations(chat.page, { include: 'section[aria-labelledby="settings-voice"]' }), []);
    await closeSettings(chat.page);
    const dictate = chat.page.getByRole('button', { name: 'Dictate', exact: true });
    await dictate.click();
    // Every text that appears under the message box, to see the streamed words come one by one.
    await chat.page.evaluate(() => {
      window.__shown = [];
      new MutationObserver(() => {
        for (const line of document.querySelectorAll('p')) {
          const text = line.textContent;
          if (text.startsWith('Heard: ') && window.__shown.at(-1) !== text) window.__shown.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await chat.page.getByRole('status').filter({ hasText: 'Recording' }).waitFor();
    assert.equal(await dictate.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await axeViolations(chat.page, { include: '.recorder' }), []);
    await screenshot(chat.page, 'voice-recording.png', { fullPage: false });
    // It stops by itself on the silence after the speech, and the words arrive.
    await waitOn(chat, async () => (await chat.message.inputValue()) === TRANSCRIPT, 'the transcript is in the message box');
    assert.equal(await dictate.getAttribute('aria-pressed'), 'false');
    const [request] = await transcriptionRequests(env.mock);
    assert.equal(request.headers.authorization, `Bearer ${chat.provider.api_key}`);
    assert.deepEqual(request.form.fields, { model: 'gpt-4o-mini-transcribe', response_format: 'json', stream: 'true' });
    // The model streamed its words: they showed as they came, before the whole text was in.
    const shown = await chat.page.evaluate(() => window.__shown);
    assert.ok(shown.includes('Heard: Remind me'), JSON.stringify(shown));
    assert.equal(request.form.file.type, 'audio/wav');
    const wav = request.form.file.wav;
    assert.ok(wav, 'the file is a readable WAV');
    assert.deepEqual([wav.rate, wav.channels, wav.bits], [16000, 1, 16]);
    assert.ok(wav.durationMs >= speechMs + 1500 && wav.durationMs <= speechMs + 3200, `the speech and two seconds of quiet: ${wav.durationMs} ms for ${speechMs} ms of speech`);
    assert.ok(wav.rms > 0.01, `the recording holds sound: ${wav.rms}`);
    // Editable, and nothing was sent.
    await chat.message.press('End');
    await chat.message.pressSequentially(' Please.');
    assert.equal(await chat.message.inputValue(), `${TRANSCRIPT} Please.`);
    assert.equal((await mockRequests(env.mock)).filter((e) => e.method === 'POST' && e.path === '/v1/chat/completions').length, 0);
    assert.equal(await settings.isVisible(), false);
    assert.deepEqual(chat.errors, []);
  });

  test('dictating before an account is chosen says where to choose one and records nothing', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', beforeLoad: watchMicrophone });
    await chat.page.keyboard.press('Alt+Shift+U');
    const alert = chat.page.getByRole('alert').filter({ hasText: 'Settings → Voice' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /nothing was recorded/);
    assert.deepEqual(await microphoneUse(chat.page), { asked: 0, live: 0 }, 'the microphone was never asked for');
    assert.equal((await transcriptionRequests(env.mock)).length, 0);
    assert.deepEqual(chat.errors, []);
  });

  test('Stop ends a dictation mid-speech and its words still arrive; a double press leaves no microphone on', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', beforeLoad: watchMicrophone });
    await chooseDictation(chat);
    await closeSettings(chat.page);
    const dictate = chat.page.getByRole('button', { name: 'Dictate', exact: true });
    // Twice at once: the second press calls off the first before it records.
    await dictate.click();
    await dictate.click();
    await waitOn(chat, async () => (await dictate.getAttribute('aria-pressed')) === 'false', 'the dictation is called off');
    await waitOn(chat, async () => (await microphoneUse(chat.page)).live === 0, 'no microphone is left on');
    await waitOn(chat, async () => (await dictate.isDisabled()) === false, 'nothing is being transcribed');
    await chat.message.fill('');
    const before = (await transcriptionRequests(env.mock)).length;
    // Once, stopped by hand after a second of speech.
    await dictate.click();
    await chat.page.getByRole('timer', { name: 'Time recorded' }).filter({ hasText: '0:01' }).waitFor();
    await dictate.click();
    await waitOn(chat, async () => (await chat.message.inputValue()) === TRANSCRIPT, 'the transcript is in the message box');
    assert.equal((await microphoneUse(chat.page)).live, 0, 'the microphone is released');
    const requests = (await transcriptionRequests(env.mock)).slice(before);
    assert.equal(requests.length, 1);
    const wav = requests[0].form.file.wav;
    assert.ok(wav.durationMs >= 1000 && wav.durationMs < speechMs, `stopped mid-speech: ${wav.durationMs} ms of ${speechMs} ms`);
    assert.deepEqual(chat.errors, []);
  });

  test('a recording the account could not turn into text is kept, and Try again sends it once more (390 px, dark)', async (t) => {
    const contextOptions = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' };
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', contextOptions });
    const { voice } = await chooseDictation(chat, { model: 'fail' });
    assert.deepEqual(await axeViolations(chat.page, { include: 'section[aria-labelledby="settings-voice"]' }), []);
    await screenshot(chat.page, 'voice-settings-390-dark.png', { fullPage: false });
    await closeSettings(chat.page);
    await chat.page.getByRole('button', { name: 'Dictate', exact: true }).click();
    const alert = chat.page.getByRole('alert').filter({ hasText: 'could not be turned into text' });
    await alert.waitFor({ timeout: 30_000 });
    assert.match(await alert.innerText(), /server had an error/);
    assert.deepEqual(await axeViolations(chat.page, { include: '.recorder' }), []);
    await screenshot(chat.page, 'voice-recording-kept-390-dark.png', { fullPage: false });
    // The model fixed, the same recording goes again.
    await openSettings(chat.page);
    await commit(voice.getByRole('textbox', { name: 'Transcription model' }), 'whisper-1');
    await closeSettings(chat.page);
    await chat.page.getByRole('button', { name: 'Try again', exact: true }).click();
    await waitOn(chat, async () => (await chat.message.inputValue()) === TRANSCRIPT, 'the transcript is in the message box');
    const [failed, again] = await transcriptionRequests(env.mock);
    assert.equal(failed.form.fields.model, 'fail');
    assert.equal(again.form.fields.model, 'whisper-1');
    assert.equal(again.form.file.size, failed.form.file.size, 'the same recording');
    assert.deepEqual(chat.errors, []);
  });

  test('the browser’s own recognition is offered, on the device or through its maker’s service, never chosen silently', async (t) => {
    // The browser's answers stand in for Chromium's, whatever its build and network: it can
    // recognise on the device once it has downloaded the language, and the download fails.
    const beforeLoad = async (context) => {
      await watchMicrophone(context);
      await context.addInitScript(() => {
        window.__recognition = { installs: [], starts: 0 };
        SpeechRecognition.available = async () => 'downloadable';
        SpeechRecognition.install = async (options) => {
          window.__recognition.installs.push(options);
          return false;
        };
        const start = SpeechRecognition.prototype.start;
        SpeechRecognition.prototype.start = function () {
          window.__recognition.starts += 1;
          return start.call(this);
        };
      });
    };
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', beforeLoad });
    const settings = await openSettings(chat.page);
    const voice = settings.getByRole('region', { name: 'Voice', exact: true });
    const engine = voice.getByRole('combobox', { name: 'Turn speech into text with' });
    assert.equal(await engine.evaluate((select) => select.selectedOptions[0].textContent.trim()), 'Nobody yet (dictation is off)');
    const labels = await engine.evaluate((select) => [...select.options].map((option) => option.textContent.trim()));
    assert.ok(labels.includes("This browser's speech service (your voice goes to the browser's maker, such as Google)"), labels.join(' | '));
    const device = labels.find((label) => label.startsWith('This browser, on this device'));
    assert.match(device, /your voice stays here; it downloads its speech model first/);
    await engine.selectOption({ label: device });
    await closeSettings(chat.page);
    // The download fails, and that is said; nothing was listened to or sent anywhere.
    await chat.page.getByRole('button', { name: 'Dictate', exact: true }).click();
    const alert = chat.page.getByRole('alert').filter({ hasText: 'could not get its speech model' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /Nothing was recorded/);
    const recognition = await chat.page.evaluate(() => window.__recognition);
    assert.equal(recognition.installs.length, 1);
    assert.equal(recognition.installs[0].processLocally, true, 'asked for on-device recognition only');
    assert.equal(recognition.starts, 0, 'nothing listened');
    assert.deepEqual(await microphoneUse(chat.page), { asked: 0, live: 0 });
    assert.equal((await mockRequests(env.mock)).filter((e) => e.method === 'POST').length, 0, 'no account was asked');
    assert.deepEqual(chat.errors, []);
  });

  test('Cancel stops waiting for a transcription that does not come, keeps the recording, and gives the focus back', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    await chooseDictation(chat, { model: 'hang' });
    await closeSettings(chat.page);
    await chat.page.getByRole('button', { name: 'Dictate', exact: true }).click();
    await chat.page.getByRole('status').filter({ hasText: 'Turning speech into text' }).waitFor({ timeout: 30_000 });
    await chat.page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const alert = chat.page.getByRole('alert').filter({ hasText: 'Stopped before the words came back' });
    await alert.waitFor();
    assert.equal(await chat.page.getByRole('button', { name: 'Try again', exact: true }).isVisible(), true, 'the recording is kept');
    assert.equal(await chat.message.evaluate((box) => box === document.activeElement), true, 'the focus is in the message box');
    const [request] = await transcriptionRequests(env.mock);
    await waitOn(chat, async () => (await transcriptionRequests(env.mock))[0].aborted, 'the request was called off');
    assert.equal(request.form.fields.model, 'hang');
    assert.deepEqual(chat.errors, []);
  });

  test('Read aloud sends the reply’s words, not its code or addresses, and plays what comes back', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'markdown', beforeLoad: watchPlaying });
    await sendAndSettle(chat, 'Show me some markdown');
    await chooseSpeech(chat, 'coral');
    const read = chat.reply.getByRole('button', { name: 'Read aloud', exact: true });
    await read.click();
    await waitOn(chat, async () => (await read.getAttribute('aria-pressed')) === 'true', 'it reads');
    // The system's media controls show it, and their Pause and Play work.
    const shown = await mediaSession(chat.page);
    assert.ok(shown.title?.startsWith('Hearth mock reply.'), JSON.stringify(shown));
    assert.equal(shown.state, 'playing');
    const pause = chat.reply.getByRole('button', { name: 'Pause', exact: true });
    await waitOn(chat, async () => (await chat.page.evaluate(() => window.__played.length)) > 0, 'a piece plays');
    await chat.page.evaluate(() => window.__actions.pause?.({ action: 'pause' }));
    await waitOn(chat, async () => (await pause.getAttribute('aria-pressed')) === 'true', 'the controls paused it');
    assert.equal((await mediaSession(chat.page)).state, 'paused');
    await chat.page.evaluate(() => window.__actions.play?.({ action: 'play' }));
    await waitOn(chat, async () => (await pause.getAttribute('aria-pressed')) === 'false', 'the controls resumed it');
    await waitOn(chat, async () => (await read.getAttribute('aria-pressed')) === 'false', 'it has read to the end', { timeout: 60_000 });
    assert.deepEqual(await mediaSession(chat.page), { title: null, state: 'none' }, 'the controls are let go');
    const asked = await speechRequests(env.mock);
    assert.ok(asked.length >= 1);
    for (const request of asked) {
      assert.deepEqual({ ...request.body, input: undefined }, { model: 'gpt-4o-mini-tts', voice: 'coral', response_format: 'mp3', input: undefined });
    }
    const spoken = asked.map((request) => request.body.input).join(' ');
    assert.ok(spoken.startsWith('Hearth mock reply. This reply has bold text, some inline code and a link to the Rust website.'), spoken);
    assert.match(spoken, /first item\. second item\. third item\./);
    assert.doesNotMatch(spoken, /rust-lang|fn main|println|__hearthXss|\*\*|`|#/, 'no addresses, code, raw HTML or marks');
    const played = await chat.page.evaluate(() => window.__played.map((audio) => ({ ended: audio.ended, at: audio.currentTime })));
    assert.equal(played.length, asked.length, 'each piece was played');
    assert.ok(played.every((audio) => audio.ended && audio.at > 0), JSON.stringify(played));
    assert.deepEqual(chat.errors, []);
  });

  test('an agent that reads answers aloud reads a new answer in its own voice, and leaving the conversation stops it', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', beforeLoad: watchPlaying });
    await chooseSpeech(chat, 'coral');
    const editor = await editAgent(chat.page);
    const fields = editor.getByRole('group', { name: 'Voice', exact: true });
    await fields.getByRole('checkbox', { name: 'Read answers aloud as they finish', exact: true }).check();
    await commit(fields.getByRole('textbox', { name: 'Its voice', exact: true }), 'verse');
    assert.deepEqual(await axeViolations(chat.page, { include: 'fieldset.agent-voice-options' }), []);
    await saveAgent(chat.page, editor);
    await sendAndSettle(chat, 'Read this answer aloud to me, slowly, so that it takes a good few seconds to play.');
    const read = chat.reply.getByRole('button', { name: 'Read aloud', exact: true });
    await waitOn(chat, async () => (await read.getAttribute('aria-pressed')) === 'true', 'the answer is read on its own');
    await waitOn(chat, async () => (await chat.page.evaluate(() => window.__played.length)) > 0, 'its audio plays');
    const asked = await speechRequests(env.mock);
    assert.ok(asked.length >= 1);
    assert.ok(asked.every((request) => request.body.voice === 'verse'), 'in the agent’s voice, not the settings’');
    // Leaving the conversation stops the reading part-way.
    await chat.page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('button', { name: 'New chat', exact: true }).click();
    await waitOn(chat, async () => chat.page.evaluate(() => window.__played.every((audio) => audio.paused)), 'the audio stops');
    const played = await chat.page.evaluate(() => window.__played.map((audio) => audio.ended));
    assert.ok(played.includes(false), 'it stopped before its end');
    assert.deepEqual(chat.errors, []);
  });
  test('a voice note is heard by a model that takes audio, and read as its transcript by one that does not', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const { page } = chat;
    await chooseDictation(chat);
    await closeSettings(page);
    // The model is said to hear audio (a Custom server's model is not, by default).
    const setReads = async (label) => {
      await openProviders(page);
      await providerForm(page).getByRole('combobox', { name: 'Reads besides text', exact: true }).selectOption({ label });
      await closeProviders(page);
    };
    await setReads('Images, PDFs and audio');
    await page.getByRole('button', { name: 'Dictate', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Recording' }).waitFor();
    const timer = page.getByRole('timer', { name: 'Time recorded' });
    await waitOn(chat, async () => (await timer.textContent()) >= '0:02', 'two seconds are recorded');
    await page.getByRole('button', { name: 'Keep as a voice note', exact: true }).click();
    const composer = page.getByRole('form', { name: 'Composer', exact: true });
    const attached = composer.getByRole('list', { name: 'Attached images, PDFs and voice notes', exact: true });
    await attached.getByText(`Transcript: ${TRANSCRIPT}`).waitFor();
    assert.equal(await chat.message.inputValue(), '', 'the words are not put in the message box');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Message');
    assert.deepEqual(await axeViolations(page, { include: '.attached-media' }), []);
    await screenshot(page, 'voice-note-attached.png', { fullPage: false });
    const [heard] = await transcriptionRequests(env.mock);
    assert.ok(heard.form.file.wav.durationMs >= 1500, 'the recording was transcribed');
    await sendAndSettle(chat, 'What did I say?');
    const [first] = await chatRequests(env.mock, FAMILIES.openai);
    const question = first.body.messages.findLast((m) => m.role === 'user');
    const audio = question.content.find((part) => part.type === 'input_audio');
    assert.ok(audio, JSON.stringify(question.content).slice(0, 300));
    assert.equal(audio.input_audio.format, 'wav');
    const wav = readWav(Buffer.from(audio.input_audio.data, 'base64'));
    assert.deepEqual([wav.rate, wav.channels], [16000, 1]);
    assert.ok(wav.durationMs >= 1500 && wav.durationMs <= heard.form.file.wav.durationMs + 100 && wav.rms > 0.01, JSON.stringify(wav));
    assert.deepEqual(question.content.filter((p) => p.type === 'text').map((p) => p.text), ['What did I say?']);
    // Sent: a player whose sound comes from the blob store, and the transcript, folded.
    const sent = chat.you.last().getByRole('list', { name: 'Images, PDFs and voice notes', exact: true });
    const player = sent.getByLabel('Play Voice note.wav', { exact: true });
    const plays = () =>
      player.evaluate(async (audio) => {
        audio.muted = true;
        await audio.play();
        await new Promise((done) => setTimeout(done, 600));
        audio.pause();
        return audio.currentTime;
      });
    assert.ok((await plays()) > 0.2, 'the voice note plays');
    await sent.getByText('Transcript', { exact: true }).click();
    await sent.getByText(TRANSCRIPT).waitFor();

    // An audio file chosen with Attach: kept as it came, and transcribed too.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), composer.getByRole('button', { name: 'Attach a file', exact: true }).click()]);
    await chooser.setFiles(fakeMicrophone);
    // An audio file is sent to the dictation account only when asked.
    await attached.getByText('No transcript: a model that hears no audio gets only a mention of it.').waitFor();
    const asked = (await transcriptionRequests(env.mock)).length;
    await attached.getByRole('button', { name: 'Make a transcript of dictation.wav', exact: true }).click();
    await attached.getByText(`Transcript: ${TRANSCRIPT}`).waitFor();
    assert.equal((await transcriptionRequests(env.mock)).length, asked + 1);
    await attached.getByText(/^Will be sent as WAV, 0:0\d, \d+ KB$/).waitFor();
    // Not audio, though it says so: refused with a sentence, nothing attached.
    const [again] = await Promise.all([page.waitForEvent('filechooser'), composer.getByRole('button', { name: 'Attach a file', exact: true }).click()]);
    await again.setFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 7)]) });
    await composer.getByText('“song.mp3” was not attached: this browser could not play it as audio (is it damaged?).').waitFor();
    assert.equal(await attached.getByRole('listitem').count(), 1);

    // The model no longer hears: both voice notes go as their transcripts.
    await setReads('Images');
    await sendAndSettle(chat, 'And now?');
    const last = (await chatRequests(env.mock, FAMILIES.openai)).at(-1);
    const users = last.body.messages.filter((m) => m.role === 'user');
    assert.ok(users.every((m) => typeof m.content === 'string'), 'no audio is sent');
    const note = `this model cannot hear audio, so here is its transcript, made when it was attached:]\n\n${TRANSCRIPT}\n\n[End of the transcript.]`;
    assert.ok(users.at(-2).content.startsWith('What did I say?\n\n[The user sent the voice note “Voice note.wav” (0:0'), users.at(-2).content);
    assert.ok(users.at(-2).content.endsWith(note), users.at(-2).content);
    assert.ok(users.at(-1).content.startsWith('And now?\n\n[The user sent the voice note “dictation.wav”'), users.at(-1).content);
    // Still there after a reload: the blob store keeps them.
    await page.reload();
    await chat.you.first().getByLabel('Play Voice note.wav', { exact: true }).waitFor();
    assert.ok((await chat.you.first().getByLabel('Play Voice note.wav', { exact: true }).evaluate(async (audio) => {
      audio.muted = true;
      await audio.play();
      await new Promise((done) => setTimeout(done, 600));
      return audio.currentTime;
    })) > 0.2, 'it plays after a reload');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page, { include: '[aria-label="Images, PDFs and voice notes"]' }), []);
    await screenshot(page, 'voice-note-sent.png', { fullPage: false });
    assert.deepEqual(chat.errors, []);
  });

  test('a Gemini account takes the recording inline as WAV, and its speech (raw PCM) plays', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.gemini, scenario: 'echo', beforeLoad: watchPlaying });
    const { voice } = await chooseDictation(chat);
    // Its family's models are offered once its account is chosen.
    assert.equal(await voice.getByRole('textbox', { name: 'Transcription model' }).inputValue(), 'gemini-2.5-flash');
    await voice.getByRole('combobox', { name: 'Read answers aloud with' }).selectOption('provider');
    await voice.getByRole('combobox', { name: 'Speech account' }).selectOption({ label: chat.provider.name });
    assert.equal(await voice.getByRole('textbox', { name: 'Speech model' }).inputValue(), 'gemini-2.5-flash-preview-tts');
    await closeSettings(chat.page);
    await chat.page.getByRole('button', { name: 'Dictate', exact: true }).click();
    await waitOn(chat, async () => (await chat.message.inputValue()) === TRANSCRIPT, 'the transcript is in the message box');
    const gemini = async (model) =>
      (await mockRequests(env.mock)).filter((e) => e.method === 'POST' && e.path === `/v1beta/models/${model}:generateContent`);
    const [heard] = await gemini('gemini-2.5-flash');
    assert.equal(heard.headers['x-goog-api-key'], chat.provider.api_key);
    assert.equal(heard.audio.mimeType, 'audio/wav');
    assert.deepEqual([heard.audio.wav.rate, heard.audio.wav.channels], [16000, 1]);
    assert.ok(heard.audio.wav.durationMs >= speechMs && heard.audio.wav.rms > 0.01, JSON.stringify(heard.audio.wav));
    await sendAndSettle(chat, 'Say something short.');
    const read = chat.reply.getByRole('button', { name: 'Read aloud', exact: true });
    await read.click();
    await waitOn(chat, async () => (await read.getAttribute('aria-pressed')) === 'true', 'it reads');
    await waitOn(chat, async () => (await read.getAttribute('aria-pressed')) === 'false', 'it has read to the end', { timeout: 60_000 });
    const spoken = await gemini('gemini-2.5-flash-preview-tts');
    assert.ok(spoken.length >= 1);
    assert.ok(spoken.every((request) => request.voice === 'Kore'), 'Gemini\'s default voice');
    const played = await chat.page.evaluate(() => window.__played.map((audio) => ({ ended: audio.ended, at: audio.currentTime })));
    assert.equal(played.length, spoken.length, 'each piece was played');
    assert.ok(played.every((audio) => audio.ended && audio.at > 0), JSON.stringify(played));
    assert.deepEqual(chat.errors, []);
  });
});
