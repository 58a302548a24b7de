// The screenshots of the README and the user guide (docs/*.md), taken in real headless
// Chromium against the built app (dist/, or $HEARTH_DIST) and the mock LLM server:
//
//   cd tests && HEARTH_DIST=/path/to/dist npm run screenshots
//
// The microphone is Chromium's fake capture device, fed with speech espeak-ng writes.
//
// writes docs/screenshots/hearth-light.png, hearth-dark.png and docs/screenshots/guide/*.png
// (1280×800 viewport pictures, light unless named dark; a dialog taller than that gets a
// taller window so it is shown whole). Each picture is reached as a person would, by role and
// accessible name, with reduced motion, and taken once the page has settled.
//
// The mock answers one model, `demo`, from a scenario this script writes into a scratch copy
// of tests/mock/scenarios/: its `when` entries pick the reply for each message below (the
// stock `rate-limited` and `app-counter` scenarios, a summary as `compact` writes one, or a
// reply written here, so that the pictures show ordinary answers rather than test fixtures).
// `GUIDE_ONLY=hero,tools` takes only some steps' pictures (the step names are in `main`).

import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '../mock/server.mjs';
import { launchBrowser, waitUntil } from '../support/browser.mjs';
import { addMockProvider, loadApp, sendAndSettle, sendMessage, settled, waitOn, WAIT_MS } from '../support/chat.mjs';
import { closeSettings, closeTools, editAgent, importFile, openAgents, openSettings, openTools, saveAgent, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { builtApp } from '../support/dist.mjs';
import { readDatabase } from '../support/idb.mjs';
import { FAMILIES, readScenario, SUMMARY_PROMPT } from '../support/mock.mjs';
import { closeProviders, commit, openProviders, providerForm } from '../support/providers.mjs';
import { startStaticServer } from '../support/static-server.mjs';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const STOCK_SCENARIOS = fileURLToPath(new URL('../mock/scenarios/', import.meta.url));
const VIEWPORT = { width: 1280, height: 800 };
/** Where the pointer rests while a picture is taken (over nothing that reacts to it). */
const VIEWPORT_CORNER = [1275, 795];
const PROVIDER_NAME = 'Demo server';
const MODEL = 'demo';
/** `GUIDE_ONLY=hero,tools` takes only those steps' pictures (for working on the script). */
const ONLY = process.env.GUIDE_ONLY?.split(',');

// ---------------------------------------------------------------------------
// What is asked, and what the `demo` model answers.

const HERO_QUESTIONS = [
  ['Suggest a name for a cosy reading nook.', 'How about **The Ember Corner**? Or, if you prefer something quieter, *Lantern Nook*.'],
  ['What can I cook with leeks, potatoes and thyme?', 'A **leek and potato soup**: soften the leeks in butter, add diced potatoes, thyme and stock, simmer for 20 minutes and blend.'],
];

const HERO = {
  ask: 'How do I count word frequencies in a text file with Rust?',
  answer: [
    'Read the file into a `String`, split it on whitespace and tally each word in a **`HashMap`**:',
    '',
    '```rust',
    'use std::collections::HashMap;',
    '',
    'fn main() {',
    '    let text = std::fs::read_to_string("notes.txt").expect("a readable file");',
    '    let mut counts: HashMap<&str, usize> = HashMap::new();',
    '    for word in text.split_whitespace() {',
    '        *counts.entry(word).or_default() += 1; // tally',
    '    }',
    '    println!("{} distinct words", counts.len());',
    '}',
    '```',
    '',
    '- `split_whitespace` treats runs of spaces, tabs and newlines as **one** separator.',
    '- The keys borrow from `text`, so no word is copied.',
  ].join('\n'),
};

/** Spoken into the fake microphone (espeak-ng), kept as a voice note, then asked about. */
const VOICE = {
  spoken: 'Remind me to water the plants tomorrow.',
  ask: 'Put this on my list for tomorrow.',
  answer: 'Added for tomorrow: **water the plants**.',
};

const VERSIONS = {
  ask: 'Give me three tips for sleeping better.',
  answer: [
    'Three that help most people:',
    '',
    '1. **Keep a steady schedule**: the same wake-up time every day, weekends too.',
    '2. **Dim the lights** an hour before bed, and keep screens out of the bedroom.',
    '3. **Keep it cool**: around 18 °C suits most sleepers.',
  ].join('\n'),
};

const RATE_LIMITED = { ask: 'Summarise this week’s meeting notes in five bullet points.' };

const IMAGE = {
  ask: 'What does a cast-iron Dutch oven look like?',
  answer: [
    'A **Dutch oven** is a heavy pot with a tight lid, usually cast iron, often enamelled:',
    '',
    '![A red enamelled cast-iron Dutch oven with its lid on](https://upload.wikimedia.org/wikipedia/commons/7/7e/Dutch_oven.jpg)',
    '',
    'It holds heat evenly, so it suits slow braises, stews and no-knead bread. The [Wikipedia article on Dutch ovens](https://en.wikipedia.org/wiki/Dutch_oven) has more on its history.',
  ].join('\n'),
};

const CODE_MATH = {
  ask: 'Explain the quadratic formula, with a Python example and a flowchart.',
  answer: [
    'The roots of $ax^2 + bx + c = 0$ are',
    '',
    '$$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$',
    '',
    'In Python, and the steps as a flowchart:',
    '',
    '```python',
    'import math',
    '',
    'def roots(a, b, c):',
    '    d = math.sqrt(b * b - 4 * a * c)  # fails when b² < 4ac',
    '    return (-b + d) / (2 * a), (-b - d) / (2 * a)',
    '```',
    '',
    '```mermaid',
    'graph LR',
    '  A[a, b, c] --> B{b² − 4ac ≥ 0?}',
    '  B -->|yes| C[two real roots]',
    '  B -->|no| D[complex roots]',
    '```',
  ].join('\n'),
};

const TOOLS = {
  ask: 'Our dinner bill was 2,480 kr. What is a 15% tip, and what is the bill split six ways?',
  commentary: 'I will work both out.',
  answer: 'A 15 % tip is **372 kr**, and split six ways the bill is **413.33 kr** each.',
};

const FETCH = {
  ask: 'Summarise the Wikipedia article on hearths for me.',
  url: 'https://en.wikipedia.org/w/index.php?title=Hearth&action=raw',
  answer: 'I could not read the page, so from memory: a **hearth** is the floor of a fireplace, once the centre of the home.',
};

const APP = { ask: 'Can you build me a counter for keeping score in board games?' };

const MENTION_FILES = [
  ['budget.txt', 'Train: 240 €\nHotel, 3 nights: 390 €\nFood: 150 €\n'],
  ['packing-list.md', '# Packing list\n\n- walking boots\n- rain jacket\n- charger\n'],
  ['trip-plan.md', '# Trip plan\n\nThree days in Edinburgh in May: the castle, Arthur’s Seat, a day in Leith.\n'],
];

const MENTION = {
  ask: 'Is this enough for three days in Edinburgh?',
  answer:
    'Yes. It comes to **780 €**, about 260 € a day. Food is the tightest line: 50 € a day works if you eat out once a day and picnic otherwise.',
  next: 'Does it leave room for everything on @pack',
};

const GARDEN = [
  [
    'Garden notes for the summer\n\nThe roses along the south fence are doing well: the climbing ones have reached the top of the trellis and need tying in, and the two shrub roses by the gate flowered twice this year. I pruned them back by a third in March and fed them with manure in April.',
    'Noted: the roses are thriving, with the climbers to tie in.',
  ],
  [
    'The vegetable bed is mostly tomatoes this year: six plants of Gardener’s Delight and four of a beefsteak variety, grown up canes against the shed wall where they get the afternoon sun. I pinch out the side shoots every few days and water them in the evening, and the first fruits are just turning red.',
    'Noted: ten tomato plants by the shed, the first fruits ripening.',
  ],
  [
    'Last autumn we dug a small pond at the bottom of the lawn, about two metres across with a shallow beach at one end so that frogs and birds can get in and out. It has a water lily, some marsh marigolds around the edge, and this spring we had frogspawn for the first time.',
    'Noted: a wildlife pond with a beach, and frogspawn this spring.',
  ],
  [
    'One thing I cannot decide: where should the new wooden bench go? Beside the pond it would catch the evening light, but by the roses it would be more sheltered from the wind.',
    'Both work. By the pond you get the evening sun and the wildlife; by the roses you get shelter and scent. If you sit out mostly in the evening, choose the pond.',
  ],
];

const SUMMARY =
  'The user described their garden: climbing and shrub roses along the south fence, ten tomato plants by the shed, and a new wildlife pond with frogspawn this spring.\n\nOpen question: whether the new bench goes by the pond or by the roses.';

/** A reply streamed as text (with estimated usage) by the mock. */
function textReply(text, { chunk = 12, delay = 8 } = {}) {
  return { text_stream: { text, chunk_chars: chunk, delay_ms: delay } };
}

/** The `demo` scenario: a `when` entry per message above, the first match wins. */
async function demoScenario() {
  const strip = ({ description, ...scenario }) => scenario;
  const rateLimited = strip(await readScenario('rate-limited'));
  const appCounter = strip(await readScenario('app-counter'));
  const when = [
    // The summary request carries the whole conversation: it goes first.
    { prompt_contains: SUMMARY_PROMPT, play: { stream: [{ delay_ms: 300, delta: SUMMARY }, { finish: 'stop' }, { done: true }] } },
    { prompt_contains: HERO.ask, play: textReply(HERO.answer) },
    ...HERO_QUESTIONS.map(([ask, answer]) => ({ prompt_contains: ask, play: textReply(answer) })),
    { prompt_contains: VERSIONS.ask, play: textReply(VERSIONS.answer) },
    { prompt_contains: RATE_LIMITED.ask, play: rateLimited },
    { prompt_contains: IMAGE.ask, play: textReply(IMAGE.answer) },
    { prompt_contains: CODE_MATH.ask, play: textReply(CODE_MATH.answer) },
    {
      prompt_contains: TOOLS.ask,
      play: {
        rounds: [
          {
            stream: [
              { delay_ms: 40, delta: TOOLS.commentary },
              { delay_ms: 40, tool_call: { id: 'call_tip', name: 'calculator', arguments: { expression: '2480 * 0.15' } } },
              { delay_ms: 40, tool_call: { id: 'call_split', name: 'calculator', arguments: { expression: '2480 / 6' } } },
              { finish: 'tool_calls' },
              { usage: { prompt_tokens: 212, completion_tokens: 46 } },
              { done: true },
            ],
          },
          {
            stream: [
              { delay_ms: 40, delta: TOOLS.answer },
              { finish: 'stop' },
              { usage: { prompt_tokens: 301, completion_tokens: 24 } },
              { done: true },
            ],
          },
        ],
      },
    },
    {
      prompt_contains: FETCH.ask,
      play: {
        rounds: [
          {
            stream: [
              { delay_ms: 40, delta: 'I will read the article first.' },
              { delay_ms: 40, tool_call: { id: 'call_fetch', name: 'fetch_url', arguments: { url: FETCH.url } } },
              { finish: 'tool_calls' },
              { done: true },
            ],
          },
          textReply(FETCH.answer),
        ],
      },
    },
    { prompt_contains: APP.ask, play: appCounter },
    { prompt_contains: MENTION.ask, play: textReply(MENTION.answer) },
    { prompt_contains: VOICE.ask, play: textReply(VOICE.answer) },
    // Every request carries the earlier turns too: the latest message is looked for first.
    ...GARDEN.map(([ask, answer]) => ({ prompt_contains: ask, play: textReply(answer) })).reverse(),
  ];
  return {
    description: 'Hearth guide screenshots (tests/screenshots/guide.mjs): a reply per message of the guide.',
    ...textReply('Happy to help. What would you like to know?'),
    when,
  };
}

// ---------------------------------------------------------------------------
// Taking the pictures.

/** Files written, for the report at the end: `[path, bytes]`. */
const written = [];

/** Lets the page settle: fonts loaded, no pending frames, the pointer parked, a short pause. */
async function steady(page, { blur = false, mouse = VIEWPORT_CORNER } = {}) {
  if (blur) await page.evaluate(() => document.activeElement?.blur());
  if (mouse) await page.mouse.move(...mouse);
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(400);
}

/** Saves a PNG of what `page` shows as docs/screenshots/<name>. */
async function shot(page, name, options = {}) {
  await steady(page, options);
  const file = path.join(OUT, name);
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  const { size } = await stat(file);
  written.push([path.relative(path.join(OUT, '../..'), file), size]);
  console.log(`  ${name} (${Math.round(size / 1024)} KB)`);
}

/**
 * Makes the window tall enough for `dialog` to show whole, without scrolling inside it (it
 * keeps its margins above and below), and returns a function that sets the usual size back.
 */
async function fitDialog(page, dialog) {
  // What its scrolling parts hide, the outermost first; fitted again until nothing is hidden.
  const hidden = () =>
    dialog.evaluate((element) => {
      for (const el of [element, ...element.querySelectorAll('*')]) {
        if (/(auto|scroll)/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1) {
          return el.scrollHeight - el.clientHeight;
        }
      }
      return 0;
    });
  for (let more = await hidden(), round = 0; more > 0 && round < 5; more = await hidden(), round += 1) {
    const { height } = page.viewportSize();
    await page.setViewportSize({ width: VIEWPORT.width, height: height + more });
    await page.waitForTimeout(200);
  }
  return () => page.setViewportSize(VIEWPORT);
}

/** A fresh browser context (its own empty profile) with the app loaded. */
async function openPage(browser, appUrl, contextOptions = {}) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    timezoneId: 'Europe/London',
    ...contextOptions,
  });
  context.setDefaultTimeout(WAIT_MS);
  return loadApp(context, appUrl);
}

/** Adds the mock as the provider "Demo server" with the `demo` model, and turns generated titles off. */
async function setUp(chat, mock) {
  const { form } = await addMockProvider(chat.page, mock, { scenario: MODEL, apiKey: 'sk-demo-7c1e4a', keepOpen: true });
  await commit(form.getByRole('textbox', { name: 'Name', exact: true }), PROVIDER_NAME);
  await closeProviders(chat.page);
  await waitUntil(async () => {
    const { providers } = await readDatabase(chat.page, ['providers']);
    return providers.some((p) => p.name === PROVIDER_NAME);
  }, 'the provider name is stored');
  await turnOffGeneratedTitles(chat.page);
}

/** Starts a new conversation. */
async function newChat(chat) {
  await chat.page.getByRole('button', { name: 'New chat', exact: true }).click();
  await waitOn(chat, async () => (await chat.assistant.count()) === 0, 'the new conversation is empty');
}

/** The sidebar's row of the conversation titled `title`. */
function sidebarRow(page, title) {
  const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
  return nav.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) });
}

/** Opens the conversation titled `title` from the sidebar. */
async function openConversation(page, title) {
  // Its left end: on hover the row's actions cover the right end of the title.
  await sidebarRow(page, title).getByRole('button', { name: title, exact: true }).click({ position: { x: 12, y: 12 } });
  await page.getByRole('log', { name: 'Conversation', exact: true }).getByRole('article', { name: 'You', exact: true }).first().waitFor();
  await page.evaluate(() => document.activeElement?.blur());
  await page.mouse.move(...VIEWPORT_CORNER);
  await page.waitForTimeout(300);
}

/** Waits until the last reply is done and the conversation has stopped scrolling. */
async function settledView(chat) {
  await settled(chat);
  await chat.page.waitForTimeout(300);
}

/** Scrolls the conversation so that the top of `locator` is `offset` px below the top of the log. */
async function scrollLogTo(chat, locator, offset = 16) {
  await locator.evaluate((element, offset) => {
    const log = element.closest('[role="log"]');
    const scroller = [log, ...ancestors(log)].find((e) => e.scrollHeight > e.clientHeight && /(auto|scroll)/.test(getComputedStyle(e).overflowY));
    function ancestors(e) {
      const list = [];
      for (let p = e.parentElement; p; p = p.parentElement) list.push(p);
      return list;
    }
    if (!scroller) return;
    const top = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    scroller.scrollTop += top - offset;
  }, offset);
  await chat.page.waitForTimeout(200);
}

/** Checks the tools labelled `labels` for the General Assistant, and waits until they are stored. */
async function setTools(page, labels) {
  const editor = await editAgent(page);
  for (const label of labels) await editor.getByRole('checkbox', { name: label, exact: true }).check();
  await saveAgent(page, editor);
  await waitUntil(async () => {
    const { agents } = await readDatabase(page, ['agents']);
    return agents.find((a) => a.id === 'general')?.tools.length === labels.length;
  }, 'the tools are stored');
}

// ---------------------------------------------------------------------------
// The screens.

async function heroAndConversations(chat) {
  const { page } = chat;
  for (const [ask] of HERO_QUESTIONS) {
    await newChat(chat);
    await sendAndSettle(chat, ask);
  }
  await newChat(chat);
  await sendAndSettle(chat, HERO.ask);
  await settledView(chat);
  await shot(page, 'hearth-light.png', { blur: true });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await shot(page, 'hearth-dark.png', { blur: true });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

/** Renames the conversation titled `title` to `to` (with its row's Rename button, shown on hover). */
async function rename(page, title, to) {
  const row = sidebarRow(page, title);
  await row.hover();
  await row.getByRole('button', { name: 'Rename', exact: true }).click();
  const field = page.getByRole('textbox', { name: 'Conversation title', exact: true });
  await field.fill(to);
  await field.press('Enter');
  await sidebarRow(page, to).waitFor();
  await page.mouse.move(...VIEWPORT_CORNER);
}

async function versions(chat) {
  const { page } = chat;
  await newChat(chat);
  await sendAndSettle(chat, VERSIONS.ask);
  await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await waitOn(chat, async () => (await chat.reply.getByText('2 / 2', { exact: true }).count()) > 0, 'the second version is shown');
  await settledView(chat);
  await shot(page, 'guide/conversations-reply.png', { blur: true });
}

async function errorCard(chat) {
  await newChat(chat);
  await sendMessage(chat, RATE_LIMITED.ask);
  await settled(chat);
  // Retry waits out the provider's retry-after (7 s) before it can be pressed.
  const retry = chat.reply.getByRole('button', { name: 'Retry', exact: true });
  await retry.waitFor();
  await waitUntil(() => retry.isEnabled(), 'Retry can be pressed', { timeout: 15_000 });
  await shot(chat.page, 'guide/conversations-error-card.png', { blur: true });
}

async function replies(chat) {
  await newChat(chat);
  await sendAndSettle(chat, IMAGE.ask);
  await chat.reply.getByRole('button', { name: /^Load image / }).waitFor();
  await settledView(chat);
  await shot(chat.page, 'guide/replies-image-placeholder.png', { blur: true });

  await newChat(chat);
  await sendAndSettle(chat, CODE_MATH.ask);
  await chat.reply.getByRole('button', { name: 'Show diagram', exact: true }).waitFor();
  await settledView(chat);
  await scrollLogTo(chat, chat.reply);
  await shot(chat.page, 'guide/replies-code-math.png', { blur: true });
}

async function tools(chat) {
  const { page } = chat;
  await setTools(page, ['Calculator', 'Fetch a URL']);

  await newChat(chat);
  await sendAndSettle(chat, TOOLS.ask);
  const used = chat.reply.getByRole('button', { name: 'Used 2 tools', exact: true });
  await used.click();
  await chat.reply.getByRole('region', { name: 'Tool calls', exact: true }).waitFor();
  await settledView(chat);
  await scrollLogTo(chat, used);
  await shot(page, 'guide/tools-calls.png', { blur: true });

  await newChat(chat);
  await sendMessage(chat, FETCH.ask);
  const prompt = chat.reply.getByRole('group', { name: 'Approve the fetch_url call', exact: true });
  await prompt.waitFor();
  await shot(page, 'guide/tools-approval.png', { blur: true });
  await prompt.getByRole('button', { name: 'Deny', exact: true }).click();
  await settled(chat);
}

async function agentEditor(chat) {
  const { page } = chat;
  const dialog = await openAgents(page);
  await dialog.getByRole('button', { name: 'New agent', exact: true }).click();
  const editor = dialog.getByRole('form', { name: 'New agent', exact: true });
  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('Travel planner');
  await editor.getByRole('textbox', { name: 'Short description', exact: true }).fill('Plans trips and checks opening times.');
  await editor.getByRole('combobox', { name: 'Model', exact: true }).selectOption({ label: `${PROVIDER_NAME} · ${MODEL}` });
  // Fetch a URL asks before running by itself; the calculator need not.
  for (const label of ['Calculator', 'Fetch a URL']) await editor.getByRole('checkbox', { name: label, exact: true }).check();
  await editor
    .getByRole('textbox', { name: 'System prompt template', exact: true })
    .fill(['You are {agent_name}. Today is {date}, and the user is in {timezone}.', '', '<style>', '{style}', '</style>'].join('\n'));
  const section = (name) => editor.getByRole('group', { name: `Section ${name}`, exact: true });
  await section('instructions').getByRole('textbox', { name: 'Section name', exact: true }).fill('style');
  await section('style').getByRole('textbox', { name: 'Section text', exact: true }).fill('Short answers, metric units, prices in euros.');
  const preview = editor.getByRole('region', { name: 'Preview', exact: true });
  await preview.getByText(/^You are Travel planner/).waitFor();
  const restore = await fitDialog(page, page.getByRole('dialog', { name: 'Agents', exact: true }));
  await shot(page, 'guide/agents-editor.png', { blur: true, mouse: null });
  await restore();
  await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
  await editor.waitFor({ state: 'hidden' });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function appPreview(chat) {
  const { page } = chat;
  await newChat(chat);
  await page.getByRole('button', { name: /^Agent: / }).click();
  await page.getByRole('menu', { name: 'Agents', exact: true }).getByRole('menuitemradio', { name: 'App Builder', exact: true }).click();
  await page.getByRole('button', { name: /^Agent: App Builder/ }).waitFor();
  await sendAndSettle(chat, APP.ask);
  const preview = page.getByRole('complementary', { name: /^App preview/ });
  await preview.getByRole('heading', { name: 'App preview · version 1 of 1', exact: true }).waitFor();
  const app = page.getByTitle('App preview, version 1', { exact: true }).contentFrame();
  await app.getByRole('button', { name: '+1', exact: true }).click();
  await app.getByRole('button', { name: '+1', exact: true }).click();
  await app.getByRole('button', { name: '+1', exact: true }).click();
  await app.locator('body').evaluate(() => document.activeElement?.blur());
  await settledView(chat);
  await shot(page, 'guide/apps-preview.png', { blur: true });
  // Back to the General Assistant for what follows.
  await newChat(chat);
  await page.getByRole('button', { name: /^Agent: / }).click();
  await page.getByRole('menu', { name: 'Agents', exact: true }).getByRole('menuitemradio', { name: 'General Assistant', exact: true }).click();
  await page.getByRole('button', { name: /^Agent: General Assistant/ }).waitFor();
}

async function mention(chat) {
  const { page } = chat;
  const dialog = await openTools(page);
  await dialog.getByLabel('Add project files (.md, .txt)', { exact: true }).setInputFiles(
    MENTION_FILES.map(([name, content]) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(content) })),
  );
  await dialog.getByRole('status').filter({ hasText: 'Added' }).waitFor();
  await closeTools(page);
  await newChat(chat);
  const form = page.getByRole('form', { name: 'Composer', exact: true });
  const listbox = page.getByRole('listbox', { name: 'Project files', exact: true });
  // The @ list opens over the badges above the message box, so the badge pictured is that
  // of a sent message: the budget goes with the first message, the list is open for the next.
  await chat.message.focus();
  await page.keyboard.type('@bud');
  await listbox.waitFor();
  await page.keyboard.press('Enter');
  await listbox.waitFor({ state: 'hidden' });
  await form.getByRole('list', { name: 'Attached files', exact: true }).waitFor();
  await page.keyboard.type(MENTION.ask);
  await page.keyboard.press('Enter');
  await settledView(chat);
  await chat.you.last().getByRole('list', { name: 'Attached files', exact: true }).waitFor();
  await chat.message.focus();
  await page.keyboard.type(MENTION.next);
  await waitUntil(async () => (await listbox.getByRole('option').count()) === 1, 'the list is filtered to one file');
  await shot(page, 'guide/files-mention.png');
  await page.keyboard.press('Escape');
  await chat.message.fill('');
}

async function keyboardHelp(chat) {
  const { page } = chat;
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts', exact: true });
  await help.waitFor();
  const restore = await fitDialog(page, help);
  await shot(page, 'guide/keyboard-help.png', { blur: true, mouse: null });
  await restore();
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'hidden' });
}

async function keyLock(chat) {
  const { page } = chat;
  const settings = await openSettings(page);
  const section = settings.getByRole('region', { name: 'API key lock', exact: true });
  await section.getByRole('button', { name: 'Lock API keys with a passphrase', exact: true }).click();
  await section.getByLabel('Passphrase', { exact: true }).fill('correct horse battery');
  await section.getByLabel('Confirm passphrase', { exact: true }).fill('correct horse battery');
  await section.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    for (let e = element.parentElement; e; e = e.parentElement) {
      if (e.scrollHeight > e.clientHeight && /(auto|scroll)/.test(getComputedStyle(e).overflowY)) {
        e.scrollTop -= 16;
        break;
      }
    }
  });
  await shot(page, 'guide/key-lock-settings.png', { blur: true, mouse: null });
  await closeSettings(page);
}

async function providersDialog(chat) {
  const { page } = chat;
  // A second, local provider, so that the list has two.
  const dialog = await openProviders(page);
  await dialog.getByRole('combobox', { name: 'New provider type', exact: true }).selectOption({ label: 'Ollama' });
  await dialog.getByRole('button', { name: 'Add provider', exact: true }).click();
  await commit(providerForm(page).getByRole('textbox', { name: 'Model', exact: true }), 'llama3.2');
  await dialog
    .getByRole('list', { name: 'Your providers', exact: true })
    .getByRole('button', { name: `${PROVIDER_NAME} · ${MODEL}`, exact: true })
    .click();
  const form = providerForm(page);
  await form.getByRole('button', { name: 'Use this provider', exact: true }).click();
  await form.getByRole('button', { name: 'In use', exact: true }).waitFor();
  await commit(form.getByRole('textbox', { name: 'Model', exact: true }), MODEL);
  await dialog.getByText('Saved', { exact: true }).waitFor();
  const restore = await fitDialog(page, dialog);
  await shot(page, 'guide/providers-dialog.png', { blur: true, mouse: null });
  await restore();
  await closeProviders(page);
}

async function offlineBadge(chat) {
  const { page, context } = chat;
  await openConversation(page, HERO.ask);
  await context.setOffline(true);
  const badge = page.getByRole('banner').getByRole('status', { name: 'Connection', exact: true }).getByText('Offline', { exact: true });
  await badge.waitFor();
  // Focused as from the keyboard, so it shows its focus ring.
  await page.keyboard.press('Shift');
  await badge.focus();
  await page.getByRole('tooltip').filter({ hasText: 'work offline' }).waitFor();
  await shot(page, 'guide/offline-badge.png', { mouse: null });
  await page.keyboard.press('Escape');
  await context.setOffline(false);
  await badge.waitFor({ state: 'detached' });
}

async function exportBackup(page, file) {
  const settings = await openSettings(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    settings.getByRole('button', { name: 'Export backup', exact: true }).click(),
  ]);
  await download.saveAs(file);
  await closeSettings(page);
}

async function compaction(chat) {
  const { page } = chat;
  // A small window, so that the meter shows a real share of it.
  const dialog = await openProviders(page);
  await commit(providerForm(page).getByRole('textbox', { name: 'Context window (tokens)', exact: true }), '1,024');
  await dialog.getByText('Saved', { exact: true }).waitFor();
  await closeProviders(page);
  const settings = await openSettings(page);
  await commit(settings.getByRole('textbox', { name: 'Keep the last N turns verbatim', exact: true }), '1');
  await closeSettings(page);
  await newChat(chat);
  for (const [ask] of GARDEN) await sendAndSettle(chat, ask);
  await chat.send.waitFor();
  await page.getByRole('button', { name: 'Compact conversation', exact: true }).click();
  const divider = page.getByRole('button', { name: /^Earlier messages summarised/ });
  await divider.waitFor();
  await divider.click();
  await page.getByRole('region', { name: 'Summary', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Undo summary', exact: true }).waitFor();
  await scrollLogTo(chat, divider, 120);
  await shot(page, 'guide/long-conversations-divider.png', { blur: true });
}

/**
 * Speech espeak-ng writes, then three seconds of quiet, as the fake microphone's WAV file
 * (Chromium plays it once to the page that records); its path.
 */
async function speechFile(folder) {
  const spoken = path.join(folder, 'spoken.wav');
  execFileSync('espeak-ng', ['-w', spoken, VOICE.spoken]);
  const wav = await readFile(spoken);
  const rate = wav.readUInt32LE(24);
  const data = Buffer.concat([wav.subarray(44), Buffer.alloc(rate * 3 * 2)]);
  const head = Buffer.from(wav.subarray(0, 44));
  head.writeUInt32LE(36 + data.length, 4);
  head.writeUInt32LE(data.length, 40);
  const file = path.join(folder, 'microphone.wav');
  await writeFile(file, Buffer.concat([head, data]));
  return file;
}

/** Voice: the recorder while it records, a voice note with its transcript, the note sent, and Talk. */
async function voice(browser, appUrl, mock) {
  const chat = await openPage(browser, appUrl);
  const { page } = chat;
  try {
    await setUp(chat, mock);
    const settings = await openSettings(page);
    const section = settings.getByRole('region', { name: 'Voice', exact: true });
    await section.getByRole('combobox', { name: 'Turn speech into text with' }).selectOption({ label: PROVIDER_NAME });
    await closeSettings(page);
    await page.getByRole('button', { name: 'Dictate', exact: true }).click();
    const timer = page.getByRole('timer', { name: 'Time recorded' });
    await waitOn(chat, async () => (await timer.textContent()) >= '0:02', 'two seconds are recorded');
    await shot(page, 'guide/voice-recording.png');
    await page.getByRole('button', { name: 'Keep as a voice note', exact: true }).click();
    const composer = page.getByRole('form', { name: 'Composer', exact: true });
    await composer.getByText(/^Transcript: /).waitFor();
    await chat.message.fill(VOICE.ask);
    await shot(page, 'guide/voice-note.png', { blur: true });
    await sendAndSettle(chat, VOICE.ask);
    await shot(page, 'guide/voice-note-sent.png', { blur: true });
    // Talk: a Gemini account (the mock's Live API), in a new conversation.
    const { form } = await addMockProvider(page, mock, { family: FAMILIES.gemini, scenario: MODEL, apiKey: 'AIza-demo', keepOpen: true });
    await commit(form.getByRole('textbox', { name: 'Name', exact: true }), 'Demo Gemini');
    await closeProviders(page);
    await newChat(chat);
    const stored = await readDatabase(page, ['providers']);
    const gemini = stored.providers.find((provider) => provider.name === 'Demo Gemini');
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption({ value: gemini.id });
    await page.getByRole('button', { name: 'Talk', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /is answering\. Speak to interrupt\.$/ }).waitFor();
    await page.getByText(/^Demo Gemini: Sure, I will remind you/).waitFor();
    await shot(page, 'guide/voice-talk.png', { blur: true });
    await page.getByRole('button', { name: 'End talk', exact: true }).click();
    if (chat.errors.length) throw new Error(`the page crashed: ${chat.errors.join(' / ')}`);
  } finally {
    await chat.context.close();
  }
}

async function importReview(browser, appUrl, mock, files) {
  const chat = await openPage(browser, appUrl);
  try {
    await setUp(chat, mock);
    await importFile(chat.page, files.first, { decide: 'Import' });
    await closeSettings(chat.page);
    await chat.page.waitForTimeout(300);
    const settings = await openSettings(chat.page);
    await settings.getByLabel('Import a backup or a ChatGPT export (.zip or conversations.json)', { exact: true }).setInputFiles(files.second);
    const review = chat.page.getByRole('dialog', { name: /^Import (this backup|these ChatGPT conversations)\?$/ });
    await review.getByRole('button', { name: 'Import', exact: true }).waitFor();
    const restore = await fitDialog(chat.page, review);
    await shot(chat.page, 'guide/backups-import-review.png', { mouse: null });
    await restore();
    await review.getByRole('button', { name: 'Cancel', exact: true }).click();
    if (chat.errors.length) throw new Error(`the page crashed: ${chat.errors.join(' / ')}`);
  } finally {
    await chat.context.close();
  }
}

// ---------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const scratch = await mkdtemp(path.join(tmpdir(), 'hearth-guide-'));
  let app, mock, browser;
  try {
    const scenarios = path.join(scratch, 'scenarios');
    await cp(STOCK_SCENARIOS, scenarios, { recursive: true });
    await writeFile(path.join(scenarios, `${MODEL}.json`), JSON.stringify(await demoScenario(), null, 1));
    [app, mock, browser] = await Promise.all([
      startStaticServer({ root: builtApp() }),
      // The port scripts/serve.sh gives the mock, so the Base URL shown is the one the guide names.
      startMockServer({ scenariosDir: scenarios, port: 8787 }).catch(() => startMockServer({ scenariosDir: scenarios })),
      speechFile(scratch).then((microphone) =>
        launchBrowser({
          args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${microphone}%noloop`],
        }),
      ),
    ]);
    console.log(`Writing screenshots to ${OUT}`);

    const chat = await openPage(browser, app.url, { acceptDownloads: true });
    const files = { first: path.join(scratch, 'backup-1.json'), second: path.join(scratch, 'backup-2.json') };
    await setUp(chat, mock);
    const steps = [
      ['hero', () => heroAndConversations(chat)],
      ['versions', () => versions(chat)],
      ['error', () => errorCard(chat)],
      ['replies', () => replies(chat)],
      ['tools', () => tools(chat)],
      // A backup of what is there so far; the second one (below) adds to it and renames a conversation.
      ['backups', () => exportBackup(chat.page, files.first)],
      ['backups', () => rename(chat.page, HERO_QUESTIONS[0][0], 'Reading nook names')],
      ['agents', () => agentEditor(chat)],
      ['apps', () => appPreview(chat)],
      ['files', () => mention(chat)],
      ['keyboard', () => keyboardHelp(chat)],
      ['key-lock', () => keyLock(chat)],
      ['providers', () => providersDialog(chat)],
      ['offline', () => offlineBadge(chat)],
      ['backups', () => exportBackup(chat.page, files.second)],
      ['compaction', () => compaction(chat)],
    ];
    for (const [name, run] of steps) {
      if (ONLY && !ONLY.includes(name)) continue;
      await run();
      if (chat.errors.length) throw new Error(`the page crashed (${name}): ${chat.errors.join(' / ')}`);
    }
    await chat.context.close();
    if (!ONLY || ONLY.includes('backups')) await importReview(browser, app.url, mock, files);
    if (!ONLY || ONLY.includes('voice')) await voice(browser, app.url, mock);

    const total = written.reduce((sum, [, size]) => sum + size, 0);
    console.log(`${written.length} screenshots, ${Math.round(total / 1024)} KB, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await Promise.all([browser?.close(), app?.close(), mock?.close()]);
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
