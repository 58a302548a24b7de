// Tests of the mock's OpenAI Realtime API (realtime.mjs) with a client written here from
// OpenAI's documented steps, in real Chromium (Node has no WebRTC): a secret made with the key,
// the call made with the secret and an SDP offer carrying the fake microphone (espeak-ng's
// speech), answered by the peer page; `session.created` on the data channel, the user's turn
// heard and transcribed, the answer's words and its sound on the remote track. The calls route
// refuses the account's key itself and anything but SDP.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { TRANSCRIPT } from './audio.mjs';
import { LIVE_ANSWER } from './live.mjs';
import { PEER_PATH } from './realtime.mjs';
import { startMockServer } from './server.mjs';

const spoken = path.join(mkdtempSync(path.join(tmpdir(), 'hearth-realtime-')), 'spoken.wav');
execFileSync('espeak-ng', ['-w', spoken, TRANSCRIPT]);

describe('the mock’s Realtime API', () => {
  let mock;
  let browser;
  before(async () => {
    mock = await startMockServer();
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${spoken}%noloop`, '--autoplay-policy=no-user-gesture-required'],
    });
  });
  after(async () => {
    await browser?.close();
    await mock?.close();
  });

  test('a call made as OpenAI documents it is answered, heard and spoken to', async () => {
    const context = await browser.newContext();
    const peer = await context.newPage();
    await peer.goto(`${mock.url}${PEER_PATH}`);
    const client = await context.newPage();
    await client.goto(`${mock.url}/__mock/requests`);
    const base = `${mock.url}/v1`;
    const result = await client.evaluate(async (base) => {
      const secretResponse = await fetch(`${base}/realtime/client_secrets`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
        body: JSON.stringify({ session: { type: 'realtime', model: 'gpt-realtime', instructions: 'Be brief.' } }),
      });
      const { value } = await secretResponse.json();
      const refused = await fetch(`${base}/realtime/calls`, { method: 'POST', headers: { authorization: 'Bearer sk-test', 'content-type': 'application/sdp' }, body: 'v=0' });
      const mic = await navigator.mediaDevices.getUserMedia({ audio: true });
      const connection = new RTCPeerConnection();
      const events = [];
      let level = 0;
      connection.ontrack = (event) => {
        const holder = new Audio();
        holder.muted = true;
        holder.srcObject = event.streams[0];
        holder.play().catch(() => {});
        const audio = new AudioContext();
        const analyser = audio.createAnalyser();
        audio.createMediaStreamSource(event.streams[0]).connect(analyser);
        const samples = new Float32Array(analyser.fftSize);
        setInterval(() => {
          analyser.getFloatTimeDomainData(samples);
          level = Math.max(level, ...samples.map(Math.abs));
        }, 20);
      };
      connection.addTrack(mic.getAudioTracks()[0], mic);
      const channel = connection.createDataChannel('oai-events');
      channel.onmessage = (message) => events.push(JSON.parse(message.data));
      await connection.setLocalDescription(await connection.createOffer());
      const answer = await fetch(`${base}/realtime/calls`, { method: 'POST', headers: { authorization: `Bearer ${value}`, 'content-type': 'application/sdp' }, body: connection.localDescription.sdp });
      await connection.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
      for (let waited = 0; waited < 20_000 && !events.some((event) => event.type === 'response.done'); waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      channel.send(JSON.stringify({ type: 'response.create' }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      connection.close();
      return { secret: value, refused: refused.status, answered: answer.status, location: answer.headers.get('location'), types: events.map((event) => event.type), events, level };
    }, base);
    assert.match(result.secret, /^ek_mock_\d+$/);
    assert.equal(result.refused, 401, 'the key itself does not make a call');
    assert.equal(result.answered, 201);
    assert.equal(result.types[0], 'session.created', JSON.stringify(result.types));
    assert.ok(result.types.includes('input_audio_buffer.speech_started'));
    const said = result.events.find((event) => event.type === 'conversation.item.input_audio_transcription.completed');
    assert.equal(said.transcript, TRANSCRIPT);
    const answered = result.events.find((event) => event.type === 'response.output_audio_transcript.done');
    assert.equal(answered.transcript, LIVE_ANSWER);
    assert.equal(result.events.find((event) => event.type === 'response.done').response.status, 'completed');
    assert.ok(result.level > 0.02, `the answer was heard on the remote track: ${result.level}`);
    const call = mock.requests.find((entry) => entry.path === '/v1/realtime/calls' && entry.peer);
    assert.equal(call.session.instructions, 'Be brief.');
    assert.ok(call.offer.startsWith('v=0'));
    assert.ok(call.peer.heardMs > 500, `the peer heard the microphone: ${call.peer.heardMs} ms`);
    for (let waited = 0; waited < 5000 && call.peer.received.length === 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(call.peer.received.map((event) => event.type), ['response.create']);
    await context.close();
  });
});
