// Makes Hearth's sandboxed frame documents self-contained in a built folder, and gives the
// service worker their policies. Run by scripts/precache.mjs (scripts/assemble.mjs runs it)
// before it lists and hashes the files.
//
// The frame documents are the paths of `_headers` whose Content-Security-Policy has a
// `sandbox` directive (the JavaScript tools' sandbox-*.html, the app previews'
// app-frame*.html, the MCP Apps views' mcp-app-frame.html and the Mermaid diagrams'
// diagram-frame.html): no hand-kept list. For each:
//
// - its `<script src="NAME.js"></script>` elements (a file beside it, as written in
//   src/io/sandbox/, src/io/app_frame/, src/io/mcp_app_frame/ and src/io/diagram_frame/,
//   the one source) become
//   inline scripts with that file's text. An opaque-origin document is never controlled by the service worker, so
//   offline it could load nothing but its own navigation;
// - where its policy has no `'unsafe-inline'` (the tool sandbox), the script's
//   `'sha256-…'` is added to `script-src`, in the document's `<meta>` policy and in
//   `_headers`, so exactly that script runs inline and nothing else. The app preview
//   documents already allow inline scripts (the app's own), and a hash there would turn
//   `'unsafe-inline'` off.
//
// `framePolicies(dir)` then gives `{ name: policy }` from the written `_headers`: the
// worker (src/io/service_worker/sw.js) answers these documents with that policy as their
// `Content-Security-Policy` header, whose `sandbox` makes them opaque-origin even in a
// frame with `allow-same-origin` (see src/io/sandbox.rs).

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** `_headers` text parsed into `[{ route, headers: [[name, value]] }]`, in order. */
export function parseHeaders(text) {
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ route: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon < 0) throw new Error(`_headers: a header line outside a path, or without a colon: ${line}`);
    rule.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Whether a policy's text has a `sandbox` directive. */
function sandboxes(policy) {
  return policy.split(';').some((directive) => directive.trim().split(/\s+/)[0].toLowerCase() === 'sandbox');
}

/** Whether a policy's `script-src` has `'unsafe-inline'`. */
function allowsInline(policy) {
  const scriptSrc = policy.split(';').map((d) => d.trim().split(/\s+/)).find((d) => d[0].toLowerCase() === 'script-src');
  return Boolean(scriptSrc?.includes("'unsafe-inline'"));
}

/** `policy` with `source` added first to its `script-src`. */
function withScriptSource(policy, source, where) {
  const added = policy.replace(/(^|;)(\s*)script-src(\s)/i, (_, start, space, after) => `${start}${space}script-src ${source}${after}`);
  if (added === policy) throw new Error(`${where}: its policy has no script-src to add ${source} to`);
  return added;
}

/** The frame documents' routes (`/name.html`) in `rules`, with their policies. */
function frameRoutes(rules) {
  const routes = new Map();
  for (const { route, headers } of rules) {
    const policy = headers.find(([name]) => name === 'content-security-policy')?.[1];
    if (policy && sandboxes(policy) && /^\/[^/]+\.html$/.test(route)) routes.set(route, policy);
  }
  return routes;
}

/**
 * Inlines the scripts of the frame documents in the built folder `dir` and adds their
 * hashes where needed (see the top of this file); rewrites `_headers`. Returns the names of
 * the documents changed. A folder without `_headers` has no frame documents.
 */
export function inlineFrameScripts(dir) {
  const headersFile = path.join(dir, '_headers');
  if (!existsSync(headersFile)) return [];
  let headersText = readFileSync(headersFile, 'utf8');
  const changed = [];
  for (const [route, policy] of frameRoutes(parseHeaders(headersText))) {
    const name = route.slice(1);
    const file = path.join(dir, name);
    if (!existsSync(file)) throw new Error(`_headers names ${route}, which the build does not have`);
    let html = readFileSync(file, 'utf8');
    const hashes = [];
    html = html.replace(/<script src="([^"]+)"><\/script>/g, (_, src) => {
      if (!/^[\w.-]+\.js$/.test(src)) throw new Error(`${name}: ${src} is not a script file beside it`);
      // The HTML parser turns CR LF into LF before the browser hashes the script.
      const text = readFileSync(path.join(dir, src), 'utf8').replace(/\r\n?/g, '\n');
      if (/<\/script|<!--/i.test(text)) throw new Error(`${src} holds "</script" or "<!--" and cannot be inlined`);
      hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
      return `<script>${text}</script>`;
    });
    if (hashes.length === 0) continue;
    if (!allowsInline(policy)) {
      const sources = hashes.join(' ');
      html = html.replace(/(<meta http-equiv="Content-Security-Policy" content=")([^"]*)"/i, (_, start, content) => {
        return `${start}${withScriptSource(content, sources, name)}"`;
      });
      if (!html.includes(sources)) throw new Error(`${name}: no <meta> policy to add its script's hash to`);
      const line = `  Content-Security-Policy: ${policy}`;
      const at = headersText.indexOf(`${route}\n${line}`);
      if (at < 0) throw new Error(`_headers: ${route}'s policy is not the line after it`);
      const start = at + route.length + 1;
      headersText = headersText.slice(0, start) + `  Content-Security-Policy: ${withScriptSource(policy, sources, route)}` + headersText.slice(start + line.length);
    }
    writeFileSync(file, html);
    changed.push(name);
  }
  writeFileSync(headersFile, headersText);
  return changed;
}

/** `{ name: policy }`: each frame document of `dir` and the policy its `_headers` gives it. */
export function framePolicies(dir) {
  const headersFile = path.join(dir, '_headers');
  if (!existsSync(headersFile)) return {};
  const policies = {};
  for (const [route, policy] of frameRoutes(parseHeaders(readFileSync(headersFile, 'utf8')))) policies[route.slice(1)] = policy;
  return policies;
}
