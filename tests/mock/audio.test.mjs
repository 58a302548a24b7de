// Tests of the mock's audio API (tests/mock/audio.mjs): a transcription takes a real multipart
// upload, logs the WAV it reads (rate, length, loudness), answers the transcript for sound and
// "" for silence, refuses what is not WAV and fails for the model `fail`; speech answers a WAV
// as long as the text. Gemini's generateContent takes a recording inline and answers its
// transcript, or answers speech as raw PCM at 24 kHz. Everything goes over real HTTP, the forms
// made by Node's own FormData.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TRANSCRIPT, carriesAudio, readWav, toneWav } from './audio.mjs';
import { startMockServer } from './server.mjs';

function transcribe(mock, { model = 'whisper-1', file, type = 'audio/wav' }) {
  const form = new FormData();
  form.append('model', model);
  form.append('response_format', 'json');
  if (file) form.append('file', new Blob([file], { type }), 'dictation.wav');
  return fetch(`${mock.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: 'Bearer sk-test' }, body: form });
}

async function logged(mock) {
  return (await (await fetch(`${mock.url}/__mock/requests`)).json()).filter((e) => e.path.startsWith('/v1/audio/'));
}

function gemini(mock, model, body) {
  return fetch(`${mock.url}/v1beta/models/${model}:generateContent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': 'g-test' },
    body: JSON.stringify(body),
  });
}

describe('mock LLM server: audio', () => {
  let mock;
  before(async () => {
    mock = await startMockServer();
  });
  after(() => mock.close());

  test('a recording with sound is heard, a silent one is not, and the WAV is logged', async () => {
    const sound = await transcribe(mock, { file: toneWav(1500) });
    assert.equal(sound.status, 200);
    assert.deepEqual(await sound.json(), { text: TRANSCRIPT });
    const silent = toneWav(500);
    silent.fill(0, 44);
    assert.deepEqual(await (await transcribe(mock, { file: silent })).json(), { text: '' });
    const [first, second] = await logged(mock);
    assert.deepEqual(first.form.fields, { model: 'whisper-1', response_format: 'json' });
    assert.equal(first.form.file.type, 'audio/wav');
    assert.equal(first.form.file.filename, 'dictation.wav');
    assert.deepEqual([first.form.file.wav.rate, first.form.file.wav.durationMs], [16000, 1500]);
    assert.ok(first.form.file.wav.rms > 0.1);
    assert.equal(second.form.file.wav.rms, 0);
  });

  test('a GPT transcription model asked to stream sends its words as events; whisper-1 answers JSON', async () => {
    const form = (model) => {
      const data = new FormData();
      data.append('model', model);
      data.append('stream', 'true');
      data.append('file', new Blob([toneWav(800)], { type: 'audio/wav' }), 'dictation.wav');
      return fetch(`${mock.url}/v1/audio/transcriptions`, { method: 'POST', body: data });
    };
    const streamed = await form('gpt-4o-mini-transcribe');
    assert.match(streamed.headers.get('content-type'), /^text\/event-stream/);
    const events = (await streamed.text()).split('\n\n').filter(Boolean).map((block) => JSON.parse(block.replace(/^data: /, '')));
    assert.equal(events.at(-1).type, 'transcript.text.done');
    assert.equal(events.at(-1).text, TRANSCRIPT);
    assert.equal(events.slice(0, -1).map((e) => e.delta).join(''), TRANSCRIPT);
    assert.ok(events.length > 3, 'a word at a time');
    const json = await form('whisper-1');
    assert.deepEqual(await json.json(), { text: TRANSCRIPT });
  });

  test('what is not WAV, a missing file and the model `fail` are refused as OpenAI refuses', async () => {
    const webm = await transcribe(mock, { file: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]), type: 'audio/webm' });
    assert.equal(webm.status, 400);
    assert.match((await webm.json()).error.message, /Invalid file format/);
    const missing = await transcribe(mock, {});
    assert.equal(missing.status, 400);
    assert.equal((await missing.json()).error.param, 'file');
    const failing = await transcribe(mock, { model: 'fail', file: toneWav(200) });
    assert.equal(failing.status, 500);
    assert.equal((await failing.json()).error.type, 'server_error');
  });

  test('speech is a WAV as long as the text would take to say', async () => {
    const response = await fetch(`${mock.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini-tts', voice: 'coral', input: 'Hello there.', response_format: 'mp3' }),
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'audio/wav');
    const wav = readWav(Buffer.from(await response.arrayBuffer()));
    assert.equal(wav.durationMs, 720, '60 ms for each of the 12 characters');
    const empty = await fetch(`${mock.url}/v1/audio/speech`, { method: 'POST', body: JSON.stringify({ input: '' }) });
    assert.equal(empty.status, 400);
  });

  test('Gemini hears an inline recording and speaks raw PCM at 24 kHz', async () => {
    const asked = (file, model = 'gemini-2.5-flash') =>
      gemini(mock, model, { contents: [{ role: 'user', parts: [{ text: 'Generate a transcript of the speech.' }, { inlineData: { mimeType: 'audio/wav', data: file.toString('base64') } }] }] });
    const heard = await asked(toneWav(1200));
    assert.equal(heard.status, 200);
    const answer = await heard.json();
    assert.equal(answer.candidates[0].content.parts[0].text, TRANSCRIPT);
    assert.equal(answer.usageMetadata.promptTokensDetails[1].modality, 'AUDIO');
    const failing = await asked(toneWav(200), 'fail');
    assert.equal(failing.status, 500);
    // A chat turn carrying a voice note is a chat, not a transcription.
    assert.equal(carriesAudio({ contents: [{ role: 'user', parts: [{ text: 'Generate a transcript of the speech.' }, { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } }] }] }), true);
    assert.equal(carriesAudio({ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } }, { text: 'What did I say?' }] }] }), false);
    assert.equal((await failing.json()).error.status, 'INTERNAL');
    const notWav = await asked(Buffer.from('not audio'));
    assert.equal(notWav.status, 400);
    const spoken = await gemini(mock, 'gemini-2.5-flash-preview-tts', {
      contents: [{ role: 'user', parts: [{ text: 'Hello there.' }] }],
      generationConfig: { responseModalities: ['AUDIO'], speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } } },
    });
    assert.equal(spoken.status, 200);
    const { inlineData } = (await spoken.json()).candidates[0].content.parts[0];
    assert.equal(inlineData.mimeType, 'audio/L16;codec=pcm;rate=24000');
    const pcm = Buffer.from(inlineData.data, 'base64');
    assert.equal(pcm.length, Math.round((24000 * 60 * 'Hello there.'.length) / 1000) * 2, 'as long as the text, no header');
    const log = (await (await fetch(`${mock.url}/__mock/requests`)).json()).filter((e) => e.path.startsWith('/v1beta/'));
    assert.equal(log[0].audio.wav.rate, 16000);
    assert.equal(log[0].audio.prompt, 'Generate a transcript of the speech.');
    assert.equal(log.at(-1).voice, 'Puck');
  });
});
