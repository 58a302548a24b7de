// IndexedDB helpers for Hearth's end-to-end tests and benchmarks: reading the app's
// database (`hearth`) from inside the page, a canonical dump for comparing whole stores,
// seeding records in the app's format, and the search terms the app keeps on messages
// (a port of hearth-core/src/storage/search.rs, for seeding).
//
// The page must have opened the database first (the app creates it on start-up): these
// helpers never create or upgrade it.

/** Every store of the app's database, in the order backups list them. */
export const STORES = ['providers', 'model_configs', 'agents', 'sessions', 'messages', 'project_files', 'settings'];

/**
 * Every record of every store, each store sorted by its key: `{ providers: [...], ... }`.
 * `only` limits it to some stores.
 */
export async function readDatabase(page, only = STORES) {
  const read = await page.evaluate(
    async (stores) => {
      // Opens the existing database; never creates it (that would leave it without stores).
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('hearth');
        request.onupgradeneeded = () => request.transaction.abort();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error('the hearth database is missing: has the app started?'));
      });
      try {
        const tx = db.transaction(stores, 'readonly');
        const read = (name) =>
          new Promise((resolve, reject) => {
            const request = tx.objectStore(name).getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
        const result = {};
        for (const name of stores) {
          const key = tx.objectStore(name).keyPath;
          result[name] = (await read(name)).sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
        }
        return result;
      } finally {
        db.close();
      }
    },
    only,
  );
  if (read.messages) read.messages = read.messages.map(wholeMessage);
  return read;
}

/**
 * The fields the app leaves out of a stored message when they hold a new message's value
 * (hearth_core::storage::lean), with that value: what reading the record gives back.
 */
export const LEFT_OUT_OF_MESSAGES = {
  reasoning: '',
  provider_kind: null,
  tool_calls: [],
  model: null,
  provider_id: null,
  usage: null,
  finish: null,
  error: null,
  state: 'complete',
};

/** A stored message with the fields left out of it filled back in, as the app reads it. */
export function wholeMessage(stored) {
  return { ...structuredClone(LEFT_OUT_OF_MESSAGES), ...stored };
}

/**
 * The whole database as one canonical JSON string (stores sorted by key), for equality checks.
 * A message's `number` (its place in the search's postings) is left out: each device numbers
 * the messages it stores in the order it stores them.
 */
export async function canonicalDump(page) {
  const stores = await readDatabase(page);
  stores.messages = stores.messages.map(({ number, ...message }) => message);
  return JSON.stringify(stores, null, 1);
}

/** A session's message records, oldest first (as the app orders them). */
export async function sessionMessages(page, sessionId) {
  const { messages } = await readDatabase(page, ['messages']);
  return messages
    .filter((message) => message.session_id === sessionId)
    .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
}

/**
 * Messages as the app stores them (schema 3): each conversation a tree. A message that
 * names no `parent` (and no conversation of them names one) follows the message before it
 * in its conversation (by `created_at`, then id), as a linear conversation; summaries are
 * no nodes. Returns new objects; `messages` is left as it is.
 */
export function linkedMessages(messages) {
  const bySession = new Map();
  for (const message of messages) {
    if (!bySession.has(message.session_id)) bySession.set(message.session_id, []);
    bySession.get(message.session_id).push(message);
  }
  const linked = new Map();
  for (const list of bySession.values()) {
    const named = list.some((m) => 'parent' in m);
    const ordered = [...list].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let previous;
    for (const message of ordered) {
      if (named || message.kind === 'summary') {
        linked.set(message, { ...message });
        continue;
      }
      linked.set(message, previous ? { ...message, parent: previous } : { ...message });
      previous = message.id;
    }
  }
  return messages.map((message) => linked.get(message));
}

/**
 * Writes records straight into the database, `batchSize` records per readwrite
 * transaction: `{ sessions: [...], messages: [...] }`, the messages linked as a linear
 * conversation where they name no parent (see `linkedMessages`). Returns the time taken in ms.
 */
export function seedRecords(page, records, { batchSize = 2000 } = {}) {
  if (records.messages) records = { ...records, messages: linkedMessages(records.messages) };
  return page.evaluate(
    async ({ records, batchSize }) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('hearth');
        request.onupgradeneeded = () => request.transaction.abort();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error('the hearth database is missing: has the app started?'));
      });
      const started = performance.now();
      try {
        for (const [store, list] of Object.entries(records)) {
          for (let start = 0; start < list.length; start += batchSize) {
            await new Promise((resolve, reject) => {
              const tx = db.transaction(store, 'readwrite');
              const objectStore = tx.objectStore(store);
              for (const record of list.slice(start, start + batchSize)) objectStore.put(record);
              tx.oncomplete = resolve;
              tx.onabort = () => reject(tx.error ?? new Error(`writing ${store} was aborted`));
            });
          }
        }
        return performance.now() - started;
      } finally {
        db.close();
      }
    },
    { records, batchSize },
  );
}

const MAX_TERM_CHARS = 32;
const ALPHANUMERIC = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}]/u;

/** Han, Hiragana, Katakana and Hangul, which the app indexes as character pairs. */
function isCjk(c) {
  const code = c.codePointAt(0);
  return (
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x20000 && code <= 0x2fa1f)
  );
}

/**
 * The distinct, lower-cased, sorted search terms of `text`, as the app stores them in `terms`;
 * `cap` keeps only the first ones, as Hearth did before it indexed every word.
 */
export function searchTerms(text, { cap } = {}) {
  const words = [];
  let current = '';
  let cjk = [];
  const pushWord = () => {
    if (current) words.push([...current].slice(0, MAX_TERM_CHARS).join(''));
    current = '';
  };
  const flushCjk = () => {
    if (cjk.length === 1) words.push(cjk[0]);
    for (let i = 0; i + 1 < cjk.length; i++) words.push(cjk[i] + cjk[i + 1]);
    cjk = [];
  };
  for (const c of text) {
    if (isCjk(c)) {
      pushWord();
      cjk.push(c);
    } else if (ALPHANUMERIC.test(c)) {
      flushCjk();
      current += c.toLowerCase();
    } else {
      pushWord();
      flushCjk();
    }
  }
  pushWord();
  flushCjk();
  // Rust sorts strings by UTF-8 bytes, which is code point order.
  const byCodePoint = (a, b) => {
    const [x, y] = [[...a], [...b]];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  };
  const terms = [...new Set(words)].sort(byCodePoint);
  return cap === undefined ? terms : terms.slice(0, cap);
}

/** Every term that has a row in the app's postings (sorted): the words the search can find. */
export function postingsTerms(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('hearth');
      request.onupgradeneeded = () => request.transaction.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error('the hearth database is missing: has the app started?'));
    });
    try {
      const keys = await new Promise((resolve, reject) => {
        const request = db.transaction('postings').objectStore('postings').getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return [...new Set(keys.filter(Array.isArray).map((key) => key[0]))].sort();
    } finally {
      db.close();
    }
  });
}

/**
 * The search terms the app's postings hold for the message `id` (sorted): every row of the
 * `postings` store (`[term, segment]` → the message numbers' ascending differences as
 * LEB128 varints) whose numbers include the stored record's `number`. `[]` when the record
 * has no number (not indexed yet, or still streaming). Decoded here, apart from the app.
 */
export function indexedTerms(page, id) {
  return page.evaluate(async (id) => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('hearth');
      request.onupgradeneeded = () => request.transaction.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error('the hearth database is missing: has the app started?'));
    });
    try {
      const tx = db.transaction(['messages', 'postings'], 'readonly');
      const ask = (request) =>
        new Promise((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const record = await ask(tx.objectStore('messages').get(id));
      if (typeof record?.number !== 'number') return [];
      const postings = tx.objectStore('postings');
      const [keys, rows] = await Promise.all([ask(postings.getAllKeys()), ask(postings.getAll())]);
      const terms = new Set();
      keys.forEach((key, i) => {
        if (!Array.isArray(key)) return; // the `next` number
        let previous = 0;
        let value = 0;
        let shift = 0;
        for (const byte of rows[i]) {
          value += (byte & 0x7f) * 2 ** shift;
          if (byte & 0x80) {
            shift += 7;
            continue;
          }
          previous += value;
          if (previous === record.number) terms.add(key[0]);
          value = 0;
          shift = 0;
        }
      });
      return [...terms].sort();
    } finally {
      db.close();
    }
  }, id);
}

/**
 * The blob store's records (without their bytes): `[{ id, mime, size, held }]`, `held` when
 * the record holds its bytes, all `size` of them (an `ArrayBuffer`, or a `Blob` as records
 * written before held).
 */
export function storedBlobs(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('hearth');
      request.onupgradeneeded = () => request.transaction.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const all = await new Promise((resolve, reject) => {
        const request = db.transaction('blobs').objectStore('blobs').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const length = (data) => (data instanceof ArrayBuffer ? data.byteLength : data instanceof Blob ? data.size : -1);
      return all.map(({ id, mime, size, data }) => ({ id, mime, size, held: length(data) === size }));
    } finally {
      db.close();
    }
  });
}

/**
 * In the page: makes `request`'s success listeners (added either way) hear of its success only
 * once the test calls `releaseHeld(page)`, setting `window[flag]` to true just before. A test
 * that asserts something happened while the request was held releases it after asserting, so
 * a slow machine cannot end the hold first.
 */
function holdSuccess(request, flag) {
  const released = new Promise((resolve) => {
    window.releaseHeld = resolve;
  });
  const later = (listener) => (event) =>
    released.then(() => {
      window[flag] = true;
      listener.call(request, event);
    });
  const add = request.addEventListener.bind(request);
  request.addEventListener = (type, listener, options) => add(type, type === 'success' ? later(listener) : listener, options);
  const own = Object.getOwnPropertyDescriptor(IDBRequest.prototype, 'onsuccess');
  Object.defineProperty(request, 'onsuccess', {
    get: () => own.get.call(request),
    set: (listener) => own.set.call(request, listener && later(listener)),
  });
}

/** Lets the request held by `holdFirstRead` or `holdOpen` in `page` answer. */
export async function releaseHeld(page) {
  await page.waitForFunction(() => typeof window.releaseHeld === 'function');
  await page.evaluate(() => window.releaseHeld());
}

/** Adds to `context` an init script that runs `setup(holdSuccess, arg)` in each page. */
function withHold(context, setup, arg) {
  return context.addInitScript({ content: `(${setup})(${holdSuccess}, ${JSON.stringify(arg)});` });
}

/**
 * Holds back the page's first `getAll` of the object store `store` (added to `context` before
 * the app loads) until the test calls `releaseHeld(page)`: the read's answer reaches the app
 * only then, as on a machine where start-up's reads are slow. `window.heldReadStarted` is true
 * once the app has asked, `window.heldReadDone` once it has the answer.
 */
export function holdFirstRead(context, store) {
  return withHold(
    context,
    (hold, { store }) => {
      const getAll = IDBObjectStore.prototype.getAll;
      let held = false;
      IDBObjectStore.prototype.getAll = function (...args) {
        const request = getAll.apply(this, args);
        if (this.name !== store || held) return request;
        held = true;
        window.heldReadStarted = true;
        hold(request, 'heldReadDone');
        return request;
      };
    },
    { store },
  );
}

/**
 * Holds back the page's first opening of the app's database (`hearth`) (added to `context`
 * before the app loads, so again after each reload) until the test calls `releaseHeld(page)`:
 * the database is created and upgraded as usual, but the app hears that it is open only then,
 * as on a machine where opening is slow. `window.heldOpenStarted` is true once the app has
 * asked, `window.heldOpenDone` once it has the database.
 */
export function holdOpen(context) {
  return withHold(
    context,
    (hold) => {
      const open = IDBFactory.prototype.open;
      let held = false;
      IDBFactory.prototype.open = function (name, ...args) {
        const request = open.call(this, name, ...args);
        if (name !== 'hearth' || held) return request;
        held = true;
        window.heldOpenStarted = true;
        hold(request, 'heldOpenDone');
        return request;
      };
    },
    {},
  );
}
