// Every relative link and image in README.md, ARCHITECTURE.md and docs/**/*.md resolves: the
// file or folder it names exists in the repository, and a `#fragment` names a heading of the
// target Markdown file (GitHub's slugs: lowercase, punctuation other than `-` and `_` dropped,
// each space a `-`, a repeated heading `-1`, `-2`, …) or an explicit `<a id>`/`<a name>`;
// a bare `#fragment` is checked against the page itself. Links are Markdown links and images
// (inline and reference definitions) and the `href`, `src` and `srcset` of HTML elements (a
// `<picture>`'s sources too). Addresses with a scheme (`https:`, `mailto:`, …) and anything
// inside fenced code blocks, inline code or HTML comments are not links. Each broken link is
// reported with its file and line. The checker's own rules are tested first, on strings and
// on a temporary folder.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The documents checked, relative to `root`: README.md, ARCHITECTURE.md, docs/**\/*.md. */
function documents(root) {
  const found = ['README.md', 'ARCHITECTURE.md'].filter((name) => existsSync(path.join(root, name)));
  const walk = (dir) => {
    if (!existsSync(path.join(root, dir))) return;
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile() && entry.name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found.sort();
}

/** `text` with HTML comments blanked (newlines kept, so line numbers hold). */
function withoutComments(text) {
  return text.replace(/<!--[\s\S]*?(-->|$)/g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/** `line` with its inline code spans blanked: a run of N backticks closes at the next run of N. */
function withoutInlineCode(line) {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`') {
      out += line[i++];
      continue;
    }
    let n = 0;
    while (line[i + n] === '`') n++;
    let close = -1;
    for (let j = i + n; j < line.length; ) {
      if (line[j] !== '`') {
        j++;
        continue;
      }
      let m = 0;
      while (line[j + m] === '`') m++;
      if (m === n) {
        close = j;
        break;
      }
      j += m;
    }
    if (close < 0) {
      // No closing run: the backticks are literal.
      out += line.slice(i, i + n);
      i += n;
    } else {
      out += ' '.repeat(close + n - i);
      i = close + n;
    }
  }
  return out;
}

/**
 * The lines of `text` that are prose (outside fenced code blocks), as `{ number, text, raw }`:
 * `text` with inline code and comments blanked, `raw` without (headings keep their code).
 */
function proseLines(text) {
  const raw = text.split(/\r?\n/);
  const uncommented = withoutComments(text).split(/\r?\n/);
  const lines = [];
  let fence = null;
  raw.forEach((line, i) => {
    if (fence) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = null;
      return;
    }
    const open = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    // A backtick fence's info string has no backtick (```` ```html ```` is inline code).
    if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
      fence = open[1];
      return;
    }
    lines.push({ number: i + 1, text: withoutInlineCode(uncommented[i]), raw: line });
  });
  return lines;
}

/** GitHub's slug of a heading's text (as github-slugger makes it, before duplicates). */
function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** What a heading's Markdown shows as text: code kept, links as their text, markup dropped. */
function headingText(markdown) {
  const parts = markdown.split(/(`+[^`]*?`+)/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part.replace(/^`+ ?|`+$/g, '').replace(/ $/, '');
      return part
        .replace(/<[^>]*>/g, '')
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
        .replace(/\*+/g, '')
        .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
        .replace(/\\(.)/g, '$1')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'");
    })
    .join('')
    .trim();
}

/** The fragments a Markdown text defines: its headings' slugs and its `<a id>`/`<a name>`s. */
function anchors(text) {
  const found = new Set();
  const seen = new Map();
  const add = (heading) => {
    const base = slug(headingText(heading));
    let id = base;
    while (seen.has(id)) {
      seen.set(base, seen.get(base) + 1);
      id = `${base}-${seen.get(base)}`;
    }
    seen.set(id, 0);
    found.add(id);
  };
  const lines = proseLines(text);
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line.raw);
    if (atx) add(atx[1] ?? '');
    // A setext heading: a paragraph line underlined with = or -.
    const previous = lines[i - 1];
    if (
      /^ {0,3}(=+|-+)[ \t]*$/.test(line.raw) &&
      previous &&
      previous.number === line.number - 1 &&
      previous.raw.trim() !== '' &&
      !/^ {0,3}(#|[-*+>|]|\d+[.)])/.test(previous.raw)
    ) {
      add(previous.raw.trim());
    }
    for (const match of line.text.matchAll(/<a\s[^>]*?\b(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      found.add(match[1] ?? match[2]);
    }
  });
  return found;
}

/** The destination of an inline link starting at `line[start]` (just after `](`), or null. */
function destination(line, start) {
  let i = start;
  while (line[i] === ' ' || line[i] === '\t') i++;
  if (line[i] === '<') {
    const end = line.indexOf('>', i + 1);
    return end < 0 ? null : line.slice(i + 1, end);
  }
  let depth = 0;
  let out = '';
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && i + 1 < line.length) {
      out += line[++i];
      continue;
    }
    if (c === ' ' || c === '\t') break;
    if (c === '(') depth++;
    if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
    out += c;
  }
  return out;
}

/** Every link and image target in a Markdown text: `{ line, target }`, in order. */
function links(text) {
  const found = [];
  for (const line of proseLines(text)) {
    const add = (target) => found.push({ line: line.number, target });
    for (const match of line.text.matchAll(/\]\(/g)) {
      const target = destination(line.text, match.index + 2);
      if (target !== null) add(target);
    }
    const definition = /^ {0,3}\[[^\]]+\]:[ \t]*(?:<([^>]*)>|(\S+))/.exec(line.text);
    if (definition) add(definition[1] ?? definition[2]);
    for (const match of line.text.matchAll(/<[a-z][^>]*>/gi)) {
      for (const attr of match[0].matchAll(/\s(href|src|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
        const value = attr[2] ?? attr[3];
        if (attr[1].toLowerCase() === 'srcset') {
          for (const candidate of value.split(',')) add(candidate.trim().split(/\s+/)[0]);
        } else {
          add(value);
        }
      }
    }
  }
  return found;
}

/** Whether `target` leaves the repository: it has a scheme (`https:`, `mailto:`) or a host. */
function isExternal(target) {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/**
 * The broken links of the document `file` (relative to `root`): `{ file, line, target, why }`.
 * `anchorsOf(absolutePath)` gives a Markdown file's fragments (cached by the caller).
 */
function brokenLinks(root, file, anchorsOf) {
  const absolute = path.join(root, file);
  const broken = [];
  for (const { line, target } of links(readFileSync(absolute, 'utf8'))) {
    if (isExternal(target)) continue;
    const report = (why) => broken.push({ file, line, target, why });
    if (target === '') {
      report('empty link');
      continue;
    }
    const hash = target.indexOf('#');
    const address = (hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
    let fragment = hash < 0 ? null : target.slice(hash + 1);
    let decoded;
    try {
      decoded = decodeURIComponent(address);
      if (fragment !== null) fragment = decodeURIComponent(fragment);
    } catch {
      report('not a valid percent-encoded address');
      continue;
    }
    const resolved =
      decoded === ''
        ? absolute
        : decoded.startsWith('/')
          ? path.join(root, decoded)
          : path.resolve(path.dirname(absolute), decoded);
    const relative = path.relative(root, resolved);
    if (relative.startsWith('..') || path.isAbsolute(relative)) {
      report('points outside the repository');
      continue;
    }
    if (!existsSync(resolved)) {
      report(`no such file: ${relative}`);
      continue;
    }
    if (fragment === null || fragment === '') continue;
    let page = resolved;
    if (statSync(resolved).isDirectory()) {
      page = path.join(resolved, 'README.md');
      if (!existsSync(page)) {
        report(`#${fragment}: the folder ${relative} has no README.md to hold it`);
        continue;
      }
    }
    // Fragments of other files (GitHub's #L10 line anchors, ids in HTML) are not checked.
    if (!page.endsWith('.md')) continue;
    if (!anchorsOf(page).has(fragment)) {
      report(`no heading or anchor "#${fragment}" in ${path.relative(root, page) || file}`);
    }
  }
  return broken;
}

/** A cached `anchorsOf` for brokenLinks. */
function anchorCache() {
  const cache = new Map();
  return (file) => {
    if (!cache.has(file)) cache.set(file, anchors(readFileSync(file, 'utf8')));
    return cache.get(file);
  };
}

const format = (b) => `${b.file}:${b.line}: ${b.target} (${b.why})`;

// --- The checker's rules ---

test('slugs follow GitHub: lowercase, punctuation dropped, spaces to hyphens', () => {
  assert.equal(slug(headingText('What makes it different')), 'what-makes-it-different');
  assert.equal(slug(headingText('Keys at rest: the passphrase lock')), 'keys-at-rest-the-passphrase-lock');
  assert.equal(slug(headingText('Versions, copy and save')), 'versions-copy-and-save');
  assert.equal(slug(headingText('Why shouldn\'t I use it?')), 'why-shouldnt-i-use-it');
  assert.equal(slug(headingText('`{agent_name}` and C# (v2.0)')), 'agent_name-and-c-v20');
  assert.equal(slug(headingText('**Bold** and [a link](x.md) — dash')), 'bold-and-a-link--dash');
  assert.equal(slug(headingText('Ünïcode Été 2')), 'ünïcode-été-2');
  assert.equal(slug(headingText('Run `bench:compare`')), 'run-benchcompare');
});

test('anchors: headings (repeats numbered, setext too) and explicit <a id>/<a name>', () => {
  const text = [
    '# Title',
    '## Setup',
    '## Setup',
    'Setup',
    '---',
    '<a id="custom-id"></a>',
    '<a name="old-name"></a>',
    '```',
    '# Not a heading',
    '```',
    'Paragraph',
    '',
    '---',
  ].join('\n');
  const found = anchors(text);
  for (const id of ['title', 'setup', 'setup-1', 'setup-2', 'custom-id', 'old-name']) {
    assert.ok(found.has(id), `${id} in ${[...found]}`);
  }
  assert.ok(!found.has('not-a-heading'));
  assert.ok(!found.has('paragraph'), 'a rule after a blank line is no heading underline');
});

test('links: inline, images, definitions and HTML; not in code or comments', () => {
  const text = [
    'See [the guide](docs/README.md) and ![a shot](shots/a.png "title").',
    '[![badge](img/b.svg)](docs/x.md#part) and [paren](a_(b).md)',
    '[ref]: ../other.md#frag',
    '<picture><source media="x" srcset="dark.png 2x, dark-1x.png"><img src=\'light.png\' alt="a"></picture>',
    'Inline `[no](code.md)` and ```` ```html ```` then [yes](after.md)',
    '<!-- [hidden](comment.md) -->',
    '```md',
    '[fenced](fenced.md)',
    '```',
    '~~~',
    '[tilde](tilde.md)',
    '~~~',
    '[last](<with space.md>)',
  ].join('\n');
  assert.deepEqual(
    links(text).map((l) => `${l.line} ${l.target}`),
    [
      '1 docs/README.md',
      '1 shots/a.png',
      '2 img/b.svg',
      '2 docs/x.md#part',
      '2 a_(b).md',
      '3 ../other.md#frag',
      '4 dark.png',
      '4 dark-1x.png',
      '4 light.png',
      '5 after.md',
      '13 with space.md',
    ],
  );
  assert.ok(isExternal('https://leptos.dev') && isExternal('mailto:a@b.c') && isExternal('//cdn.example/x'));
  assert.ok(!isExternal('docs/README.md') && !isExternal('#section'));
});

let fixture;
before(async () => {
  fixture = await mkdtemp(path.join(tmpdir(), 'hearth-links-'));
  await mkdir(path.join(fixture, 'docs', 'sub'), { recursive: true });
  await writeFile(path.join(fixture, 'docs', 'sub', 'README.md'), '# Sub\n\n## Part one\n');
  await writeFile(path.join(fixture, 'docs', 'page.md'), '# Page\n\n## Part one\n\n<a id="kept"></a>\n');
  await writeFile(path.join(fixture, 'code.rs'), 'fn main() {}\n');
  await writeFile(
    path.join(fixture, 'README.md'),
    [
      '# Top',
      '## Local section',
      '[ok](docs/page.md) [ok](docs/page.md#part-one) [ok](docs/page.md#kept) [ok](#local-section)',
      '[ok](docs/sub/) [ok](docs/sub#part-one) [ok](code.rs#L1) [ok](/docs/page.md) [ok](docs/page.md?plain=1)',
      '[ok](https://example.com/missing.md) [ok](mailto:someone@example.com)',
      '[bad](docs/missing.md)',
      '[bad](docs/page.md#no-such-part) [bad](#nowhere)',
      '<img src="docs/missing.png" alt="">',
      '[bad](../outside.md) [bad]()',
    ].join('\n'),
  );
});
after(async () => {
  await rm(fixture, { recursive: true, force: true });
});

test('brokenLinks reports missing files, missing fragments and escapes, with their lines', () => {
  assert.deepEqual(documents(fixture), ['README.md', 'docs/page.md', 'docs/sub/README.md']);
  const broken = brokenLinks(fixture, 'README.md', anchorCache()).map((b) => `${b.line} ${b.target}: ${b.why}`);
  assert.deepEqual(broken, [
    '6 docs/missing.md: no such file: docs/missing.md',
    '7 docs/page.md#no-such-part: no heading or anchor "#no-such-part" in docs/page.md',
    '7 #nowhere: no heading or anchor "#nowhere" in README.md',
    '8 docs/missing.png: no such file: docs/missing.png',
    '9 ../outside.md: points outside the repository',
    '9 : empty link',
  ]);
});

// --- The project's documents ---

const anchorsOf = anchorCache();
const files = documents(ROOT);

test('the documents are found', () => {
  assert.ok(files.includes('README.md'), 'README.md');
  assert.ok(files.includes('docs/README.md'), 'docs/README.md, the guide');
});

for (const file of files) {
  test(`every relative link in ${file} resolves`, () => {
    const broken = brokenLinks(ROOT, file, anchorsOf);
    assert.equal(broken.length, 0, `${broken.length} broken link(s):\n${broken.map(format).join('\n')}`);
  });
}
