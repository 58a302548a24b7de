// The OAuth 2.1 side of the MCP mock (mcp.mjs): an authorization server at /as and the
// resource metadata of its protected endpoint /protected, the pieces the MCP authorization
// spec asks a client to walk through: RFC 9728 resource metadata, RFC 8414 server metadata,
// RFC 7591 dynamic registration, the code flow with PKCE S256 only, RFC 8707 resource
// indicators and refresh token rotation. Public clients only (no client secrets), since
// Hearth runs in a browser. Node built-ins only.
//
//   GET  /.well-known/oauth-protected-resource/protected   { resource, authorization_servers, scopes_supported }
//   GET  /.well-known/oauth-authorization-server/as        RFC 8414 metadata; any other /.well-known/* is 404
//   POST /as/register     JSON client metadata → 201 { client_id: "client-<n>", … }
//   GET  /as/authorize    no login page: a valid request is granted at once (302 with code, state, iss)
//   POST /as/token        authorization_code (PKCE) and refresh_token (rotated; reuse revokes the grant)
//
//   POST /__mcp/oauth/cors    { "token": false } takes every CORS header off /as/token, as a
//                             server a browser page cannot read the tokens of; true puts them back
//   POST /__mcp/oauth/ttl     { "seconds": n } the lifetime of access tokens issued from now on
//   POST /__mcp/oauth/expire  every access token issued so far is expired; refresh tokens stay good
//   GET  /__mcp/oauth/log     { endpoint, grant_type?, client_id?, resource?, scope?,
//                             refresh_token_reused?, ok, error? } per register/authorize/token request
import { createHash, randomBytes } from 'node:crypto';

const SCOPES = ['tools'];
const DEFAULT_TTL = 3600;
const CODE_TTL_MS = 60_000;
const RESOURCE_METADATA = '/.well-known/oauth-protected-resource/protected';
const SERVER_METADATA = '/.well-known/oauth-authorization-server/as';
// RFC 7636: 43 to 128 unreserved characters; an S256 challenge is 43 base64url ones.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const secret = (prefix) => `${prefix}-${randomBytes(18).toString('base64url')}`;
const s256 = (verifier) => createHash('sha256').update(verifier).digest('base64url');
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function empty(res, status, headers = {}) {
  res.writeHead(status, headers);
  res.end();
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function isHttpUrl(value) {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Everything a reset forgets. */
function freshState() {
  return {
    clients: new Map(),
    codes: new Map(),
    // token → { family, expires } and token → { family, rotated }; a family is one grant
    // (one authorization) with every token refreshed from it, revoked as a whole.
    access: new Map(),
    refresh: new Map(),
    log: [],
    nextClient: 1,
    ttl: DEFAULT_TTL,
    tokenCors: true,
  };
}

/**
 * The authorization server. `origin()` is the mock's origin (known once it listens);
 * `cors` and `preflight` are the mock's own, so these routes answer browsers as its MCP
 * endpoints do. Returns `{ route, authorized, challenge, reset }`.
 */
export function createOAuth({ origin, cors, preflight }) {
  let s = freshState();
  const resource = () => `${origin()}/protected`;
  const issuer = () => `${origin()}/as`;

  const record = (entry) => s.log.push(entry);

  function serverMetadata() {
    return {
      issuer: issuer(),
      authorization_endpoint: `${issuer()}/authorize`,
      token_endpoint: `${issuer()}/token`,
      registration_endpoint: `${issuer()}/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
      scopes_supported: SCOPES,
    };
  }

  function wellKnown(req, res, path) {
    if (req.method !== 'GET') return empty(res, 405, { allow: 'GET' });
    if (path === RESOURCE_METADATA) {
      return json(res, 200, { resource: resource(), authorization_servers: [issuer()], scopes_supported: SCOPES });
    }
    if (path === SERVER_METADATA) return json(res, 200, serverMetadata());
    return json(res, 404, { error: 'not found' });
  }

  async function register(req, res) {
    if (req.method !== 'POST') return empty(res, 405, { allow: 'POST' });
    let meta;
    try {
      meta = JSON.parse(await readBody(req));
    } catch {
      record({ endpoint: 'register', ok: false, error: 'invalid_client_metadata' });
      return json(res, 400, { error: 'invalid_client_metadata', error_description: 'The body is not JSON.' });
    }
    const uris = meta?.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every(isHttpUrl)) {
      record({ endpoint: 'register', ok: false, error: 'invalid_redirect_uri' });
      return json(res, 400, { error: 'invalid_redirect_uri', error_description: 'redirect_uris must be a non-empty list of http(s) URLs.' });
    }
    const client = {
      client_id: `client-${s.nextClient++}`,
      client_id_issued_at: Math.floor(Date.now() / 1000),
      redirect_uris: uris,
      // Whatever was asked: a public client, since the mock has no secrets to give.
      token_endpoint_auth_method: 'none',
      grant_types: meta.grant_types ?? ['authorization_code', 'refresh_token'],
      response_types: meta.response_types ?? ['code'],
      client_name: meta.client_name,
    };
    s.clients.set(client.client_id, client);
    record({ endpoint: 'register', client_id: client.client_id, ok: true });
    return json(res, 201, client);
  }

  /** What is wrong with an authorization request of a known client, or null. */
  function authorizeProblem(q) {
    if (q.response_type !== 'code') return 'response_type must be "code".';
    if (q.code_challenge_method !== 'S256') return 'code_challenge_method must be "S256".';
    if (!CHALLENGE.test(q.code_challenge ?? '')) return 'code_challenge must be a base64url SHA-256 (43 characters).';
    if (q.resource !== resource()) return `resource must be ${resource()}.`;
    const unknown = (q.scope ?? '').split(' ').filter((scope) => scope && !SCOPES.includes(scope));
    if (unknown.length) return `Unknown scope: ${unknown.join(' ')}.`;
    return null;
  }

  function redirect(res, to, params) {
    const target = new URL(to);
    for (const [key, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(key, value);
    return empty(res, 302, { location: target.href, 'cache-control': 'no-store' });
  }

  /** A page for the user, never a redirect: the redirect_uri cannot be trusted. */
  function refusePage(res, title, detail) {
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`);
  }

  function authorize(req, res, url) {
    if (req.method !== 'GET') return empty(res, 405, { allow: 'GET' });
    const q = Object.fromEntries(url.searchParams);
    const entry = { endpoint: 'authorize', client_id: q.client_id, resource: q.resource, scope: q.scope };
    const client = s.clients.get(q.client_id);
    if (!client) {
      record({ ...entry, ok: false, error: 'invalid_client' });
      return refusePage(res, 'Unknown client', `No client is registered as "${q.client_id ?? ''}".`);
    }
    if (!client.redirect_uris.includes(q.redirect_uri)) {
      record({ ...entry, ok: false, error: 'invalid_redirect_uri' });
      return refusePage(res, 'Unregistered redirect_uri', `"${q.redirect_uri ?? ''}" is not a redirect URI of ${client.client_id}.`);
    }
    const problem = authorizeProblem(q);
    if (problem) {
      record({ ...entry, ok: false, error: 'invalid_request' });
      return redirect(res, q.redirect_uri, { error: 'invalid_request', error_description: problem, state: q.state, iss: issuer() });
    }
    const code = secret('mock-code');
    s.codes.set(code, {
      client_id: client.client_id,
      redirect_uri: q.redirect_uri,
      challenge: q.code_challenge,
      resource: q.resource,
      scope: q.scope || SCOPES.join(' '),
      expires: Date.now() + CODE_TTL_MS,
    });
    record({ ...entry, ok: true });
    return redirect(res, q.redirect_uri, { code, state: q.state, iss: issuer() });
  }

  const refusal = (error, description) => ({ error, description });

  /** The grant family a code starts, or a refusal. A code is used up by any attempt. */
  function exchangeCode(form) {
    for (const key of ['code', 'code_verifier', 'redirect_uri', 'resource']) {
      if (!form[key]) return refusal('invalid_request', `${key} is missing.`);
    }
    if (!VERIFIER.test(form.code_verifier)) return refusal('invalid_request', 'code_verifier must be 43 to 128 unreserved characters.');
    const code = s.codes.get(form.code);
    s.codes.delete(form.code);
    if (!code || code.expires <= Date.now()) return refusal('invalid_grant', 'The code is unknown, used or expired.');
    if (code.client_id !== form.client_id) return refusal('invalid_grant', 'The code was issued to another client.');
    if (code.redirect_uri !== form.redirect_uri) return refusal('invalid_grant', 'redirect_uri differs from the authorization request.');
    if (code.resource !== form.resource) return refusal('invalid_grant', 'resource differs from the authorization request.');
    if (s256(form.code_verifier) !== code.challenge) return refusal('invalid_grant', 'The code_verifier does not match the code_challenge.');
    const { client_id, resource: granted, scope } = code;
    return { family: { client_id, resource: granted, scope, revoked: false } };
  }

  /** The family of a refresh token, which is rotated, or a refusal. */
  function refresh(form, entry) {
    for (const key of ['refresh_token', 'resource']) {
      if (!form[key]) return refusal('invalid_request', `${key} is missing.`);
    }
    const held = s.refresh.get(form.refresh_token);
    if (!held) return refusal('invalid_grant', 'The refresh token is unknown.');
    entry.refresh_token_reused = held.rotated;
    if (held.rotated) {
      // RFC 9700 4.14.2: a rotated token used again means it leaked; end the whole grant.
      held.family.revoked = true;
      return refusal('invalid_grant', 'The refresh token was already used; the grant is revoked.');
    }
    if (held.family.revoked) return refusal('invalid_grant', 'The grant was revoked.');
    if (held.family.client_id !== form.client_id) return refusal('invalid_grant', 'The refresh token was issued to another client.');
    if (held.family.resource !== form.resource) return refusal('invalid_grant', 'resource differs from the grant.');
    held.rotated = true;
    return { family: held.family };
  }

  function issue(res, family) {
    const access = secret('mock-at');
    const refreshToken = secret('mock-rt');
    s.access.set(access, { family, expires: Date.now() + s.ttl * 1000 });
    s.refresh.set(refreshToken, { family, rotated: false });
    const body = { access_token: access, token_type: 'Bearer', expires_in: s.ttl, refresh_token: refreshToken, scope: family.scope };
    return json(res, 200, body, { 'cache-control': 'no-store', pragma: 'no-cache' });
  }

  async function token(req, res) {
    // With CORS off the endpoint is as a browser sees a server without it: no headers, and
    // a preflight that fails. A form POST needs no preflight, so it still runs here.
    if (req.method === 'OPTIONS') return s.tokenCors ? (cors(req, res), preflight(req, res)) : json(res, 404, { error: 'not found' });
    if (s.tokenCors) cors(req, res);
    if (req.method !== 'POST') return empty(res, 405, { allow: 'POST' });
    const text = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(text));
    const entry = { endpoint: 'token', grant_type: form.grant_type, client_id: form.client_id, resource: form.resource, scope: form.scope };
    const grants = { authorization_code: exchangeCode, refresh_token: refresh };
    let outcome;
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      outcome = refusal('invalid_request', 'The body must be application/x-www-form-urlencoded.');
    } else if (!form.grant_type) {
      outcome = refusal('invalid_request', 'grant_type is missing.');
    } else if (!grants[form.grant_type]) {
      outcome = refusal('unsupported_grant_type', `Unsupported grant_type: ${form.grant_type}.`);
    } else if (!s.clients.has(form.client_id)) {
      outcome = refusal('invalid_client', 'Unknown client_id.');
    } else {
      outcome = grants[form.grant_type](form, entry);
    }
    if (outcome.error) {
      record({ ...entry, ok: false, error: outcome.error });
      return json(res, 400, { error: outcome.error, error_description: outcome.description }, { 'cache-control': 'no-store' });
    }
    record({ ...entry, scope: outcome.family.scope, ok: true });
    return issue(res, outcome.family);
  }

  async function readJson(req) {
    try {
      return JSON.parse(await readBody(req));
    } catch {
      return null;
    }
  }

  async function control(req, res, path) {
    if (path === '/__mcp/oauth/log') return json(res, 200, s.log);
    if (req.method !== 'POST') return empty(res, 405, { allow: 'POST' });
    if (path === '/__mcp/oauth/cors') {
      const body = await readJson(req);
      if (typeof body?.token !== 'boolean') return json(res, 400, { error: 'expected { "token": true | false }' });
      s.tokenCors = body.token;
      return empty(res, 204);
    }
    if (path === '/__mcp/oauth/ttl') {
      const body = await readJson(req);
      if (!Number.isFinite(body?.seconds) || body.seconds < 0) return json(res, 400, { error: 'expected { "seconds": n >= 0 }' });
      s.ttl = body.seconds;
      return empty(res, 204);
    }
    if (path === '/__mcp/oauth/expire') {
      const now = Date.now();
      for (const held of s.access.values()) held.expires = Math.min(held.expires, now);
      return empty(res, 204);
    }
    return json(res, 404, { error: 'not found' });
  }

  /** Answers the request if its path is one of these routes; says whether it did. */
  function route(req, res, url) {
    const path = url.pathname;
    let handle;
    if (path === '/as/token') handle = () => token(req, res);
    else if (path.startsWith('/.well-known/')) handle = () => wellKnown(req, res, path);
    else if (path === '/as/register') handle = () => register(req, res);
    else if (path === '/as/authorize') handle = () => authorize(req, res, url);
    else if (path.startsWith('/__mcp/oauth/')) handle = () => control(req, res, path);
    else return false;
    if (path !== '/as/token') {
      // The token endpoint's CORS can be off, so it does its own.
      cors(req, res);
      // Metadata is public: `*`, whatever the origin.
      if (path.startsWith('/.well-known/')) res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') return preflight(req, res), true;
    }
    Promise.resolve()
      .then(handle)
      .catch((error) => {
        if (!res.headersSent) json(res, 500, { error: 'server_error', error_description: String(error) });
        else res.end();
      });
    return true;
  }

  /** Whether the request carries a live access token issued for /protected. */
  function authorized(req) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const held = bearer && s.access.get(bearer[1]);
    return Boolean(held && !held.family.revoked && held.expires > Date.now() && held.family.resource === resource());
  }

  /** The 401 that sends a client to the resource metadata (RFC 9728 section 5.1). */
  function challenge(res) {
    const header = `Bearer resource_metadata="${origin()}${RESOURCE_METADATA}"`;
    return json(res, 401, { error: 'invalid_token', error_description: 'A valid access token is required.' }, { 'www-authenticate': header });
  }

  return {
    route,
    authorized,
    challenge,
    reset: () => {
      s = freshState();
    },
  };
}
