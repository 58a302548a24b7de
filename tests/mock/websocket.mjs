// A small WebSocket server side (RFC 6455) for the mock: the opening handshake on an HTTP
// `upgrade`, text frames both ways (a client's frames are masked, the server's are not),
// fragments joined, ping answered, close echoed. Enough for the realtime voice protocols the
// mock speaks (Gemini Live); binary frames are delivered as Buffers.

import { createHash } from 'node:crypto';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/**
 * Completes the handshake of `req` on `socket` and returns a connection:
 * `{ send(text), close(code, reason), onMessage(fn), onClose(fn) }`. Answers 400 and returns
 * null when the request is not a WebSocket upgrade.
 */
export function acceptWebSocket(req, socket) {
  const key = req.headers['sec-websocket-key'];
  if (req.headers.upgrade?.toLowerCase() !== 'websocket' || !key) {
    socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    return null;
  }
  const accept = createHash('sha1').update(key + GUID).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: ${accept}\r\n\r\n`);
  socket.setNoDelay(true);
  const listeners = { message: [], close: [] };
  let buffered = Buffer.alloc(0);
  let pieces = [];
  let open = true;
  const write = (opcode, payload) => {
    if (!open || socket.destroyed) return;
    socket.write(frame(opcode, payload));
  };
  const closed = (code, reason) => {
    if (!open) return;
    open = false;
    for (const listener of listeners.close) listener(code, reason);
  };
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (let parsed = parse(buffered); parsed; parsed = parse(buffered)) {
      buffered = buffered.subarray(parsed.length);
      const { fin, opcode, payload } = parsed;
      if (opcode === 0x8) {
        const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
        write(0x8, payload.subarray(0, 2));
        closed(code, payload.subarray(2).toString('utf8'));
        socket.end();
        return;
      }
      if (opcode === 0x9) {
        write(0xa, payload);
        continue;
      }
      if (opcode === 0xa) continue;
      pieces.push({ opcode, payload });
      if (!fin) continue;
      const first = pieces[0].opcode;
      const whole = Buffer.concat(pieces.map((piece) => piece.payload));
      pieces = [];
      const message = first === 0x1 ? whole.toString('utf8') : whole;
      for (const listener of listeners.message) listener(message);
    }
  });
  socket.on('close', () => closed(1006, ''));
  socket.on('error', () => closed(1006, ''));
  return {
    send: (text) => write(0x1, Buffer.from(text, 'utf8')),
    close: (code = 1000, reason = '') => {
      const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
      payload.writeUInt16BE(code, 0);
      payload.write(reason, 2, 'utf8');
      write(0x8, payload);
      closed(code, reason);
      socket.end();
    },
    onMessage: (listener) => listeners.message.push(listener),
    onClose: (listener) => listeners.close.push(listener),
    get open() {
      return open;
    },
  };
}

/** A server frame (never masked): FIN set, `opcode`, `payload`. */
function frame(opcode, payload) {
  const length = payload.length;
  const head = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (length < 126) head[1] = length;
  else if (length < 65536) {
    head[1] = 126;
    head.writeUInt16BE(length, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, payload]);
}

/** The first frame of `bytes` (`{ fin, opcode, payload, length }`), or null until it is whole. */
function parse(bytes) {
  if (bytes.length < 2) return null;
  const fin = (bytes[0] & 0x80) !== 0;
  const opcode = bytes[0] & 0x0f;
  const masked = (bytes[1] & 0x80) !== 0;
  let length = bytes[1] & 0x7f;
  let at = 2;
  if (length === 126) {
    if (bytes.length < 4) return null;
    length = bytes.readUInt16BE(2);
    at = 4;
  } else if (length === 127) {
    if (bytes.length < 10) return null;
    length = Number(bytes.readBigUInt64BE(2));
    at = 10;
  }
  const mask = masked ? bytes.subarray(at, at + 4) : null;
  if (masked) at += 4;
  if (bytes.length < at + length) return null;
  const payload = Buffer.from(bytes.subarray(at, at + length));
  if (mask) for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i % 4];
  return { fin, opcode, payload, length: at + length };
}

/** A client frame (masked, as a browser sends): for tests that talk to the mock. */
export function clientFrame(text, opcode = 0x1) {
  const payload = Buffer.from(text, 'utf8');
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]));
  const length = payload.length;
  const head = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (length < 126) head[1] = 0x80 | length;
  else if (length < 65536) {
    head[1] = 0x80 | 126;
    head.writeUInt16BE(length, 2);
  } else {
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, mask, masked]);
}

/** Reads server frames from `bytes` (a test client's view): `[texts, rest]`. */
export function serverFrames(bytes) {
  const texts = [];
  let rest = bytes;
  for (let parsed = parse(rest); parsed; parsed = parse(rest)) {
    rest = rest.subarray(parsed.length);
    texts.push({ opcode: parsed.opcode, text: parsed.payload.toString('utf8') });
  }
  return [texts, rest];
}
