// The other end of the mock's Realtime calls (see realtime.mjs): a page at the mock's origin,
// opened by a test in the same browser as the app, that answers each offer the mock hands it
// and plays OpenAI's part on the call, as OpenAI documents its server events.

const QUIET_MS = 600;
const WORD_MS = 150;
const LOUD = 0.01;
const TICK_MS = 20;

/** The next offer from the mock, answered, forever. */
async function serveCalls() {
  for (;;) {
    try {
      const response = await fetch('/realtime/peer/offer');
      if (response.status === 200) serve(await response.json());
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** One call: `sdp` is the app's offer, `session` what its secret was made for. */
async function serve({ id, sdp, session, transcript, answer: answerText }) {
  const log = (entry) => fetch('/realtime/peer/log', { method: 'POST', body: JSON.stringify({ id, ...entry }) });
  const peer = new RTCPeerConnection();
  const audio = new AudioContext();
  const voice = audio.createMediaStreamDestination();
  const gain = audio.createGain();
  gain.gain.value = 0;
  const tone = audio.createOscillator();
  tone.frequency.value = 220;
  tone.connect(gain).connect(voice);
  tone.start();
  peer.addTrack(voice.stream.getAudioTracks()[0], voice.stream);
  let channel = null;
  let events = 0;
  let receivedCount = 0;
  const send = (event) => channel?.readyState === 'open' && channel.send(JSON.stringify({ event_id: `event_${++events}`, ...event }));
  const state = { heardMs: 0, interrupted: 0, turns: 0, answering: null, toolAsked: false };
  const speak = (on) => gain.gain.setValueAtTime(on ? 0.1 : 0, audio.currentTime);

  const respond = (words) => {
    const response = { id: `resp_${++state.turns}`, object: 'realtime.response' };
    send({ type: 'response.created', response: { ...response, status: 'in_progress', output: [] } });
    let at = 0;
    state.answering = { timer: null, response };
    speak(true);
    const next = () => {
      if (!state.answering) return;
      if (at >= words.length) {
        speak(false);
        const text = words.join(' ');
        send({ type: 'response.output_audio_transcript.done', response_id: response.id, transcript: text });
        const item = { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_audio', transcript: text }] };
        send({ type: 'response.done', response: { ...response, status: 'completed', output: [item] } });
        state.answering = null;
        // `live-drop` hangs up after its first answer, as a failing service does: the channel closes.
        if (session.model === 'live-drop') channel.close();
        return;
      }
      send({ type: 'response.output_audio_transcript.delta', response_id: response.id, delta: (at > 0 ? ' ' : '') + words[at] });
      at += 1;
      state.answering.timer = setTimeout(next, WORD_MS);
    };
    next();
  };
  const cancel = () => {
    clearTimeout(state.answering.timer);
    const { response } = state.answering;
    state.answering = null;
    speak(false);
    state.interrupted += 1;
    log({ interrupted: state.interrupted });
    send({ type: 'response.done', response: { ...response, status: 'cancelled', status_details: { type: 'cancelled', reason: 'turn_detected' }, output: [] } });
  };
  const userTurn = (item) => {
    send({ type: 'input_audio_buffer.speech_stopped', item_id: item });
    send({ type: 'input_audio_buffer.committed', item_id: item });
    send({ type: 'conversation.item.input_audio_transcription.delta', item_id: item, content_index: 0, delta: transcript });
    send({ type: 'conversation.item.input_audio_transcription.completed', item_id: item, content_index: 0, transcript });
    log({ heardMs: Math.round(state.heardMs) });
    const tool = (session.tools ?? [])[0];
    if (session.model === 'live-tools' && tool && !state.toolAsked) {
      // Two calls in one response, as a model may make them: each runs, then one response.create.
      state.toolAsked = true;
      const response = { id: `resp_${++state.turns}`, object: 'realtime.response' };
      const calls = ['2 + 2', '3 * 3'].map((expression, at) => ({
        type: 'function_call',
        status: 'completed',
        call_id: `call_mock_${at + 1}`,
        name: tool.name,
        arguments: JSON.stringify({ expression }),
      }));
      for (const call of calls) {
        send({ type: 'response.function_call_arguments.done', response_id: response.id, call_id: call.call_id, name: call.name, arguments: call.arguments });
      }
      send({ type: 'response.done', response: { ...response, status: 'completed', output: calls } });
      return;
    }
    respond(answerText.split(' '));
  };

  peer.ondatachannel = (event) => {
    channel = event.channel;
    channel.onopen = () => send({ type: 'session.created', session: { ...session, id: `sess_${id}`, object: 'realtime.session' } });
    channel.onmessage = (message) => {
      let received;
      try {
        received = JSON.parse(message.data);
      } catch {
        return send({ type: 'error', error: { type: 'invalid_request_error', message: 'The event is not JSON.' } });
      }
      // Numbered: the log's requests may reach the mock in any order on a busy machine.
      log({ received, at: receivedCount++ });
      if (received.type !== 'response.create') return;
      // As OpenAI refuses a second response while one is under way.
      if (state.answering) {
        return send({ type: 'error', error: { type: 'invalid_request_error', code: 'conversation_already_has_active_response', message: 'Conversation already has an active response in progress.' } });
      }
      respond(answerText.split(' '));
    };
  };
  peer.ontrack = (event) => listen(event.streams[0] ?? new MediaStream([event.track]));
  peer.onconnectionstatechange = () => {
    if (['closed', 'failed', 'disconnected'].includes(peer.connectionState)) {
      log({ closed: true });
      clearTimeout(state.answering?.timer);
      state.answering = null;
    }
  };

  /** A voice activity detector on the app's microphone. */
  function listen(stream) {
    // Chromium plays a remote track into Web Audio only while a media element holds it.
    const holder = new Audio();
    holder.muted = true;
    holder.srcObject = stream;
    holder.play().catch(() => {});
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let heard = false;
    let quietMs = 0;
    let item = 0;
    setInterval(() => {
      if (peer.connectionState !== 'connected') return;
      analyser.getFloatTimeDomainData(samples);
      const rms = Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length);
      if (rms > LOUD) {
        state.heardMs += TICK_MS;
        if (!heard) {
          item += 1;
          send({ type: 'input_audio_buffer.speech_started', item_id: `item_user_${item}`, audio_start_ms: 0 });
          if (state.answering) cancel();
        }
        heard = true;
        quietMs = 0;
      } else if (heard) {
        quietMs += TICK_MS;
        if (quietMs >= QUIET_MS) {
          heard = false;
          quietMs = 0;
          userTurn(`item_user_${item}`);
        }
      }
    }, TICK_MS);
  }

  await peer.setRemoteDescription({ type: 'offer', sdp });
  await peer.setLocalDescription(await peer.createAnswer());
  await gathered(peer);
  await fetch('/realtime/peer/answer', { method: 'POST', body: JSON.stringify({ id, sdp: peer.localDescription.sdp }) });
}

/** Resolves once `peer` has gathered its candidates (they go in the answer: no trickling). */
function gathered(peer) {
  return new Promise((resolve) => {
    if (peer.iceGatheringState === 'complete') return resolve();
    peer.addEventListener('icegatheringstatechange', () => peer.iceGatheringState === 'complete' && resolve());
    setTimeout(resolve, 2000);
  });
}

serveCalls();
