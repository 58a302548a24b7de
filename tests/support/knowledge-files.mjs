// Files for the knowledge-base tests: a user's documents as real bytes, each holding a fact a
// test asks about, and ones a reader must refuse. Pure Node (node:zlib for deflate, node:crypto
// for the PDF's MD5); every writer takes the file's path, creates its folder, and returns
// `{ path, bytes, answer }` where `answer` is the fact it holds (the exported *_ANSWER), or
// null when the file holds none of ours.
//
//   writePdf            a real PDF 1.4 of N pages of Helvetica text (FlateDecode or plain
//                       streams, exact xref offsets), the answer on page 31 only; or encrypted
//                       with the standard security handler (RC4, 40 bits, a user password),
//                       so a reader without the password refuses it
//   writeMalformedPdf   `%PDF-1.4` and then garbage
//   writeDocx           a real DOCX (a ZIP with deflated parts, CRC-32s computed here):
//                       headings in Heading1/Heading2 styles, paragraphs, an `&amp;`
//   writeZipBombDocx    a DOCX whose document.xml inflates to 8 MiB from ~8 KB (over 1000:1)
//   writeCorruptDocx    a DOCX whose document.xml's deflated bytes are damaged (sizes told truly)
//   writeMarkdown       a harbour guide with #, ## and ### headings
//   writeCode           a Python (or, for a .rs path, Rust) file of several functions
//   writeText           a short plain-text note
//   writeBinaryNamedMd  random-looking bytes with NULs, named .md
//   writeHugeSparseFile a 2 GiB file that takes almost no disk: it is sparse (a short header,
//                       then a hole made by truncating the file longer; nothing else written)
//   writeMixedFolder    Markdown, a 40-page PDF, a DOCX and code, and notes/ with a .txt
//   writeManyNotes      a folder of N short Markdown notes, each a different sentence
//   makeRecallCorpus    200 short Markdown documents about made-up subjects and 50 questions
//                       asked in other words, each naming the document that answers it
//   writeRecallCorpus   that corpus written as files

import { createHash } from 'node:crypto';
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { mulberry32 } from './seeded-random.mjs';
import { zipArchive } from './zip.mjs';

// ---------------------------------------------------------------------------
// The facts

/** The PDF's fact: on page 31, and on no other page. */
export const PDF_ANSWER = Object.freeze({
  page: 31,
  sentence: 'The Larkspur valve opens at 47 kilopascals during the morning purge.',
  question: 'At what pressure does the Larkspur valve open?',
  answer: '47 kilopascals',
});

/** The DOCX's fact, under its Heading1 and Heading2. */
export const DOCX_ANSWER = Object.freeze({
  headingPath: ['Orchard irrigation', 'Drip lines'],
  sentence: 'Drip lines in the north orchard run for 35 minutes at dawn.',
  question: 'For how long do the drip lines in the north orchard run?',
  answer: '35 minutes',
});

/** The Markdown's fact; the question says "final" and "depart" where the text says "last" and "leaves". */
export const MD_ANSWER = Object.freeze({
  headingPath: ['Harbour guide', 'Ferry timetable'],
  sentence: 'The last ferry to Vellmar leaves at 22:40 on weekdays.',
  question: 'When does the final ferry to Vellmar depart on weekdays?',
  answer: '22:40',
});

/** The code file's fact: a documented function and what its comment says. */
export const CODE_ANSWER = Object.freeze({
  symbol: 'compute_tidal_offset',
  sentence: 'The tidal offset adds 3 minutes per kilometre along the fjord to the fixed harbour lag.',
  question: 'How many minutes per kilometre does the tidal offset add?',
  answer: '3 minutes per kilometre',
});

/** The plain-text note's fact (notes/ferry-notes.txt in the mixed folder). */
export const TXT_ANSWER = Object.freeze({
  sentence: 'Bicycles ride free on the Vellmar ferry, and dogs pay half fare.',
  question: 'Do bicycles cost anything on the Vellmar ferry?',
  answer: 'free',
});

/** The encrypted PDF's passwords: without the user password a reader cannot open it. */
export const PDF_PASSWORDS = Object.freeze({ user: 'hearth-reader', owner: 'hearth-owner' });

async function writeOut(file, bytes) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return bytes.length;
}

// ---------------------------------------------------------------------------
// PDF

const PDF_TOPICS = {
  parts: ['intake pump', 'check valve', 'pressure gauge', 'gate valve', 'drain line', 'bearing housing', 'filter basket', 'relief valve', 'impeller', 'motor coupling'],
  tasks: ['inspection', 'lubrication', 'cleaning', 'seal replacement'],
};

// Each line fits a Helvetica 11 pt line on a Letter page; none names Larkspur or says 47.
const PDF_FILLER = [
  'Close the gate valve fully before you open the pump casing.',
  'Check the gland packing for drips once a week and tighten it a quarter turn.',
  'The Brennick relief valve lifts at 62 kilopascals above working pressure.',
  'Bearings run warm to the touch; hot bearings need grease or replacement.',
  'Log every reading in the pump house book with the date and your initials.',
  'Flush the strainer basket after heavy rain, when silt builds up quickly.',
  'The Ostler check valve keeps the rising main full when the pump stops.',
  'Vent trapped air from the casing before starting the motor.',
  'A worn impeller shows as falling flow at the same motor current.',
  'Replace the O-rings whenever a flange has been opened.',
  'Keep spare fuses, gaskets and a torque wrench in the grey cabinet.',
  'The pressure gauge should read between 20 and 35 kilopascals at rest.',
  'Never run the pump dry: the mechanical seal fails within minutes.',
  'Coupling alignment is checked with a straight edge across both hubs.',
  'The evening purge runs for ten minutes after the last shift.',
  'Drain the sump to the soakaway, never to the storm drain.',
  'Test the float switch by lifting it gently until the pump starts.',
  'Motor insulation is tested every spring with a 500 volt megger.',
  'The Marrow gate valve needs 19 turns from fully open to fully shut.',
  'Paint exposed pipework with zinc primer to slow corrosion.',
  'Report any knocking in the rising main, which may be water hammer.',
];

/** The lines of text on page `page` (1-based) of `writePdf`'s manual. */
export function pdfPageLines(page) {
  const part = PDF_TOPICS.parts[(page - 1) % PDF_TOPICS.parts.length];
  const task = PDF_TOPICS.tasks[Math.floor((page - 1) / PDF_TOPICS.parts.length) % PDF_TOPICS.tasks.length];
  const filler = [0, 1, 2].map((j) => PDF_FILLER[(page * 7 + j * 5) % PDF_FILLER.length]);
  const lines = [`Page ${page}`, `Section ${page} of the pump house manual covers ${task} of the ${part}.`, ...filler];
  if (page === PDF_ANSWER.page) lines.splice(3, 0, PDF_ANSWER.sentence);
  return lines;
}

/** A PDF literal string's body: backslash, parentheses escaped. */
const pdfEscape = (text) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** A page's content stream: one BT … ET block, Helvetica (F1) 11 pt, a line per entry. */
function pageContent(lines) {
  const shown = lines.map((line) => `(${pdfEscape(line)}) Tj`).join('\nT*\n');
  return Buffer.from(`BT\n/F1 11 Tf\n14 TL\n72 720 Td\n${shown}\nET\n`, 'latin1');
}

const PASSWORD_PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

const md5 = (...parts) => createHash('md5').update(Buffer.concat(parts)).digest();

/** RC4 of `data` with `key` (encrypting and decrypting are the same). */
export function rc4(key, data) {
  const s = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[k] = data[k] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

const padPassword = (password) => Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);

/**
 * The standard security handler, revision 2 (PDF 1.4's Algorithms 3.2 to 3.4): the 40-bit
 * file key from the user password, `/O`, `/P` and the first file ID, and `/O` and `/U`.
 */
export function pdfSecurity({ user, owner, permissions, fileId }) {
  const o = rc4(md5(padPassword(owner)).subarray(0, 5), padPassword(user));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padPassword(user), o, p, fileId).subarray(0, 5);
  return { key, o, u: rc4(key, PASSWORD_PADDING) };
}

/** The RC4 key for object `number` (generation 0) under the file key (Algorithm 3.1). */
export function pdfObjectKey(fileKey, number) {
  const suffix = Buffer.from([number & 255, (number >> 8) & 255, (number >> 16) & 255, 0, 0]);
  return md5(fileKey, suffix).subarray(0, Math.min(fileKey.length + 5, 16));
}

/** The PDF's bytes: objects, an xref table of their exact offsets, the trailer. */
function pdfBytes({ pages, compress, encrypted }) {
  const fileId = md5(Buffer.from(`hearth-knowledge-pdf:${pages}:${compress}:${encrypted}`));
  const permissions = -64;
  const security = encrypted ? pdfSecurity({ ...PDF_PASSWORDS, permissions, fileId }) : null;
  const protect = (number, bytes) => (security ? rc4(pdfObjectKey(security.key, number), bytes) : bytes);
  const string = (number, text) =>
    security ? `<${protect(number, Buffer.from(text, 'latin1')).toString('hex')}>` : `(${pdfEscape(text)})`;

  // 1 catalog, 2 page tree, 3 font, 4 info, then a page and its content per page, then /Encrypt.
  const pageNumber = (index) => 5 + 2 * index;
  const objects = new Map();
  const kids = Array.from({ length: pages }, (_, index) => `${pageNumber(index)} 0 R`).join(' ');
  objects.set(1, '<< /Type /Catalog /Pages 2 0 R >>');
  objects.set(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.set(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.set(
    4,
    `<< /Title ${string(4, 'Pump house maintenance manual')} /Producer ${string(4, 'Hearth test fixtures')} ` +
      `/CreationDate ${string(4, 'D:20250101000000Z')} >>`,
  );
  for (let index = 0; index < pages; index++) {
    const page = pageNumber(index);
    objects.set(
      page,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`,
    );
    const content = pageContent(pdfPageLines(index + 1));
    const stored = protect(page + 1, compress ? deflateSync(content) : content);
    const dictionary = `<< /Length ${stored.length}${compress ? ' /Filter /FlateDecode' : ''} >>`;
    objects.set(page + 1, Buffer.concat([Buffer.from(`${dictionary}\nstream\n`), stored, Buffer.from('\nendstream')]));
  }
  const encryptNumber = pageNumber(pages);
  if (security) {
    objects.set(
      encryptNumber,
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${security.o.toString('hex')}> /U <${security.u.toString('hex')}> /P ${permissions} >>`,
    );
  }

  // A binary comment on line 2 tells transfer programs the file is binary.
  const chunks = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0].length;
  const offsets = [];
  const size = Math.max(...objects.keys()) + 1;
  for (let number = 1; number < size; number++) {
    const body = objects.get(number);
    offsets[number] = length;
    const chunk = Buffer.concat([Buffer.from(`${number} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    length += chunk.length;
  }
  // Each xref entry is exactly 20 bytes: 10 digits, space, 5 digits, space, type, space, LF.
  const entries = ['0000000000 65535 f \n'];
  for (let number = 1; number < size; number++) entries.push(`${String(offsets[number]).padStart(10, '0')} 00000 n \n`);
  const id = `<${fileId.toString('hex')}>`;
  const trailer =
    `trailer\n<< /Size ${size} /Root 1 0 R /Info 4 0 R${security ? ` /Encrypt ${encryptNumber} 0 R` : ''} /ID [${id} ${id}] >>\n` +
    `startxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(`xref\n0 ${size}\n${entries.join('')}${trailer}`));
  return Buffer.concat(chunks);
}

/**
 * Writes a pump house manual of `pages` pages (each "Page N", a section sentence of its own
 * and three lines of filler about valves, pumps and maintenance; page 31 also holds
 * PDF_ANSWER's sentence). `compress`: FlateDecode content streams; `encrypted`: RC4 40-bit
 * under PDF_PASSWORDS (streams and strings encrypted, `/Encrypt` in the trailer).
 */
export async function writePdf(file, { pages = 40, compress = true, encrypted = false } = {}) {
  if (!Number.isInteger(pages) || pages < 1) throw new Error(`writePdf: pages must be a positive integer, got ${pages}`);
  const bytes = await writeOut(file, pdfBytes({ pages, compress, encrypted }));
  return { path: file, bytes, pages, answer: pages >= PDF_ANSWER.page ? PDF_ANSWER : null };
}

/** Writes a file that starts like a PDF (`%PDF-1.4`) and goes on as garbage, with no xref or trailer. */
export async function writeMalformedPdf(file) {
  const random = mulberry32(0x9df);
  const garbage = Buffer.from(Array.from({ length: 2048 }, () => Math.floor(random() * 256)));
  const bytes = await writeOut(file, Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Cat'), garbage]));
  return { path: file, bytes, answer: null };
}

// ---------------------------------------------------------------------------
// ZIP and DOCX

/**
 * A ZIP archive of `entries` `[{ name, data }]`, each deflated (method 8, zlib level 9) with
 * its true CRC-32 and sizes: `zipArchive` of the import tests' zip.mjs, with deflate at its
 * tightest (the zip bomb's ratio depends on it).
 */
export function zipBytes(entries) {
  return zipArchive(entries.map(({ name, data }) => ({ name, data, deflated: deflateRawSync(data, { level: 9, memLevel: 9 }) })));
}

const xmlEscape = (text) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The DOCX's default paragraphs: strings are Normal paragraphs, objects name their style. */
export const DOCX_PARAGRAPHS = Object.freeze([
  { style: 'Heading1', text: 'Orchard irrigation' },
  'This guide covers watering the apple & pear trees through the dry months.',
  { style: 'Heading2', text: 'Drip lines' },
  DOCX_ANSWER.sentence,
  'Check each emitter for blockages once the blossom has set.',
  { style: 'Heading2', text: 'Sprinklers' },
  'The south orchard uses micro-sprinklers on a two-day cycle.',
  'Sprinklers stay off when the wind is stronger than a light breeze.',
  { style: 'Heading2', text: 'Soil moisture' },
  'Probe the soil at 30 centimetres before deciding to water.',
  { style: 'Heading3', text: 'Winter checks' },
  'Drain the mains before the first frost and leave the valves open.',
]);

/** The package parts of a DOCX whose document.xml is `documentXml` (Buffer or string). */
function docxParts(documentXml, title) {
  const part = (name, text) => ({ name, data: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8') });
  const heading = (level) =>
    `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/>` +
    `<w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="60"/><w:outlineLvl w:val="${level - 1}"/></w:pPr>` +
    `<w:rPr><w:b/><w:sz w:val="${36 - level * 4}"/></w:rPr></w:style>`;
  return [
    part(
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ),
    part(
      '_rels/.rels',
      `${XML_DECLARATION}<Relationships xmlns="${REL_NS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="word/document.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    ),
    part(
      'docProps/core.xml',
      `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:title>${xmlEscape(title)}</dc:title><dc:creator>Hearth test fixtures</dc:creator>` +
        '<dcterms:created xsi:type="dcterms:W3CDTF">2025-01-01T00:00:00Z</dcterms:created></cp:coreProperties>',
    ),
    part('word/document.xml', documentXml),
    part(
      'word/_rels/document.xml.rels',
      `${XML_DECLARATION}<Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/styles" Target="styles.xml"/></Relationships>`,
    ),
    part(
      'word/styles.xml',
      `${XML_DECLARATION}<w:styles xmlns:w="${W_NS}">` +
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
        `${heading(1)}${heading(2)}${heading(3)}</w:styles>`,
    ),
  ];
}

const SECTION_PROPERTIES =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>' +
  '<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';

/** WordprocessingML for `paragraphs` (strings, or `{ style, text }`). */
function documentXml(paragraphs) {
  const body = paragraphs
    .map((paragraph) => {
      const { style, text } = typeof paragraph === 'string' ? { text: paragraph } : paragraph;
      const properties = style ? `<w:pPr><w:pStyle w:val="${xmlEscape(style)}"/></w:pPr>` : '';
      return `<w:p>${properties}<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
    })
    .join('');
  return `${XML_DECLARATION}<w:document xmlns:w="${W_NS}"><w:body>${body}${SECTION_PROPERTIES}</w:body></w:document>`;
}

/**
 * Writes a DOCX of `paragraphs` (default DOCX_PARAGRAPHS, about orchard irrigation, holding
 * DOCX_ANSWER): the OPC parts [Content_Types].xml, _rels/.rels, docProps/core.xml,
 * word/document.xml, word/_rels/document.xml.rels and word/styles.xml (Heading1 to 3).
 */
export async function writeDocx(file, { paragraphs = DOCX_PARAGRAPHS } = {}) {
  const title = paragraphs.find((p) => typeof p !== 'string' && p.style === 'Heading1')?.text ?? path.basename(file);
  const bytes = await writeOut(file, zipBytes(docxParts(documentXml(paragraphs), title)));
  return { path: file, bytes, answer: paragraphs === DOCX_PARAGRAPHS ? DOCX_ANSWER : null };
}

/** What writeZipBombDocx's document.xml inflates to. */
export const ZIP_BOMB_INFLATED_BYTES = 8 * 1024 * 1024;

/**
 * Writes a DOCX whose word/document.xml is 8 MiB (ZIP_BOMB_INFLATED_BYTES) of one byte, "A",
 * deflated to some 8 KB: a ratio over 1000:1 for that entry (deflate cannot pass 1032:1, and
 * XML around the filler would bring it close to 1000, so there is none: it is no XML at all).
 * Sizes and CRC are told truly, so a reader that holds to ratio or size limits refuses it
 * from the central directory, before inflating anything.
 */
export async function writeZipBombDocx(file) {
  const filler = Buffer.alloc(ZIP_BOMB_INFLATED_BYTES, 'A');
  const bytes = await writeOut(file, zipBytes(docxParts(filler, 'Zip bomb')));
  return { path: file, bytes, answer: null };
}

/**
 * Writes a DOCX like writeDocx's whose word/document.xml cannot be inflated: its deflated
 * bytes begin with a block of the type deflate does not have (0b11), the rest as they were,
 * and the sizes and CRC in the headers are the true ones, so nothing looks wrong until the
 * entry is inflated. A damaged file, not a zip bomb: its ratio is the ordinary one.
 */
export async function writeCorruptDocx(file) {
  const parts = docxParts(documentXml(DOCX_PARAGRAPHS), 'Damaged');
  const entries = parts.map(({ name, data }) => {
    const deflated = Buffer.from(deflateRawSync(data, { level: 9 }));
    if (name === 'word/document.xml') deflated[0] = 0xff;
    return { name, data, deflated };
  });
  const bytes = await writeOut(file, zipArchive(entries));
  return { path: file, bytes, answer: null };
}

// ---------------------------------------------------------------------------
// Markdown, code, text

const HARBOUR_GUIDE = `# Harbour guide

Vellmar harbour sits at the mouth of the fjord, a short walk from the old town square.

## Getting there

Buses from the station stop at the harbour gate every twenty minutes.
There is no parking on the quay itself; use the car park behind the fish hall.

## Ferry timetable

The first ferry to Vellmar leaves at 06:15 and boats then run every hour.
${MD_ANSWER.sentence}
On Sundays the last boat sails at 20:00 instead.

### Tickets

Buy tickets at the kiosk by the gangway or on board, cash or card.
Children under five travel free.

## Markets

### Fish market

The fish market opens at dawn on Tuesdays and Saturdays beside the north pier.

### Craft market

Local potters and weavers sell their work on the first Sunday of each month.

## Safety

Keep behind the yellow line while boats are docking.
`;

/** Writes the harbour guide: #, ## and ### headings, MD_ANSWER under "## Ferry timetable". */
export async function writeMarkdown(file) {
  const bytes = await writeOut(file, Buffer.from(HARBOUR_GUIDE, 'utf8'));
  return { path: file, bytes, answer: MD_ANSWER };
}

const PYTHON_TIDES = `"""Tide helpers used by the Vellmar ferry planner."""

import math

HARBOUR_LAG_MINUTES = 42


def parse_station(line):
    """Splits a "name;latitude;longitude" line into a tuple."""
    name, latitude, longitude = line.strip().split(";")
    return name, float(latitude), float(longitude)


def distance_km(a, b):
    """Great-circle distance between two (latitude, longitude) pairs, in kilometres."""
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


# ${CODE_ANSWER.sentence}
# High water at a harbour comes this many minutes after high water at Vellmar.
def compute_tidal_offset(distance_along_fjord_km, lag=HARBOUR_LAG_MINUTES):
    return round(distance_along_fjord_km * 3 + lag)


def format_departure(minutes_after_midnight):
    """A departure time as HH:MM."""
    hours, minutes = divmod(int(minutes_after_midnight) % 1440, 60)
    return f"{hours:02d}:{minutes:02d}"


def next_sailing(timetable, now):
    """The first sailing in a sorted timetable at or after now, or None."""
    return next((t for t in timetable if t >= now), None)
`;

const RUST_TIDES = `//! Tide helpers used by the Vellmar ferry planner.

pub const HARBOUR_LAG_MINUTES: f64 = 42.0;

/// Splits a "name;latitude;longitude" line.
pub fn parse_station(line: &str) -> Option<(&str, f64, f64)> {
    let mut parts = line.trim().split(';');
    let name = parts.next()?;
    Some((name, parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

// ${CODE_ANSWER.sentence}
// High water at a harbour comes this many minutes after high water at Vellmar.
pub fn compute_tidal_offset(distance_along_fjord_km: f64, lag: f64) -> i64 {
    (distance_along_fjord_km * 3.0 + lag).round() as i64
}

/// A departure time as HH:MM.
pub fn format_departure(minutes_after_midnight: u32) -> String {
    let minutes = minutes_after_midnight % 1440;
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The first sailing in a sorted timetable at or after \`now\`.
pub fn next_sailing(timetable: &[u32], now: u32) -> Option<u32> {
    timetable.iter().copied().find(|&t| t >= now)
}
`;

/**
 * Writes a tide-helpers source file, Rust for a path ending in .rs and Python otherwise:
 * several top-level functions, `compute_tidal_offset` documented by a comment (CODE_ANSWER).
 */
export async function writeCode(file) {
  const language = file.endsWith('.rs') ? 'rust' : 'python';
  const bytes = await writeOut(file, Buffer.from(language === 'rust' ? RUST_TIDES : PYTHON_TIDES, 'utf8'));
  return { path: file, bytes, language, answer: CODE_ANSWER };
}

/** Writes a short plain-text note holding TXT_ANSWER. */
export async function writeText(file) {
  const text = `Ferry notes\n\n${TXT_ANSWER.sentence}\nThe kiosk closes ten minutes before the last sailing.\n`;
  const bytes = await writeOut(file, Buffer.from(text, 'utf8'));
  return { path: file, bytes, answer: TXT_ANSWER };
}

/** Writes `length` bytes of deterministic noise, every 7th a NUL, under a name such as notes.md. */
export async function writeBinaryNamedMd(file, length = 4096) {
  const random = mulberry32(0xb1a);
  const noise = Buffer.from(Array.from({ length }, (_, i) => (i % 7 === 3 ? 0 : Math.floor(random() * 256))));
  const bytes = await writeOut(file, noise);
  return { path: file, bytes, answer: null };
}

/** 2 GiB: more than a signed 32-bit length holds. */
export const HUGE_FILE_BYTES = 2 * 1024 ** 3;

/**
 * Writes a file of `bytes` (default 2 GiB) that is sparse: a one-line Markdown header, then
 * the file is truncated longer, which leaves a hole the file system does not store (on ext4,
 * xfs, btrfs, tmpfs, APFS). It reads as that header and then zeros; it costs a few KB of disk.
 */
export async function writeHugeSparseFile(file, bytes = HUGE_FILE_BYTES) {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, 'w');
  try {
    await handle.write(Buffer.from('# A very large file\n'));
    await handle.truncate(bytes);
  } finally {
    await handle.close();
  }
  return { path: file, bytes, answer: null };
}

/**
 * Writes a folder a user might add: harbour-guide.md, pump-manual.pdf (40 pages),
 * orchard-irrigation.docx, tides.py and notes/ferry-notes.txt.
 * `{ files: [paths, in that order], answers: { md, pdf, docx, code, txt } }`.
 */
export async function writeMixedFolder(dir) {
  const written = [
    await writeMarkdown(path.join(dir, 'harbour-guide.md')),
    await writePdf(path.join(dir, 'pump-manual.pdf'), { pages: 40 }),
    await writeDocx(path.join(dir, 'orchard-irrigation.docx')),
    await writeCode(path.join(dir, 'tides.py')),
    await writeText(path.join(dir, 'notes', 'ferry-notes.txt')),
  ];
  return {
    files: written.map((file) => file.path),
    answers: { md: MD_ANSWER, pdf: PDF_ANSWER, docx: DOCX_ANSWER, code: CODE_ANSWER, txt: TXT_ANSWER },
  };
}

/**
 * Writes `count` short Markdown notes into `dir` (note-00001.md …), each a different logbook
 * line, so none is a copy of another; returns their paths in order. Written a few hundred at a
 * time, not all at once (a folder of 50,000 would otherwise open 50,000 files together).
 */
export async function writeManyNotes(dir, count) {
  await mkdir(dir, { recursive: true });
  const paths = Array.from({ length: count }, (_, i) => path.join(dir, `note-${String(i + 1).padStart(5, '0')}.md`));
  for (let start = 0; start < count; start += 500) {
    await Promise.all(
      paths.slice(start, start + 500).map((file, i) => {
        const n = start + i + 1;
        return writeFile(file, `# Logbook ${n}\n\nWatch ${n}: the tide gauge read ${(n * 37) % 1000} centimetres at buoy ${n}.\n`);
      }),
    );
  }
  return paths;
}

// ---------------------------------------------------------------------------
// The recall corpus

const ONSETS = ['b', 'br', 'd', 'dr', 'f', 'g', 'gr', 'h', 'k', 'kl', 'l', 'm', 'n', 'p', 'qu', 'r', 's', 'st', 't', 'th', 'v', 'w', 'z'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ae', 'ei', 'ou', 'ia'];
const CODAS = ['', '', 'n', 'r', 'l', 's', 'th', 'm', 'nd', 'rk', 'x', 'sk'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const FOODS = ['plum dumplings', 'smoked eel', 'honey cakes', 'barley soup', 'fried trout', 'walnut bread', 'cheese pies', 'apple fritters'];
const EVENTS = ['lantern parade', 'tug of war', 'choir contest', 'fireworks display', 'horse race', 'dance on the green'];

const ordinal = (n) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
const pad2 = (n) => String(n).padStart(2, '0');

/**
 * The kinds of subject, each with a title, an opening line and six fact templates: the fact
 * as the document says it, the question as a user would ask it (other word forms, and words
 * from the mock's synonym table: automobile/car, physician/doctor, purchase/buy, begin/start,
 * big/large, quick/fast, depart/leave, final/last, tiny/small, repair/fix, house/home), and
 * the expected answer.
 */
const KINDS = [
  {
    kind: 'village',
    title: (v) => v.name,
    opening: (v) => `${v.name} is a village in the ${v.place} valley.`,
    facts: [
      (v) => [`The weekly market in ${v.name} starts at ${v.h} o'clock on ${v.day}s.`, `At what hour does the weekly market of ${v.name} begin on a ${v.day}?`, `${v.h} o'clock`],
      (v) => [`${v.name} has a large stone bridge with ${v.k} arches.`, `How many arches are in the big bridge at ${v.name}?`, `${v.k}`],
      (v) => [`The last bus leaves ${v.name} at ${v.time}.`, `When does the final bus depart from ${v.name}?`, v.time],
      (v) => [`Families in ${v.name} buy their bread from the ${v.place2} bakery.`, `Which bakery do households in ${v.name} purchase bread from?`, v.place2],
      (v) => [`The doctor of ${v.name} is ${v.person}.`, `Who is the physician in ${v.name}?`, v.person],
      (v) => [`A small museum in ${v.name} keeps ${v.k2} old clocks.`, `How many antique clocks does the tiny museum of ${v.name} hold?`, `${v.k2}`],
    ],
  },
  {
    kind: 'engineer',
    title: (v) => v.name,
    opening: (v) => `${v.name} is an engineer from ${v.place}.`,
    facts: [
      (v) => [`${v.name} fixed the mill wheel at ${v.place2} in ${v.year}.`, `In which year did ${v.name} repair the ${v.place2} mill wheel?`, `${v.year}`],
      (v) => [`${v.name} drove a fast car called the ${v.thing}.`, `What was the quick automobile that ${v.name} drove named?`, v.thing],
      (v) => [`${v.name} started a school for ${v.k} children in ${v.place}.`, `How many children did ${v.name} begin a school for?`, `${v.k}`],
      (v) => [`${v.name} saved for years to buy a large farm near ${v.place3}.`, `Near which town did ${v.name} purchase a big farm?`, v.place3],
      (v) => [`Every ${v.month}, ${v.name} would leave home for ${v.place4}.`, `To which town did ${v.name} depart from home each ${v.month}?`, v.place4],
      (v) => [`${v.name} kept a small notebook of ${v.k2} bird songs.`, `How many bird songs did the tiny notebook of ${v.name} record?`, `${v.k2}`],
    ],
  },
  {
    kind: 'ferry',
    title: (v) => `The ${v.name}`,
    opening: (v) => `The ${v.name} is a ferry on the ${v.place} crossing.`,
    facts: [
      (v) => [`The ${v.name} is a large ferry that carries ${v.k} cars.`, `How many automobiles fit on the big ferry ${v.name}?`, `${v.k}`],
      (v) => [`The ${v.name} leaves ${v.place} at ${v.time} each morning.`, `At what time does the ${v.name} depart from ${v.place} in the mornings?`, v.time],
      (v) => [`The ${v.name} was built at the ${v.place2} yard in ${v.year}.`, `Which shipyard constructed the ${v.name}?`, v.place2],
      (v) => [`The ship's doctor on the ${v.name} is ${v.person}.`, `Who is the physician aboard the ${v.name}?`, v.person],
      (v) => [`The last crossing of the ${v.name} starts at ${v.time2}.`, `When does the final crossing of the ${v.name} begin?`, v.time2],
      (v) => [`Passengers buy tickets for the ${v.name} from ${v.person2}.`, `From whom do travellers purchase tickets for the ${v.name}?`, v.person2],
    ],
  },
  {
    kind: 'mill',
    title: (v) => `${v.name} Mill`,
    opening: (v) => `${v.name} Mill grinds grain beside the ${v.place} stream.`,
    facts: [
      (v) => [`The pump at ${v.name} Mill starts at ${v.k} kilopascals.`, `At what pressure does the ${v.name} Mill pump begin working?`, `${v.k} kilopascals`],
      (v) => [`The main wheel of ${v.name} Mill turns fast, at ${v.k2} turns a minute.`, `How quick is the main wheel of ${v.name} Mill, in turns per minute?`, `${v.k2}`],
      (v) => [`Only ${v.person} can fix the grinding stones at ${v.name} Mill.`, `Who is able to repair the grinding stones of ${v.name} Mill?`, v.person],
      (v) => [`${v.name} Mill fills a large sack of flour in ${v.k3} minutes.`, `How many minutes does ${v.name} Mill need for a big sack of flour?`, `${v.k3}`],
      (v) => [`A small bell at ${v.name} Mill was cast in ${v.place2}.`, `Where was the tiny bell of ${v.name} Mill cast?`, v.place2],
      (v) => [`Bakers from ${v.place3} buy most of the flour from ${v.name} Mill.`, `Bakers from which town purchase most of the ${v.name} Mill flour?`, v.place3],
    ],
  },
  {
    kind: 'festival',
    title: (v) => `The ${v.name} festival`,
    opening: (v) => `The ${v.name} festival is held each year in ${v.place}.`,
    facts: [
      (v) => [`The ${v.name} festival starts on the ${v.date}.`, `On which day does the ${v.name} festival begin?`, v.date],
      (v) => [`Visitors to the ${v.name} festival buy ${v.food} from the stalls.`, `What food do visitors purchase at the ${v.name} festival?`, v.food],
      (v) => [`The last event of the ${v.name} festival is a ${v.event}.`, `What is the final event at the ${v.name} festival?`, v.event],
      (v) => [`A large bonfire at the ${v.name} festival burns for ${v.k} hours.`, `For how many hours does the big bonfire of the ${v.name} festival burn?`, `${v.k}`],
      (v) => [`The ${v.name} festival was first held in ${v.year}.`, `Since what year has the ${v.name} festival taken place?`, `${v.year}`],
      (v) => [`A fast boat race at the ${v.name} festival is won by ${v.person} most years.`, `Who usually wins the quick boat race at the ${v.name} festival?`, v.person],
    ],
  },
];

/**
 * A deterministic corpus for recall tests: `documents` short Markdown documents (a title, an
 * opening line, then 3 to 6 facts as a list) about made-up villages, engineers, ferries, mills
 * and festivals, every name invented from syllables and used once, and `questions` questions
 * spread over the documents, each asked in other words than its fact. Returns
 * `{ documents: [{ name, text }], questions: [{ question, answer, fact, expected }] }`, where
 * `name` is the document's file name, `answer` the name of the document that answers the
 * question, `fact` the sentence in it that does, and `expected` the answer's words.
 */
export function makeRecallCorpus({ documents = 200, questions = 50, seed = 1 } = {}) {
  const random = mulberry32(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const between = (low, high) => low + Math.floor(random() * (high - low + 1));
  const used = new Set();
  const word = () => {
    for (;;) {
      const syllables = between(2, 3);
      let text = '';
      for (let i = 0; i < syllables; i++) text += pick(ONSETS) + pick(VOWELS) + (i === syllables - 1 ? pick(CODAS) : '');
      if (text.length < 5 || used.has(text)) continue;
      used.add(text);
      return text[0].toUpperCase() + text.slice(1);
    }
  };
  const time = () => `${pad2(between(5, 23))}:${pad2(between(0, 11) * 5)}`;

  const docs = [];
  for (let index = 0; index < documents; index++) {
    const type = KINDS[index % KINDS.length];
    const values = {
      name: type.kind === 'engineer' ? `${word()} ${word()}` : word(),
      place: word(),
      place2: word(),
      place3: word(),
      place4: word(),
      person: `${word()} ${word()}`,
      person2: `${word()} ${word()}`,
      thing: word(),
      h: between(5, 11),
      k: between(3, 90),
      k2: between(100, 900),
      k3: between(12, 59),
      year: between(1850, 1990),
      day: pick(DAYS),
      month: pick(MONTHS),
      date: `${ordinal(between(1, 28))} of ${pick(MONTHS)}`,
      time: time(),
      time2: time(),
      food: pick(FOODS),
      event: pick(EVENTS),
    };
    const order = type.facts.map((fact, i) => [random(), i]).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
    const facts = order.slice(0, between(3, 6)).sort((a, b) => a - b).map((i) => type.facts[i](values));
    const name = `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.md`;
    const text = `# ${type.title(values)}\n\n${type.opening(values)}\n\n## Facts\n\n${facts.map(([fact]) => `- ${fact}`).join('\n')}\n`;
    docs.push({ name, text, facts });
  }

  const asked = [];
  for (let i = 0; i < questions; i++) {
    const doc = docs[Math.floor((i * documents) / questions) % documents];
    const [fact, question, expected] = pick(doc.facts);
    asked.push({ question, answer: doc.name, fact, expected });
  }
  return { documents: docs.map(({ name, text }) => ({ name, text })), questions: asked };
}

/** Writes makeRecallCorpus(opts)'s documents into `dir` (the questions are not written). */
export async function writeRecallCorpus(dir, opts = {}) {
  const corpus = makeRecallCorpus(opts);
  await mkdir(dir, { recursive: true });
  const files = [];
  for (const { name, text } of corpus.documents) {
    const file = path.join(dir, name);
    await writeFile(file, text);
    files.push(file);
  }
  return { dir, files, ...corpus };
}
