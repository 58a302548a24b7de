// A second, independent replication client for a test: PouchDB 9 in Node, built from its
// modules (pouchdb-core + pouchdb-adapter-http + pouchdb-replication + pouchdb-adapter-memory,
// pinned in tests/package.json; not the `pouchdb` bundle, which loads the native leveldown at
// import), with an in-memory local database. It replicates, one shot at a time, with a
// remote database (on a startCouch server, or through a chaos proxy), as another device would.
// Its HTTP client (node-fetch 2) has no timeout: a proxy stall with no `ms` holds a replication
// until the proxy stops. `sync()` pushes and pulls at once; where a test needs the pull to see
// what was just pushed, push then pull (see the `_changes` race in couch.mjs).
import PouchDBCore from 'pouchdb-core';
import HttpAdapter from 'pouchdb-adapter-http';
import MemoryAdapter from 'pouchdb-adapter-memory';
import Replication from 'pouchdb-replication';

/** PouchDB with the http and memory adapters and replication. */
export const PouchDB = PouchDBCore.plugin(HttpAdapter).plugin(MemoryAdapter).plugin(Replication);

let clients = 0;

/**
 * @typedef {object} PouchClient
 * @property {any} db the local PouchDB (memory adapter; its name is unique in this process)
 * @property {any} remote a PouchDB for the remote database, with the user's Basic auth
 * @property {() => Promise<any>} pull one-shot replication remote → local; resolves to
 *   PouchDB's result (`{ ok, docs_read, docs_written, doc_write_failures, errors, last_seq, … }`),
 *   rejects where the replication fails (as a 401, or a dropped connection)
 * @property {() => Promise<any>} push one-shot replication local → remote; same result
 * @property {() => Promise<any>} sync one-shot both ways: `{ push, pull }`
 * @property {() => Promise<any[]>} allDocs the local docs, with `_conflicts`
 * @property {(id: string, opts?: object) => Promise<any>} get a local doc, with `_conflicts`
 *   (PouchDB's `get` options may add `revs`, `open_revs`, `rev`, …)
 * @property {(doc: object) => Promise<any>} put writes a local doc: `{ ok, id, rev }`
 * @property {(doc: object) => Promise<any>} remove deletes a local doc (`{ _id, _rev }`)
 * @property {() => Promise<void>} close destroys the local database and closes the remote
 */

/**
 * A client whose local memory database replicates with `remoteUrl` (a database's URL, e.g.
 * `${couch.url}/notes`) as the user `{ name, password }`.
 *
 * @param {string} remoteUrl
 * @param {{ name: string, password: string }} user
 * @returns {PouchClient}
 */
export function pouchClient(remoteUrl, { name, password }) {
  // The memory adapter shares a database between instances of the same name: one per client.
  const db = new PouchDB(`hearth-client-${process.pid}-${++clients}-${Date.now()}`, { adapter: 'memory' });
  const remote = new PouchDB(remoteUrl, {
    adapter: 'http',
    auth: { username: name, password },
    // Never try to create the database (a non-admin PUT /db crashes pouchdb-server).
    skip_setup: true,
  });
  let closed = false;
  return {
    db,
    remote,
    pull: () => PouchDB.replicate(remote, db),
    push: () => PouchDB.replicate(db, remote),
    sync: () => PouchDB.sync(db, remote),
    async allDocs() {
      const { rows } = await db.allDocs({ include_docs: true, conflicts: true });
      return rows.map((row) => row.doc);
    },
    get: (id, opts = {}) => db.get(id, { conflicts: true, ...opts }),
    put: (doc) => db.put(doc),
    remove: (doc) => db.remove(doc),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await remote.close();
    },
  };
}
