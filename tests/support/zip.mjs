// Writes ZIP archives for import tests (and reads the ones Hearth exports, `unzip`), including ones that lie: each entry's declared
// (uncompressed) size and CRC-32 are given separately from its bytes, so a test can make an
// archive whose table of contents says less, or more, than its entries unpack to. Entries
// are deflated (method 8) with Node's zlib, as ChatGPT's exports are; APPNOTE.TXT 6.3's
// local headers, central directory and its end record, no ZIP64.

import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A ZIP archive of `entries`, each `{ name, data }` (a Buffer, deflated here) or
 * `{ name, deflated, size, crc }` (raw deflate bytes and what the archive declares);
 * `size` and `crc` may also be given beside `data` to declare something else.
 */
export function zipArchive(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = entry.deflated ?? deflateRawSync(entry.data);
    const size = entry.size ?? entry.data.length;
    const crc = entry.crc ?? crc32(entry.data);
    const header = (signature, length) => {
      const buffer = Buffer.alloc(length);
      buffer.writeUInt32LE(signature, 0);
      return buffer;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = header(0x02014b50, 46);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The files of a zip written with stored (or deflated) entries: `[{ name, data }]`. */
export function unzip(bytes) {
  const entries = [];
  let at = 0;
  while (bytes.readUInt32LE(at) === 0x04034b50) {
    const method = bytes.readUInt16LE(at + 8);
    const size = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extra = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extra;
    const raw = bytes.subarray(start, start + size);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at = start + size;
  }
  return entries;
}
