// Tests of the knowledge-base fixtures (tests/support/knowledge-files.mjs), read back for real
// with readers written here, not with the writer's own code: the PDF's xref offsets, objects,
// page tree and content streams (inflated, and decrypted with the password where encrypted),
// the DOCX's ZIP structure (local headers against the central directory, CRC-32s, inflated
// parts that are well-formed XML), the zip bomb's ratio, the sparse file, the Markdown, code and
// mixed folder, and the recall corpus. Where poppler's pdftotext is installed it extracts
// page 31 too.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, open, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SYNONYMS, cosine, embedText } from '../mock/embeddings.mjs';
import {
  CODE_ANSWER,
  DOCX_ANSWER,
  HUGE_FILE_BYTES,
  MD_ANSWER,
  PDF_ANSWER,
  PDF_PASSWORDS,
  TXT_ANSWER,
  ZIP_BOMB_INFLATED_BYTES,
  makeRecallCorpus,
  pdfPageLines,
  writeBinaryNamedMd,
  writeCode,
  writeDocx,
  writeHugeSparseFile,
  writeMalformedPdf,
  writeMarkdown,
  writeMixedFolder,
  writePdf,
  writeRecallCorpus,
  writeZipBombDocx,
} from '../support/knowledge-files.mjs';

let dir;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hearth-knowledge-files-'));
});
after(() => rm(dir, { recursive: true, force: true }));

/** Whether a command is on the PATH. */
function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

// ---------------------------------------------------------------------------
// A small PDF reader: the xref table, objects by number, streams by /Length

function readPdf(bytes) {
  const text = bytes.toString('latin1');
  assert.ok(text.startsWith('%PDF-1.4\n'), 'the header is %PDF-1.4');
  const tail = /startxref\n(\d+)\n%%EOF\n$/.exec(text.slice(-64));
  if (!tail) throw new Error('no startxref / %%EOF at the end');
  const xrefAt = Number(tail[1]);
  const head = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt, xrefAt + 32));
  if (!head) throw new Error(`startxref ${xrefAt} does not point at an xref table`);
  const count = Number(head[1]);
  const entriesAt = xrefAt + head[0].length;
  const offsets = [];
  for (let number = 0; number < count; number++) {
    const entry = text.slice(entriesAt + number * 20, entriesAt + number * 20 + 20);
    const match = /^(\d{10}) (\d{5}) ([nf]) \n$/.exec(entry);
    assert.ok(match, `xref entry ${number} is 20 bytes: ${JSON.stringify(entry)}`);
    if (number === 0) assert.equal(entry, '0000000000 65535 f \n');
    else {
      assert.equal(match[3], 'n');
      offsets[number] = Number(match[1]);
    }
  }
  const trailerText = text.slice(entriesAt + count * 20);
  const trailer = /^trailer\n<<(.*)>>\nstartxref\n/s.exec(trailerText)?.[1];
  assert.ok(trailer, 'a trailer dictionary follows the xref entries');

  function object(number) {
    const at = offsets[number];
    assert.ok(at !== undefined, `object ${number} is in the xref`);
    const header = `${number} 0 obj\n`;
    assert.equal(text.slice(at, at + header.length), header, `xref offset of object ${number} points at "${number} 0 obj"`);
    const start = at + header.length;
    const streamAt = text.indexOf('\nstream\n', start);
    const endAt = text.indexOf('\nendobj\n', start);
    if (streamAt === -1 || endAt < streamAt) return { dict: text.slice(start, endAt), stream: null };
    const dict = text.slice(start, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)[1]);
    const dataAt = streamAt + '\nstream\n'.length;
    assert.equal(text.slice(dataAt + length, dataAt + length + '\nendstream\nendobj\n'.length), '\nendstream\nendobj\n', `object ${number}'s /Length is exact`);
    return { dict, stream: bytes.subarray(dataAt, dataAt + length) };
  }

  const ref = (dict, key) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  return { trailer, size: count, offsets, object, ref };
}

/** The page objects' content streams, in page order, as `{ number, dict, stream }`. */
function pdfPages(pdf) {
  const root = pdf.object(pdf.ref(pdf.trailer, 'Root'));
  assert.match(root.dict, /\/Type \/Catalog/);
  const tree = pdf.object(pdf.ref(root.dict, 'Pages'));
  assert.match(tree.dict, /\/Type \/Pages/);
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree.dict)[1]).matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  assert.equal(Number(/\/Count (\d+)/.exec(tree.dict)[1]), kids.length);
  return kids.map((kid) => {
    const page = pdf.object(kid);
    assert.match(page.dict, /\/Type \/Page\b/);
    assert.match(page.dict, /\/MediaBox \[0 0 612 792\]/);
    const font = pdf.object(Number(/\/F1 (\d+) 0 R/.exec(page.dict)[1]));
    assert.match(font.dict, /\/Type \/Font \/Subtype \/Type1 \/BaseFont \/Helvetica \/Encoding \/WinAnsiEncoding/);
    const number = pdf.ref(page.dict, 'Contents');
    return { number, ...pdf.object(number) };
  });
}

/** The strings a content stream shows with Tj, unescaped. */
function shownText(content) {
  const source = content.toString('latin1');
  assert.match(source, /^BT\n\/F1 11 Tf\n/);
  assert.match(source, /\nET\n$/);
  return [...source.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

const md5 = (...parts) => createHash('md5').update(Buffer.concat(parts)).digest();

function rc4(key, data) {
  const s = [...Array(256).keys()];
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) % 256;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let k = 0; k < data.length; k++) {
    i = (i + 1) % 256;
    j = (j + s[i]) % 256;
    [s[i], s[j]] = [s[j], s[i]];
    out[k] = data[k] ^ s[(s[i] + s[j]) % 256];
  }
  return out;
}

// The padding of PDF 1.4's Algorithm 3.2, step 1.
const PAD = Buffer.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08,
  0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

/** Algorithm 3.2 (revision 2): the 40-bit file key for a user password. */
function fileKey(password, { o, p, id }) {
  const padded = Buffer.concat([Buffer.from(password, 'latin1'), PAD]).subarray(0, 32);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(p);
  return md5(padded, o, permissions, id).subarray(0, 5);
}

describe('writePdf', () => {
  test('a 40-page PDF: exact xref offsets, a page tree, FlateDecode streams holding each page’s text', async () => {
    const file = path.join(dir, 'manual.pdf');
    const written = await writePdf(file);
    assert.deepEqual(written.answer, PDF_ANSWER);
    const bytes = await readFile(file);
    assert.equal(written.bytes, bytes.length);
    assert.ok(bytes.subarray(9, 15).some((byte) => byte > 127), 'a binary comment on the second line');
    const pdf = readPdf(bytes);
    assert.match(pdf.trailer, new RegExp(`/Size ${pdf.size} `));
    assert.match(pdf.trailer, /\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/);
    assert.doesNotMatch(pdf.trailer, /\/Encrypt/);
    for (let number = 1; number < pdf.size; number++) pdf.object(number); // every offset points at its object
    assert.match(pdf.object(pdf.ref(pdf.trailer, 'Info')).dict, /\/Title \(Pump house maintenance manual\)/);
    assert.ok(!bytes.includes('Larkspur'), 'the text is compressed, not in the file as is');

    const pages = pdfPages(pdf);
    assert.equal(pages.length, 40);
    const sentences = new Set();
    pages.forEach((page, index) => {
      assert.match(page.dict, /\/Filter \/FlateDecode/);
      const lines = shownText(zlib.inflateSync(page.stream));
      assert.equal(lines[0], `Page ${index + 1}`);
      assert.deepEqual(lines, pdfPageLines(index + 1));
      sentences.add(lines[1]);
      const text = lines.join('\n');
      if (index + 1 === PDF_ANSWER.page) {
        assert.ok(lines.includes(PDF_ANSWER.sentence), 'page 31 holds the answer');
      } else {
        assert.doesNotMatch(text, /Larkspur|47/, `page ${index + 1} says nothing of Larkspur nor 47`);
      }
      assert.ok(lines.every((line) => line.length <= 90), 'each line fits the page');
    });
    assert.equal(sentences.size, 40, 'each page has a sentence of its own');
  });

  test('without compression the streams are plain; fewer pages than 31 hold no answer', async () => {
    const file = path.join(dir, 'plain.pdf');
    const written = await writePdf(file, { pages: 3, compress: false });
    assert.equal(written.answer, null);
    const pdf = readPdf(await readFile(file));
    const pages = pdfPages(pdf);
    assert.equal(pages.length, 3);
    for (const [index, page] of pages.entries()) {
      assert.doesNotMatch(page.dict, /\/Filter/);
      assert.equal(shownText(page.stream)[0], `Page ${index + 1}`);
    }
  });

  test('encrypted: /Encrypt (standard handler, RC4 40-bit), the streams readable only with the password', async () => {
    const file = path.join(dir, 'encrypted.pdf');
    await writePdf(file, { encrypted: true });
    const bytes = await readFile(file);
    const pdf = readPdf(bytes);
    assert.match(pdf.trailer, /\/Encrypt \d+ 0 R/);
    const encrypt = pdf.object(pdf.ref(pdf.trailer, 'Encrypt')).dict;
    assert.match(encrypt, /\/Filter \/Standard \/V 1 \/R 2 \/Length 40 /);
    const o = Buffer.from(/\/O <([0-9a-f]+)>/.exec(encrypt)[1], 'hex');
    const u = Buffer.from(/\/U <([0-9a-f]+)>/.exec(encrypt)[1], 'hex');
    assert.equal(o.length, 32);
    assert.equal(u.length, 32);
    const p = Number(/\/P (-?\d+)/.exec(encrypt)[1]);
    const id = Buffer.from(/\/ID \[<([0-9a-f]+)>/.exec(pdf.trailer)[1], 'hex');

    // Algorithm 3.6: the user password is right when RC4(key, padding) is /U.
    const key = fileKey(PDF_PASSWORDS.user, { o, p, id });
    assert.deepEqual(rc4(key, PAD), u);
    assert.notDeepEqual(rc4(fileKey('', { o, p, id }), PAD), u, 'the empty password does not open it');
    assert.notDeepEqual(rc4(fileKey('wrong', { o, p, id }), PAD), u);

    assert.ok(!bytes.includes('Larkspur') && !bytes.includes('Pump house'));
    const pages = pdfPages(pdf);
    assert.equal(pages.length, 40);
    const page = pages[PDF_ANSWER.page - 1];
    assert.throws(() => zlib.inflateSync(page.stream), 'the stored stream is not plain deflate');
    const objectKey = md5(key, Buffer.from([page.number & 255, (page.number >> 8) & 255, page.number >> 16, 0, 0])).subarray(0, 10);
    assert.ok(shownText(zlib.inflateSync(rc4(objectKey, page.stream))).includes(PDF_ANSWER.sentence));
  });

  test('a malformed PDF starts like one and has no xref or trailer', async () => {
    const file = path.join(dir, 'malformed.pdf');
    await writeMalformedPdf(file);
    const bytes = await readFile(file);
    assert.equal(bytes.toString('latin1', 0, 9), '%PDF-1.4\n');
    assert.ok(!bytes.includes('startxref') && !bytes.includes('%%EOF'));
    assert.throws(() => readPdf(bytes), /no startxref/);
  });

  test('pdftotext (poppler) extracts page 31’s answer, and refuses the encrypted and malformed ones', async (t) => {
    if (!has('pdftotext')) {
      t.skip('pdftotext (poppler-utils) is not installed; the checks above read the PDF without it');
      return;
    }
    const manual = path.join(dir, 'manual.pdf');
    const encrypted = path.join(dir, 'encrypted.pdf');
    const malformed = path.join(dir, 'malformed.pdf');
    await writePdf(manual);
    await writePdf(encrypted, { encrypted: true });
    await writeMalformedPdf(malformed);
    const extract = (file, page, ...options) =>
      spawnSync('pdftotext', [...options, '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
    const answer = extract(manual, PDF_ANSWER.page);
    assert.equal(answer.status, 0, answer.stderr);
    assert.ok(answer.stdout.includes(PDF_ANSWER.sentence), answer.stdout);
    assert.match(answer.stdout, /^Page 31\n/);
    const before = extract(manual, PDF_ANSWER.page - 1);
    assert.doesNotMatch(before.stdout, /Larkspur/);
    assert.notEqual(extract(encrypted, PDF_ANSWER.page).status, 0, 'no password, no text');
    const unlocked = extract(encrypted, PDF_ANSWER.page, '-upw', PDF_PASSWORDS.user);
    assert.equal(unlocked.status, 0, unlocked.stderr);
    assert.ok(unlocked.stdout.includes(PDF_ANSWER.sentence));
    assert.notEqual(extract(malformed, 1).status, 0);
  });
});

// ---------------------------------------------------------------------------
// A small ZIP reader: the end record, the central directory, each local header against it

const crc32 =
  zlib.crc32 ??
  ((bytes) => {
    let crc = ~0;
    for (const byte of bytes) {
      crc ^= byte;
      for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    }
    return ~crc >>> 0;
  });

/** The entries of a ZIP, checked: `[{ name, method, compressed, size, crc, data }]` (`data` inflated). */
function readZip(bytes) {
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  assert.ok(end >= 0, 'an end of central directory record');
  const count = bytes.readUInt16LE(end + 10);
  assert.equal(bytes.readUInt16LE(end + 8), count);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryAt = bytes.readUInt32LE(end + 16);
  assert.equal(directoryAt + directorySize, end, 'the directory ends where the end record starts');
  const entries = [];
  let at = directoryAt;
  let expectedLocal = 0;
  for (let index = 0; index < count; index++) {
    assert.equal(bytes.readUInt32LE(at), 0x02014b50, `central header ${index}`);
    const central = {
      needed: bytes.readUInt16LE(at + 6),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      time: bytes.readUInt16LE(at + 12),
      date: bytes.readUInt16LE(at + 14),
      crc: bytes.readUInt32LE(at + 16),
      compressed: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      nameLength: bytes.readUInt16LE(at + 28),
      extraLength: bytes.readUInt16LE(at + 30),
      commentLength: bytes.readUInt16LE(at + 32),
      localAt: bytes.readUInt32LE(at + 42),
    };
    const name = bytes.toString('utf8', at + 46, at + 46 + central.nameLength);
    at += 46 + central.nameLength + central.extraLength + central.commentLength;

    const local = central.localAt;
    assert.equal(local, expectedLocal, `${name}: entries are laid one after the other`);
    assert.equal(bytes.readUInt32LE(local), 0x04034b50, `${name}: a local header at the directory's offset`);
    const localFields = {
      needed: bytes.readUInt16LE(local + 4),
      flags: bytes.readUInt16LE(local + 6),
      method: bytes.readUInt16LE(local + 8),
      time: bytes.readUInt16LE(local + 10),
      date: bytes.readUInt16LE(local + 12),
      crc: bytes.readUInt32LE(local + 14),
      compressed: bytes.readUInt32LE(local + 18),
      size: bytes.readUInt32LE(local + 22),
    };
    for (const [field, value] of Object.entries(localFields)) assert.equal(value, central[field], `${name}: local ${field} = central ${field}`);
    assert.equal(central.flags & 0x0008, 0, `${name}: sizes in the headers, no data descriptor`);
    const localName = bytes.toString('utf8', local + 30, local + 30 + bytes.readUInt16LE(local + 26));
    assert.equal(localName, name);
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const stored = bytes.subarray(dataAt, dataAt + central.compressed);
    expectedLocal = dataAt + central.compressed;
    assert.equal(central.method, 8, `${name}: deflated`);
    const data = zlib.inflateRawSync(stored);
    assert.equal(data.length, central.size, `${name}: the declared size`);
    assert.equal(crc32(data), central.crc, `${name}: the CRC-32`);
    entries.push({ name, ...central, data });
  }
  assert.equal(expectedLocal, directoryAt, 'the directory follows the last entry');
  return entries;
}

/** Fails unless `xml` is well-formed enough: one root, every tag closed in order, entities known. */
function assertWellFormed(xml, label) {
  assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>\n</, `${label}: the XML declaration`);
  const stack = [];
  let roots = 0;
  for (const [, closing, name, selfClosing] of xml.slice(xml.indexOf('?>') + 2).matchAll(/<(\/?)([\w:]+)(?:\s+[\w:]+="[^"<]*")*\s*(\/?)>/g)) {
    if (closing) assert.equal(stack.pop(), name, `${label}: </${name}> closes the open tag`);
    else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
  }
  assert.deepEqual(stack, [], `${label}: every tag is closed`);
  assert.equal(roots, 1, `${label}: one root element`);
  const text = xml.replace(/<[^>]*>/g, '');
  assert.doesNotMatch(text, /&(?!(amp|lt|gt|quot|apos);)/, `${label}: only XML's entities`);
  assert.doesNotMatch(text, /</);
}

describe('writeDocx and writeZipBombDocx', () => {
  test('a DOCX is a ZIP whose headers agree, with the OPC parts, headings and an &amp;', async () => {
    const file = path.join(dir, 'orchard.docx');
    const written = await writeDocx(file);
    assert.deepEqual(written.answer, DOCX_ANSWER);
    const entries = readZip(await readFile(file));
    const names = entries.map((entry) => entry.name);
    assert.equal(names[0], '[Content_Types].xml');
    for (const name of ['_rels/.rels', 'word/document.xml', 'word/_rels/document.xml.rels', 'word/styles.xml', 'docProps/core.xml']) {
      assert.ok(names.includes(name), name);
    }
    const part = (name) => entries.find((entry) => entry.name === name).data.toString('utf8');
    for (const name of names) assertWellFormed(part(name), name);

    assert.match(
      part('[Content_Types].xml'),
      /<Override PartName="\/word\/document.xml" ContentType="application\/vnd.openxmlformats-officedocument.wordprocessingml.document.main\+xml"\/>/,
    );
    assert.match(part('[Content_Types].xml'), /<Default Extension="rels" ContentType="application\/vnd.openxmlformats-package.relationships\+xml"\/>/);
    assert.match(
      part('_rels/.rels'),
      /Type="http:\/\/schemas.openxmlformats.org\/officeDocument\/2006\/relationships\/officeDocument" Target="word\/document.xml"/,
    );
    assert.match(part('word/styles.xml'), /w:styleId="Heading1"><w:name w:val="heading 1"\/>/);

    const document = part('word/document.xml');
    assert.match(document, /<w:document xmlns:w="http:\/\/schemas.openxmlformats.org\/wordprocessingml\/2006\/main"><w:body>/);
    const paragraphs = [...document.matchAll(/<w:p>(?:<w:pPr><w:pStyle w:val="(\w+)"\/><\/w:pPr>)?<w:r><w:t xml:space="preserve">([^<]*)<\/w:t><\/w:r><\/w:p>/g)].map(
      ([, style, text]) => ({ style: style ?? 'Normal', text }),
    );
    const [h1, h2] = DOCX_ANSWER.headingPath;
    const at = (text) => paragraphs.findIndex((p) => p.text === text);
    assert.deepEqual(paragraphs[0], { style: 'Heading1', text: h1 });
    assert.equal(paragraphs[at(h2)].style, 'Heading2');
    assert.ok(at(DOCX_ANSWER.sentence) > at(h2), 'the fact is under its Heading2');
    assert.ok(paragraphs.slice(at(h2) + 1, at(DOCX_ANSWER.sentence)).every((p) => p.style === 'Normal'));
    assert.ok(document.includes('apple &amp; pear'), 'an entity');
    assert.ok(paragraphs.some((p) => p.style === 'Heading3'));
    assert.match(document, /<w:sectPr>.*<\/w:sectPr><\/w:body><\/w:document>$/);
  });

  test('a DOCX of given paragraphs holds them and no answer; unzip agrees where it is installed', async (t) => {
    const file = path.join(dir, 'custom.docx');
    const written = await writeDocx(file, { paragraphs: [{ style: 'Heading1', text: 'Tea <& coffee>' }, 'Brew for "four" minutes.'] });
    assert.equal(written.answer, null);
    const document = readZip(await readFile(file)).find((entry) => entry.name === 'word/document.xml').data.toString('utf8');
    assertWellFormed(document, 'document.xml');
    assert.ok(document.includes('Tea &lt;&amp; coffee&gt;') && document.includes('Brew for &quot;four&quot; minutes.'));
    if (!has('unzip')) return t.skip('unzip is not installed');
    const tested = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
    assert.equal(tested.status, 0, tested.stdout + tested.stderr);
    assert.match(tested.stdout, /No errors detected/);
  });

  test('the zip bomb’s document.xml inflates beyond 1000:1, to 8 MiB, its sizes told truly', async () => {
    const file = path.join(dir, 'bomb.docx');
    await writeZipBombDocx(file);
    const bytes = await readFile(file);
    assert.ok(bytes.length < 64 * 1024, `the file is small: ${bytes.length} bytes`);
    const bomb = readZip(bytes).find((entry) => entry.name === 'word/document.xml');
    assert.equal(bomb.size, ZIP_BOMB_INFLATED_BYTES);
    assert.equal(bomb.data.length, 8 * 1024 * 1024);
    assert.ok(bomb.size / bomb.compressed > 1000, `ratio ${(bomb.size / bomb.compressed).toFixed(1)}:1`);
  });
});

// ---------------------------------------------------------------------------

describe('the other files', () => {
  test('the Markdown: #, ## and ### headings, the fact under ## Ferry timetable', async () => {
    const file = path.join(dir, 'harbour.md');
    const written = await writeMarkdown(file);
    assert.deepEqual(written.answer, MD_ANSWER);
    const text = await readFile(file, 'utf8');
    const lines = text.split('\n');
    assert.equal(lines[0], `# ${MD_ANSWER.headingPath[0]}`);
    assert.ok(lines.some((line) => line.startsWith('### ')));
    const start = lines.indexOf(`## ${MD_ANSWER.headingPath[1]}`);
    assert.ok(start > 0);
    const next = lines.findIndex((line, i) => i > start && /^#{1,2} /.test(line));
    const section = lines.slice(start, next).join('\n');
    assert.ok(section.includes(MD_ANSWER.sentence));
    assert.equal(text.split(MD_ANSWER.sentence).length, 2, 'the fact is said once');
    assert.ok(!MD_ANSWER.question.includes('last') && !MD_ANSWER.question.includes('leaves'), 'the question asks in other words');
  });

  test('the code: several top-level functions, compute_tidal_offset under its comment, in Python or Rust', async () => {
    const python = await writeCode(path.join(dir, 'tides.py'));
    assert.equal(python.language, 'python');
    assert.deepEqual(python.answer, CODE_ANSWER);
    const source = (await readFile(python.path, 'utf8')).split('\n');
    assert.ok(source.filter((line) => line.startsWith('def ')).length >= 4);
    const at = source.findIndex((line) => line.startsWith(`def ${CODE_ANSWER.symbol}(`));
    assert.ok(source.slice(at - 2, at).join('\n').includes(`# ${CODE_ANSWER.sentence}`));

    const rust = await writeCode(path.join(dir, 'tides.rs'));
    assert.equal(rust.language, 'rust');
    const code = (await readFile(rust.path, 'utf8')).split('\n');
    assert.ok(code.filter((line) => line.startsWith('pub fn ')).length >= 4);
    const fn = code.findIndex((line) => line.startsWith(`pub fn ${CODE_ANSWER.symbol}(`));
    assert.ok(code.slice(fn - 2, fn).join('\n').includes(`// ${CODE_ANSWER.sentence}`));
  });

  test('the binary file named .md has NULs and is not UTF-8', async () => {
    const file = path.join(dir, 'binary.md');
    await writeBinaryNamedMd(file);
    const bytes = await readFile(file);
    assert.equal(bytes.length, 4096);
    assert.ok(bytes.includes(0));
    assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    await writeBinaryNamedMd(path.join(dir, 'again.md'));
    assert.deepEqual(await readFile(path.join(dir, 'again.md')), bytes, 'the same bytes every time');
  });

  test('the huge file is 2 GiB long and sparse', async () => {
    const file = path.join(dir, 'huge.md');
    const written = await writeHugeSparseFile(file);
    try {
      assert.equal(written.bytes, HUGE_FILE_BYTES);
      const info = await stat(file);
      assert.equal(info.size, 2 * 1024 ** 3);
      if (typeof info.blocks === 'number' && info.blocks > 0) {
        assert.ok(info.blocks * 512 < 1024 * 1024, `it takes ${info.blocks * 512} bytes of disk`);
      }
      const handle = await open(file);
      const head = Buffer.alloc(20);
      await handle.read(head, 0, 20, 0);
      await handle.close();
      assert.equal(head.toString(), '# A very large file\n');
    } finally {
      await rm(file, { force: true });
    }
  });

  test('the mixed folder: md, a 40-page pdf, docx, code, and notes/ with a .txt', async () => {
    const folder = path.join(dir, 'mixed');
    const { files, answers } = await writeMixedFolder(folder);
    assert.deepEqual(
      files.map((file) => path.relative(folder, file)),
      ['harbour-guide.md', 'pump-manual.pdf', 'orchard-irrigation.docx', 'tides.py', path.join('notes', 'ferry-notes.txt')],
    );
    assert.deepEqual(answers, { md: MD_ANSWER, pdf: PDF_ANSWER, docx: DOCX_ANSWER, code: CODE_ANSWER, txt: TXT_ANSWER });
    assert.deepEqual((await readdir(folder)).sort(), ['harbour-guide.md', 'notes', 'orchard-irrigation.docx', 'pump-manual.pdf', 'tides.py']);
    assert.equal(pdfPages(readPdf(await readFile(files[1]))).length, 40);
    readZip(await readFile(files[2]));
    assert.ok((await readFile(files[4], 'utf8')).includes(TXT_ANSWER.sentence));
  });
});

// ---------------------------------------------------------------------------

describe('makeRecallCorpus', () => {
  const corpus = makeRecallCorpus();

  test('is deterministic: the same seed, the same corpus; another seed, another', () => {
    assert.deepEqual(makeRecallCorpus(), corpus);
    assert.deepEqual(makeRecallCorpus({ documents: 200, questions: 50, seed: 1 }), corpus);
    assert.notDeepEqual(makeRecallCorpus({ seed: 2 }).documents, corpus.documents);
    const small = makeRecallCorpus({ documents: 20, questions: 5, seed: 9 });
    assert.equal(small.documents.length, 20);
    assert.equal(small.questions.length, 5);
  });

  test('200 documents on distinct subjects, each a titled Markdown file of 3 to 6 facts', () => {
    assert.ok(corpus.documents.length >= 200);
    const names = corpus.documents.map((doc) => doc.name);
    assert.equal(new Set(names).size, names.length);
    const titles = new Set();
    for (const { name, text } of corpus.documents) {
      assert.match(name, /^[a-z0-9-]+\.md$/);
      const title = /^# (.+)\n\n.+\n\n## Facts\n\n/.exec(text)?.[1];
      assert.ok(title, name);
      titles.add(title);
      const facts = text.split('\n').filter((line) => line.startsWith('- '));
      assert.ok(facts.length >= 3 && facts.length <= 6, `${name}: ${facts.length} facts`);
    }
    assert.equal(titles.size, corpus.documents.length);
  });

  test('50 questions, each answered by a fact in its document and asked in other words', () => {
    assert.ok(corpus.questions.length >= 50);
    const byName = new Map(corpus.documents.map((doc) => [doc.name, doc.text]));
    assert.ok(new Set(corpus.questions.map((q) => q.answer)).size >= 50, 'spread over the documents');
    let synonyms = 0;
    for (const { question, answer, fact, expected } of corpus.questions) {
      const text = byName.get(answer);
      assert.ok(text, `${answer} is a document`);
      assert.ok(text.includes(`- ${fact}\n`), `${answer} holds: ${fact}`);
      assert.ok(fact.includes(expected), `the fact says ${expected}`);
      assert.match(question, /\?$/);
      assert.ok(!question.includes(fact) && !fact.includes(question.slice(0, -1)));
      const words = (s) => new Set(s.toLowerCase().match(/[a-z]+/g));
      const [asked, said] = [words(question), words(fact)];
      if (Object.entries(SYNONYMS).some(([word, same]) => asked.has(word) && !said.has(word) && fact.toLowerCase().includes(same))) synonyms++;
    }
    assert.ok(synonyms >= corpus.questions.length / 2, `${synonyms} questions use a synonym of the fact's word`);
  });

  test('the mock’s vectors find each question’s document among the first five', () => {
    const vectors = corpus.documents.map((doc) => embedText(doc.text));
    let found = 0;
    for (const { question, answer } of corpus.questions) {
      const asked = embedText(question);
      const ranked = corpus.documents
        .map((doc, index) => ({ name: doc.name, score: cosine(asked, vectors[index]) }))
        .sort((a, b) => b.score - a.score);
      if (ranked.slice(0, 5).some((hit) => hit.name === answer)) found++;
    }
    assert.ok(found >= 0.9 * corpus.questions.length, `recall@5: ${found}/${corpus.questions.length}`);
  });

  test('writeRecallCorpus writes the documents and nothing else', async () => {
    const folder = path.join(dir, 'corpus');
    const written = await writeRecallCorpus(folder, { documents: 30, questions: 10 });
    assert.equal(written.files.length, 30);
    assert.deepEqual((await readdir(folder)).sort(), written.documents.map((doc) => doc.name).sort());
    for (const doc of written.documents) assert.equal(await readFile(path.join(folder, doc.name), 'utf8'), doc.text);
    assert.equal(written.questions.length, 10);
  });
});
