// Gemini's Live API as the mock speaks it, over a WebSocket on the path Google documents
// (https://ai.google.dev/api/live): the first message is `setup` (answered `setupComplete`);
// then `realtimeInput.audio` (16-bit PCM, 16 kHz, base64) is listened to as a voice activity
// detector would: speech (a loud block) then 600 ms of quiet ends the user's turn, which is
// answered with the user's words as `inputTranscription` (TRANSCRIPT, as the mock's other
// transcriptions), then the answer: `outputTranscription` a word at a time with 24 kHz PCM
// `modelTurn` audio beside it (a quiet tone, 150 ms per word), `generationComplete` and
// `turnComplete`. Speech while it answers interrupts it (barge-in): `interrupted`, and the
// rest of the answer is never sent (then `turnComplete`, as Google documents an interrupted
// turn). `audioStreamEnd` (the microphone let go) ends the user's turn at once. The model
// `live-drop` closes the socket with 1011 after its first answer. With tools in the setup and the model `live-tools`, the
// first turn is a `toolCall` of the first tool, answered once its `toolResponse` comes.
// Each session is logged as one entry (`method: 'WS'`): its setup and what it received other
// than audio (`clientContent` with the conversation so far, `toolResponse`, `audioStreamEnd`).

import { TRANSCRIPT } from './audio.mjs';
import { acceptWebSocket } from './websocket.mjs';

/** The path of Gemini's Live WebSocket endpoint. */
export const LIVE_PATH = '/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent';

/** What the mock's live model says after hearing TRANSCRIPT. */
export const LIVE_ANSWER = 'Sure, I will remind you to water the plants tomorrow.';

const RATE_IN = 16000;
const RATE_OUT = 24000;
const QUIET_MS = 600;
const WORD_MS = 150;
const LOUD = 0.01;

/** Handles an `upgrade` to LIVE_PATH: one session. */
export function liveSession(req, socket, { requests, url }) {
  const connection = acceptWebSocket(req, socket);
  if (!connection) return;
  const entry = { method: 'WS', path: url.pathname, target: req.url, headers: req.headers, key: url.searchParams.get('key'), setup: null, audioMs: 0, received: [], closed: null };
  requests.push(entry);
  const send = (message) => connection.send(JSON.stringify(message));
  let heard = false; // speech in the current user turn
  let quietMs = 0;
  let answering = null; // the timer of the answer being sent
  let toolAsked = false;
  let turns = 0;
  connection.onClose((code, reason) => {
    entry.closed = { code, reason };
    clearTimeout(answering?.timer);
  });
  const answer = (words) => {
    let at = 0;
    answering = { timer: null };
    const next = () => {
      if (!answering) return;
      if (at >= words.length) {
        send({ serverContent: { generationComplete: true } });
        send({ serverContent: { turnComplete: true }, usageMetadata: { promptTokenCount: 40, responseTokenCount: words.length * 3, totalTokenCount: 40 + words.length * 3 } });
        answering = null;
        turns += 1;
        // `live-drop` goes away after its first answer, as a failing service does.
        if (entry.setup?.model === 'models/live-drop') connection.close(1011, 'The service is currently unavailable.');
        return;
      }
      const word = (at > 0 ? ' ' : '') + words[at];
      send({ serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: `audio/pcm;rate=${RATE_OUT}`, data: tone(WORD_MS).toString('base64') } }] } } });
      send({ serverContent: { outputTranscription: { text: word } } });
      at += 1;
      answering.timer = setTimeout(next, WORD_MS);
    };
    next();
  };
  const endOfTurn = () => {
    send({ serverContent: { inputTranscription: { text: TRANSCRIPT } } });
    const tools = entry.setup?.tools?.flatMap((tool) => tool.functionDeclarations ?? []) ?? [];
    if (entry.setup?.model === 'models/live-tools' && tools.length > 0 && !toolAsked) {
      toolAsked = true;
      send({ toolCall: { functionCalls: [{ id: 'function-call-1', name: tools[0].name, args: { expression: '2 + 2' } }] } });
      return;
    }
    answer(LIVE_ANSWER.split(' '));
  };
  connection.onMessage((text) => {
    let message;
    try {
      message = JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
    } catch {
      return connection.close(1007, 'Request contains an invalid argument.');
    }
    if (message.setup) {
      if (entry.setup) return connection.close(1007, 'Setup must be the first and only setup message.');
      entry.setup = message.setup;
      if (!/^models\//.test(message.setup.model ?? '')) return connection.close(1007, 'Request contains an invalid argument.');
      return send({ setupComplete: {} });
    }
    if (!entry.setup) return connection.close(1007, 'The first message must be setup.');
    if (message.toolResponse) {
      entry.received.push({ toolResponse: message.toolResponse });
      return answer(LIVE_ANSWER.split(' '));
    }
    if (message.realtimeInput?.audioStreamEnd) {
      // The microphone stopped (push-to-talk let go): the user's turn ends now.
      entry.received.push(message);
      if (heard) {
        heard = false;
        quietMs = 0;
        endOfTurn();
      }
      return;
    }
    const audio = message.realtimeInput?.audio;
    if (!audio) {
      entry.received.push(message);
      return;
    }
    if (audio.mimeType !== `audio/pcm;rate=${RATE_IN}`) return connection.close(1007, `Unsupported audio type ${audio.mimeType}.`);
    const pcm = Buffer.from(audio.data ?? '', 'base64');
    const ms = (pcm.length / 2 / RATE_IN) * 1000;
    entry.audioMs += ms;
    if (rms(pcm) > LOUD) {
      if (answering) {
        // Barge-in: the answer stops where it is.
        clearTimeout(answering.timer);
        answering = null;
        entry.interrupted = (entry.interrupted ?? 0) + 1;
        // As Google documents an interrupted turn: interrupted, then turnComplete (no generationComplete).
        send({ serverContent: { interrupted: true } });
        send({ serverContent: { turnComplete: true } });
      }
      heard = true;
      quietMs = 0;
    } else if (heard) {
      quietMs += ms;
      if (quietMs >= QUIET_MS) {
        heard = false;
        quietMs = 0;
        endOfTurn();
      }
    }
  });
}

/** The loudness of 16-bit little-endian PCM, 0 to 1. */
function rms(pcm) {
  let sum = 0;
  const count = Math.floor(pcm.length / 2);
  for (let i = 0; i < count; i++) sum += (pcm.readInt16LE(i * 2) / 32768) ** 2;
  return count ? Math.sqrt(sum / count) : 0;
}

/** `ms` of a quiet 220 Hz tone as 16-bit PCM at RATE_OUT. */
function tone(ms) {
  const frames = Math.round((RATE_OUT * ms) / 1000);
  const out = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i++) out.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / RATE_OUT)), i * 2);
  return out;
}
