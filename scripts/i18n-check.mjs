// Checks that the interface's texts in the code and the English catalogue (locales/en.ftl)
// agree, so every text a person reads can be translated:
// - each `tr("…")` literal in src/ is the value of a plain message of en.ftl;
// - each `tr_with("id", …)` names a message of en.ftl;
// - each message of en.ftl is still used: a plain message's text is a string literal in
//   src/ or hearth-core/src/ (a label kept in a table, or made by the core, and passed to
//   `tr` where it is shown counts), an id with arguments is named by a `tr_with`.
// That every language has every message, with the same arguments, is the core's test
// (hearth-core/src/i18n/tests.rs), which reads the catalogues with Fluent's own parser.
// Prints what is wrong, with the lines to add to en.ftl, and exits 1; or a summary.
//
//   node scripts/i18n-check.mjs

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A Rust string literal's value (the escapes Hearth's texts use). */
function unescape(literal) {
  // A backslash at a line's end joins the next line, without its leading spaces.
  return literal.replace(/\\\n\s*/g, '').replace(/\\(u\{([0-9a-fA-F]+)\}|.)/g, (_, escape, hex) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { n: '\n', t: '\t', '"': '"', "'": "'", '\\': '\\' }[escape] ?? escape;
  });
}

/** Every .rs file below `dir`, without its `#[cfg(test)]` modules' files (`tests.rs`). */
function sources(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.rs') && !name.endsWith('tests.rs'))
    .map((name) => path.join(dir, name));
}

/** en.ftl's messages: `{ id, text }` where `text` is the plain value (null when it has placeables). */
export function catalogueMessages(source) {
  const messages = [];
  const lines = source.split('\n');
  for (let at = 0; at < lines.length; at += 1) {
    const match = /^([a-z][a-z0-9-]*)\s*=\s?(.*)$/.exec(lines[at]);
    if (!match) continue;
    let value = match[2];
    // Continuation lines (indented) belong to the value.
    while (at + 1 < lines.length && /^\s+\S/.test(lines[at + 1])) {
      at += 1;
      value += `\n${lines[at].trim()}`;
    }
    const plain = !value.includes('{') && !value.includes('\n');
    messages.push({ id: match[1], text: plain ? value.trim() : null });
  }
  return messages;
}

export function check(root = ROOT) {
  const problems = [];
  const messages = catalogueMessages(readFileSync(path.join(root, 'locales/en.ftl'), 'utf8'));
  const ids = new Set(messages.map((m) => m.id));
  const plain = new Map(messages.filter((m) => m.text !== null).map((m) => [m.text, m.id]));
  const literals = new Set();
  const named = new Set();
  const missingTexts = new Map();
  // The core's labels that the shell shows through `tr` (a built-in tool's label) count as used.
  for (const file of sources(path.join(root, 'hearth-core/src'))) {
    const code = readFileSync(file, 'utf8').replace(/'\\?"'/g, "''");
    for (const match of code.matchAll(/"((?:[^"\\]|\\[\s\S])*)"/g)) literals.add(unescape(match[1]));
  }
  for (const file of sources(path.join(root, 'src'))) {
    // Without the char literals '"' and '\"', which would pair with a string's quotes.
    const code = readFileSync(file, 'utf8').replace(/'\\?"'/g, "''");
    const relative = path.relative(root, file);
    for (const match of code.matchAll(/"((?:[^"\\]|\\[\s\S])*)"/g)) literals.add(unescape(match[1]));
    for (const match of code.matchAll(/\btr\(\s*"((?:[^"\\]|\\[\s\S])*)"\s*,?\s*\)/g)) {
      const text = unescape(match[1]);
      if (!plain.has(text) && !missingTexts.has(text)) missingTexts.set(text, relative);
    }
    for (const match of code.matchAll(/\btr_with\(\s*"([^"]+)"/g)) {
      named.add(match[1]);
      if (!ids.has(match[1])) problems.push(`${relative}: tr_with names "${match[1]}", which en.ftl lacks`);
    }
  }
  for (const [text, file] of missingTexts) {
    problems.push(`${file}: tr("${text}") is not a message of en.ftl; add one, such as:\n    some-id = ${text}`);
  }
  for (const message of messages) {
    const used = message.text !== null ? literals.has(message.text) : named.has(message.id);
    if (!used) problems.push(`locales/en.ftl: ${message.id} is used nowhere in src/ (remove it, or use it)`);
  }
  return { problems, messages: messages.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, messages } = check();
  if (problems.length) {
    console.error(`i18n: the code and locales/en.ftl disagree:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`i18n: the code's ${messages} texts are all in locales/en.ftl, and each is used`);
}
