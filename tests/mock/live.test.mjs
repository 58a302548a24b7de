// Tests of the mock's Gemini Live API over a real WebSocket (a client made here from the
// handshake up): setup first, a user turn ended by quiet after speech and answered with its
// transcript, the answer's words and audio; speech while it answers interrupts it; a tool
// call waits for its response; a wrong first message or audio type closes the socket.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { TRANSCRIPT } from './audio.mjs';
import { LIVE_ANSWER, LIVE_PATH } from './live.mjs';
import { startMockServer } from './server.mjs';
import { clientFrame, serverFrames } from './websocket.mjs';

/** A WebSocket client: `{ send(message), messages, closed, waitFor(check), close() }`. */
function connect(mock, query = '?key=AIza-test') {
  return new Promise((resolve, reject) => {
    const req = request(`${mock.url}${LIVE_PATH}${query}`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    req.on('upgrade', (res, socket) => {
      assert.equal(res.headers['sec-websocket-accept'], 's3pPLMBiTxaQ9kYGzzhZRbK+xOo=', 'RFC 6455’s worked example');
      const client = { messages: [], closed: null };
      let rest = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        const [frames, left] = serverFrames(Buffer.concat([rest, chunk]));
        rest = left;
        for (const frame of frames) {
          if (frame.opcode === 0x8) client.closed = frame;
          else client.messages.push(JSON.parse(frame.text));
        }
      });
      client.send = (message) => socket.write(clientFrame(JSON.stringify(message)));
      client.close = () => socket.destroy();
      client.waitFor = async (check, what) => {
        for (let waited = 0; waited < 5000; waited += 20) {
          const found = check(client);
          if (found) return found;
          await new Promise((done) => setTimeout(done, 20));
        }
        assert.fail(`waited for ${what}: ${JSON.stringify(client.messages).slice(0, 400)}`);
      };
      resolve(client);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `ms` of 16 kHz PCM, loud (a tone) or quiet, as a realtimeInput message. */
function audio(ms, loud) {
  const frames = Math.round((16000 * ms) / 1000);
  const pcm = Buffer.alloc(frames * 2);
  if (loud) for (let i = 0; i < frames; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000)), i * 2);
  return { realtimeInput: { audio: { data: pcm.toString('base64'), mimeType: 'audio/pcm;rate=16000' } } };
}

const SETUP = {
  setup: {
    model: 'models/gemini-live-2.5-flash-preview',
    generationConfig: { responseModalities: ['AUDIO'] },
    inputAudioTranscription: {},
    outputAudioTranscription: {},
  },
};

describe('mock LLM server: Gemini Live', () => {
  let mock;
  before(async () => {
    mock = await startMockServer();
  });
  after(() => mock.close());

  test('a turn: setup, speech then quiet, its transcript, the answer in words and audio', async () => {
    const client = await connect(mock);
    client.send(SETUP);
    await client.waitFor((c) => c.messages.find((m) => m.setupComplete), 'setupComplete');
    for (let i = 0; i < 5; i++) client.send(audio(100, true));
    for (let i = 0; i < 7; i++) client.send(audio(100, false));
    await client.waitFor((c) => c.messages.find((m) => m.serverContent?.turnComplete), 'turnComplete');
    const content = client.messages.map((m) => m.serverContent).filter(Boolean);
    assert.equal(content.find((c) => c.inputTranscription)?.inputTranscription.text, TRANSCRIPT);
    assert.equal(content.filter((c) => c.outputTranscription).map((c) => c.outputTranscription.text).join(''), LIVE_ANSWER);
    const parts = content.filter((c) => c.modelTurn).flatMap((c) => c.modelTurn.parts);
    assert.ok(parts.length > 0 && parts.every((p) => p.inlineData.mimeType === 'audio/pcm;rate=24000'));
    assert.ok(content.some((c) => c.generationComplete));
    const [entry] = (await (await fetch(`${mock.url}/__mock/requests`)).json()).filter((e) => e.method === 'WS');
    assert.equal(entry.key, 'AIza-test');
    assert.equal(entry.setup.model, 'models/gemini-live-2.5-flash-preview');
    assert.equal(Math.round(entry.audioMs), 1200);
    client.close();
  });

  test('speech while it answers interrupts it, and the rest is never sent', async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const client = await connect(mock);
    client.send(SETUP);
    await client.waitFor((c) => c.messages.find((m) => m.setupComplete), 'setupComplete');
    client.send(audio(300, true));
    for (let i = 0; i < 7; i++) client.send(audio(100, false));
    await client.waitFor((c) => c.messages.find((m) => m.serverContent?.outputTranscription), 'the answer begins');
    client.send(audio(100, true));
    await client.waitFor((c) => c.messages.find((m) => m.serverContent?.interrupted), 'interrupted');
    await new Promise((done) => setTimeout(done, 400));
    const words = client.messages.filter((m) => m.serverContent?.outputTranscription).length;
    assert.ok(words < LIVE_ANSWER.split(' ').length, `cut short: ${words} words`);
    assert.ok(!client.messages.some((m) => m.serverContent?.generationComplete), 'that answer never completes');
    const at = client.messages.findIndex((m) => m.serverContent?.interrupted);
    assert.equal(client.messages[at + 1]?.serverContent?.turnComplete, true, 'interrupted, then turnComplete');
    // Speech then the microphone let go (push-to-talk): the turn ends without waiting for quiet.
    const before = client.messages.filter((m) => m.serverContent?.inputTranscription).length;
    client.send(audio(300, true));
    client.send({ realtimeInput: { audioStreamEnd: true } });
    await client.waitFor((c) => c.messages.filter((m) => m.serverContent?.inputTranscription).length > before, 'the turn ends at audioStreamEnd');
    client.close();
  });

  test('a tool call waits for its response, then the answer comes', async () => {
    const client = await connect(mock);
    const tools = [{ functionDeclarations: [{ name: 'calculator', description: 'Adds.', parameters: { type: 'OBJECT' } }] }];
    client.send({ setup: { ...SETUP.setup, model: 'models/live-tools', tools } });
    await client.waitFor((c) => c.messages.find((m) => m.setupComplete), 'setupComplete');
    client.send(audio(300, true));
    for (let i = 0; i < 7; i++) client.send(audio(100, false));
    const call = await client.waitFor((c) => c.messages.find((m) => m.toolCall), 'toolCall');
    assert.deepEqual(call.toolCall.functionCalls, [{ id: 'function-call-1', name: 'calculator', args: { expression: '2 + 2' } }]);
    client.send({ toolResponse: { functionResponses: [{ id: 'function-call-1', name: 'calculator', response: { result: '4' } }] } });
    await client.waitFor((c) => c.messages.find((m) => m.serverContent?.turnComplete), 'turnComplete');
    client.close();
  });

  test('the model live-drop closes the socket after its first answer, with a reason', async () => {
    const client = await connect(mock);
    client.send({ setup: { ...SETUP.setup, model: 'models/live-drop' } });
    await client.waitFor((c) => c.messages.find((m) => m.setupComplete), 'setupComplete');
    client.send(audio(300, true));
    for (let i = 0; i < 7; i++) client.send(audio(100, false));
    await client.waitFor((c) => c.closed, 'the close frame');
    assert.ok(client.messages.some((m) => m.serverContent?.turnComplete), 'after its answer');
    assert.equal(client.closed.text.slice(2), 'The service is currently unavailable.');
    client.close();
  });

  test('a first message that is not setup, or audio of another type, closes the socket with a reason', async () => {
    const early = await connect(mock);
    early.send(audio(100, true));
    await early.waitFor((c) => c.closed, 'the close frame');
    assert.equal(early.closed.text.slice(2), 'The first message must be setup.');
    const wrong = await connect(mock);
    wrong.send(SETUP);
    await wrong.waitFor((c) => c.messages.find((m) => m.setupComplete), 'setupComplete');
    wrong.send({ realtimeInput: { audio: { data: '', mimeType: 'audio/wav' } } });
    await wrong.waitFor((c) => c.closed, 'the close frame');
    assert.match(wrong.closed.text, /Unsupported audio type audio\/wav/);
    early.close();
    wrong.close();
  });
});
