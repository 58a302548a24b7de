// The mock's audio APIs, which Hearth's dictation and "Read aloud" speak:
//
//   POST /v1/audio/transcriptions   multipart/form-data: `file` (the recording), `model`,
//                                   `language`, `response_format`, `stream` (GPT models:
//                                   server-sent events, a word at a time)
//   POST /v1/audio/speech           JSON: `model`, `input`, `voice`, `speed`, `response_format`
//   Gemini, POST /v1beta/models/{model}:generateContent (not streamed): with an `inlineData`
//   audio part, a transcription (`geminiTranscription`); with `responseModalities: ["AUDIO"]`,
//   speech (`geminiSpeech`), raw 16-bit PCM at 24 kHz as Gemini's speech models send it.
//
// The mock hears nothing: it reads the uploaded file as WAV (format, rate, length, loudness) and
// logs that with the form, so a test can check what the browser really recorded; it answers
// TRANSCRIPT when the recording holds sound and "" when it is silent. A model named `fail`
// answers 500, as a provider's outage would; one named `hang` never answers. Speech is a WAV tone as long as the text would
// take to say (60 ms a character, at most 4 s), so a player's time advances.

/** What the mock "hears" in any recording that holds sound. */
export const TRANSCRIPT = 'Remind me to water the plants tomorrow.';

/** The parts of a multipart/form-data body: each one's name, filename, type and bytes. */
export function parseMultipart(buffer, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts = [];
  let at = buffer.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (buffer.subarray(start, start + 2).toString() === '--') break;
    const next = buffer.indexOf(delimiter, start);
    if (next === -1) break;
    const part = buffer.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
    parts.push({
      name: /\bname="([^"]*)"/.exec(disposition)?.[1] ?? '',
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1] ?? null,
      type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? null,
      bytes: part.subarray(split + 4),
    });
    at = next;
  }
  return parts;
}

/** A WAV file's format, length and loudness, or null when it is not one. */
export function readWav(bytes) {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    return null;
  }
  let format = null;
  let data = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = bytes.subarray(at + 8, at + 8 + size);
    if (id === 'fmt ' && body.length >= 16) {
      format = { format: body.readUInt16LE(0), channels: body.readUInt16LE(2), rate: body.readUInt32LE(4), bits: body.readUInt16LE(14) };
    } else if (id === 'data') {
      data = body;
    }
    at += 8 + size + (size % 2);
  }
  if (!format || !data || format.format !== 1 || format.bits !== 16) return null;
  const frames = Math.floor(data.length / (2 * format.channels));
  let sum = 0;
  for (let i = 0; i + 1 < data.length; i += 2) sum += (data.readInt16LE(i) / 32768) ** 2;
  const rms = frames ? Math.sqrt(sum / (data.length / 2)) : 0;
  return { ...format, durationMs: Math.round((frames / format.rate) * 1000), rms };
}

/** A mono 16-bit WAV tone of `ms` milliseconds. */
export function toneWav(ms, rate = 16000) {
  const frames = Math.round((rate * ms) / 1000);
  const out = Buffer.alloc(44 + frames * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + frames * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i++) out.writeInt16LE(Math.round(8000 * Math.sin((i * 2 * Math.PI * 440) / rate)), 44 + i * 2);
  return out;
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function openAiError(res, status, message, type = 'invalid_request_error', param = null) {
  sendJson(res, status, { error: { message, type, param, code: null } });
}

/** POST /v1/audio/transcriptions (see the file's header); logs the form on `entry.form`. */
export function transcriptions(req, res, { raw, entry }) {
  const parts = parseMultipart(raw, req.headers['content-type']);
  if (!parts) return openAiError(res, 400, 'The Hearth mock takes transcriptions as multipart/form-data only.');
  const fields = Object.fromEntries(parts.filter((part) => part.filename === null).map((part) => [part.name, part.bytes.toString('utf8')]));
  const file = parts.find((part) => part.name === 'file' && part.filename !== null);
  const wav = file ? readWav(file.bytes) : null;
  entry.form = { fields, file: file && { filename: file.filename, type: file.type, size: file.bytes.length, wav } };
  if (!file) return openAiError(res, 400, "Missing required parameter: 'file'.", 'invalid_request_error', 'file');
  if (!fields.model) return openAiError(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', 'model');
  if (fields.model === 'fail') return openAiError(res, 500, 'The server had an error while processing your request.', 'server_error');
  if (fields.model === 'hang') return; // Never answers, as a server stuck on a long file; the client gives up.
  if (!wav) return openAiError(res, 400, 'Invalid file format. The Hearth mock reads WAV (16-bit PCM) only.', 'invalid_request_error', 'file');
  const text = wav.rms > 0.01 ? TRANSCRIPT : '';
  // As OpenAI documents it: GPT transcription models stream when asked; whisper-1 ignores it.
  if (fields.stream === 'true' && fields.model !== 'whisper-1') return streamTranscript(res, text);
  sendJson(res, 200, { text });
}

/**
 * A streamed transcription, in the shape of OpenAI's documented example (`data:` lines only):
 * one `transcript.text.delta` a word, 40 ms apart, then `transcript.text.done` with the text.
 */
async function streamTranscript(res, text) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const words = text.split(/(?= )/).filter(Boolean);
  for (const delta of words) {
    res.write(`data: ${JSON.stringify({ type: 'transcript.text.delta', delta })}\n\n`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  const usage = { input_tokens: 14, input_token_details: { text_tokens: 0, audio_tokens: 14 }, output_tokens: words.length, total_tokens: 14 + words.length };
  res.end(`data: ${JSON.stringify({ type: 'transcript.text.done', text, usage })}\n\n`);
}

/** POST /v1/audio/speech (see the file's header). */
export function speech(req, res, { body }) {
  if (!body || typeof body.input !== 'string' || body.input === '') {
    return openAiError(res, 400, "Missing required parameter: 'input'.", 'invalid_request_error', 'input');
  }
  if (body.model === 'fail') return openAiError(res, 500, 'The server had an error while processing your request.', 'server_error');
  const wav = toneWav(Math.min(4000, 60 * body.input.length));
  res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
  res.end(wav);
}

/** A Gemini error body (`status` names Google's code, such as INTERNAL). */
function geminiError(res, code, status, message) {
  sendJson(res, code, { error: { code, message, status } });
}

/** The first audio part of a Gemini request's contents, and the text beside it. */
function geminiAudioPart(body) {
  const parts = (Array.isArray(body?.contents) ? body.contents : []).flatMap((content) => content?.parts ?? []);
  const inline = parts.map((part) => part?.inlineData ?? part?.inline_data).find((data) => /^audio\//.test(data?.mimeType ?? data?.mime_type ?? ''));
  const prompt = parts.map((part) => part?.text).filter((text) => typeof text === 'string').join('\n');
  return inline ? { mimeType: inline.mimeType ?? inline.mime_type, data: inline.data, prompt } : null;
}

/** Whether a Gemini request asks for audio (a speech model's request). */
export function asksForAudio(body) {
  return Array.isArray(body?.generationConfig?.responseModalities) && body.generationConfig.responseModalities.includes('AUDIO');
}

/**
 * Whether a Gemini request is a transcription: it carries audio and asks for a transcript
 * (Hearth's prompt starts "Generate a transcript"); a chat turn with a voice note is a chat.
 */
export function carriesAudio(body) {
  const asks = (body?.contents ?? [])
    .flatMap((content) => content?.parts ?? [])
    .some((part) => typeof part?.text === 'string' && part.text.startsWith('Generate a transcript'));
  return asks && geminiAudioPart(body) !== null;
}

/**
 * Gemini's audio understanding: the inline recording read as WAV and logged on
 * `entry.audio`, answered in the shape of Google's recorded answer (its cookbook's
 * Audio_REST notebook) with TRANSCRIPT, or "" for silence. A model named `fail` answers 500.
 */
export function geminiTranscription(res, { body, entry, model }) {
  const audio = geminiAudioPart(body);
  const bytes = Buffer.from(audio.data ?? '', 'base64');
  const wav = readWav(bytes);
  entry.audio = { mimeType: audio.mimeType, prompt: audio.prompt, size: bytes.length, wav };
  if (model === 'fail') return geminiError(res, 500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting');
  if (!wav) return geminiError(res, 400, 'INVALID_ARGUMENT', 'The Hearth mock reads WAV (16-bit PCM) audio only.');
  const text = wav.rms > 0.01 ? TRANSCRIPT : '';
  sendJson(res, 200, {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', avgLogprobs: -0.42 }],
    usageMetadata: {
      promptTokenCount: 4 + Math.ceil(wav.durationMs / 40),
      candidatesTokenCount: 9,
      totalTokenCount: 13 + Math.ceil(wav.durationMs / 40),
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 4 }, { modality: 'AUDIO', tokenCount: Math.ceil(wav.durationMs / 40) }],
      candidatesTokensDetails: [{ modality: 'TEXT', tokenCount: 9 }],
    },
    modelVersion: model,
  });
}

/**
 * Gemini's speech: a tone as long as the text would take to say (as `speech`), as raw PCM
 * at 24 kHz in the shape of a recorded answer of gemini-2.5-flash-preview-tts; the voice is
 * logged on `entry.voice`.
 */
export function geminiSpeech(res, { body, entry, model }) {
  const text = (body.contents ?? []).flatMap((content) => content?.parts ?? []).map((part) => part?.text ?? '').join('');
  entry.voice = body.generationConfig?.speechConfig?.voiceConfig?.prebuiltVoiceConfig?.voiceName ?? null;
  if (!text) return geminiError(res, 400, 'INVALID_ARGUMENT', 'Model tried to generate text, but it should only be used for TTS.');
  if (model === 'fail') return geminiError(res, 500, 'INTERNAL', 'An internal error has occurred.');
  const pcm = toneWav(Math.min(4000, 60 * text.length), 24000).subarray(44);
  sendJson(res, 200, {
    candidates: [{ content: { parts: [{ inlineData: { mimeType: 'audio/L16;codec=pcm;rate=24000', data: pcm.toString('base64') } }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 33, totalTokenCount: 37 },
    modelVersion: model,
    responseId: `mock-${Date.now().toString(36)}`,
  });
}
