// Tests of the module rules the test command checks (scripts/core-rules.mjs and
// scripts/shell-rules.mjs, on scripts/rust-modules.mjs): on the project's own trees they
// pass and print the layers; on made-up trees each rule fails with a message that names
// the file, and the path reader finds imports however they are written.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { code, references } from '../../scripts/rust-modules.mjs';

const SCRIPTS = fileURLToPath(new URL('../../scripts/', import.meta.url));

/** Runs a rules script on `root` (the project's tree when absent): `{ status, out, err }`. */
function run(script, root) {
  const result = spawnSync(process.execPath, [path.join(SCRIPTS, script), ...(root ? [root] : [])], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** A temporary source tree of `files` (path → text), removed after the test `t`. */
function tree(t, files) {
  const root = mkdtempSync(path.join(tmpdir(), 'hearth-rules-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const CORE_MODULES = ['format', 'app', 'markdown', 'window', 'i18n', 'contract', 'sse', 'message', 'provider', 'reply', 'mcp', 'tools', 'compaction', 'failure', 'agent', 'compare', 'knowledge', 'storage', 'replication'];

/** A core tree whose modules are empty but for `extra` (path → text, replacing or adding). */
function coreTree(t, extra = {}) {
  const files = { 'lib.rs': CORE_MODULES.map((m) => `pub mod ${m};`).join('\n') };
  for (const m of CORE_MODULES) files[`${m}.rs`] = '//! Empty.\n';
  return tree(t, { ...files, ...extra });
}

const FEATURES = ['agents', 'apps', 'chat', 'composer', 'knowledge', 'mcp', 'offline', 'providers', 'sessions', 'settings', 'shortcuts', 'sync', 'tools', 'voice'];

/** A shell tree with every feature (a view and a state file each) and `extra`. */
function shellTree(t, extra = {}) {
  const files = { 'main.rs': '//! Entry.\n', 'app.rs': '//! The page.\n', 'io.rs': '//! Doors.\n', 'i18n.rs': '//! Texts.\n', 'store.rs': '//! Store.\n', 'ui.rs': '//! UI.\n' };
  for (const f of FEATURES) {
    files[`${f}.rs`] = 'pub(crate) mod state;\npub(crate) mod view;\n';
    files[`${f}/state.rs`] = '//! State.\n';
    files[`${f}/view.rs`] = '//! A view.\n';
  }
  return tree(t, { ...files, ...extra });
}

describe('core rules', () => {
  test("hearth-core's own tree passes and prints its five layers", () => {
    const { status, out, err } = run('core-rules.mjs');
    assert.equal(status, 0, err);
    for (const layer of ['storage', 'turn', 'providers', 'model', 'text']) assert.match(out, new RegExp(`^  ${layer}: `, 'm'));
  });

  test('a module using a higher layer fails, naming the file', (t) => {
    const root = coreTree(t, { 'message.rs': 'use crate::storage::MessageRecord;\n' });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /message \(layer model\) uses storage \(layer storage, above it\), in message\.rs/);
  });

  test('a test file counts: a provider test that folds a reply (reply uses provider) is a cycle', (t) => {
    const root = coreTree(t, {
      'provider.rs': '#[cfg(test)]\nmod tests;\n',
      'provider/tests.rs': 'use crate::reply::Reply;\n',
      'reply.rs': 'use crate::provider::ResponseDecoder;\n',
    });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /Import cycle among hearth-core's modules: provider -> reply -> provider/);
    assert.match(err, /provider -> reply in provider\/tests\.rs/);
  });

  test('a cycle within a layer fails and says where', (t) => {
    const root = coreTree(t, { 'agent.rs': 'use crate::tools::X;\n', 'tools.rs': 'use super::agent::Y;\n' });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /Import cycle among hearth-core's modules: agent -> tools -> agent/);
  });

  test('the crate root holds only module declarations and Millis', (t) => {
    const lib = `//! The core.\n#![warn(missing_docs)]\npub type Millis = i64;\n${CORE_MODULES.map((m) => `pub mod ${m};`).join('\n')}\n`;
    assert.equal(run('core-rules.mjs', coreTree(t, { 'lib.rs': lib })).status, 0);
    const helper = `${lib}pub fn shared() -> u32 { crate::storage::X }\n`;
    const { status, err } = run('core-rules.mjs', coreTree(t, { 'lib.rs': helper }));
    assert.equal(status, 1);
    assert.match(err, /lib\.rs holds more than module declarations and Millis: pub fn shared/);
  });

  test('a module in no layer fails', (t) => {
    const root = coreTree(t, { 'orphan.rs': '//! New.\n' });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /orphan is in no layer/);
  });
});

describe('core test layout', () => {
  test('tests.rs and files under tests/, each with a header, pass', (t) => {
    const root = coreTree(t, {
      'markdown.rs': '//! Markdown.\n#[cfg(test)]\nmod tests;\n',
      'markdown/tests.rs': '//! Tests of markdown.\nmod safety;\n',
      'markdown/tests/safety.rs': '//! Tests that nothing loads.\n',
    });
    const { status, out, err } = run('core-rules.mjs', root);
    assert.equal(status, 0, err);
    assert.match(out, /One test layout: 2 test files/);
  });

  test('a test module named like code, an inline one, or a file named *_tests.rs fails', (t) => {
    const root = coreTree(t, {
      'markdown.rs': '//! Markdown.\n#[cfg(test)]\nmod safety_tests;\n',
      'markdown/safety_tests.rs': '//! Tests that nothing loads.\n',
      'sse.rs': '//! Events.\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn reads() {}\n}\n',
    });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /markdown\.rs: the test module `safety_tests` is named like code; make it markdown\/tests\.rs/);
    assert.match(err, /markdown\/safety_tests\.rs: a test file is named tests\.rs or sits under a tests\/ folder/);
    assert.match(err, /sse\.rs: the test module `tests` is inline; move it to sse\/tests\.rs/);
  });

  test('a test file without a //! header fails', (t) => {
    const root = coreTree(t, { 'sse.rs': '//! Events.\n#[cfg(test)]\nmod tests;\n', 'sse/tests.rs': 'use super::*;\n' });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /sse\/tests\.rs: a test file starts with a `\/\/!` header/);
  });
});

describe('shell rules', () => {
  test("the shell's own tree passes and prints its layers", () => {
    const { status, out, err } = run('shell-rules.mjs');
    assert.equal(status, 0, err);
    for (const layer of ['app', 'views', 'ui', 'state', 'store', 'io']) assert.match(out, new RegExp(`^  ${layer}: `, 'm'));
  });

  test('a made-up tree that keeps the rules passes', (t) => {
    const root = shellTree(t, {
      'agents/view.rs': 'use crate::agents::state::AgentsContext;\nuse crate::tools::view::X;\n',
      'tools/state.rs': 'use crate::agents::state::AgentsContext;\n',
    });
    const { status, err } = run('shell-rules.mjs', root);
    assert.equal(status, 0, err);
  });

  test('state that imports a view fails', (t) => {
    const root = shellTree(t, { 'tools/state.rs': 'use crate::agents::view::AgentEditor;\n' });
    const { status, err } = run('shell-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /tools::state \(layer state\) uses agents \(layer views, above it\), in tools\/state\.rs/);
  });

  test('a cycle between two features fails', (t) => {
    const root = shellTree(t, {
      'agents/view.rs': 'use crate::tools::view::A;\n',
      'tools/view.rs': 'use crate::{agents::view::B, ui};\n',
    });
    const { status, err } = run('shell-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /Import cycle among the shell's modules: agents -> tools -> agents/);
  });

  test('IO outside io, a component in state, two components in a file and an undocumented prop fail', (t) => {
    const root = shellTree(t, {
      'chat/view.rs': 'fn now() -> f64 { js_sys::Date::now() }\n',
      'chat/state.rs': '#[component]\npub(crate) fn Stray(\n    /// Documented.\n    x: u32,\n) -> impl IntoView {}\n',
      'tools/view.rs': [
        '#[component]',
        'pub(crate) fn One(',
        '    /// Documented.',
        '    #[prop(into)]',
        '    label: Signal<String>,',
        '    on_pick: Callback<()>,',
        ') -> impl IntoView {}',
        '#[component]',
        'fn Two() -> impl IntoView {}',
      ].join('\n'),
    });
    const { status, err } = run('shell-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /chat\/view\.rs reaches the clock outside src\/io\//);
    assert.match(err, /chat\/state\.rs defines a component in chat::state, which is state/);
    assert.match(err, /tools\/view\.rs defines 2 components: one a file/);
    assert.match(err, /tools\/view\.rs: the prop `on_pick` has no \/\/\/ doc comment/);
    assert.doesNotMatch(err, /the prop `label`/, 'a doc comment above the prop attribute counts');
  });

  test('a prop after one whose type has parentheses is checked too, and a URL in a string hides no code', (t) => {
    const root = shellTree(t, {
      'chat/view.rs': [
        '#[component]',
        'pub(crate) fn Copy(',
        '    /// What to copy (called at each click).',
        '    text: impl Fn() -> String + Send + Sync + \'static,',
        '    label: &\'static str,',
        ') -> impl IntoView {',
        '    let home = "https://example.com/"; let at = js_sys::Date::now();',
        '}',
      ].join('\n'),
    });
    const { status, err } = run('shell-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /chat\/view\.rs: the prop `label` has no \/\/\/ doc comment/);
    assert.doesNotMatch(err, /the prop `text`/);
    assert.match(err, /chat\/view\.rs reaches the clock outside src\/io\//);
  });

  test('a function over 160 lines fails with its file, line and length; braces in strings, comments and a view do not count', (t) => {
    /** A function `name` with `body` lines between its `fn` line and its closing brace. */
    const fn = (name, body) => [`pub(crate) fn ${name}() -> impl IntoView {`, ...Array.from({ length: body }, (_, at) => `    let x${at} = "}";`), '}'];
    const view = ['#[component]', 'pub(crate) fn Long() -> impl IntoView {', ...Array.from({ length: 157 }, () => '    // } a brace in a comment'), '    view! { <p>{"}"}</p> }', '}'];
    const root = shellTree(t, {
      'chat/view.rs': ['//! A view.', '', ...fn('Fits', 158), '', 'trait T {', '    fn declared(&self);', '}', '', ...fn('TooLong', 159)].join('\n'),
      'tools/view.rs': ['//! A view.', ...view].join('\n'),
    });
    const { status, err } = run('shell-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /chat\/view\.rs:168: the function `TooLong` is 161 lines \(at most 160\)/);
    assert.doesNotMatch(err, /`Fits`|`declared`/, 'a function of 160 lines fits, and a declaration has no body');
    assert.doesNotMatch(err, /`Long`/, 'a component of 160 lines with a view fits');
  });
});

describe('circles between files', () => {
  test('two siblings that use each other fail, with the line of each use', (t) => {
    const root = coreTree(t, {
      'markdown.rs': 'mod math;\nmod writer;\n',
      'markdown/math.rs': '//! Math.\nuse super::writer::escape_into;\n',
      'markdown/writer.rs': '//! Writer.\n\nfn f() { super::math::write(); }\n',
    });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /Import circle between hearth-core's files: markdown\/math\.rs -> markdown\/writer\.rs -> markdown\/math\.rs/);
    assert.match(err, /  markdown\/math\.rs -> markdown\/writer\.rs, line 2: use super::writer::escape_into;/);
    assert.match(err, /  markdown\/writer\.rs -> markdown\/math\.rs, line 3: fn f\(\) \{ super::math::write\(\); \}/);
  });

  test('a parent that declares and re-exports its children is no use of them', (t) => {
    const root = coreTree(t, {
      'message.rs': 'mod attachment;\npub mod role;\npub use attachment::Attachment;\npub use role::*;\npub struct ChatMessage;\n',
      'message/attachment.rs': 'use super::{ChatMessage, Role};\n',
      'message/role.rs': 'pub enum Role {}\n',
    });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 0, err);
  });

  test('a parent that uses its child, bare or re-exported, while the child uses the parent fails', (t) => {
    const bare = coreTree(t, { 'agent.rs': 'mod template;\npub struct PromptSection;\nfn f() { template::render() }\n', 'agent/template.rs': 'use super::PromptSection;\n' });
    const { status, err } = run('core-rules.mjs', bare);
    assert.equal(status, 1);
    assert.match(err, /agent\.rs -> agent\/template\.rs, line 3: fn f\(\) \{ template::render\(\) \}/);
    const exported = coreTree(t, {
      'contract.rs': 'mod error;\npub use error::ProviderError;\npub struct MediaRefusal;\nfn f() -> ProviderError { todo!() }\n',
      'contract/error.rs': 'pub struct ProviderError(super::MediaRefusal);\n',
    });
    const second = run('core-rules.mjs', exported);
    assert.equal(second.status, 1);
    assert.match(second.err, /contract\.rs -> contract\/error\.rs, line 2: pub use error::ProviderError;/);
  });

  test("an item named through its parent's re-export is a use of the file it comes from", (t) => {
    const root = coreTree(t, {
      'storage.rs': 'pub mod records;\npub mod tree;\npub use records::*;\n',
      'storage/records.rs': 'pub struct MessageRecord;\nimpl MessageRecord { fn key(&self) -> crate::storage::tree::NodeKey { todo!() } }\n',
      'storage/tree.rs': 'use crate::storage::MessageRecord;\npub struct NodeKey;\n',
    });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /storage\/records\.rs -> storage\/tree\.rs -> storage\/records\.rs/);
    assert.match(err, /storage\/tree\.rs -> storage\/records\.rs, line 1: use crate::storage::MessageRecord;/);
  });

  test('a test module may use its parent, and a visibility is no use', (t) => {
    // (The core's tests are files, never inline: the layout rule checks that.)
    const root = coreTree(t, {
      'format.rs': 'mod zip;\n#[cfg(test)]\nmod tests;\nfn f() { zip::read() }\n',
      'format/tests.rs': '//! Tests of format.\nuse super::*;\nuse super::zip::read;\n',
      'format/zip.rs': 'pub(in crate::format) fn read() {}\n#[cfg(test)]\nmod tests;\n',
      'format/zip/tests.rs': '//! Tests of zip.\nuse super::*;\nuse super::read;\n',
    });
    const { status, err } = run('core-rules.mjs', root);
    assert.equal(status, 0, err);
  });

  test('a circle among a feature\'s views fails the shell rules, every circle named', (t) => {
    const root = shellTree(t, {
      'mcp.rs': 'pub(crate) mod state;\npub(crate) mod view;\nmod form;\nmod offer;\n',
      'mcp/view.rs': 'use crate::mcp::{form::PromptForm, offer::Offer};\npub(crate) struct Picking;\n',
      'mcp/form.rs': 'use crate::mcp::view::Picking;\n',
      'mcp/offer.rs': 'use crate::mcp::view::Picking;\n',
      'tools/state.rs': 'mod approval;\npub(crate) struct ToolsContext;\nuse self::approval::PendingApproval;\n',
      'tools/state/approval.rs': 'use super::ToolsContext;\n',
    });
    const { status, err } = run('shell-rules.mjs', root);
    assert.equal(status, 1);
    assert.match(err, /Import circle between the shell's files: mcp\/form\.rs -> mcp\/view\.rs -> mcp\/form\.rs/);
    assert.match(err, /\(one of several among mcp\/form\.rs, mcp\/offer\.rs, mcp\/view\.rs\)/);
    assert.match(err, /mcp\/view\.rs -> mcp\/form\.rs, line 1: use crate::mcp::\{form::PromptForm, offer::Offer\};/);
    assert.match(err, /Import circle between the shell's files: tools\/state\.rs -> tools\/state\/approval\.rs -> tools\/state\.rs/);
  });
});

describe('reading paths', () => {
  test('grouped, nested, super and self paths are all found, and comments and strings hide nothing', () => {
    const text = [
      'use crate::{a::{B, c::D}, e};',
      'use super::f::G;',
      'use self::h::I;',
      'let s = "a string that runs on \\',
      '  over a line, with crate::not_this in it";',
      '// crate::nor_this',
      '/* crate::nor /* nested */ this */',
      "let q = '\"';",
      'crate::j::k();',
    ].join('\n');
    const found = references(text, ['x', 'y']).map((p) => p.join('::'));
    assert.deepEqual(found.sort(), ['a::B', 'a::c::D', 'e', 'j::k', 'x::f::G', 'x::y::h::I'].sort());
    assert.doesNotMatch(code(text), /not_this|nor_this/);
  });
});
