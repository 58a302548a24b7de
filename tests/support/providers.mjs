// Setting up a provider through the Providers dialog, as a person would: pick the
// type, add it, fill the fields (each committed with Tab, which stores it), close.

/**
 * Adds a provider in the Providers dialog and makes it the one that answers.
 * `type` is the visible label of a preset ("Custom (OpenAI-compatible)", "Anthropic",
 * "Google Gemini", …). Returns when the dialog is closed again.
 */
export async function addProvider(page, { type = 'Custom (OpenAI-compatible)', baseUrl, apiKey = 'sk-test', model, thinking, keepOpen = false }) {
  const dialog = await openProviders(page);
  await dialog.getByRole('combobox', { name: 'New provider type', exact: true }).selectOption({ label: type });
  await dialog.getByRole('button', { name: 'Add provider', exact: true }).click();
  const form = providerForm(page);
  await commit(form.getByRole('textbox', { name: 'Base URL', exact: true }), baseUrl);
  await commit(form.getByLabel('API key', { exact: true }), apiKey);
  await commit(form.getByRole('textbox', { name: 'Model', exact: true }), model);
  if (thinking !== undefined) {
    const box = form.getByRole('checkbox', { name: 'Thinking (reasoning before the answer)', exact: true });
    await (thinking ? box.check() : box.uncheck());
  }
  if (!keepOpen) await closeProviders(page);
  return { dialog, form };
}

/**
 * Changes the fields of the provider the Providers dialog opens on (the one in use);
 * only the fields given are touched.
 */
export async function editProvider(page, { baseUrl, apiKey, model }) {
  await openProviders(page);
  const form = providerForm(page);
  if (baseUrl !== undefined) await commit(form.getByRole('textbox', { name: 'Base URL', exact: true }), baseUrl);
  if (apiKey !== undefined) await commit(form.getByLabel('API key', { exact: true }), apiKey);
  if (model !== undefined) await commit(form.getByRole('textbox', { name: 'Model', exact: true }), model);
  await closeProviders(page);
}

/** Opens the Providers dialog and returns it. */
export async function openProviders(page) {
  await page.getByRole('button', { name: 'Providers', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Providers', exact: true });
  await dialog.waitFor();
  return dialog;
}

/** The form of the provider being edited. */
export function providerForm(page) {
  return page.getByRole('dialog', { name: 'Providers', exact: true }).getByRole('form', { name: 'Provider settings', exact: true });
}

/** Closes the Providers dialog. */
export async function closeProviders(page) {
  const dialog = page.getByRole('dialog', { name: 'Providers', exact: true });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Types `value` into a field and commits it (Tab fires `change`, which stores it). */
export async function commit(field, value) {
  await field.fill(value);
  await field.press('Tab');
}
