// Tests of scripts/wasm-imports.mjs: the main wasm's imports renamed short in the wasm and
// the glue alike (read back by V8's own parser), its name and producers sections left out
// (the name section kept in a build for profiling), and anything unexpected an error rather
// than a broken build.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dropCustomSections, shortName, shortenImports } from '../../scripts/wasm-imports.mjs';

const name = (text) => Buffer.concat([Buffer.from([Buffer.byteLength(text)]), Buffer.from(text)]);
/** `n` as unsigned LEB128. */
function leb(n) {
  const out = [];
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n);
  return Buffer.from(out);
}
const section = (id, body) => Buffer.concat([Buffer.from([id]), leb(body.length), body]);
const custom = (title, body = Buffer.alloc(0)) => section(0, Buffer.concat([name(title), body]));

const NOW = '__wbg_now_0123456789abcdef';
const INIT = '__wbindgen_init_externref_table';

/** A module importing two glue functions, a split loader function and a memory, with three custom sections. */
function module() {
  const fn = (mod, field) => Buffer.concat([name(mod), name(field), Buffer.from([0, 0])]);
  const imports = Buffer.concat([
    Buffer.from([4]),
    fn('./hearth_bg.js', NOW),
    fn('./hearth_bg.js', INIT),
    fn('./__wasm_split.js', '__wasm_split_load_x'),
    name('env'),
    name('memory'),
    Buffer.from([2, 0, 1]),
  ]);
  return Buffer.concat([
    Buffer.from('\0asm\x01\0\0\0', 'latin1'),
    section(1, Buffer.from([1, 0x60, 0, 0])),
    section(2, imports),
    custom('name'),
    custom('producers', Buffer.from([0])),
    custom('kept', Buffer.from('x')),
  ]);
}

const GLUE = [
  'const import0 = {',
  '__proto__: null,',
  `${NOW}: function() {`,
  'const ret = Date.now();',
  'return ret;',
  '},',
  `${INIT}: function() {`,
  'const table = wasm.__wbindgen_externrefs;',
  '},',
  '};',
  '',
].join('\n');

/** The imports as V8 reads them, and the custom sections' names. */
function parsed(bytes) {
  const compiled = new WebAssembly.Module(bytes);
  const sections = ['name', 'producers', 'kept'].filter((title) => WebAssembly.Module.customSections(compiled, title).length > 0);
  return { imports: WebAssembly.Module.imports(compiled).map(({ module, name }) => `${module} ${name}`), sections };
}

test('the glue module’s imports get short names in the wasm and the glue, and nothing else changes', () => {
  const before = parsed(module());
  assert.deepEqual(before.sections, ['name', 'producers', 'kept']);
  const { wasm, glue, renamed } = shortenImports(module(), GLUE);
  assert.equal(renamed, 2);
  assert.deepEqual(parsed(wasm), {
    imports: ['./hearth_bg.js a', './hearth_bg.js b', './__wasm_split.js __wasm_split_load_x', 'env memory'],
    sections: ['kept'],
  });
  assert.equal(glue, GLUE.replace(`${NOW}:`, 'a:').replace(`${INIT}:`, 'b:'));
  assert.ok(glue.includes('wasm.__wbindgen_externrefs'), 'what is not an import key is left alone');
  assert.ok(wasm.length < module().length);
});

test('a second pass changes nothing (scripts/assemble.mjs may run on a folder twice)', () => {
  const once = shortenImports(module(), GLUE);
  const twice = shortenImports(once.wasm, once.glue);
  assert.equal(twice.renamed, 0);
  assert.ok(twice.wasm.equals(once.wasm));
  assert.equal(twice.glue, once.glue);
});

test('a glue that does not hold each import exactly once, as a key, is an error', () => {
  assert.throws(() => shortenImports(module(), GLUE.replace(`${NOW}:`, 'other:')), /names the import __wbg_now_0123456789abcdef 0 times/);
  assert.throws(() => shortenImports(module(), `${GLUE}// ${INIT}\n`), /names the import __wbindgen_init_externref_table 2 times \(1 as a key\)/);
  assert.throws(() => shortenImports(Buffer.from('not a wasm'), GLUE), /not a wasm module/);
});

test('a chunk loses only its name and producers sections', () => {
  const chunk = Buffer.concat([Buffer.from('\0asm\x01\0\0\0', 'latin1'), custom('name'), custom('kept', Buffer.from('y')), custom('producers', Buffer.from([0]))]);
  assert.deepEqual(parsed(dropCustomSections(chunk)).sections, ['kept']);
});

test('a build for profiling (HEARTH_WASM_NAMES=1) keeps the name section, and only that', () => {
  const chunk = Buffer.concat([Buffer.from('\0asm\x01\0\0\0', 'latin1'), custom('name'), custom('kept', Buffer.from('y')), custom('producers', Buffer.from([0]))]);
  // The setting is read when the module loads: a fresh process, with and without it.
  const drop = (env) =>
    Buffer.from(
      execFileSync(
        process.execPath,
        ['--input-type=module', '-e', `import { dropCustomSections } from ${JSON.stringify(new URL('../../scripts/wasm-imports.mjs', import.meta.url).href)}; process.stdout.write(dropCustomSections(Buffer.from(process.argv[1], 'base64')).toString('base64'));`, chunk.toString('base64')],
        { env: { ...process.env, ...env } },
      ).toString(),
      'base64',
    );
  assert.deepEqual(parsed(drop({ HEARTH_WASM_NAMES: '1' })).sections, ['name', 'kept']);
  assert.deepEqual(parsed(drop({ HEARTH_WASM_NAMES: '' })).sections, ['kept']);
});

test('short names are distinct identifiers', () => {
  const names = Array.from({ length: 5000 }, (_, i) => shortName(i));
  assert.equal(new Set(names).size, names.length);
  for (const short of names) assert.match(short, /^[A-Za-z_$][A-Za-z0-9_$]*$/);
  assert.deepEqual(names.slice(0, 3), ['a', 'b', 'c']);
});
