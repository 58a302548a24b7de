// The browser tests read stored messages as the app does: `readDatabase` fills back the
// fields a stored message leaves out (tests/support/idb.mjs, LEFT_OUT_OF_MESSAGES). That list
// must be the app's own (hearth_core::storage::lean::LEFT_OUT), read here from its source:
// the same fields, with the same values.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { LEFT_OUT_OF_MESSAGES } from '../support/idb.mjs';

const SOURCE = new URL('../../hearth-core/src/storage/lean.rs', import.meta.url);

/** The fields and their empty values listed in the Rust source's LEFT_OUT. */
async function leftOutInRust() {
  const source = await readFile(SOURCE, 'utf8');
  const list = source.match(/pub const LEFT_OUT: \[\(&str, Empty\); \d+\] = \[([\s\S]*?)\];/);
  assert.ok(list, 'lean.rs declares LEFT_OUT');
  const fields = {};
  for (const [, field, kind, text] of list[1].matchAll(/\("(\w+)", Empty::(Null|NoItems|Text\("([^"]*)"\))\)/g)) {
    fields[field] = kind === 'Null' ? null : kind === 'NoItems' ? [] : text;
  }
  return fields;
}

test('the tests fill back in exactly the fields the app leaves out of a stored message', async () => {
  const rust = await leftOutInRust();
  assert.ok(Object.keys(rust).length >= 9, 'the fields were read from lean.rs');
  assert.deepEqual(LEFT_OUT_OF_MESSAGES, rust);
});
