// The Knowledge dialog as a person uses it, for the browser tests of knowledge bases: the
// dialog, a base's buttons and its file list found by role and name, and the worker's
// database read straight from the page.

import { waitUntil } from './browser.mjs';
import { editAgent, saveAgent, topBarAction } from './dialogs.mjs';
import { readDatabase } from './idb.mjs';

/** Opens the Knowledge dialog and returns it. */
export async function openKnowledge(page) {
  await topBarAction(page, 'Knowledge');
  const dialog = page.getByRole('dialog', { name: 'Knowledge', exact: true });
  await dialog.waitFor();
  return dialog;
}

/** Closes the Knowledge dialog. */
export async function closeKnowledge(page) {
  const dialog = page.getByRole('dialog', { name: 'Knowledge', exact: true });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Makes a base named `name` in the open dialog; returns its section. */
export async function makeBase(dialog, name) {
  await dialog.getByRole('textbox', { name: 'New knowledge base', exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Make', exact: true }).click();
  const section = dialog.getByRole('region', { name, exact: true });
  await section.waitFor();
  return section;
}

/**
 * Adds `files` (paths) or a folder (`folder`: a path) to the base `name` through its buttons;
 * `timeout` for handing the files to the page (a folder of tens of thousands takes a while).
 */
export async function addToBase(page, dialog, name, { files, folder, timeout }) {
  const label = folder ? `Add a folder to ${name}` : `Add files to ${name}`;
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: label, exact: true }).click(),
  ]);
  await chooser.setFiles(folder ?? files, { timeout });
}

/**
 * Has base `name` (its `section`) embed its passages with `model` from the first account,
 * through Use and Start embedding; with `carry`, its embeddings also go into backups and sync.
 */
export async function embedBase(section, name, model, { carry = false } = {}) {
  await section.getByRole('combobox', { name: `Embeddings for ${name}`, exact: true }).selectOption({ index: 1 });
  await section.getByRole('textbox', { name: `Embedding model for ${name}`, exact: true }).fill(model);
  await section.getByRole('button', { name: 'Use', exact: true }).click();
  await section.getByRole('button', { name: 'Start embedding', exact: true }).click();
  if (carry) {
    const box = section.getByRole('checkbox', { name: `Carry the embeddings of ${name} in backups and sync`, exact: true });
    await box.check();
    await waitUntil(async () => (await box.isChecked()) && (await box.isEnabled()), 'the choice is shown');
  }
}

/**
 * The base `name`'s file rows' texts, once none is waiting or being embedded (with `embedded`,
 * once each is embedded), waiting at most `timeout` ms.
 */
export async function settledRows(dialog, name, count, { embedded = false, timeout = 60_000 } = {}) {
  const list = dialog.getByRole('list', { name: `Files of ${name}`, exact: true });
  return waitUntil(async () => {
    const rows = await list.getByRole('listitem').allInnerTexts();
    if (rows.length < count) return false;
    if (rows.some((row) => /Waiting to be read|being embedded|Waiting for its bytes/.test(row))) return false;
    if (embedded && rows.some((row) => /\d+ passages?/.test(row) && !/embedded/.test(row))) return false;
    return rows;
  }, `the ${count} files of ${name} are read`, { timeout });
}

/**
 * The knowledge database, read in the page: each store's count, and the bases' and files'
 * records; null while the page has none (opening one would make it, empty, in the way of the
 * worker's own).
 */
export function readKnowledge(page) {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'hearth-knowledge')) return null;
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('hearth-knowledge');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const names = ['bases', 'files', 'passages', 'postings', 'vectors', 'blobs'];
        const tx = db.transaction(names);
        const out = {};
        for (const name of names) {
          out[name] = {};
          tx.objectStore(name).count().onsuccess = (event) => {
            out[name].count = event.target.result;
          };
          if (name === 'bases' || name === 'files') {
            tx.objectStore(name).getAll().onsuccess = (event) => {
              out[name].records = event.target.result;
            };
          }
        }
        tx.oncomplete = () => {
          db.close();
          resolve(out);
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  });
}

/**
 * Sets `fields` of the stored base `name` straight in the knowledge database (as another tab or
 * a sync does, without this page hearing of it).
 */
export function writeBase(page, name, fields) {
  return page.evaluate(
    ({ name, fields }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('hearth-knowledge');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('bases', 'readwrite');
          const store = tx.objectStore('bases');
          store.getAll().onsuccess = (event) => {
            const base = event.target.result.find((record) => record.name === name);
            if (base) store.put({ ...base, ...fields });
            else tx.abort();
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onabort = () => reject(tx.error ?? new Error(`no base named ${name}`));
        };
      }),
    { name, fields },
  );
}

/**
 * Serves `page` the knowledge worker as built, with `change` (its text, to the new text) made
 * to it: a test's hook added. The text is decoded, so the served encoding and length are left out.
 */
export function changeWorker(page, change) {
  return page.route('**/knowledge-worker.js', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: 200, headers, body: change(await response.text()) });
  });
}

/** Checks the base `name` in the General Assistant's editor and waits until it is stored. */
export async function giveBaseToAgent(page, name) {
  const editor = await editAgent(page);
  await editor.getByRole('checkbox', { name, exact: true }).check();
  await saveAgent(page, editor);
  await waitUntil(async () => {
    const { agents } = await readDatabase(page, ['agents']);
    return agents[0]?.knowledge?.length === 1;
  }, 'the agent stores its knowledge base');
}
