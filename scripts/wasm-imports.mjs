// Shorter names for the main wasm's imports, and no custom sections in what ships.
//
// wasm-bindgen names each JavaScript function the wasm imports after its Rust binding plus
// a 16-digit hash (`__wbg_signal_fac908876f45725d`), once in the wasm's import section and
// once as a key of the glue's imports object. The hashes do not compress: about 400 of them
// cost every first load ~14 KB of gzip (issue 51). `shortenImports` gives each import of the
// glue's module a short name (`a`, `b`, …, by its place in the import section), in the wasm
// and in the glue alike, and drops the wasm's `name` and `producers` sections (names for a
// debugger, and which tools made it). Anything it does not expect (a name that is not
// exactly once a key of the glue) is an error, so a new wasm-bindgen cannot break the build
// silently. scripts/assemble.mjs calls it before anything is hashed.

/** The module the glue's own imports come from (wasm-bindgen's `--out-name hearth`). */
export const GLUE_MODULE = './hearth_bg.js';

/**
 * Custom sections no browser reads: names and producers, and the linker's own (`linking`,
 * `reloc.*`, `target_features`), which `--emit-relocs` leaves in a wasm the splitter does not
 * rewrite (the knowledge worker's).
 */
const DROPPED_SECTIONS = new Set(['name', 'producers', 'linking', 'target_features']);
/**
 * A build for profiling keeps the functions' names, so that a CPU profile names the wasm's
 * functions instead of numbering them: `HEARTH_WASM_NAMES=1 CARGO_PROFILE_RELEASE_STRIP=false
 * scripts/build.sh` (never shipped: the names double the raw wasm).
 */
const KEEP_NAMES = process.env.HEARTH_WASM_NAMES === '1';
const dropped = (name) => (DROPPED_SECTIONS.has(name) && !(KEEP_NAMES && name === 'name')) || name.startsWith('reloc.');
const IMPORT_SECTION = 2;
const CUSTOM_SECTION = 0;

/** Reads an unsigned LEB128 number at `at`: `[value, next offset]`. */
function readU32(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    if (at >= bytes.length) throw new Error('the wasm ends inside a number');
    byte = bytes[at++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [value >>> 0, at];
}

/** `n` as unsigned LEB128. */
export function u32(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}

/** A wasm name: its byte length, then its UTF-8. */
function encodeName(text) {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([u32(bytes.length), bytes]);
}

/** Reads a wasm name at `at`: `[text, next offset]`. */
function readName(bytes, at) {
  const [length, start] = readU32(bytes, at);
  return [bytes.toString('utf8', start, start + length), start + length];
}

/** The offset after an import's description (function, table, memory, global or tag) at `at`. */
function skipImportDescription(bytes, at) {
  const kind = bytes[at++];
  const limits = () => {
    const flags = bytes[at++];
    [, at] = readU32(bytes, at);
    if (flags & 1) [, at] = readU32(bytes, at);
  };
  if (kind === 0) [, at] = readU32(bytes, at);
  else if (kind === 1) {
    at += 1; // the reference type
    limits();
  } else if (kind === 2) limits();
  else if (kind === 3) at += 2; // value type, mutability
  else if (kind === 4) [, at] = readU32(bytes, at + 1);
  else throw new Error(`an import of unknown kind ${kind}`);
  return at;
}

const FIRST = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$';
const REST = `${FIRST}0123456789`;

/** The `index`th short identifier: `a` … `$`, then two characters, and so on. */
export function shortName(index) {
  let name = FIRST[index % FIRST.length];
  let rest = Math.floor(index / FIRST.length);
  while (rest > 0) {
    rest -= 1;
    name += REST[rest % REST.length];
    rest = Math.floor(rest / REST.length);
  }
  return name;
}
/** The keywords among the short names (a key may be one, but a reader need not wonder). */
const KEYWORDS = new Set(['do', 'if', 'in']);

/** A name wasm-bindgen gave (the only ones renamed; a second pass finds none left). */
const GENERATED = /^__wbg_|^__wbindgen_/;

/**
 * `wasm` (a Buffer) with its glue module's imports renamed short and its `name` and
 * `producers` sections left out, and `glue` (the wasm-bindgen script's text) with the same
 * keys renamed: `{ wasm, glue, renamed }`. Throws where the glue does not hold each renamed
 * import exactly once as a key (`<name>:` starting a line, as wasm-bindgen writes it).
 */
export function shortenImports(wasm, glue) {
  if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error('not a wasm module');
  const out = [wasm.subarray(0, 8)];
  const renames = new Map();
  let next = 0;
  for (let at = 8; at < wasm.length; ) {
    const id = wasm[at];
    const [size, body] = readU32(wasm, at + 1);
    const end = body + size;
    if (id === CUSTOM_SECTION && dropped(readName(wasm, body)[0])) {
      at = end;
      continue;
    }
    if (id !== IMPORT_SECTION) {
      out.push(wasm.subarray(at, end));
      at = end;
      continue;
    }
    let [count, p] = readU32(wasm, body);
    const parts = [u32(count)];
    for (let i = 0; i < count; i++) {
      let module;
      let field;
      [module, p] = readName(wasm, p);
      [field, p] = readName(wasm, p);
      const description = p;
      p = skipImportDescription(wasm, p);
      if (module === GLUE_MODULE && GENERATED.test(field)) {
        let short;
        do short = shortName(next++);
        while (KEYWORDS.has(short));
        renames.set(field, short);
        field = short;
      }
      parts.push(encodeName(module), encodeName(field), wasm.subarray(description, p));
    }
    if (p !== end) throw new Error('the import section has bytes after its imports');
    const section = Buffer.concat(parts);
    out.push(Buffer.from([IMPORT_SECTION]), u32(section.length), section);
    at = end;
  }
  for (const [old, short] of renames) {
    const key = new RegExp(`^${old.replaceAll('$', '\\$')}:`, 'gm');
    const found = glue.match(key)?.length ?? 0;
    const anywhere = glue.split(old).length - 1;
    if (found !== 1 || anywhere !== 1) {
      throw new Error(`the glue names the import ${old} ${anywhere} times (${found} as a key): expected once, as a key`);
    }
    glue = glue.replace(key, `${short}:`);
  }
  return { wasm: Buffer.concat(out), glue, renamed: renames.size };
}

/** `wasm` without the custom sections no browser reads (a chunk's, the worker's). */
export function dropCustomSections(wasm) {
  return shortenImports(wasm, '').wasm;
}
