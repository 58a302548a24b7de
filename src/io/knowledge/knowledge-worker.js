// Hearth's knowledge-base worker: keeps the user's knowledge bases in their own
// IndexedDB database, reads each file into passages and postings, embeds them
// when the base asks for it, and answers searches, all off the page's main
// thread (see src/io/knowledge.rs, which starts it the first time a knowledge
// base is used, and knowledge-worker/, the wasm that decides what a file is,
// how it splits, and what a search finds).
//
// Requests: {id, op, ...} answered {id, ok: true, value} or {id, ok: false, error}.
// Events:   {event: 'changed'} after anything stored changed (a file added, read,
//           failed, removed); the page then asks for the list again.
//
// The database, "hearth-knowledge" (one home for all of it):
//   bases    {id, name, created, embedding: null | {account, model}, carry_vectors}
//   files    {id, num, base, name, path, size, hash, kind, modified, added, state,
//             passages, pages, embedded, refusal, hidden, vectors}; index "base", "hash",
//            "state", and "vectors" (by vectors.hash)
//            state: "waiting" (stored, not read yet), "indexed", "failed"
//            vectors: {hash, model: "account|model", dims, passages} describes its
//            embeddings as they travel (sync and backups, when the base carries them):
//            the hash of their bytes and of the passages they were made from
//   blobs    the files' bytes by SHA-256, each stored once; also embeddings that came
//            from another device until the file they describe uses them
//   passages a file's passages (JSON text), by file id
//   postings a file's postings (bytes), by file id
//   vectors  {model, dims, bytes, hash} by file id
//   meta     {key: "next", value}: the next file number (the index's name for it)
// A file's passages, postings and state are written in one transaction, so a
// reload in the middle of reading leaves it "waiting", read again from the
// start, never half-indexed or twice.
'use strict';

const DB_NAME = 'hearth-knowledge';
const DB_VERSION = 3;
const HEAD_BYTES = 8192;
/** How long a hidden file or base waits for its Undo before a start-up forgets it (the page's Undo lasts 8 s). */
const FORGET_HIDDEN_MS = 60000;
/** The most files a base holds (hearth_core::knowledge::kind::MAX_FILES_PER_BASE). */
const MAX_FILES = 10000;

let folder = null;
let wasm = null;
let wasmPromise = null;
let loadPromise = null;
let library = null;
let dbPromise = null;
let targets = {};
let working = null;
/**
 * Set when reading is asked for while a round runs: that round may have looked already, so it
 * looks again before it ends (else a file stored meanwhile waited for the next add).
 */
let workAgain = false;

/** `bytes` inflated (`raw`: bare deflate; else zlib), at most `max` bytes: `"larger"` when there would be more, null when damaged. */
self.hearthInflate = async function hearthInflate(bytes, raw, max) {
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(raw ? 'deflate-raw' : 'deflate'));
    const reader = stream.getReader();
    const parts = [];
    let size = 0;
    for (;;) {
      let step;
      try {
        step = await reader.read();
      } catch {
        // A stream cut short (common in PDFs) gives what came before.
        if (!raw && size > 0) break;
        return null;
      }
      if (step.done) break;
      size += step.value.length;
      if (size > max) {
        reader.cancel().catch(() => {});
        return 'larger';
      }
      parts.push(step.value);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  } catch {
    return null;
  }
};

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('aborted'));
  });
}

/** Whether a file's passages are read, so it is searched (while embedding, by words). */
function searchable(file) {
  return file.state === 'indexed' || file.state === 'embedding';
}

function db() {
  dbPromise ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, DB_VERSION);
    open.onupgradeneeded = (event) => {
      const d = open.result;
      if (event.oldVersion < 1) {
        d.createObjectStore('bases', { keyPath: 'id' });
        const files = d.createObjectStore('files', { keyPath: 'id' });
        files.createIndex('base', 'base');
        files.createIndex('hash', 'hash');
        for (const name of ['blobs', 'passages', 'postings', 'vectors', 'meta']) d.createObjectStore(name);
      }
      // Version 2: the files by state, so the queue finds the waiting ones without reading all.
      if (event.oldVersion < 2) open.transaction.objectStore('files').createIndex('state', 'state');
      // Version 3: the files by their embeddings' hash (what came from another device finds its file).
      if (event.oldVersion < 3) open.transaction.objectStore('files').createIndex('vectors', 'vectors.hash');
    };
    open.onsuccess = () => {
      open.result.onversionchange = () => open.result.close();
      watchFileWrites(open.result);
      resolve(open.result);
    };
    open.onerror = () => reject(open.error);
  });
  return dbPromise;
}

// A search reads the files of the bases it searches. Read from the database each time, a
// base of 1,000 files took about 15 ms of every search; the list is kept instead, and read
// again after any write to the files here (counted when the write starts and when it ends,
// so a list read while one was under way is never kept) or word from another tab's worker.
let filesGeneration = 0;
const filesOfBase = new Map();

/** Counts every write to the `files` store of `d`, at its start and at its end. */
function watchFileWrites(d) {
  const transaction = d.transaction.bind(d);
  d.transaction = (stores, mode, ...rest) => {
    const tx = transaction(stores, mode, ...rest);
    if (mode === 'readwrite' && [].concat(stores).includes('files')) {
      filesGeneration++;
      const ended = () => filesGeneration++;
      tx.addEventListener('complete', ended);
      tx.addEventListener('abort', ended);
      tx.addEventListener('error', ended);
    }
    return tx;
  };
}

/** The files of base `base`, as stored (kept while no write to the files happened since). */
async function filesOf(base) {
  const kept = filesOfBase.get(base);
  if (kept && kept.generation === filesGeneration) return kept.files;
  const generation = filesGeneration;
  const d = await db();
  const files = await request(d.transaction('files').objectStore('files').index('base').getAll(base));
  if (generation === filesGeneration) filesOfBase.set(base, { generation, files });
  return files;
}

async function all(store) {
  const d = await db();
  return request(d.transaction(store).objectStore(store).getAll());
}

/** The files in `state` (through its index). */
async function inState(state) {
  const d = await db();
  return request(d.transaction('files').objectStore('files').index('state').getAll(state));
}

async function get(store, key) {
  const d = await db();
  return request(d.transaction(store).objectStore(store).get(key));
}

// Other tabs' workers: each tells the others which file it changed, so their
// libraries follow (one database, a library in memory per tab).
const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('hearth-knowledge') : null;

// The page reads the whole list again on each event: events are sent at most every 250 ms
// (a folder of thousands of files is one list read every 250 ms, not thousands).
let eventTimer = null;
let eventDue = false;

function tellPage() {
  if (eventTimer) {
    eventDue = true;
    return;
  }
  self.postMessage({ event: 'changed' });
  eventTimer = setTimeout(() => {
    eventTimer = null;
    if (eventDue) {
      eventDue = false;
      tellPage();
    }
  }, 250);
}

function changed(fileId) {
  tellPage();
  if (fileId && tabs) tabs.postMessage({ file: fileId });
}

// Sync (in whichever tab replicates) hears `{records: true}` on the channel when something it
// sends changed here: a base made, renamed, removed or brought back, a file added or removed,
// a changed file's new version read. At most once a second; reading and embedding say nothing,
// but in a base that carries its embeddings, whose files are sent once embedded (`settled`).
let syncTimer = null;

function syncable() {
  if (!tabs || syncTimer) return;
  syncTimer = setTimeout(() => {
    syncTimer = null;
    tabs.postMessage({ records: true });
  }, 1000);
}

/**
 * A file of base `baseId` is read and embedded (or left to words, or failed): sync hears it
 * when the base carries its embeddings, as such a file is sent only from then on.
 */
async function settled(baseId) {
  const base = await get('bases', baseId);
  if (base?.carry_vectors && base.embedding) syncable();
}

/** File `id` as stored now, in this tab's library (if loaded) too. */
async function reloadFile(id) {
  if (library) {
    const file = await get('files', id);
    if (file?.num) library.remove(file.num);
    if (file && !file.hidden && searchable(file)) {
      const postings = await get('postings', id);
      if (postings) library.add(file.num, postings);
      const vectors = await get('vectors', id);
      if (vectors) library.add_vectors(vectors.model, file.num, vectors.bytes);
    }
  }
  tellPage();
}

if (tabs) {
  tabs.onmessage = (event) => {
    // Another tab's worker wrote: the kept lists of files may be out of date.
    filesGeneration++;
    if (event.data?.file) reloadFile(event.data.file).catch(() => {});
  };
}

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The SHA-256 of a file's passages as stored (the JSON text): what its embeddings were made from. */
function passagesDigest(text) {
  return sha256Hex(new TextEncoder().encode(text ?? '[]'));
}

// A file's bytes are kept in the `blobs` store as an ArrayBuffer: small ones then sit in the
// database's own rows, where a Blob would be a file of its own on disk, read and written
// through the browser process (most of the time of reading a folder of small notes); the
// browser keeps large values apart by itself. Bytes stored as Blobs by earlier versions are
// read as they are.

/** `data` (a Uint8Array) as an ArrayBuffer of its own bytes only. */
function ownBuffer(data) {
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data.buffer : data.slice().buffer;
}

/** The bytes of a stored value (an ArrayBuffer, or a Blob from an earlier version). */
async function bytesOf(stored) {
  return new Uint8Array(stored instanceof Blob ? await stored.arrayBuffer() : stored);
}

/** A stored value as a Blob (what the page reads a file's bytes from). */
function blobOf(stored) {
  return stored instanceof Blob ? stored : new Blob([stored]);
}

/** Loads the wasm (once), from the app folder the page named at start. */
async function ensureWasm() {
  if (wasm) return;
  if (!folder) throw new Error('not started');
  wasmPromise ??= (async () => {
    const module = await import(new URL('hearth_knowledge.js', folder).href);
    await module.default({ module_or_path: new URL('hearth_knowledge_bg.wasm', folder) });
    library = new module.Library();
    wasm = module;
  })();
  try {
    await wasmPromise;
  } catch (error) {
    wasmPromise = null;
    throw error;
  }
}

/** The wasm loaded, every indexed file in the library, and the waiting ones being read. */
async function ready() {
  await ensureWasm();
  loadPromise ??= (async () => {
    const files = await all('files');
    const d = await db();
    for (const file of files) {
      if (file.hidden || !searchable(file)) continue;
      const tx = d.transaction(['postings', 'vectors']);
      const [postings, vectors] = await Promise.all([
        request(tx.objectStore('postings').get(file.id)),
        request(tx.objectStore('vectors').get(file.id)),
      ]);
      if (postings) library.add(file.num, postings);
      if (vectors) library.add_vectors(vectors.model, file.num, vectors.bytes);
    }
  })();
  await loadPromise;
  work();
}

/**
 * At start: files left removed (the page closed during their Undo) go, and the wasm is
 * loaded only when files wait to be read (a reload in the middle of indexing resumes).
 */
async function resume() {
  const files = await all('files');
  // Left hidden longer than any Undo lasts: the page closed during it. (A file another tab
  // hid a moment ago waits for that tab's Undo.)
  const stale = (record) => record.hidden && Date.now() - (record.hiddenAt ?? 0) > FORGET_HIDDEN_MS;
  for (const file of files.filter(stale)) await purge(file.id);
  for (const base of (await all('bases')).filter(stale)) await removeBaseNow(base.id);
  const linked = (await all('bases')).some((b) => b.folder);
  if (linked || files.some((f) => !f.hidden && (f.state === 'waiting' || f.state === 'embedding'))) await ready();
  if (linked) await watchFolders();
}

async function nextNumber(tx) {
  const meta = tx.objectStore('meta');
  const next = (await request(meta.get('next'))) ?? 1;
  meta.put(next + 1, 'next');
  return next;
}

/** How many files, or how many bytes of them, are stored in one transaction. */
const BATCH_FILES = 200;
const BATCH_BYTES = 16 * 1024 * 1024;

/**
 * The adds that come in several messages (a folder's files, a hundred at a time: the page
 * copies each File into its message), by the page's number for each: what `addFiles` keeps
 * from one of its messages to the next. An add's last message removes it.
 */
const adds = new Map();

/** What an add of files to base `base` starts from: the base's files, by hash and by path. */
async function startAdd(base) {
  const existing = (await all('files')).filter((f) => f.base === base && !f.hidden);
  return {
    base,
    byHash: new Map(existing.map((f) => [f.hash, f])),
    byPath: new Map(existing.map((f) => [f.path, f])),
    count: existing.filter((f) => f.state !== 'failed').length,
    skipped: 0,
  };
}

/**
 * Stores the files (`{file: File, path}`) in base `base`; refused ones are listed failed. An
 * add in several messages gives each its number `add`; its `last` one also says how many files
 * it did not send (`unsent`: those past the limit, which the page only counts). Answers how
 * many it stored and whether the base wants no more (`enough`: full, or removed).
 */
async function addFiles(base, entries, { live = false, add = null, last = true, unsent = 0 } = {}) {
  const d = await db();
  let state = add === null ? null : adds.get(add);
  if (!state || state.base !== base) state = await startAdd(base);
  if (add !== null) {
    if (last) adds.delete(add);
    else adds.set(add, state);
  }
  const { byHash, byPath } = state;
  let added = 0;
  state.skipped += unsent;
  // Files are stored a batch at a time (one transaction for many small files, not one each;
  // a folder of thousands would otherwise spend most of its time opening transactions), and
  // read as each batch is stored. `batch` holds `{record, buffer}` (buffer: the bytes of a
  // file to read; none for a refused one, listed with its reason).
  let batch = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return true;
    // A base removed meanwhile takes no more files.
    const still = await get('bases', base);
    if (!still || still.hidden) return false;
    const tx = d.transaction(['files', 'blobs', 'meta'], 'readwrite');
    const meta = tx.objectStore('meta');
    let next = (await request(meta.get('next'))) ?? 1;
    for (const { record, buffer } of batch) {
      if (buffer) {
        record.num = next++;
        if (!(await request(tx.objectStore('blobs').getKey(record.hash)))) tx.objectStore('blobs').put(buffer, record.hash);
      } else {
        record.num = 0;
      }
      tx.objectStore('files').put(record);
    }
    meta.put(next, 'next');
    await done(tx);
    const stored = batch.some(({ buffer }) => buffer);
    batch = [];
    batchBytes = 0;
    changed();
    if (stored) {
      syncable();
      work();
    }
    return true;
  };
  try {
    for (const { file, path } of entries) {
      if (state.count >= MAX_FILES) {
        state.skipped += 1;
        continue;
      }
      const record = {
        id: crypto.randomUUID(), base, name: file.name, path: path || file.name, size: file.size,
        modified: file.lastModified || 0, added: Date.now(), state: 'waiting', passages: 0, pages: 0,
        embedded: 0, refusal: null, hash: null, kind: null, live,
      };
      const refuse = (refusal) => batch.push({ record: { ...record, state: 'failed', refusal } });
      let head = null;
      try {
        head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
      } catch (error) {
        refuse({ why: 'malformed', detail: `it could not be read (${error?.name ?? error})` });
      }
      const detected = head ? JSON.parse(wasm.detect(file.name, file.size, head)) : null;
      let buffer = null;
      if (detected?.refused) {
        refuse(detected.refused);
      } else if (detected) {
        try {
          buffer = await file.arrayBuffer();
        } catch (error) {
          refuse({ why: 'malformed', detail: `it could not be read (${error?.name ?? error})` });
        }
      }
      if (buffer) {
        const hash = await sha256Hex(buffer);
        const same = byHash.get(hash);
        if (same && same.path === record.path) {
          // The same file again, unchanged (a folder added a second time, a file only touched):
          // nothing to read or embed; its time is noted so a linked folder does not look again.
          if (same.modified !== record.modified) await update(same.id, (f) => ({ ...f, modified: record.modified }));
        } else if (same) {
          refuse({ why: 'duplicate', of: same.name });
        } else {
          // The same path again (a changed file): the new one takes the old one's place once it
          // is read (indexFile); until then, and if it cannot be read, the old one stays.
          const before = byPath.get(record.path);
          const stored = { ...record, hash, kind: detected.kind, replaces: before?.id ?? null };
          batch.push({ record: stored, buffer });
          batchBytes += buffer.byteLength;
          if (!before) state.count += 1;
          byHash.set(hash, stored);
          byPath.set(stored.path, stored);
          added += 1;
        }
      }
      if ((batch.length >= BATCH_FILES || batchBytes >= BATCH_BYTES) && !(await flush())) return { added, enough: true };
    }
    if (!(await flush())) return { added, enough: true };
    // Past the limit, one line says how many were left out (not a row for each of thousands),
    // the same line each time, once the add's last message has come.
    const skipped = state.skipped;
    const still = last && skipped > 0 ? await get('bases', base) : null;
    if (still && !still.hidden) {
      const tx = d.transaction('files', 'readwrite');
      tx.objectStore('files').put({
        id: `${base}:more`, num: 0, base, name: `${skipped} more files`, path: `${skipped} more files`, size: 0,
        modified: 0, added: Date.now(), state: 'failed', passages: 0, pages: 0, embedded: 0, hash: null, kind: null,
        refusal: { why: 'too_many_files', limit: MAX_FILES },
      });
      await done(tx);
      changed();
    }
  } finally {
    work();
  }
  return { added, enough: state.count >= MAX_FILES };
}

// ---------------------------------------------------------------------------
// Live folders (the File System Access API, where the browser has it): a base
// may keep a folder's handle; its files are read when it is linked, and looked
// at again every few seconds: a file changed (its size or time) is read again,
// a new one added, one gone removed. Only while the browser grants reading it.

/** How often a linked folder is looked at, in milliseconds. */
const FOLDER_EVERY_MS = 3000;
/** The most entries a folder walk looks at. */
const MAX_FOLDER_ENTRIES = 50000;

/** The files below `handle`, each `{file, path}` (path from the folder's own name). */
async function folderFiles(handle) {
  const out = [];
  let seen = 0;
  let complete = true;
  const walk = async (dir, prefix) => {
    for await (const [name, entry] of dir.entries()) {
      seen += 1;
      if (seen > MAX_FOLDER_ENTRIES) {
        complete = false;
        return;
      }
      if (name.startsWith('.')) continue;
      const path = `${prefix}/${name}`;
      if (entry.kind === 'directory') await walk(entry, path);
      else out.push({ file: await entry.getFile(), path });
    }
  };
  await walk(handle, handle.name);
  return { files: out, complete };
}

/** Whether the browser lets this worker read `handle` now (never asks). */
async function mayRead(handle) {
  try {
    return (await handle.queryPermission({ mode: 'read' })) === 'granted';
  } catch {
    return false;
  }
}

/** Brings base `base`'s files in step with its linked folder. */
async function syncFolder(base) {
  if (base.hidden || !base.folder || !(await mayRead(base.folder))) return;
  let found;
  try {
    found = await folderFiles(base.folder);
  } catch {
    return;
  }
  const d = await db();
  const everyFile = await request(d.transaction('files').objectStore('files').index('base').getAll(base.id));
  // A file the user removed (and may bring back with Undo) is not added again.
  const known = everyFile.filter((f) => !f.hidden);
  const removed = new Set(everyFile.filter((f) => f.hidden).map((f) => f.path));
  const byPath = new Map(known.map((f) => [f.path, f]));
  const changedFiles = found.files.filter(({ file, path }) => {
    if (removed.has(path)) return false;
    const before = byPath.get(path);
    return !before || before.size !== file.size || before.modified !== (file.lastModified || 0);
  });
  const present = new Set(found.files.map(({ path }) => path));
  // A walk cut short (a folder of more entries than are looked at) removes nothing.
  const gone = found.complete ? known.filter((f) => f.live && f.hash && !present.has(f.path)) : [];
  if (changedFiles.length > 0) await addFiles(base.id, changedFiles, { live: true });
  for (const file of gone) await purge(file.id);
  if (gone.length > 0) changed();
}

let folderTimer = null;
let folderPass = null;

/** Looks at every linked folder once (one pass at a time: a slow one is not overlapped). */
function syncFolders() {
  folderPass ??= (async () => {
    try {
      for (const base of (await all('bases')).filter((b) => b.folder)) await syncFolder(base);
    } finally {
      folderPass = null;
    }
  })();
  return folderPass;
}

/** Looks at every linked folder now and then, while any base has one. */
async function watchFolders() {
  const bases = (await all('bases')).filter((b) => b.folder);
  if (bases.length === 0 || folderTimer) return;
  folderTimer = setInterval(() => {
    if (!folderPass) syncFolders().catch(() => {});
  }, FOLDER_EVERY_MS);
}

/** Reads every waiting file, one at a time, until none is left. */
function work() {
  if (working) {
    workAgain = true;
    return working;
  }
  const loop = async () => {
    for (;;) {
      workAgain = false;
      // Read through the state index (not every file of a large base), once for all the files
      // waiting now, not before each one (a folder of thousands would read thousands each time);
      // what comes meanwhile is found by the next round.
      const waiting = (await inState('waiting')).concat(await inState('embedding')).filter((f) => !f.hidden);
      if (waiting.length === 0) {
        if (workAgain) continue;
        break;
      }
      waiting.sort((a, b) => a.num - b.num);
      for (const listed of waiting) {
        // As it is now: removed, read or changed since the list was taken, it is left to the next round.
        const file = await get('files', listed.id);
        if (!file || file.hidden || file.state !== listed.state || file.hash !== listed.hash) continue;
        try {
          await indexFile(file);
        } catch (error) {
          // Whatever went wrong (storage full, a database error), this file fails and the rest go on.
          const refusal = { why: 'malformed', detail: String(error?.message ?? error) };
          await update(file.id, (f) => ({ ...f, state: 'failed', refusal }));
          changed(file.id);
        }
      }
    }
  };
  // One tab reads at a time (another tab's worker waits for the lock, then finds nothing left).
  working = (async () => {
    try {
      if (self.navigator?.locks?.request) await self.navigator.locks.request('hearth-knowledge-index', loop);
      else await loop();
    } catch (error) {
      self.postMessage({ event: 'changed', problem: String(error?.message ?? error) });
    } finally {
      // Asked for between the round's last look and here: once more (cleared first, so that a
      // round that could not start, the lock refused, is not started again and again).
      const again = workAgain;
      workAgain = false;
      working = null;
      if (again) work();
    }
  })();
  return working;
}

async function indexFile(file) {
  const d = await db();
  let prepared;
  try {
    const stored = await get('blobs', file.hash);
    if (!stored) throw JSON.stringify({ why: 'malformed', detail: 'its bytes are missing' });
    const bytes = await bytesOf(stored);
    if (file.state === 'waiting') {
      prepared = await wasm.prepare(JSON.stringify(file.kind), bytes);
    }
  } catch (error) {
    let refusal;
    try {
      refusal = JSON.parse(String(error));
    } catch {
      refusal = { why: 'malformed', detail: String(error) };
    }
    await update(file.id, (f) => ({ ...f, state: 'failed', refusal }));
    await settled(file.base);
    changed();
    return;
  }
  if (prepared) {
    // Read before the transaction opens: it must not wait on anything but its own requests.
    const embeds = await baseEmbedding(file.base);
    const postings = prepared.postings();
    const tx = d.transaction(['files', 'passages', 'postings', 'vectors', 'meta'], 'readwrite');
    const current = await request(tx.objectStore('files').get(file.id));
    if (!current || current.hidden) {
      prepared.free();
      return;
    }
    tx.objectStore('passages').put(prepared.passages(), file.id);
    tx.objectStore('postings').put(postings, file.id);
    tx.objectStore('files').put({
      ...current, state: embeds ? 'embedding' : 'indexed', passages: prepared.count(), pages: prepared.pages(),
      replaces: null,
    });
    // The version it replaces goes now that this one is read, in the same write.
    const replaced = current.replaces ? await request(tx.objectStore('files').get(current.replaces)) : null;
    if (replaced) {
      for (const name of ['files', 'passages', 'postings', 'vectors']) tx.objectStore(name).delete(replaced.id);
      noteDeleted(tx, [replaced.id]);
    }
    await done(tx);
    if (replaced) {
      syncable();
      library.remove(replaced.num);
      await dropBlobIfUnused(replaced.hash);
      changed(replaced.id);
    }
    library.add(file.num, postings);
    prepared.free();
    changed(file.id);
  }
  const embedding = await baseEmbedding(file.base);
  if (embedding) await embedFile(file.id, embedding);
}

async function baseEmbedding(baseId) {
  const base = await get('bases', baseId);
  return base?.embedding ?? null;
}

/** Embeds a file's passages when the page gave this base's target (its key); else it waits. */
async function embedFile(fileId, embedding) {
  // Embeddings another device made of it, when they came and fit, spare asking again.
  if (await useCarried(fileId, embedding)) return;
  const file = await get('files', fileId);
  // Embedded meanwhile (with embeddings that came, say): nothing to ask.
  if (file && file.state !== 'embedding') return;
  // Read after the file: keys handed over meanwhile are used, not missed.
  const target = targets[embedding.account];
  if (!target || !file) {
    if (file && file.state === 'embedding') {
      // No key yet (the lock is closed, or the account is gone): searchable by words meanwhile.
      await update(fileId, (f) => ({ ...f, state: 'indexed', embedded: 0 }));
      await settled(file.base);
      changed();
    }
    return;
  }
  const full = { ...target, model: embedding.model };
  const passagesText = (await get('passages', fileId)) ?? '[]';
  const passages = JSON.parse(passagesText);
  const texts = passages.map((p) => [...(p.at.headings ?? []), p.text].join('\n'));
  const batches = JSON.parse(wasm.embed_batches(JSON.stringify(full), Uint32Array.from(texts.map((t) => t.length))));
  const rows = [];
  let dims = 0;
  try {
    for (const [start, end] of batches) {
      const made = JSON.parse(wasm.embed_request(JSON.stringify(full), JSON.stringify(texts.slice(start, end)), false));
      if (made.error) throw new Error(made.error);
      const response = await fetch(made.url, {
        method: made.method, headers: made.headers, body: made.body, credentials: 'omit', referrerPolicy: 'no-referrer',
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${body.slice(0, 300)}`);
      const embedded = wasm.embed_parse(JSON.stringify(full), body, end - start);
      dims = embedded.dims();
      rows.push(embedded.values());
      embedded.free();
    }
  } catch (error) {
    await update(fileId, (f) => ({ ...f, state: 'indexed', embedded: 0, embed_error: String(error.message ?? error) }));
    await settled(file.base);
    changed();
    return;
  }
  const values = new Float32Array(rows.reduce((n, r) => n + r.length, 0));
  let at = 0;
  for (const row of rows) {
    values.set(row, at);
    at += row.length;
  }
  const bytes = wasm.vectors_bytes(dims, values);
  const model = `${embedding.account}|${embedding.model}|${dims}`;
  const [hash, digest] = await Promise.all([sha256Hex(bytes), passagesDigest(passagesText)]);
  const d = await db();
  const tx = d.transaction(['files', 'vectors', 'bases'], 'readwrite');
  const current = await request(tx.objectStore('files').get(fileId));
  const base = current ? await request(tx.objectStore('bases').get(current.base)) : null;
  // The base's model changed (or embedding was turned off) meanwhile: these vectors are not kept.
  const sameModel = JSON.stringify(base?.embedding ?? null) === JSON.stringify(embedding);
  if (!current || current.hidden || current.state !== 'embedding' || !sameModel) return;
  tx.objectStore('vectors').put({ model, dims, bytes, hash }, fileId);
  // The description that travels: one that came from another device for the same model and
  // passages stays (either device's embeddings serve; two devices then agree, not alternate).
  const carried = `${embedding.account}|${embedding.model}`;
  const kept = current.vectors?.model === carried && current.vectors?.passages === digest;
  const vectors = kept ? current.vectors : { hash, model: carried, dims, passages: digest };
  tx.objectStore('files').put({ ...current, state: 'indexed', embedded: passages.length, embed_error: null, vectors });
  await done(tx);
  if (!kept) {
    syncable();
    await dropPendingVectors(current.vectors?.hash);
  }
  library.add_vectors(model, current.num, bytes);
  changed(fileId);
}

/**
 * Uses the embeddings another device made of file `fileId` (they came by sync or a backup)
 * instead of embedding it again: only when the base embeds with the account and model that
 * made them, this device's reading of the file gave the same passages, and their bytes fit
 * those passages. Returns whether it did.
 */
async function useCarried(fileId, embedding) {
  const file = await get('files', fileId);
  const described = file?.vectors;
  // Read (its passages are what the embeddings must fit) and not embedded yet.
  if (!described || !needsVectors(file) || !(file.state === 'embedding' || file.state === 'indexed')) return false;
  const stored = await get('blobs', described.hash);
  if (!stored) return false;
  const text = (await get('passages', fileId)) ?? '[]';
  const bytes = await bytesOf(stored);
  const count = JSON.parse(text).length;
  await ensureWasm();
  const fits = described.model === `${embedding.account}|${embedding.model}`
    && (await passagesDigest(text)) === described.passages
    && wasm.vectors_fit(bytes, described.dims, count);
  if (!fits) {
    // Not of this base's model, or of another reading of the file: it is embedded here, and
    // those bytes are not kept for it.
    await dropPendingVectors(described.hash, fileId);
    return false;
  }
  const model = `${described.model}|${described.dims}`;
  const d = await db();
  const tx = d.transaction(['files', 'vectors', 'blobs'], 'readwrite');
  const current = await request(tx.objectStore('files').get(fileId));
  // Changed meanwhile (read again, removed, embedded here): left as it is now.
  if (!current || current.hidden || current.embedded || current.hash !== file.hash
      || JSON.stringify(current.vectors) !== JSON.stringify(described)) {
    await done(tx);
    return false;
  }
  tx.objectStore('vectors').put({ model, dims: described.dims, bytes, hash: described.hash }, fileId);
  tx.objectStore('files').put({ ...current, state: 'indexed', embedded: count, embed_error: null });
  await done(tx);
  // Kept once, in the vectors store, unless another file still waits for the same ones.
  await dropPendingVectors(described.hash);
  library?.add_vectors(model, current.num, bytes);
  await settled(current.base);
  changed(fileId);
  return true;
}

/** Whether file `file` has no embeddings here yet (so embeddings that came could serve it). */
function needsVectors(file) {
  return !file.hidden && !file.embedded && (file.state !== 'failed' || file.refusal?.why === 'not_arrived');
}

/**
 * Forgets the embeddings' bytes `hash` that came from another device, once no file (but
 * `except`, which will not use them) waits for them; a file's own bytes are never touched.
 */
async function dropPendingVectors(hash, except = null) {
  if (!hash) return;
  const d = await db();
  const tx = d.transaction(['files', 'blobs'], 'readwrite');
  const files = tx.objectStore('files');
  const [asBytes, describing] = await Promise.all([
    request(files.index('hash').count(hash)),
    request(files.index('vectors').getAll(hash)),
  ]);
  if (asBytes === 0 && !describing.some((f) => f.id !== except && needsVectors(f))) tx.objectStore('blobs').delete(hash);
  await done(tx);
}

async function update(id, change) {
  const d = await db();
  const tx = d.transaction('files', 'readwrite');
  const store = tx.objectStore('files');
  const current = await request(store.get(id));
  if (current) store.put(change(current));
  await done(tx);
}

/** Forgets the bytes `hash` once no file is of them. */
async function dropBlobIfUnused(hash) {
  if (!hash) return;
  const d = await db();
  const tx = d.transaction(['files', 'blobs'], 'readwrite');
  const users = await request(tx.objectStore('files').index('hash').count(hash));
  if (users === 0) tx.objectStore('blobs').delete(hash);
  await done(tx);
}

/**
 * Notes in `tx` (which writes "meta") that `ids` were deleted here, one key each
 * (`deleted:<id>`), so sync tells other devices; what another device deleted (`fromSync`) is
 * not noted: sync knows. A base or file that sync knows of but is neither here nor noted is
 * never taken for deleted (its database was made anew, or an older Hearth never stored it).
 */
function noteDeleted(tx, ids) {
  const meta = tx.objectStore('meta');
  for (const id of ids) meta.put(true, `deleted:${id}`);
}

/** The keys of the deletions noted (`deleted:<id>`). */
const DELETED = IDBKeyRange.bound('deleted:', 'deleted:\uffff');

/** Base `id` with all its files, gone. */
async function removeBaseNow(id, { fromSync = false } = {}) {
  // (Without an id, the index would give every base's files.)
  if (typeof id !== 'string' || !id) throw new Error('no base named');
  const d = await db();
  const files = await request(d.transaction('files').objectStore('files').index('base').getAll(id));
  for (const file of files) await purge(file.id, { fromSync });
  const tx = d.transaction(['bases', 'meta'], 'readwrite');
  tx.objectStore('bases').delete(id);
  if (!fromSync) noteDeleted(tx, [id]);
  await done(tx);
  if (!fromSync) syncable();
}

async function purge(id, { fromSync = false } = {}) {
  const d = await db();
  const tx = d.transaction(['files', 'passages', 'postings', 'vectors', 'meta'], 'readwrite');
  const file = await request(tx.objectStore('files').get(id));
  for (const name of ['files', 'passages', 'postings', 'vectors']) tx.objectStore(name).delete(id);
  if (file && !fromSync) noteDeleted(tx, [id]);
  await done(tx);
  if (file && !fromSync) syncable();
  if (tabs) tabs.postMessage({ file: id });
  if (file) {
    if (library) library.remove(file.num);
    await dropBlobIfUnused(file.hash);
    // Embeddings that came for it and were never used.
    await dropPendingVectors(file.vectors?.hash);
  }
}

/** Hides (`hidden: true`) or shows again the files given, or a whole base's. */
async function setHidden(ids, hidden) {
  const d = await db();
  const tx = d.transaction('files', 'readwrite');
  for (const id of ids) {
    const file = await request(tx.objectStore('files').get(id));
    if (file) tx.objectStore('files').put({ ...file, hidden, hiddenAt: hidden ? Date.now() : null });
  }
  await done(tx);
  if (tabs) for (const id of ids) tabs.postMessage({ file: id });
  syncable();
  const files = await all('files');
  if (!hidden) work();
  if (!library) {
    changed();
    return null;
  }
  const chosen = new Set(ids);
  for (const file of files.filter((f) => chosen.has(f.id))) {
    if (hidden) library.remove(file.num);
    else if (searchable(file)) {
      const postings = await get('postings', file.id);
      if (postings) library.add(file.num, postings);
      const vectors = await get('vectors', file.id);
      if (vectors) library.add_vectors(vectors.model, file.num, vectors.bytes);
    }
  }
  changed();
  return null;
}

/** The `k` best passages for `query` in the bases `bases` (or the files `files`). */
async function search({ query, k, bases, files: only, vector }) {
  const ofBases = await Promise.all(bases.map(filesOf));
  const named = await Promise.all((only ?? []).map((id) => get('files', id)));
  // The bases' files and the files named besides (a message's `#` picks), once each.
  const unique = new Map([...ofBases.flat(), ...named.filter(Boolean)].map((f) => [f.id, f]));
  const chosen = [...unique.values()].filter((f) => !f.hidden && searchable(f));
  const byNum = new Map(chosen.map((f) => [f.num, f]));
  const allowed = Uint32Array.from(chosen.map((f) => f.num));
  let model;
  let queryVector;
  if (vector) {
    model = vector.model;
    queryVector = vector.values ? Float32Array.from(vector.values) : undefined;
  }
  const hits = JSON.parse(library.search(query, k, allowed, model, queryVector));
  const out = [];
  const texts = new Map();
  for (const hit of hits) {
    const file = byNum.get(hit.file);
    if (!file) continue;
    if (!texts.has(file.id)) texts.set(file.id, JSON.parse((await get('passages', file.id)) ?? '[]'));
    const passage = texts.get(file.id)[hit.passage];
    if (!passage) continue;
    out.push({ file: file.id, name: file.name, path: file.path, base: file.base, kind: file.kind, passage: hit.passage, score: hit.score, text: passage.text, at: passage.at });
  }
  return out;
}

/** The query's embedding for `embedding` ({account, model}), or null without a key. */
async function queryVector(query, embedding) {
  const target = targets[embedding.account];
  if (!target) return null;
  const full = { ...target, model: embedding.model };
  const made = JSON.parse(wasm.embed_request(JSON.stringify(full), JSON.stringify([query]), true));
  if (made.error) return null;
  const response = await fetch(made.url, { method: made.method, headers: made.headers, body: made.body, credentials: 'omit', referrerPolicy: 'no-referrer' });
  if (!response.ok) return null;
  const embedded = wasm.embed_parse(JSON.stringify(full), await response.text(), 1);
  const values = embedded.values();
  const dims = embedded.dims();
  embedded.free();
  return { model: `${embedding.account}|${embedding.model}|${dims}`, values: Array.from(values) };
}

// ---------------------------------------------------------------------------
// Sync (src/sync/state/knowledge.rs): the page's replicator reads the records here and
// hands over what another device sent. Only what a file is travels (its bytes as a blob
// document); each device reads the files itself, and embeds them with its own key.

/** The fields of a base and of a file another device's document sets (the rest are this device's). */
const BASE_SYNCED = ['name', 'created', 'embedding', 'carry_vectors'];
const FILE_SYNCED = ['base', 'name', 'path', 'size', 'hash', 'kind', 'modified', 'added', 'vectors'];

function pick(record, fields) {
  const out = {};
  for (const field of fields) out[field] = record[field] ?? null;
  return out;
}

/**
 * Stores the bytes that came (`{hash, data}`) that a file here or one arriving refers to (as
 * its bytes or its embeddings'), each checked against its hash.
 */
async function storeSyncedBytes(bytes, incoming) {
  const d = await db();
  const stored = [];
  for (const { hash, data } of bytes ?? []) {
    if (!hash || !(data instanceof Uint8Array)) continue;
    if ((await sha256Hex(data)) !== hash) continue;
    const tx = d.transaction(['files', 'blobs'], 'readwrite');
    const files = tx.objectStore('files');
    const [users, describing] = await Promise.all([
      request(files.index('hash').count(hash)),
      request(files.index('vectors').getAll(hash)),
    ]);
    if (users > 0 || describing.some(needsVectors) || incoming.has(hash)) {
      if (!(await request(tx.objectStore('blobs').getKey(hash)))) tx.objectStore('blobs').put(ownBuffer(data), hash);
      stored.push(hash);
    }
    await done(tx);
  }
  return stored;
}

/**
 * What sync checks of a stored base before writing one that came over it: the fields a person
 * changes here, as `hearth_core::knowledge::records::base_guard` gives them (as JSON text).
 */
function guardOf(base) {
  return JSON.stringify([base.name ?? null, base.embedding?.account ?? null, base.embedding?.model ?? null, !!base.carry_vectors]);
}

/** Whether the stored base `current` is no longer as sync read it (`guard`), or is gone. */
function changedFrom(current, guard) {
  return !current || guardOf(current) !== JSON.stringify(guard);
}

/** Of the bases `ids`, those with a guard in `guards` that the stored base no longer fits. */
async function changedSince(guards, ids) {
  const guarded = ids.filter((id) => Object.hasOwn(guards, id));
  if (guarded.length === 0) return [];
  const store = (await db()).transaction('bases').objectStore('bases');
  const current = await Promise.all(guarded.map((id) => request(store.get(id))));
  return guarded.filter((id, at) => changedFrom(current[at], guards[id]));
}

/**
 * Puts a base another device sent; another model means its files are embedded again. With a
 * `guard` (the base as sync read it), only while the stored base is still so: `false` when it
 * was changed here meanwhile, and nothing is written (sync merges with that change and tries again).
 */
async function putSyncedBase(base, guard) {
  const d = await db();
  const tx = d.transaction('bases', 'readwrite');
  const current = await request(tx.objectStore('bases').get(base.id));
  if (guard !== undefined && changedFrom(current, guard)) {
    await done(tx);
    return false;
  }
  // (A base from a Hearth before carried embeddings does not say: it does not carry them.)
  const next = { ...(current ?? { id: base.id }), ...pick(base, BASE_SYNCED), carry_vectors: !!base.carry_vectors };
  tx.objectStore('bases').put(next);
  await done(tx);
  const before = JSON.stringify(current?.embedding ?? null);
  if (current && before !== JSON.stringify(next.embedding ?? null)) await embedAgain(base.id, next.embedding ?? null);
  return true;
}

/**
 * Base `baseId` now embeds with `embedding` (or not at all): the vectors made with the old
 * model go, and its files read are embedded again (or searched by words).
 */
async function embedAgain(baseId, embedding) {
  const d = await db();
  const files = (await all('files')).filter((f) => f.base === baseId && !f.hidden && f.state !== 'failed');
  const tx = d.transaction(['files', 'vectors'], 'readwrite');
  for (const file of files) {
    tx.objectStore('vectors').delete(file.id);
    const state = file.state === 'waiting' ? 'waiting' : embedding ? 'embedding' : 'indexed';
    tx.objectStore('files').put({ ...file, state, embedded: 0, embed_error: null, vectors: null });
  }
  await done(tx);
  for (const file of files) await dropPendingVectors(file.vectors?.hash);
  if (files.length > 0) {
    await ready();
    for (const file of files) await reloadFile(file.id);
  }
}

/** Puts a file another device sent: a new one waits to be read (or for its bytes). */
async function putSyncedFile(file) {
  const d = await db();
  const tx = d.transaction(['files', 'blobs', 'meta'], 'readwrite');
  const current = await request(tx.objectStore('files').get(file.id));
  const synced = pick(file, FILE_SYNCED);
  const has = !!(await request(tx.objectStore('blobs').getKey(synced.hash)));
  let next;
  if (current && current.hash === synced.hash && current.refusal?.why !== 'not_arrived') {
    next = { ...current, ...synced };
  } else {
    // Other bytes (or none yet): read anew, nothing of the old reading kept.
    next = {
      replaces: null, live: false,
      ...(current ?? {}), id: file.id, ...synced,
      embedded: 0, passages: 0, pages: 0, embed_error: null,
      num: current?.num || (await nextNumber(tx)),
      state: has ? 'waiting' : 'failed',
      refusal: has ? null : { why: 'not_arrived' },
    };
  }
  tx.objectStore('files').put(next);
  await done(tx);
  const before = current?.vectors?.hash;
  if (before && before !== next.vectors?.hash) await dropPendingVectors(before);
  return next;
}

/**
 * Files whose bytes came since they did: waiting to be read now; files read whose embeddings
 * came: embedded with them now (one not read yet uses them once read).
 */
async function wakeArrived(hashes) {
  if (hashes.length === 0) return;
  const d = await db();
  for (const hash of hashes) {
    const users = await request(d.transaction('files').objectStore('files').index('hash').getAll(hash));
    for (const file of users.filter((f) => f.refusal?.why === 'not_arrived')) {
      await update(file.id, (f) => ({ ...f, state: 'waiting', refusal: null }));
    }
    const described = await request(d.transaction('files').objectStore('files').index('vectors').getAll(hash));
    for (const file of described) {
      const embedding = await baseEmbedding(file.base);
      if (embedding) await useCarried(file.id, embedding);
    }
  }
}

/**
 * What a pull brought: files deleted, bases and files put, bytes, then bases deleted, each
 * only once none of its files is left here (a file the deleting device never saw keeps
 * its base: the answer names it in `kept`, and the next sync point sends the base again).
 * When a base it puts or deletes was changed here since sync read it (`guards`), nothing is
 * written and those bases are named in `changed`: sync reads again and tries again (had the
 * rest been written first, that retry would take them for changes made here).
 */
async function syncApply({ bases = [], files = [], deletedFiles = [], deletedBases = [], bytes = [], keepExisting = false, guards = {} }) {
  const stale = await changedSince(guards, [...bases.map((base) => base.id), ...deletedBases]);
  if (stale.length > 0) return { kept: [], changed: stale };
  for (const id of deletedFiles) await purge(id, { fromSync: true });
  // A backup's bases and files add to what is here; one already here stays as it is.
  if (keepExisting) {
    const [hereBases, hereFiles] = await Promise.all([all('bases'), all('files')]);
    const known = new Set([...hereBases, ...hereFiles].map((record) => record.id));
    bases = bases.filter((base) => !known.has(base.id));
    files = files.filter((file) => !known.has(file.id));
  }
  // A base changed here since sync read it is left as it is, and named in the answer.
  const changedHere = [];
  for (const base of bases) {
    const guard = Object.hasOwn(guards, base.id) ? guards[base.id] : undefined;
    if (!(await putSyncedBase(base, guard))) changedHere.push(base.id);
  }
  // What a backup added is this device's now: sync sends it on.
  if (keepExisting && bases.length + files.length > 0) syncable();
  // The bytes the files that came refer to, and their embeddings where no file here has
  // embeddings of those same bytes already.
  const incoming = new Set(files.map((f) => f.hash).filter(Boolean));
  for (const file of files.filter((f) => f.vectors?.hash)) {
    const here = await get('files', file.id);
    if (!here || here.hash !== file.hash || needsVectors(here)) incoming.add(file.vectors.hash);
  }
  const arrived = await storeSyncedBytes(bytes, incoming);
  for (const file of files) await putSyncedFile(file);
  await wakeArrived(arrived);
  const kept = [];
  const d = await db();
  for (const id of deletedBases) {
    const left = await request(d.transaction('files').objectStore('files').index('base').getAll(id));
    // Only a file sync carries keeps it (not one refused unread, nor a new version not yet read).
    if (left.some((f) => !f.hidden && f.hash && f.kind && !f.replaces)) kept.push(id);
    else await removeBaseNow(id, { fromSync: true });
  }
  if (files.length > 0 || arrived.length > 0) await ready();
  for (const file of files) changed(file.id);
  changed();
  return { kept, changed: changedHere };
}

/** File `file` with its embeddings described (and stored so), as `embedFile` would have. */
async function describeVectors(file) {
  const [stored, text] = await Promise.all([get('vectors', file.id), get('passages', file.id)]);
  const base = await get('bases', file.base);
  if (!stored || !base?.embedding || stored.model !== `${base.embedding.account}|${base.embedding.model}|${stored.dims}`) {
    return file;
  }
  const hash = stored.hash ?? (await sha256Hex(await bytesOf(stored.bytes)));
  const vectors = { hash, model: `${base.embedding.account}|${base.embedding.model}`, dims: stored.dims, passages: await passagesDigest(text) };
  const d = await db();
  const tx = d.transaction(['files', 'vectors'], 'readwrite');
  const current = await request(tx.objectStore('files').get(file.id));
  if (current && !current.vectors && current.embedded > 0) {
    tx.objectStore('files').put({ ...current, vectors });
    tx.objectStore('vectors').put({ ...stored, hash }, file.id);
  }
  await done(tx);
  return { ...file, vectors };
}

const OPS = {
  /** Every base and file, as sync reads them (a folder's handle stays here). */
  async records({ sync = false } = {}) {
    // One transaction: a removal made meanwhile is either wholly in it or wholly after it.
    const d = await db();
    const tx = d.transaction(['bases', 'files', 'meta']);
    const [bases, files, deleted] = await Promise.all([
      request(tx.objectStore('bases').getAll()),
      request(tx.objectStore('files').getAll()),
      request(tx.objectStore('meta').getAllKeys(DELETED)),
    ]);
    const carrying = new Set(bases.filter((base) => base.carry_vectors && base.embedding).map((base) => base.id));
    const shown = [];
    for (const file of files) {
      // Embeddings travel only where their base carries them; those made before Hearth
      // described them are described now. For sync, a file of such a base goes once it is
      // read and embedded (or left to words), so another device gets it with its embeddings
      // rather than embedding it itself meanwhile.
      const unsettled = file.state === 'waiting' || file.state === 'embedding';
      if (!carrying.has(file.base)) shown.push({ ...file, vectors: null });
      else if (sync && unsettled) continue;
      else if (!file.vectors && file.embedded > 0) shown.push(await describeVectors(file));
      else shown.push(file);
    }
    return {
      bases: bases.map(({ folder, ...base }) => base),
      files: shown,
      deleted: deleted.map((key) => key.slice('deleted:'.length)),
    };
  },
  /** Forgets the deletions noted of `ids`: sync has made them known. */
  async syncForget({ ids }) {
    const d = await db();
    const tx = d.transaction('meta', 'readwrite');
    for (const id of ids ?? []) tx.objectStore('meta').delete(`deleted:${id}`);
    await done(tx);
    return null;
  },
  syncApply,
  /**
   * Of `hashes`, those whose bytes are here (`held`: a file's, or embeddings a file here
   * uses) and those a file here waits for (`wanted`: its bytes, or embeddings it could use).
   */
  async syncBlobs({ hashes }) {
    const d = await db();
    const held = [];
    const wanted = [];
    for (const hash of hashes ?? []) {
      const tx = d.transaction(['files', 'blobs', 'vectors']);
      const files = tx.objectStore('files');
      if (await request(tx.objectStore('blobs').getKey(hash))) {
        held.push(hash);
        continue;
      }
      if ((await request(files.index('hash').count(hash))) > 0) {
        wanted.push(hash);
        continue;
      }
      const described = await request(files.index('vectors').getAll(hash));
      const uses = await Promise.all(described.map((f) => request(tx.objectStore('vectors').get(f.id))));
      if (uses.some((v) => v?.hash === hash)) held.push(hash);
      else if (described.some(needsVectors)) wanted.push(hash);
    }
    return { held, wanted };
  },
  /** File `file`'s embeddings' bytes as they travel (a Blob), when those here are the ones it describes. */
  async vectorsBlob({ file }) {
    const record = await get('files', file);
    const stored = record?.vectors?.hash ? await get('vectors', file) : null;
    return stored && stored.hash === record.vectors.hash ? new Blob([stored.bytes]) : null;
  },
  async list() {
    const [bases, files] = await Promise.all([all('bases'), all('files')]);
    // A folder's handle stays here; the page learns its name and whether it may be read now.
    const shown = await Promise.all(
      bases
        .filter((base) => !base.hidden)
        .map(async ({ folder, ...base }) => ({ ...base, folderAllowed: folder ? await mayRead(folder) : false })),
    );
    return { bases: shown, files: files.filter((f) => !f.hidden) };
  },
  async createBase({ name, created }) {
    const base = { id: crypto.randomUUID(), name, created, embedding: null };
    const d = await db();
    const tx = d.transaction('bases', 'readwrite');
    tx.objectStore('bases').put(base);
    await done(tx);
    changed();
    syncable();
    return base;
  },
  /**
   * Sets `changes` of base `id` (its embedding model, or whether its embeddings travel), and
   * nothing else of it: the page's copy of the base may be older than the stored one.
   */
  async updateBase({ base: id, changes }) {
    if (typeof id !== 'string' || !id) throw new Error('no base named');
    const known = { embedding: (value) => value ?? null, carry_vectors: (value) => !!value };
    const names = Object.keys(changes ?? {});
    if (names.length === 0 || names.some((name) => !Object.hasOwn(known, name))) throw new Error(`not a change of a base: ${names.join(', ')}`);
    const d = await db();
    const tx = d.transaction('bases', 'readwrite');
    const current = await request(tx.objectStore('bases').get(id));
    if (!current) throw new Error('no such base');
    const next = { ...current };
    for (const name of names) next[name] = known[name](changes[name]);
    tx.objectStore('bases').put(next);
    await done(tx);
    syncable();
    const embedding = next.embedding ?? null;
    if (JSON.stringify(embedding) !== JSON.stringify(current.embedding ?? null)) await embedAgain(id, embedding);
    changed();
    return null;
  },
  async removeBase({ base }) {
    await removeBaseNow(base);
    changed();
    return null;
  },
  /** Hides base `id` and its files (`hidden`), or shows them again: a removal's Undo. */
  async hideBase({ base: id, hidden }) {
    if (typeof id !== 'string' || !id) throw new Error('no base named');
    const d = await db();
    const tx = d.transaction('bases', 'readwrite');
    const base = await request(tx.objectStore('bases').get(id));
    if (base) tx.objectStore('bases').put({ ...base, hidden, hiddenAt: hidden ? Date.now() : null });
    await done(tx);
    syncable();
    const files = (await request(d.transaction('files').objectStore('files').index('base').getAll(id))).map((f) => f.id);
    await setHidden(files, hidden);
    return null;
  },
  addFiles: ({ base, entries, add, last, unsent }) =>
    addFiles(base, entries ?? [], { add: add ?? null, last: last ?? true, unsent: unsent ?? 0 }),
  /** Links base `base` to the folder `handle`, reads it, and keeps looking at it. */
  async linkFolder({ base: id, handle }) {
    const d = await db();
    const tx = d.transaction('bases', 'readwrite');
    const base = await request(tx.objectStore('bases').get(id));
    if (!base) throw new Error('no such base');
    const linked = { ...base, folder: handle, folderName: handle.name };
    tx.objectStore('bases').put(linked);
    await done(tx);
    while (folderPass) await folderPass;
    await syncFolders();
    await watchFolders();
    changed();
    return null;
  },
  /** Base `base`'s folder handle, for the page to ask the user again for reading it. */
  async folderHandle({ base: id }) {
    return (await get('bases', id))?.folder ?? null;
  },
  /** Forgets base `base`'s folder; its files stay. */
  async unlinkFolder({ base: id }) {
    const d = await db();
    const tx = d.transaction('bases', 'readwrite');
    const base = await request(tx.objectStore('bases').get(id));
    if (base) tx.objectStore('bases').put({ ...base, folder: null, folderName: null });
    await done(tx);
    changed();
    return null;
  },
  hideFiles: ({ ids }) => setHidden(ids, true),
  showFiles: ({ ids }) => setHidden(ids, false),
  async purgeFiles({ ids }) {
    for (const id of ids) await purge(id);
    changed();
    return null;
  },
  async retry({ ids }) {
    // A failed file is read again; one whose embedding failed is embedded again.
    const again = (f) => {
      if (!f.hash) return f;
      if (f.state === 'failed') return { ...f, state: 'waiting', refusal: null };
      if (f.embed_error) return { ...f, state: 'embedding', embed_error: null };
      return f;
    };
    for (const id of ids) await update(id, again);
    changed();
    work();
    return null;
  },
  async targets({ targets: given }) {
    targets = given ?? {};
    // Files that waited for a key are embedded now.
    let waiting = false;
    for (const file of await all('files')) {
      if (file.hidden || file.state !== 'indexed' || file.embedded > 0 || file.embed_error) continue;
      const embedding = await baseEmbedding(file.base);
      if (embedding && targets[embedding.account]) {
        await update(file.id, (f) => ({ ...f, state: 'embedding' }));
        waiting = true;
      }
    }
    // The wasm loads only when there is something to embed.
    if (waiting) await ready();
    return null;
  },
  async search(args) {
    const bases = await all('bases');
    const picked = (await Promise.all((args.files ?? []).map((id) => get('files', id)))).filter(Boolean);
    const chosen = bases.filter((b) => args.bases.includes(b.id) || picked.some((f) => f.base === b.id));
    // The bases by the model their passages are embedded with ('' for words alone): each
    // group is searched with the question embedded by its own model.
    const groups = new Map();
    for (const base of chosen) {
      const key = base.embedding ? `${base.embedding.account}|${base.embedding.model}` : '';
      if (!groups.has(key)) groups.set(key, { embedding: base.embedding ?? null, bases: new Set() });
      groups.get(key).bases.add(base.id);
    }
    const vectorFor = async (embedding) => {
      if (!embedding || !args.query) return null;
      try {
        return await queryVector(args.query, embedding);
      } catch {
        return null;
      }
    };
    if (groups.size <= 1) {
      const [group] = groups.values();
      return search({ ...args, vector: await vectorFor(group?.embedding) });
    }
    const lists = await Promise.all(
      [...groups.values()].map(async (group) =>
        search({
          ...args,
          bases: args.bases.filter((id) => group.bases.has(id)),
          files: picked.filter((f) => group.bases.has(f.base)).map((f) => f.id),
          vector: await vectorFor(group.embedding),
        }),
      ),
    );
    // Each list's best first, then each one's second, …: ranks, not scores, compare
    // across models.
    const out = [];
    for (let rank = 0; out.length < args.k && lists.some((list) => rank < list.length); rank++) {
      for (const list of lists) if (rank < list.length && out.length < args.k) out.push(list[rank]);
    }
    return out;
  },
  /** What embedding base `base` would send: `{passages, chars}`. */
  async chars({ base }) {
    const files = (await all('files')).filter((f) => f.base === base && !f.hidden && searchable(f));
    let passages = 0;
    let chars = 0;
    for (const file of files) {
      for (const p of JSON.parse((await get('passages', file.id)) ?? '[]')) {
        passages += 1;
        chars += [...(p.at.headings ?? []), p.text].join('\n').length;
      }
    }
    return { passages, chars };
  },
  async passages({ file }) {
    return JSON.parse((await get('passages', file)) ?? '[]');
  },
  async blob({ file }) {
    const record = await get('files', file);
    const stored = record?.hash ? await get('blobs', record.hash) : null;
    return stored ? blobOf(stored) : null;
  },
  async stats() {
    return JSON.parse(library.stats());
  },
  async idle() {
    while (working) await working;
    return null;
  },
};

/** The requests that read, index or search, for which the wasm is loaded first. */
const NEEDS_WASM = new Set(['addFiles', 'linkFolder', 'retry', 'search', 'stats', 'idle']);
// (syncApply loads it only when files came to be read.)

self.onmessage = async (event) => {
  const { id, op, ...args } = event.data ?? {};
  try {
    if (op === 'start') {
      folder ??= args.folder;
      await resume();
      self.postMessage({ id, ok: true, value: null });
      return;
    }
    if (NEEDS_WASM.has(op)) await ready();
    const handler = OPS[op];
    if (!handler) throw new Error(`unknown op ${op}`);
    const value = await handler(args);
    self.postMessage({ id, ok: true, value });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error?.message ?? error) });
  }
};
