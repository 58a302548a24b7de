// Tests of the mock's audio API (tests/mock/audio.mjs): a transcription takes a real multipart
// upload, logs the WAV it reads (rate, length, loudness), answers the transcript for sound and
// "" for silence, refuses what is not WAV and fails for the model `fail`; speech answers a WAV
// as long as the text. Everything goes over real HTTP, the forms made by Node's own FormData.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TRANSCRIPT, readWav, toneWav } from './audio.mjs';
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
});
