// OpenAI's Realtime API over WebRTC as the mock speaks it (https://platform.openai.com/docs/
// guides/realtime-webrtc, the generally available version). The two documented HTTP steps are
// the mock's: `POST /v1/realtime/client_secrets` with the account's key and `{ session }` answers
// a short-lived secret (`{ value, expires_at, session }`); `POST /v1/realtime/calls` with that
// secret (never the key: 401 otherwise) and the browser's SDP offer (`application/sdp`) answers
// 201 with the SDP answer. Node has no WebRTC, so the other end of the call is a browser page
// the test opens at the mock's origin (`/realtime/peer`, running `realtime-peer.js`): it takes
// each offer from the mock (`GET /realtime/peer/offer`, long-polled), answers it
// (`POST /realtime/peer/answer`), and plays OpenAI's part on the call: `session.created` on the
// `oai-events` data channel, a voice activity detector on the microphone's track (speech, then
// 600 ms of quiet, is a user turn: `input_audio_buffer.speech_started`/`speech_stopped`, the
// user's words transcribed as `TRANSCRIPT`), the answer (`LIVE_ANSWER`) a word at a time as
// `response.output_audio_transcript.delta` with a tone on its own audio track, then `.done` and
// `response.done`; speech during an answer cancels it (`response.done` with status
// `cancelled`). The model `live-tools` with tools first calls the first tool twice in one
// response (`response.function_call_arguments.done` for each, then `response.done` with both
// calls) and answers once a `response.create` comes (a second one while it answers gets
// OpenAI's `conversation_already_has_active_response` error); `live-drop` closes the data
// channel after its first answer. What the page heard and received is logged on the call's entry
// (`POST /realtime/peer/log`): `peer: { heardMs, interrupted, received }`, `received` in the order
// the page received the events, whatever order its logs arrive in.

import { readFile } from 'node:fs/promises';
import { TRANSCRIPT } from './audio.mjs';
import { LIVE_ANSWER } from './live.mjs';

const PEER_SCRIPT = new URL('./realtime-peer.js', import.meta.url);
const ANSWER_WAIT_MS = 15_000;
const POLL_MS = 20_000;

/** The page that answers the calls (see the file's comment); a test opens it at the mock's origin. */
export const PEER_PATH = '/realtime/peer';

/** The routes of the Realtime API and of its peer page, sharing one state. */
export function realtimeRoutes() {
  const secrets = new Map(); // secret -> session
  const offers = []; // calls waiting for the peer page
  const polls = []; // the peer page's requests waiting for an offer
  const calls = new Map(); // call id -> { entry, answered, received: [[at, event]] }
  let count = 0;
  const hand = () => {
    while (offers.length > 0 && polls.length > 0) {
      const offer = offers.shift();
      sendJson(polls.shift(), 200, offer.forPeer);
    }
  };
  return {
    'POST /v1/realtime/client_secrets': (req, res, { body }) => {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return openAiError(res, 401, 'You didn’t provide an API key.');
      const session = body?.session;
      if (session?.type !== 'realtime') return openAiError(res, 400, "Invalid value for 'session.type': expected 'realtime'.", 'session.type');
      const value = `ek_mock_${++count}`;
      secrets.set(value, session);
      sendJson(res, 200, { value, expires_at: 1_767_225_600, session: { ...session, id: `sess_mock_${count}`, object: 'realtime.session' } });
    },
    'POST /v1/realtime/calls': (req, res, { raw, entry }) => {
      const secret = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const session = secrets.get(secret);
      if (!session) return openAiError(res, 401, 'Invalid ephemeral key provided.');
      if (!(req.headers['content-type'] ?? '').startsWith('application/sdp')) return openAiError(res, 400, 'The offer must be application/sdp.');
      const id = `rtc_mock_${++count}`;
      entry.offer = raw.toString('utf8');
      entry.session = session;
      entry.peer = { heardMs: 0, interrupted: 0, received: [] };
      const call = { entry, answered: null, received: [] };
      calls.set(id, call);
      const offer = { forPeer: { id, sdp: entry.offer, session, transcript: TRANSCRIPT, answer: LIVE_ANSWER } };
      const timer = setTimeout(() => {
        call.answered = null;
        // Not handed to a peer page later.
        if (offers.includes(offer)) offers.splice(offers.indexOf(offer), 1);
        openAiError(res, 503, 'No peer page answered the call (open /realtime/peer at the mock).', null, 'server_error');
      }, ANSWER_WAIT_MS);
      call.answered = (sdp) => {
        clearTimeout(timer);
        res.writeHead(201, { 'content-type': 'application/sdp', location: `/v1/realtime/calls/${id}` }).end(sdp);
      };
      offers.push(offer);
      hand();
    },
    [`GET ${PEER_PATH}`]: (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="en"><title>Realtime peer</title><script src="/realtime/peer.js"></script></html>');
    },
    'GET /realtime/peer.js': async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(await readFile(PEER_SCRIPT));
    },
    'GET /realtime/peer/offer': (req, res) => {
      polls.push(res);
      const timer = setTimeout(() => {
        const at = polls.indexOf(res);
        if (at >= 0) polls.splice(at, 1);
        res.writeHead(204).end();
      }, POLL_MS);
      res.on('close', () => {
        clearTimeout(timer);
        const at = polls.indexOf(res);
        if (at >= 0) polls.splice(at, 1);
      });
      hand();
    },
    'POST /realtime/peer/answer': (req, res, { body }) => {
      const call = calls.get(body?.id);
      if (!call?.answered || typeof body.sdp !== 'string') return sendJson(res, 404, { error: 'no such call waiting' });
      call.answered(body.sdp);
      call.answered = null;
      res.writeHead(204).end();
    },
    'POST /realtime/peer/log': (req, res, { body }) => {
      const call = calls.get(body?.id);
      const peer = call?.entry.peer;
      if (!peer) return sendJson(res, 404, { error: 'no such call' });
      // Counts that only grow: a log that arrives late does not take them back.
      if (typeof body.heardMs === 'number') peer.heardMs = Math.max(peer.heardMs, body.heardMs);
      if (typeof body.interrupted === 'number') peer.interrupted = Math.max(peer.interrupted, body.interrupted);
      if (body.received) {
        // In the order the page received them (`at`), whatever order the logs came in.
        call.received.push([Number.isInteger(body.at) ? body.at : call.received.length, body.received]);
        peer.received = call.received.toSorted((a, b) => a[0] - b[0]).map(([, event]) => event);
      }
      if (body.closed) peer.closed = true;
      res.writeHead(204).end();
    },
  };
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function openAiError(res, status, message, param = null, type = 'invalid_request_error') {
  sendJson(res, status, { error: { message, type, param, code: null } });
}
