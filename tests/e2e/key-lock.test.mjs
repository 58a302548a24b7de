// The passphrase lock on the stored API keys, in Chromium with real IndexedDB and the mock
// provider: locking leaves no plain key in the database, sending still carries the key in
// the header, the unlocked key is in no web storage (memory only), a new or reloaded tab asks
// an open unlocked tab, a reload of the only tab and a new browser session (every Hearth tab
// closed, then a new one) ask for the passphrase; a wrong
// passphrase changes nothing, the right one works, "Not now" keeps the keys locked and the
// error card offers to unlock; "Forgot passphrase?" removes the keys and the lock only; a
// backup made with the lock on holds no plain key, and importing it with the passphrase
// brings the keys back; another open tab hears the lock set and removed. Screenshots and axe checks of the prompt and the settings section.
// Prints the time PBKDF2 (600,000 iterations) takes in this Chromium.

import assert from 'node:assert/strict';
import { pbkdf2Sync } from 'node:crypto';
import { describe, test } from 'node:test';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { loadApp, openChatWithProvider, sendAndSettle, settled, useHarness } from '../support/chat.mjs';
import { importFile, lockKeys, openSettings } from '../support/dialogs.mjs';
import { canonicalDump, readDatabase, seedRecords } from '../support/idb.mjs';
import { chatRequests, resetMock } from '../support/mock.mjs';
import { openProviders, closeProviders, commit, providerForm } from '../support/providers.mjs';

const SECRET = 'sk-lock-test-7f3c9a1e5d';
const PASSPHRASE = 'correct horse battery staple';

/** The unlock prompt of `page`. */
const prompt = (page) => page.getByRole('dialog', { name: 'Unlock your API keys', exact: true });

/** The key the last chat request carried to the mock, as its Authorization header. */
async function lastAuthorization(env, family) {
  const requests = await chatRequests(env.mock, family);
  assert.ok(requests.length > 0, 'the mock received a chat request');
  return requests.at(-1).headers.authorization;
}

/** Screenshots `page` at 1280 px (light) and 390 px dark as `<name>-1280.png` / `<name>-390-dark.png`. */
async function shootBothWidths(page, name) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, `${name}-1280.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, `${name}-390-dark.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Accepts the next `confirm()` of `page` and returns a promise of its message. */
function acceptNextConfirm(page) {
  return new Promise((resolve) => {
    page.once('dialog', async (question) => {
      const message = question.message();
      await question.accept();
      resolve(message);
    });
  });
}

describe('API keys locked with a passphrase', () => {
  const env = useHarness();

  test('lock, send, reload, new session, wrong and right passphrase, backup, forgot, import', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', apiKey: SECRET });
    const { page, context } = chat;
    const family = chat.family;

    // PBKDF2 itself in this Chromium, as Hearth runs it (SHA-256, 600,000 iterations, 256 bits).
    const pbkdf2Ms = await page.evaluate(async () => {
      const start = performance.now();
      const base = await crypto.subtle.importKey('raw', new TextEncoder().encode('x'), 'PBKDF2', false, ['deriveBits']);
      await crypto.subtle.deriveBits(
        { name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(16), iterations: 600_000 },
        base,
        256,
      );
      return performance.now() - start;
    });
    console.log(`PBKDF2-SHA-256, 600,000 iterations, in Chromium: ${pbkdf2Ms.toFixed(0)} ms`);

    // Set the passphrase in Settings: two different ones are refused first.
    const settings = await openSettings(page);
    const section = settings.getByRole('region', { name: 'API key lock', exact: true });
    await section.getByRole('button', { name: 'Lock API keys with a passphrase', exact: true }).click();
    await section.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await section.getByLabel('Confirm passphrase', { exact: true }).fill('something else');
    await section.getByRole('button', { name: 'Lock API keys', exact: true }).click();
    await section.getByText('The two passphrases differ. Type the same passphrase twice.').waitFor();
    assert.equal((await readDatabase(page, ['settings'])).settings.some((s) => s.key === 'key_lock'), false);
    await section.getByLabel('Confirm passphrase', { exact: true }).fill(PASSPHRASE);
    await section.getByRole('button', { name: 'Lock API keys', exact: true }).click();
    await section.getByText('API keys locked with your passphrase.').waitFor();
    await section.getByRole('button', { name: 'Change passphrase', exact: true }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await shootBothWidths(page, 'key-lock-settings');
    assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), [], 'the Settings dialog passes axe');

    // IndexedDB holds no plain key: the key string is nowhere in the database.
    const locked = await readDatabase(page);
    assert.ok(!JSON.stringify(locked).includes(SECRET), 'the key appears nowhere in the database');
    assert.equal(locked.providers[0].api_key, '');
    assert.match(locked.providers[0].sealed_key.iv, /^[A-Za-z0-9+/]{16}$/, 'a 12-byte IV, base64');
    const lock = locked.settings.find((s) => s.key === 'key_lock').value;
    assert.deepEqual([lock.kdf, lock.iterations], ['PBKDF2-SHA-256', 600_000]);

    // The backup made with the lock on carries the key only sealed, with the lock.
    await settings.getByRole('checkbox', { name: 'Include API keys in the backup', exact: true }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      settings.getByRole('button', { name: 'Export backup', exact: true }).click(),
    ]);
    const backupPath = await download.path();
    const backupText = await (await import('node:fs/promises')).readFile(backupPath, 'utf8');
    assert.ok(!backupText.includes(SECRET), 'the backup holds no plain key');
    const backup = JSON.parse(backupText);
    assert.equal(backup.providers[0].api_key, '');
    assert.deepEqual(backup.providers[0].sealed_key, locked.providers[0].sealed_key);
    assert.deepEqual(backup.settings.find((s) => s.key === 'key_lock').value, lock);
    await settings.getByRole('button', { name: 'Close', exact: true }).click();

    // Sending still works, the key in the header to the mock.
    await resetMock(env.mock);
    await sendAndSettle(chat, 'Hello with a locked key');
    assert.equal(await lastAuthorization(env, family), `Bearer ${SECRET}`);

    // The unlocked key lives only in memory: no web storage holds it (Chromium writes
    // sessionStorage into the profile on disk, where a copied profile would open every key).
    // An open tab hands it to a new one over the channel; that answer shows what the key is.
    const rawKey = pbkdf2Sync(PASSPHRASE.normalize('NFC'), Buffer.from(lock.salt, 'base64'), 600_000, 32, 'sha256').toString('base64');
    const asker = await context.newPage();
    await asker.goto(`${env.app.url}/manifest.webmanifest`); // a same-origin document that is not the app
    const answer = await asker.evaluate(
      (salt) =>
        new Promise((resolve) => {
          const channel = new BroadcastChannel('hearth-key-lock');
          channel.onmessage = (event) => {
            if (String(event.data).startsWith('key ')) resolve(String(event.data));
          };
          channel.postMessage(`ask ${salt}`);
          setTimeout(() => resolve(null), 5000);
        }),
      lock.salt,
    );
    await asker.close();
    assert.equal(answer, `key ${lock.salt} ${rawKey}`, 'an unlocked tab answers with the key the passphrase derives');
    const webStorage = await page.evaluate(() => JSON.stringify([{ ...sessionStorage }, { ...localStorage }]));
    assert.ok(!webStorage.includes(rawKey), `no web storage holds the unlocked key: ${webStorage}`);
    // A copy an earlier version left in sessionStorage is removed at the next start.
    await page.evaluate((item) => sessionStorage.setItem('hearth-key-lock-session', item), `${lock.salt} ${rawKey}`);

    // A new tab while this one is unlocked gets the key from it, without a prompt.
    const second = await loadApp(context, env.app.url);
    await openProviders(second.page);
    assert.equal(await providerForm(second.page).getByLabel('API key', { exact: true }).getAttribute('type'), 'password', 'the key field, unlocked');
    await closeProviders(second.page);
    assert.equal(await prompt(second.page).isVisible(), false, 'an open unlocked tab answers a new one');

    // A reload of the tab while another is unlocked asks nothing and still sends the key.
    await page.reload();
    await page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
    await openProviders(page);
    assert.equal(await providerForm(page).getByLabel('API key', { exact: true }).getAttribute('type'), 'password', 'the key field, unlocked');
    await closeProviders(page);
    assert.equal(await prompt(page).isVisible(), false, 'no prompt after a reload beside an unlocked tab');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('hearth-key-lock-session')), null, "an earlier version's copy is gone");
    await resetMock(env.mock);
    await sendAndSettle(chat, 'After a reload');
    assert.equal(await lastAuthorization(env, family), `Bearer ${SECRET}`);

    // A reload of the only open tab asks once, and the passphrase opens the keys again.
    await second.page.close();
    await page.reload();
    await prompt(page).waitFor();
    await prompt(page).getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await prompt(page).getByRole('button', { name: 'Unlock', exact: true }).click();
    await prompt(page).waitFor({ state: 'hidden' });
    await resetMock(env.mock);
    await sendAndSettle(chat, 'After a reload of the only tab');
    assert.equal(await lastAuthorization(env, family), `Bearer ${SECRET}`);

    // A new browser session: every Hearth tab closed, then one opened (same profile).
    await page.close();
    const third = await loadApp(context, env.app.url);
    await prompt(third.page).waitFor();
    const field = prompt(third.page).getByLabel('Passphrase', { exact: true });
    await shootBothWidths(third.page, 'key-lock-prompt');
    assert.deepEqual(await axeViolations(third.page, { include: 'dialog[open]' }), [], 'the prompt passes axe');

    // A wrong passphrase: a clear error, nothing changed, retry allowed.
    const before = await canonicalDump(third.page);
    await field.fill('wrong passphrase');
    let started = Date.now();
    await prompt(third.page).getByRole('button', { name: 'Unlock', exact: true }).click();
    const alert = prompt(third.page).getByRole('alert');
    await waitUntil(async () => (await alert.innerText()).includes('not right'), 'the wrong passphrase is refused');
    console.log(`Refusing a wrong passphrase (derive + check) took ${Date.now() - started} ms`);
    assert.equal((await alert.innerText()).trim(), 'That passphrase is not right. Nothing was changed; try again.');
    assert.equal(await canonicalDump(third.page), before, 'the records are identical');

    // Not now: the keys stay locked; the editor shows "Locked"; sending says to unlock.
    await prompt(third.page).getByRole('button', { name: 'Not now', exact: true }).click();
    await prompt(third.page).waitFor({ state: 'hidden' });
    await openProviders(third.page);
    const form = providerForm(third.page);
    await form.getByText('Locked', { exact: true }).waitFor();
    const lockedField = form.getByLabel('API key', { exact: true });
    assert.equal(await lockedField.getAttribute('type'), null, 'no key field while locked');
    assert.equal((await lockedField.innerText()).trim(), 'Locked');
    assert.ok(!(await form.innerHTML()).includes(SECRET));
    await closeProviders(third.page);
    await resetMock(env.mock);
    await sendAndSettle(third, 'While locked');
    const card = third.reply.getByRole('alert');
    assert.match(await card.innerText(), /locked with your passphrase\. Unlock your API keys/);
    assert.deepEqual(await chatRequests(env.mock, family), [], 'nothing was sent while locked');
    await card.getByRole('button', { name: 'Unlock your API keys', exact: true }).click();
    await prompt(third.page).waitFor();

    // The right passphrase: unlocked, and sending works.
    await field.fill(PASSPHRASE);
    started = Date.now();
    await prompt(third.page).getByRole('button', { name: 'Unlock', exact: true }).click();
    await prompt(third.page).waitFor({ state: 'hidden' });
    console.log(`Unlocking with the right passphrase (click to prompt closed) took ${Date.now() - started} ms`);
    await sendAndSettle(third, 'Unlocked again');
    assert.equal(await lastAuthorization(env, family), `Bearer ${SECRET}`);
    assert.ok(!(await canonicalDump(third.page)).includes(SECRET), 'still no plain key at rest');

    // "Forgot passphrase?" in a new session: the keys and the lock go, nothing else.
    await third.page.close();
    const fourth = await loadApp(context, env.app.url);
    await prompt(fourth.page).waitFor();
    const kept = await readDatabase(fourth.page);
    const asked = acceptNextConfirm(fourth.page);
    await prompt(fourth.page).getByRole('button', { name: 'Forgot passphrase?', exact: true }).click();
    assert.match(await asked, /^Remove the locked API keys and the passphrase lock\?.*Conversations, agents, tools and the providers' other settings stay\.$/);
    await prompt(fourth.page).waitFor({ state: 'hidden' });
    const forgotten = await waitUntil(async () => {
      const db = await readDatabase(fourth.page);
      return !db.settings.some((s) => s.key === 'key_lock') && db;
    }, 'the lock is removed');
    assert.equal(forgotten.providers.length, 1);
    const { api_key, sealed_key, key_origin, ...rest } = kept.providers[0];
    assert.deepEqual(forgotten.providers[0], { ...rest, api_key: '' }, 'the provider stays, without its key');
    for (const store of ['sessions', 'messages', 'model_configs', 'agents']) {
      assert.deepEqual(forgotten[store], kept[store], `${store} are kept`);
    }
    assert.deepEqual(
      forgotten.settings,
      kept.settings.filter((s) => s.key !== 'key_lock'),
      'only the lock setting is gone',
    );

    // Importing the backup made with the lock on, then the passphrase, brings the key back.
    const imported = await importFile(fourth.page, backupPath);
    assert.ok(
      imported.review.some((line) => line.includes("ask for the backup's passphrase")),
      `the review says the keys are locked: ${JSON.stringify(imported.review)}`,
    );
    await prompt(fourth.page).waitFor();
    await prompt(fourth.page).getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await prompt(fourth.page).getByRole('button', { name: 'Unlock', exact: true }).click();
    await prompt(fourth.page).waitFor({ state: 'hidden' });
    await fourth.page.getByRole('dialog', { name: 'Settings', exact: true }).getByRole('button', { name: 'Close', exact: true }).click();
    await resetMock(env.mock);
    await sendAndSettle(fourth, 'After the import');
    assert.equal(await lastAuthorization(env, family), `Bearer ${SECRET}`);
    assert.ok(!(await canonicalDump(fourth.page)).includes(SECRET), 'no plain key after the import either');

    await settled(fourth);
    assert.deepEqual([...chat.errors, ...second.errors, ...third.errors, ...fourth.errors], []);
  });
  test('another tab hears the lock set and removed; a wrong passphrase does not remove it', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', apiKey: SECRET });
    const other = await loadApp(chat.context, env.app.url);
    const state = (page) =>
      page.getByRole('region', { name: 'API key lock', exact: true }).getByText(/^API keys are (stored|locked)/);
    const otherSettings = await openSettings(other.page);
    assert.equal(await state(other.page).innerText(), 'API keys are stored unencrypted in this browser.');

    const { settings, section } = await lockKeys(chat.page, PASSPHRASE);
    // The other tab re-reads the providers, finds the lock, and gets its key from this tab.
    await waitUntil(
      async () =>
        (await state(other.page).innerText()) ===
        'API keys are locked with a passphrase, and unlocked while a Hearth tab is open.',
      'the other tab hears the lock and is unlocked by this tab',
    );
    assert.equal(await prompt(other.page).isVisible(), false, 'the other tab asks nothing');
    await otherSettings.getByRole('button', { name: 'Close', exact: true }).click();
    await resetMock(env.mock);
    await sendAndSettle(other, 'From the other tab');
    assert.equal(await lastAuthorization(env, chat.family), `Bearer ${SECRET}`);

    // A wrong passphrase does not remove the lock; the right one does, and the other tab hears it.
    await section.getByRole('button', { name: 'Remove the lock', exact: true }).click();
    await section.getByLabel('Current passphrase', { exact: true }).fill('not it');
    await section.getByRole('button', { name: 'Remove the lock', exact: true }).click();
    await section.getByText('That passphrase is not right. Nothing was changed; try again.').waitFor();
    assert.ok((await readDatabase(chat.page, ['settings'])).settings.some((s) => s.key === 'key_lock'));
    await section.getByLabel('Current passphrase', { exact: true }).fill(PASSPHRASE);
    await section.getByRole('button', { name: 'Remove the lock', exact: true }).click();
    await section.getByText('Lock removed. API keys are stored unencrypted.').waitFor();
    const db = await readDatabase(chat.page, ['providers', 'settings']);
    assert.equal(db.providers[0].api_key, SECRET, 'the key is stored plain again');
    assert.equal(db.providers[0].sealed_key, undefined);
    assert.ok(!db.settings.some((s) => s.key === 'key_lock'));
    await openSettings(other.page);
    await waitUntil(
      async () => (await state(other.page).innerText()) === 'API keys are stored unencrypted in this browser.',
      'the other tab hears the lock removed',
    );
    assert.deepEqual([...chat.errors, ...other.errors], []);
  });
  test('changing the passphrase asks for the current one; a new session opens with the new one only (NFC); locked, a new provider offers to unlock', async (t) => {
    // Set in decomposed form (e + combining acute), typed later precomposed: NFC makes them one.
    const NEW = 'a brand new cafe\u0301 passphrase';
    const NEW_NFC = 'a brand new caf\u00e9 passphrase';
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', apiKey: SECRET });
    const { page, context } = chat;
    const { settings, section } = await lockKeys(page, PASSPHRASE);
    const storedLock = async () => (await readDatabase(page, ['settings'])).settings.find((s) => s.key === 'key_lock')?.value;
    const first = await storedLock();

    // A wrong current passphrase: an error, nothing changes.
    await section.getByRole('button', { name: 'Change passphrase', exact: true }).click();
    await section.getByLabel('Current passphrase', { exact: true }).fill('not the passphrase');
    await section.getByLabel('New passphrase', { exact: true }).fill(NEW);
    await section.getByLabel('Confirm passphrase', { exact: true }).fill(NEW);
    await section.getByRole('button', { name: 'Change passphrase', exact: true }).click();
    await section.getByText('That passphrase is not right. Nothing was changed; try again.').waitFor();
    assert.deepEqual(await storedLock(), first, 'the lock is unchanged');
    // A new passphrase shorter than 8 characters is refused.
    await section.getByLabel('Current passphrase', { exact: true }).fill(PASSPHRASE);
    await section.getByLabel('New passphrase', { exact: true }).fill('short12');
    await section.getByLabel('Confirm passphrase', { exact: true }).fill('short12');
    await section.getByRole('button', { name: 'Change passphrase', exact: true }).click();
    await section.getByText('Use a passphrase of at least 8 characters. Nothing was changed.').waitFor();
    assert.deepEqual(await storedLock(), first, 'the lock is unchanged');
    // The right current passphrase: changed.
    await section.getByLabel('New passphrase', { exact: true }).fill(NEW);
    await section.getByLabel('Confirm passphrase', { exact: true }).fill(NEW);
    await section.getByRole('button', { name: 'Change passphrase', exact: true }).click();
    await section.getByText('Passphrase changed.').waitFor();
    assert.notEqual((await storedLock()).salt, first.salt, 'a new lock is stored');
    assert.ok(!(await canonicalDump(page)).includes(SECRET), 'no plain key at rest');

    // A new browser session: the old passphrase fails, the new one opens the keys.
    await page.close();
    const next = await loadApp(context, env.app.url);
    await prompt(next.page).waitFor();
    const field = prompt(next.page).getByLabel('Passphrase', { exact: true });
    await field.fill(PASSPHRASE);
    await prompt(next.page).getByRole('button', { name: 'Unlock', exact: true }).click();
    const alert = prompt(next.page).getByRole('alert');
    await waitUntil(async () => (await alert.innerText()).includes('not right'), 'the old passphrase is refused');

    // Still locked ("Not now"): a new provider offers to unlock instead of a key field.
    await prompt(next.page).getByRole('button', { name: 'Not now', exact: true }).click();
    await prompt(next.page).waitFor({ state: 'hidden' });
    const dialog = await openProviders(next.page);
    await dialog.getByRole('combobox', { name: 'New provider type', exact: true }).selectOption({ label: 'Custom (OpenAI-compatible)' });
    await dialog.getByRole('button', { name: 'Add provider', exact: true }).click();
    const form = providerForm(next.page);
    await form.getByText('Locked', { exact: true }).waitFor();
    assert.equal(await form.getByRole('textbox', { name: 'API key', exact: true }).count(), 0, 'no key field while locked');
    await form.getByRole('button', { name: 'Unlock your API keys', exact: true }).click();
    await prompt(next.page).waitFor();
    await field.fill(NEW_NFC);
    await prompt(next.page).getByRole('button', { name: 'Unlock', exact: true }).click();
    await prompt(next.page).waitFor({ state: 'hidden' });
    // Unlocked: the key field is back.
    assert.equal(await form.getByLabel('API key', { exact: true }).getAttribute('type'), 'password');
    await closeProviders(next.page);
    assert.deepEqual([...chat.errors, ...next.errors], []);
  });
  test('a save never writes a plain key beside a lock another tab set unheard: refused, and the tab re-reads', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', apiKey: SECRET });
    const { page } = chat;
    // Another tab locked the keys and this one did not hear it: written straight into IndexedDB.
    const [stored] = (await readDatabase(page, ['providers'])).providers;
    const seal = { iv: 'A'.repeat(16), data: 'B'.repeat(32) };
    const lock = { kdf: 'PBKDF2-SHA-256', iterations: 600_000, salt: 'A'.repeat(22) + '==', check: seal };
    await seedRecords(page, {
      settings: [{ key: 'key_lock', value: lock }],
      providers: [{ ...stored, api_key: '', sealed_key: seal }],
    });
    // This tab, still thinking the keys are plain, saves the provider.
    await openProviders(page);
    await commit(providerForm(page).getByRole('textbox', { name: 'Model', exact: true }), 'another-model');
    await page.getByRole('alert').filter({ hasText: 'the API key lock changed in another tab' }).waitFor();
    const [after] = (await readDatabase(page, ['providers'])).providers;
    assert.equal(after.api_key, '', 'no plain key written beside the lock');
    assert.deepEqual(after.sealed_key, seal, 'the sealed key at rest is kept');
    assert.ok(!(await canonicalDump(page)).includes(SECRET));
    // The tab re-read the lock: its keys are locked now, and it asks for the passphrase.
    await prompt(page).waitFor();
  });
});
