// Tiny real PNG pictures for the mock LLM server: the Images API answers with them, and the
// picture scenarios carry them as base64. Truecolour, 8 bits, no alpha; a solid picture of
// 64x64 is about a hundred bytes. `readPng` reads back what `png` wrote, for tests.

import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Colours told apart by the index of a picture (the Images API's `n` pictures differ). */
export const PALETTE = [
  [0x33, 0x66, 0xcc], // blue
  [0xcc, 0x33, 0x33], // red
  [0x33, 0x99, 0x44], // green
  [0xee, 0xaa, 0x22], // amber
  [0x88, 0x44, 0xaa], // purple
  [0x22, 0x99, 0xaa], // teal
  [0x55, 0x55, 0x55], // grey
  [0xdd, 0x66, 0x99], // pink
  [0x99, 0x66, 0x33], // brown
  [0x11, 0x22, 0x33], // night
];

/** A PNG of `width` x `height` whose pixel at (x, y) is `pixel(x, y)`, an `[r, g, b]`. */
export function png(width, height, pixel) {
  const stride = 1 + width * 3; // a filter byte (0: none), then the row's pixels
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), y * stride + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, truecolour, deflate, no filter, no interlace
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-colour PNG: the colour of `PALETTE[index]` (wrapping), 64x64 unless told. */
export function solidPng(index, size = 64) {
  const colour = PALETTE[index % PALETTE.length];
  return png(size, size, () => colour);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Reads a PNG written by `png` (truecolour, 8 bits, filter 0 on every row): `{ width, height,
 * pixel(x, y) }`. Throws on anything else, CRC mismatches included.
 */
export function readPng(bytes) {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG signature');
  let offset = 8;
  const chunks = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const body = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(body) !== bytes.readUInt32BE(offset + 8 + length)) throw new Error('bad chunk CRC');
    chunks.push({ type: body.subarray(0, 4).toString('latin1'), data: body.subarray(4) });
    offset += 12 + length;
  }
  const [ihdr] = chunks;
  if (ihdr?.type !== 'IHDR' || chunks.at(-1).type !== 'IEND') throw new Error('chunks out of order');
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  if (ihdr.data[8] !== 8 || ihdr.data[9] !== 2) throw new Error('not 8-bit truecolour');
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = 1 + width * 3;
  if (raw.length !== stride * height) throw new Error('pixel data of the wrong size');
  const pixel = (x, y) => Array.from(raw.subarray(y * stride + 1 + x * 3, y * stride + 4 + x * 3));
  return { width, height, pixel };
}
