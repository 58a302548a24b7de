// Sync as a person sets it up, for the browser tests of sync: Settings → Sync's fields and
// buttons found by role and name, and what each device and the server hold.

import { waitUntil } from './browser.mjs';
import { openChatWithProvider } from './chat.mjs';
import { startCouch } from './couch.mjs';
import { closeSettings, inSettings, openSettings, turnOffGeneratedTitles } from './dialogs.mjs';
import { readDatabase } from './idb.mjs';
import { FAMILIES } from './mock.mjs';

export const ALICE = { name: 'alice', password: 'alice-password' };
export const MALLORY = { name: 'mallory', password: 'mallory-password' };
export const SYNC_WAIT = 30_000;

/** The Sync region of the Settings dialog (opened). */
export async function syncSection(page) {
  const settings = await openSettings(page);
  return { settings, section: settings.getByRole('region', { name: 'Sync', exact: true }) };
}

/**
 * Sets sync up in Settings → Sync as a person would (end-to-end encrypted with `passphrase`,
 * else plain), presses Start sync, and waits for `until` in its status (up to date, by
 * default). Leaves Settings closed unless `keepOpen`.
 */
export async function startSync(page, { url, db, user = ALICE, passphrase, until = /Up to date/, keepOpen = false }) {
  const { settings, section } = await syncSection(page);
  await section.getByRole('textbox', { name: 'Server address', exact: true }).fill(url);
  await section.getByRole('textbox', { name: 'Database', exact: true }).fill(db);
  await section.getByRole('textbox', { name: 'User name', exact: true }).fill(user.name);
  await section.getByLabel('Password', { exact: true }).fill(user.password);
  const encrypt = section.getByRole('checkbox', { name: 'Encrypt end to end with a sync passphrase', exact: true });
  if (passphrase !== undefined) {
    await encrypt.check();
    await section.getByLabel('Sync passphrase', { exact: true }).fill(passphrase);
  } else {
    // Plain sync, even where the key lock makes encryption the default.
    await encrypt.uncheck();
  }
  await section.getByRole('button', { name: 'Start sync', exact: true }).click();
  await section.getByText(until).first().waitFor({ timeout: SYNC_WAIT });
  if (!keepOpen) await closeSettings(page);
  return { settings, section };
}

/** Stops sync in Settings → Sync. */
export async function stopSync(page) {
  await inSettings(page, async (settings) => {
    const section = settings.getByRole('region', { name: 'Sync', exact: true });
    await section.getByRole('button', { name: 'Stop sync', exact: true }).click();
    await section.getByRole('button', { name: 'Start sync', exact: true }).waitFor();
  });
}

/** Presses Start sync again (the fields are kept) and waits until up to date. */
export async function restartSync(page) {
  await inSettings(page, async (settings) => {
    const section = settings.getByRole('region', { name: 'Sync', exact: true });
    await section.getByRole('button', { name: 'Start sync', exact: true }).click();
    await section.getByText(/Up to date/).waitFor({ timeout: SYNC_WAIT });
  });
}

/** The stored messages of `page` with `content`, of any conversation (only the user's with `role`). */
export async function messagesWith(page, content, role) {
  const { messages } = await readDatabase(page, ['messages']);
  return messages.filter((m) => m.content.includes(content) && (role === undefined || m.role === role));
}

/** Waits until `page` has stored a message containing `content` (and returns them). */
export function arrives(page, content, what = `"${content}" arrives`) {
  return waitUntil(async () => {
    const found = await messagesWith(page, content);
    return found.length > 0 ? found : null;
  }, what, { timeout: SYNC_WAIT });
}

/** Every document of `db` as the admin reads it, without `_local` and the encryption check. */
export async function serverDocs(couch, db) {
  return (await couch.allDocs(db)).filter((doc) => doc._id !== 'hearth-e2e');
}

/** The messages of `page`, as [content, role] sorted, for comparing two devices. */
export async function messageTexts(page) {
  const { messages } = await readDatabase(page, ['messages']);
  return messages.map((m) => `${m.role}: ${m.content}`).sort();
}

/**
 * A CouchDB-protocol server (pouchdb-server on loopback) that takes requests from the app's
 * origin (the harness `env`'s, known once its `before` has run), with the users Alice and Mallory.
 */
export async function startSyncServer(env) {
  const couch = await startCouch({ corsOrigin: new URL(env.app.url).origin });
  await couch.createUser(ALICE.name, ALICE.password);
  await couch.createUser(MALLORY.name, MALLORY.password);
  return couch;
}

/** Two devices (browser profiles) with the mock provider, each with generated titles off. */
export async function devices(t, env, scenario = 'echo') {
  const a = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario, apiKey: 'sk-device-a-secret' });
  await turnOffGeneratedTitles(a.page);
  const b = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario, apiKey: 'sk-device-b-secret' });
  await turnOffGeneratedTitles(b.page);
  return [a, b];
}
