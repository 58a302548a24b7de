// The bundle budget: sums the gzip size (node zlib at level 9, as `gzip -9`) of
// everything the first load fetches before the Message box is ready, prints each
// file and the total, and exits non-zero when the total is over BUDGET_BYTES, so a
// later feature must pay for the bytes it adds.
//
// "The first load" is found from the built index.html, not from a list kept here:
// index.html itself, its stylesheets, scripts, modulepreload/preload links, the
// files `<meta name="hearth-app">` names (boot.js imports the wasm-bindgen module
// and starts the wasm file), and, followed from those, the static `import … from`
// of each JavaScript file and the `url(…)`/`@import` of each stylesheet. Files the
// app fetches later (the sandbox and app-preview pages, anything behind a dynamic
// `import()`) are not counted, nor are the pre-compressed `.gz`/`.br` copies.
//
// Run: node scripts/size-budget.mjs [--report-only] [dist]   (default: $HEARTH_DIST, else
// dist/). `--report-only` prints the same table and total but never fails on the budget
// (scripts/build.sh uses it, so a build prints one total, the budget's). The list itself is
// exported as `firstLoadFiles(root)` (tests/e2e/walking-skeleton.test.mjs checks it against
// what the page really requests).

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SEND_PATH, EARLY_PACK, filesFetched, PackError, SHARED_PACK, START_PACK } from './packs.mjs';

/**
 * The budget, in gzip bytes, for everything the first load fetches: a ratchet.
 * It is the size reached plus under 1 %, so a feature must pay for its bytes;
 * lower it whenever a cut lands. 874,041 bytes at issue 14, 931,590 at issue 15,
 * 1,003,563 at issue 16 and 1,004,914 at issue 28, all in one wasm. Issue 29 split
 * the wasm (the dialogs and the app preview load on first use) and built Leptos with
 * `erase_components`: 728,957; then the send path and the renderer moved into the `reply`
 * chunk, fetched right after start-up: 534,530, under the goal of 560,000. Issue 30's MCP
 * servers (their client in the `mcp` chunk; the agent record's allowed definitions and the
 * servers' context in the first load): 539,924; then the reply's tool widget moved into the
 * `reply` chunk too, with MCP's images and progress: 528,394; the connection doctor (in the
 * `mcp` chunk): 528,712; MCP prompts and resources (the composer's button in the first load,
 * its dialog in the `mcp` chunk), paid for by one shared body for every lazily loaded part
 * (`ui::lazy::Loader`): 529,182; the HTTP+SSE transport (in the `mcp` chunk): 529,780; the
 * context meter counting the agent's MCP tool definitions (read at start from the stored JSON):
 * 532,211; the resource links a tool returns kept with its result (their record is read with
 * every stored message): 533,986; OAuth sign-in (in the `mcp` chunk): 535,504; the key lock
 * sealing MCP servers' header values and tokens (its lock changes and "Forgot passphrase",
 * which the unlock prompt of the first load offers, convert the servers too): 540,842; images
 * and PDFs in messages (issue 31, first part: the blob store and its upgrade, the attachment
 * in every message record, the composer's and the messages' hooks; preparing, the lists and
 * zipping are in the `media` chunk): 556,894, a gap to win back; its second part (what a
 * model reads, stored with each model's settings and read at start; the Attach button's
 * reason; the refusal card; the hooks of the image viewer): 560,784, over the goal of
 * 560,000; won back by reading a stored set-up problem and a tab's change notice through
 * flat records instead of serde's internally tagged enums (tool images moved to the blob
 * store, in the `media` chunk, on the way): 552,858. A conversation as a tree (issue 32's
 * first part: each message's parent, the path shown, the version arrows on every message and
 * its Edit button; the editor is in the `branches` chunk, the upgrade's linking in
 * `migration`): 557,817; its second part (the "More actions" menu under every message, the
 * pruning's Undo toast, branches listed under their source in the sidebar; branching and
 * pruning themselves are in the `branches` chunk): 562,323, over the goal of 560,000 by
 * 2.3 KB; won back by moving the Markdown export (with its new appendices of the other
 * versions) into the `export` chunk: 556,458. Issue 32's compare turns (the record's compare
 * fields and the composer's Compare button in the first load; the panel, the columns, merging
 * and the blind tally in the `compare` chunk), the outline and the reply editor (in the
 * `branches` chunk) and search results that open other branches: 560,659 before the search
 * results and the search itself moved into a `search` chunk, loaded at the first search:
 * 546,362. Issue 33's sync (what starts it, and the store telling it what each write
 * touched): 549,891; two fixes after it took 549,990, then the comments of the stylesheets
 * and of index.html, no longer shipped (scripts/assemble.mjs), 545,887. Issue 48's typed
 * errors and file carving: 547,041; then the generated glue scripts without indentation and
 * comment lines (scripts/assemble.mjs): 545,174. Issue 49's first part (the Responses
 * family, web search with sources, pictures; their decoding and views load on demand, but the
 * record's new fields, the agents' reply options, the composer's Search and effort controls
 * and the reply's extras wiring are read or shown at start): 562,003, 17 KB more than that
 * issue allows; bringing it back is part of issue 49, still open. Its "Create an image"
 * (the composer's button and where its dialog loads; the dialog and the requests load on
 * demand): 562,842; with the fixes of its review (no Regenerate on a reply of pictures
 * only): 563,009; a reply's sources, citation marks, provider tools and unreadable parts
 * kept in the record as stored JSON, read into their types only where shown, exported or
 * recorded (`storage::kept`), so their readers left the first load: 559,213. Then a reply's
 * parts (thinking, markdown, error card, footer; `chat/reply/reply_parts.rs`) moved into the
 * `reply` chunk, which a stored reply's renderer waited for anyway, leaving its frame in the
 * first load: 516,627 (the `reply` chunk and the shared code it needs grew by 56,872, so a cold
 * load fetches 13,815 more in all). Issue 50's first part (voice: the Dictate button, the voice
 * context and its shortcut; recording, transcribing and speaking load on demand): 522,283, over
 * the 2 KB that issue allows, to win back; won back by reaching the browser's APIs for chunks by
 * name (`io::js`: voice's web-sys imports had put their glue in the first load) and keeping
 * only the dictation's phase in it (voice's other state is made at its first use), with the
 * agent's voice fields and the browser's recognition added: 518,600, 1,973 more than before voice.
 * Its voice notes (an attachment's kind, length and transcript in the stored message, whether a
 * model hears audio, the composer waiting for a transcript; recording, decoding, transcribing
 * and playing load on demand): 520,421, 1,746 over what issue 50 allows, to win back. Part won
 * back (a voice note's sound kept beside its bytes, not in a store of its own; the search terms
 * built without a chain of iterators; the documented audio models told by one word), then the
 * composer's Talk button (realtime talk loads on demand): 520,335, 1,660 over that allowance;
 * with the review's fixes (the talk's place, a stored record's newer shape and database
 * version): 520,542, 1,867 over it; 520,530 with the talk panel emptied after each kept turn;
 * 520,472 with attachments counted as such (not "images and PDFs") in backups and imports.
 * Talk with OpenAI (WebRTC) and the agent's tools while talking load on demand: 520,601; an app
 * agent's stored app read by the `reply` chunk (its reader left the first load): 518,174,
 * 501 under what issue 50 allows (the ratchet closes on it). Attachments' bytes stored as
 * `ArrayBuffer`s, not `Blob`s, which WebKit's private windows refuse in IndexedDB: 518,231.
 * Issue 51's languages and phone layout: 527,488, 6,252 over the 3 KB that issue allows, to win
 * back. Fluent and the catalogues load on demand (the `i18n` chunk, `locales/*.ftl`); what the
 * first load pays is each text's lookup where it is shown, and mostly this: a literal attribute
 * or text in a Leptos view is static (no code to update it), a translated one is a runtime
 * value with its own attribute code, in every component of the first screen. With it the
 * language's choice before mount, the phone's icon buttons, the composer's folded options and
 * the visual viewport's height. Won back and more by the main wasm's import names: wasm-bindgen's
 * ~400 hashed names, in the wasm and again in the glue, shortened (scripts/wasm-imports.mjs),
 * and the wasm's name and producers sections left out: 513,625, 4,611 under the first load
 * before issue 51. The built-in agents' names through `tr`: 513,659; a reply's labels: 513,620.
 * Issue 52's elicitation (issue 52 allows 2 KB): 515,455, 1,843 more. The forms are their own
 * chunk; what the first load pays is the tool widget's and the talk panel's split point for them
 * and the MCP tools' `_meta.ui` read with every stored server. Its review's fixes: 515,528.
 * Issue 52's MCP Apps: 517,079, 1,523 more (within the 2 KB it allows): a tool result's view
 * kept as JSON in the record (read into its type only by the `mcp` chunk: typed, it cost
 * 4.5 KB here), the sync shape and database version it brings, and the views' place in the
 * tool widget's split point.
 * Issue 53's knowledge bases, first part: 523,369, 6,350 more, over the 2 KB the issue allows
 * (to win back before it is resolved). Its own code is on demand (the `knowledge` chunk, and
 * the worker's wasm of its own); what the first load pays: the passages a reply keeps and an
 * agent's bases in the stored records (the passages kept as JSON and the bases' state made at
 * first use, so only the chunk reads them into their types: as first written they cost 2.3 KB
 * more), the Knowledge entry in the top bar with its icon, the two
 * split points (the dialog, the viewer) and the start-up resume of files left waiting, and
 * 388 bytes of styles. Its second part (sync and backups of the bases, `#` in the message box):
 * 527,115, 3,715 more, most of it the message box's `#` (its list's texts, the effect that asks the
 * `knowledge` chunk for the choices and its split point; made in the first load the choices
 * cost 2.1 KB more, and connecting to the worker from there 26 KB more). 10,096 over the 517,019 before issue
 * 53, which allows 2 KB: still to win back before it is resolved. Won back by what every visit
 * paid for and the first screen never runs, found by name (scripts/wasm-breakdown.mjs): the
 * system prompt and the tools' definitions built by the `reply` chunk (for Send, Compact and the
 * context meter, which shows once that chunk is in), and the Markdown export's failure said by
 * its own chunk (formatted in the session bar it brought every import and backup error's text):
 * 515,951, 1,068 under the first load before issue 53 (515,962 with the meter kept in its place). What loads right after start-up grew by
 * 16.7 KB with it (the moved code, now in shared chunks, compresses less well apart).
 * Embeddings carried in backups and sync (a base's choice, a file's description of them, read
 * with the records the page lists): 516,102, 140 more, still 917 under 517,019; with its
 * review's fixes (knowledge documents of shape 7): 516,166. Issue 54's packs (scripts/packs.mjs: the
 * loader cuts ~280 modules from two packs; its function is in the first load) and a provider
 * added while start-up reads the accounts kept: 516,696; with tools and project files kept the
 * same way, through one core function for the three lists: 517,990. The conversation's one map
 * of versions (each row's version arrows had read every reply, and Leptos kept a little of
 * each such read, 830 MB over one scroll of 5,000 messages): 518,877. Large backups imported
 * in steps: 518,735. A provider added before the database is open stored once it is (the
 * store's state says whether it is still opening): 519,008. The workspace's crates compiled by
 * clippy-driver (scripts/build.sh: the build is also the wasm32 clippy; it leaves the MIR
 * unoptimised and format_args unflattened, for its lints, and LLVM makes that smaller): 518,423;
 * the writes that waited for the database storing the account as it is by then: 518,504. The
 * database opened once less at start-up (the upgrade's connection kept as the watcher) and the
 * search chunk fetched when the search box gets the focus: 518,269; its review's fixes: 518,317.
 * The message search's postings (records no longer carry their terms: the database had been
 * 26 times its text): the writing code is in the `reply` chunk, loaded before a transaction
 * that writes messages, and the first load keeps the way in, a fallback that writes as before
 * when that chunk will not load, and the start-up's move of older records: 520,899; its
 * review's fixes (a deletion takes its messages out of the rows; an import keeps this device's
 * note of the move): 521,374. A response body piped into an inbox and handed on once a frame
 * (src/io/fetch_stream.rs), and each message row's gap a signal of its own: 523,401; its
 * review's fixes (no wait between batches in a hidden page, the end wakes the wait): 523,461.
 * Start-up reading its stores all at once and fetching the send path after the list's frame
 * (the sidebar of 2,000 conversations painted 64 ms sooner): 524,083; its review's fixes (other
 * tabs heard from the open on, everything read again when one changed something meanwhile; the
 * send path fetched from the list's frame): 525,436. The sidebar's first screen read alone,
 * through an index of each conversation's place (the sidebar of 2,000 conversations painted
 * about 30 ms sooner, as soon as that of 30), its upgrade's placing in the `migration` chunk:
 * 527,914; its review's fixes (no first screen read alone until every conversation has its
 * place): 528,167. A transaction's requests asked for a hundred at a time (an import's batches
 * had been tasks of 50-90 ms), with the one function that puts records no longer made again
 * for each caller's kind of list: 526,693. A conversation's messages read through the index on
 * `[session_id, created_at]` (a key range for each read; a search reads a long conversation
 * newest first, through a cursor, whose glue is in hearth.js), and a search's hits listed
 * before their branches are read: 527,447; its review's fixes: 527,366. A note in the storage
 * banner while start-up upgrades an older database (it may take seconds): 527,727 (as a
 * signal of its own and a view of its own, 528,775); a search failing on no unreadable
 * record: 527,747. The send path loaded once the message box has text (the effect that asks for
 * it, a new database noting that it has nothing to move into the postings) and a search's terms
 * deduplicated as they come: 528,358, and a cold load of 528,358 instead of 1,020,221. A
 * preload that failed (offline) tried again on later typing, and a send whose code cannot
 * load offline ending with the offline card: 528,407; a reply whose parts' code could not load
 * offline saying why it was not sent (the frame's failure can show a given sentence): 529,295;
 * the storage banner's status in the page from the start, so that the upgrade's note is
 * announced, and the offline card's explanation a constant again: 529,409. The import's
 * plan grouping a conversation's messages with one lookup each, and a large backup copied from
 * its file in steps (code of the `dialogs` chunk): 529,373; such a file refused before it is
 * read when it is over 4 GiB (the glue for a file's size): 529,388.
 */
export const BUDGET_BYTES = 529_390;

/*
 * Until issue 54 the send path was fetched right after start-up, and COLD_LOAD_BYTES held the
 * first load and it together (1,020,290 at the last); since the send path loads once the message
 * box has text, a cold load is the first load alone.
 */

/**
 * The budgets, in gzip bytes, of the chunks of the split wasm (scripts/build.sh), which load
 * on first use: `split_<name>.wasm` under `<name>`, and the code several split points share
 * (`chunk_<n>.wasm`, all together) under `shared`. Like the first load's, each is a ratchet
 * at the size reached plus under 1 %; a chunk without a budget fails the check, so a new one
 * is given one when it is made. Issue 47 (sync that no server or older device can turn
 * against the user) took `sync` from 125,500 to 149,762 (held and unreadable documents, the
 * guarded write, verified revisions, attachments in pieces, Check server's new findings) and
 * `shared` to 241,522 (the SHA-256 that "Always allow" binds a tool's definition to).
 * Issue 49's first part: `reply` 207,152 (the Responses family, citation marks, the
 * sources, provider tools and unreadable parts views), `shared` 285,376 (the four families'
 * new decoding, shared by the send path and the Providers dialog's connection test), `media`
 * 22,834 (the pictures view and check), `export` 10,566 (footnotes and pictures in the
 * Markdown export), `sync` 152,212. Its "Create an image": a `pictures` chunk of 17,458 (the
 * image requests and answers of every family, Gemini asked once per picture), which took `reply` to 200,274 and `shared`
 * to 308,074 (what the send path and the picture turn now share). Reading the reply's extras
 * from the record's stored JSON (`storage::kept`) took `reply` to 204,159. A reply's parts
 * (`chat/reply/reply_parts.rs`) moving out of the first load took `reply` to 236,543, `shared`
 * to 334,875 (what the reply's parts share with the dialogs and the compare view) and
 * `app_preview` to 28,409. Issue 50's first part: a `voice` chunk of 21,558 (the microphone,
 * transcription, speech, the recorder); the reply's Read aloud button took `reply` to 239,556,
 * and what voice shares with the send path and the dialogs took `shared` to 353,828 and
 * `export` to 10,658. Its second part (Gemini's audio, the browser's recognition, streamed
 * transcription, the media controls, auto-read, and voice's browser APIs reached by name)
 * took `voice` to 33,222 and `shared` to 364,811 (voice's state and settings, which the reply's
 * Read aloud button and the Voice settings share with the chunk); a reading's problem put in
 * words by the chunk, so the button carries none of voice's problems: `shared` 362,826, `voice`
 * 34,801. Voice notes: `media` 28,402 (audio files told apart and decoded, the voice note's
 * player and transcript in the composer), `voice` 36,598 (keeping a recording as a note, its
 * transcript), `shared` 370,341 (what the media and voice chunks and the sent note's player
 * share). Realtime Talk (Gemini's Live API over a WebSocket, the answer's sound played as it
 * comes, the talk panel, each turn kept as messages): `voice` 50,972, `shared` 373,604 (the
 * agent's prompt rendering and the chat's message keeping, shared with the send path); the
 * review's fixes (the conversation sent first, the talk's place, late words, the transcript
 * asked for): `voice` 53,393, `shared` 374,194; the panel emptied after each turn: `voice` 53,460.
 * Talk with OpenAI's Realtime API (a WebRTC call, its secret and events) and the agent's tools
 * while talking (run by the `reply` chunk, where a turn's run; their approval in the talk
 * panel), with the review's fixes: `voice` 66,054, `shared` 381,162 (the approval prompt and
 * what the talk shares with the send path), `reply` 240,537 (with an app agent's stored app
 * read there, not in the first load). Attachments' bytes carried as `ArrayBuffer`s from where
 * they are made (WebKit): `shared` 382,079. Issue 51's languages (every text through `tr`, the
 * same runtime attributes as the first load's): `shared` 397,247, `dialogs` 265,228, `reply`
 * 243,786, `voice` 67,348, `media` 29,745, `app_preview` 29,254, `branches` 24,720; a new
 * `i18n` chunk of 30,966 (Fluent: the catalogues read, plurals, numbers), loaded before the app
 * mounts only when the language is not English. The built-in agents named in the interface's
 * language, and the reason a language did not load kept typed until Settings shows it:
 * `dialogs` 265,928. A reply's own controls named through the catalogue (the markdown's
 * `Labels`): `reply` 244,606; `shared` 384,021, down with the chunks' name sections.
 * Issue 52's elicitation: a new `ask` chunk of 19,002 (a server's form or link, fetched the first
 * time a server asks); `mcp` 109,920 (the question read, answered and listened for on the
 * session's own stream, the stateless retry with the answers, the fields' order kept); `reply`
 * 246,875 and `voice` 69,502 (the questions listed in the tool widget and the talk panel);
 * `shared` 405,065, 21 KB more, not yet explained (the forms moved to their own chunk took back
 * 4 KB of it): to find with issue 54's look at what the shared chunks hold. The review's
 * fixes: `shared` 405,907. Issue 52's MCP Apps host: `mcp` 151,751 (the view's frame and
 * conversation, its calls put to the user, the link and draft, the theme, the view's record
 * read and the resource checked: 41 KB, much of it the views' Leptos components and JSON
 * building), `reply` 250,487 (the views' place under the tool widget), `media` 30,272 (a
 * view's page moved to the blob store), `shared` 414,796. Issue 53's knowledge bases: a new
 * `knowledge` chunk of 77,249 (the Knowledge dialog, a reply's passages, the viewer, and all
 * a turn asks of the bases, reached from the send path only through the chunk's function
 * pointers; the worker's own wasm is apart, fetched when a base is first read or searched);
 * `reply` 195,800 and `shared` 506,290: code the send path shares with the new chunk moved from
 * `reply` into the shared chunks, and what loads right after start-up grew by 20.1 KB, not
 * yet explained (to find with issue 54's look at the shared chunks); `dialogs` 267,849 (an
 * agent's bases and budget, Delete all data deleting the bases). Its second part: `knowledge`
 * 59,956 and `shared` 535,350 (what the `knowledge`, `sync` and `dialogs` chunks now share of
 * the bases: their records read, the worker's requests), `sync` 159,048 (the bases and files
 * as documents, their bytes, the deletions this device noted), `dialogs` 270,629 (backups
 * carrying the bases, the import's line for them). Its review's fixes (documents held when the
 * worker cannot take them, bytes a synced file names kept on the server): `shared` 536,736.
 * The prompt and the tools' definitions moved out of the first load (see BUDGET_BYTES):
 * `shared` 556,395 (they are shared by the send path, Talk and the agent editor's preview),
 * `reply` 197,052; the export's failure said by the `export` chunk: 10,877.
 * Embeddings carried in backups and sync: `knowledge` 62,026 (the base's choice and its hint),
 * `shared` 560,325 (the embeddings' bytes asked of the worker and described, for sync and
 * backups alike); its review's fixes (shape 7, the records a sync point reads): `sync` 160,051.
 * Issue 54's packs (scripts/packs.mjs): `reply` and the ~200 shared chunks it needs became one
 * pack of 484,135 (583,507 as 199 files: one gzip stream compresses them better), and `shared`
 * then held only what the on-demand chunks share (132,364). With the modules of 100 KB or more
 * kept apart (the browser keeps their compiled code) and the `i18n` chunk's needs in an `early`
 * pack (what a first screen in another language waits for): `reply` 197,114 (its own file
 * again), `start` 270,017 (the start pack and the two large chunks it needs), `early` 19,526,
 * `shared` 130,905. The message search itself (its newest-first walk of a common word included)
 * moved from what loads right after start-up into the `search` chunk, which the search tool of
 * the `reply` chunk now reaches too: `search` 27,859, `start` 263,003, `shared` 133,383 (the
 * conversation tree's reading that the search shares with the branches and the send path). Its
 * review's fixes (results by when they were news, a search cut at its budget said so): `search`
 * 28,064. Issue 54's large imports (a backup read a slice at a time under a progress bar, its
 * plan made in passes with maps instead of nested scans, its messages written in batches):
 * `dialogs` 278,913. The search reads the conversations of its hits field by field (only what
 * says whether a hit is in another branch, not every message's text and terms), each read
 * asked for before the first is awaited: `search` 31,113; its review's fixes (a conversation
 * that cannot be read, or a read that fails, leaves the hits unmarked): 31,559. The message
 * search's postings: `reply` 204,183 (each write numbers its messages and adds their terms'
 * rows; the move of older records), `search` 35,220 (a query reads its words' rows, and the
 * messages by number), `start` 264,169; its review's fixes (a deletion or an edit takes
 * the messages out of the rows they left): `reply` 205,889, `start` 264,212. Messages stored
 * lean (the fields at a new message's value left out) and a response body handed on once a
 * frame: `reply` 205,593, `start` 265,493; its review's fixes: `reply` 205,652, `start` 265,753.
 * A large backup's import planned against the records as stored (`Db::records`, beside the
 * backup's `Db::dump`), its terms dropped on reading, written 500 messages at a time:
 * `dialogs` 279,139. The placing of conversations an older Hearth stored, once (their sidebar
 * places, database version 9): `migration` 2,994. A large backup opened without parsing it
 * whole (its records found as text, each parsed as it is read) and planned without copying
 * its messages (the review lists them, the writes take them): `dialogs` 279,882; its review's
 * fixes (every other field checked as a value, in order; a broken record named): 280,146.
 * A common word's search reading a long conversation newest first through a cursor (the index
 * on `[session_id, created_at]`, database version 10), and a search's hits listed before their
 * branches are read: `search` 38,932; its review's fixes (only a message that can match read
 * whole, the budget checked inside a long conversation, the marks of a branch kept apart from
 * the list; the marks not set once the results are gone): `search` 40,102, `start` 266,450 (the
 * wait for a painted frame, now shared). A search failing on no unreadable message or
 * conversation record, the walk ordering conversations by fields read one by one and reading
 * a conversation's tree as the branch marks do: `search` 40,528.
 */
export const CHUNK_BUDGETS = {
  app_preview: 29_500,
  ask: 19_200,
  branches: 24_900,
  compare: 41_500,
  dialogs: 280_300,
  early: 19_700,
  export: 10_950,
  i18n: 31_300,
  knowledge: 62_300,
  mcp: 153_000,
  media: 30_500,
  migration: 3_100,
  pdf_text: 29_900,
  pictures: 17_600,
  reply: 206_800,
  search: 40_600,
  shared: 133_500,
  // Issue 54: 266,463; the OpenAI family's fast path for chunks of a known shape: 267,733.
  start: 267_800,
  sync: 160_300,
  voice: 70_200,
};

/** The value of attribute `name` in one tag's text, or null. */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4]) : null;
}

/** What index.html makes the browser fetch at once (local references only). */
function htmlReferences(html) {
  const refs = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [tag] of withoutComments.matchAll(/<(link|script|meta)\b[^>]*>/gi)) {
    const kind = tag.slice(1).split(/[\s>]/)[0].toLowerCase();
    if (kind === 'script') refs.push(attribute(tag, 'src'));
    else if (kind === 'link') {
      const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.some((r) => ['stylesheet', 'modulepreload', 'preload', 'icon', 'manifest'].includes(r))) refs.push(attribute(tag, 'href'));
    } else if (attribute(tag, 'name') === 'hearth-app') refs.push(attribute(tag, 'data-js'), attribute(tag, 'data-wasm'));
  }
  return refs;
}

/** The static imports of a JavaScript module (not `import()`, which loads later). */
function jsReferences(js) {
  const refs = [];
  for (const m of js.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?['"]([^'"]+)['"]/g)) refs.push(m[1]);
  return refs;
}

/** The `url(…)` and `@import` references of a stylesheet. */
function cssReferences(css) {
  const refs = [];
  for (const m of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)) refs.push(m[1] ?? m[2] ?? m[3]);
  for (const m of css.matchAll(/@import\s+["']([^"']+)["']/g)) refs.push(m[1]);
  return refs;
}

/** The dist-relative path a reference from `fromFile` names, or null when it is not a local file. */
function resolveReference(root, ref, fromFile) {
  if (!ref || /^(data|blob|https?|about|javascript):/i.test(ref) || ref.startsWith('//') || ref.startsWith('#')) return null;
  const clean = ref.split(/[?#]/)[0];
  if (!clean) return null;
  if (clean.startsWith('/')) return path.join(root, clean);
  if (!clean.startsWith('.') && !fromFile.endsWith('.html') && !fromFile.endsWith('.css')) return null; // a bare module name
  return path.join(path.dirname(fromFile), clean);
}

/** A problem with the built folder (a missing index.html or referenced file). */
export class BudgetError extends Error {}

/**
 * The files the first load of the app in `root` (a built dist/) fetches, in the order they
 * are found: `[{ name, raw, gzip }]`, `name` relative to `root` with `/` separators, sizes in
 * bytes (gzip: node's zlib at level 9). Throws BudgetError when a file is missing.
 */
export function firstLoadFiles(root) {
  root = path.resolve(root);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) throw new BudgetError(`${index} is missing: build the app first (scripts/build.sh writes dist/)`);
  const seen = new Set();
  const queue = [index];
  const rows = [];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      throw new BudgetError(`${path.relative(root, file)} is loaded by the first page load but is not a file in ${root}`);
    }
    const bytes = readFileSync(file);
    const name = path.relative(root, file).split(path.sep).join('/');
    rows.push({ name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    const ext = path.extname(file).toLowerCase();
    const text = ['.html', '.js', '.mjs', '.css'].includes(ext) ? bytes.toString('utf8') : null;
    const refs = ext === '.html' ? htmlReferences(text) : ext === '.css' ? cssReferences(text) : text ? jsReferences(text) : [];
    for (const ref of refs) {
      const target = resolveReference(root, ref, file);
      if (target) queue.push(path.normalize(target));
    }
  }
  return rows;
}

/**
 * The chunks of the split wasm in `root` (a built dist/), by budget name (see CHUNK_BUDGETS):
 * `[{ budget, files: [{ name, raw, gzip }], gzip }]`, sorted by name. Of scripts/packs.mjs's
 * packs, the start pack and the large chunks fetched with it (the send path) are
 * `start`, the early pack `early`; the pack of small shared chunks and the other shared
 * chunks left as files are `shared`; each split point's file is its own.
 */
export function chunkFiles(root) {
  const groups = new Map();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('app-')) continue;
    const sendPath = new Set(sendPathNames(root, entry.name));
    for (const file of readdirSync(path.join(root, entry.name)).sort()) {
      const budget = /^chunk_\d+\.wasm$/.test(file) && sendPath.has(file) ? 'start' : chunkBudget(file);
      if (!budget) continue;
      const bytes = readFileSync(path.join(root, entry.name, file));
      const row = { name: `${entry.name}/${file}`, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      if (!groups.has(budget)) groups.set(budget, { budget, files: [], gzip: 0 });
      groups.get(budget).files.push(row);
      groups.get(budget).gzip += row.gzip;
    }
  }
  return [...groups.values()].sort((a, b) => (a.budget < b.budget ? -1 : 1));
}

/** The budget a file of an app folder counts under, or null when it is not a chunk. */
function chunkBudget(file) {
  if (file === START_PACK) return 'start';
  if (file === EARLY_PACK) return 'early';
  if (file === SHARED_PACK || /^chunk_\d+\.wasm$/.test(file)) return 'shared';
  return /^split_(.+)\.wasm$/.exec(file)?.[1] ?? null;
}

export { SEND_PATH };

/**
 * The files of the send path, fetched once the message box has text: what loading SEND_PATH's split points
 * fetches, as the loader of `root`'s app folder says (scripts/packs.mjs: the start and early
 * packs, the split point's own file, the large chunks it needs), `[{ name, raw, gzip }]`,
 * sorted by name. Not in the first load (they are asked for once the app has mounted), each
 * counted under its chunk's budget.
 */
export function sendPathFiles(root, groups = chunkFiles(root)) {
  const names = new Set();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('app-')) continue;
    for (const file of sendPathNames(root, entry.name)) names.add(`${entry.name}/${file}`);
  }
  const rows = groups.flatMap((group) => group.files);
  for (const name of names) {
    if (!rows.some((row) => row.name === name)) throw new BudgetError(`${name} is fetched with the send path but is not a chunk in ${root}`);
  }
  return rows.filter((row) => names.has(row.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The names of the files of the app folder `app` of `root` that SEND_PATH's split points fetch (none without a loader). */
function sendPathNames(root, app) {
  const loader = path.join(root, app, '__wasm_split.js');
  if (!existsSync(loader)) return [];
  try {
    const text = readFileSync(loader, 'utf8');
    return SEND_PATH.flatMap((point) => filesFetched(text, point));
  } catch (error) {
    if (error instanceof PackError) throw new BudgetError(`${app}/${error.message}`);
    throw error;
  }
}

function fail(message) {
  console.error(`size budget: ${message}`);
  process.exit(1);
}

function main() {
  const args = process.argv.slice(2);
  const reportOnly = args.includes('--report-only');
  const dir = args.find((a) => a !== '--report-only');
  const root = path.resolve(
    dir ?? process.env.HEARTH_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
  );
  let rows;
  try {
    rows = firstLoadFiles(root);
  } catch (error) {
    if (error instanceof BudgetError) fail(error.message);
    throw error;
  }
  report(rows, reportOnly);
  const groups = chunkFiles(root);
  reportChunks(groups, reportOnly);
  const after = sendPathFiles(root, groups);
  const group = (n) => n.toLocaleString('en-US');
  const sum = (files, key) => files.reduce((total, f) => total + f[key], 0);
  console.log(
    `send path (once the message box has text): ${after.map((f) => f.name.split('/').pop()).join(', ')}: ` +
      `${group(sum(after, 'gzip'))} gzip (counted in their chunks' budgets above)`,
  );
  // A first visit fetches nothing more until something is typed: its cold load is the first
  // load, which BUDGET_BYTES holds.
  const brotli = rows.reduce((total, f) => total + brotliSize(path.join(root, f.name)), 0);
  console.log(`cold load (the first load; nothing more until something is typed): ${rows.length} files, ${group(sum(rows, 'gzip'))} gzip, ${group(brotli)} brotli`);
}

/**
 * The brotli options for the file `name`: quality 11, in the mode for its kind (generic for
 * wasm, text for the rest), for `data.length` bytes. What scripts/build.sh writes its `.br` with.
 */
export function brotliOptions(data, name) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: name.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
    },
  };
}

/**
 * A file's size as scripts/build.sh's `.br` copy has it: that copy's own size when the build
 * wrote one after the file was last changed (compressing again costs seconds: 12 s of CPU for
 * the diagram library alone, and this runs for every chunk after each build), else the file
 * compressed here with `brotliOptions`.
 */
export function brotliSize(file) {
  const copy = `${file}.br`;
  if (existsSync(copy) && statSync(copy).mtimeMs >= statSync(file).mtimeMs) return statSync(copy).size;
  const data = readFileSync(file);
  return brotliCompressSync(data, brotliOptions(data, file)).length;
}

/** Prints each chunk and its budget; fails over a budget, or on a chunk without one, unless `reportOnly`. */
function reportChunks(groups, reportOnly) {
  const group = (n) => n.toLocaleString('en-US');
  const problems = [];
  for (const { budget, files, gzip } of groups) {
    const limit = CHUNK_BUDGETS[budget];
    for (const r of files) console.log(`on demand: ${r.name}  ${group(r.raw)} raw  ${group(r.gzip)} gzip`);
    if (limit === undefined) problems.push(`the chunk "${budget}" has no budget (CHUNK_BUDGETS in scripts/size-budget.mjs)`);
    else if (gzip > limit) problems.push(`the chunk "${budget}" is ${group(gzip)} bytes gzip, ${group(gzip - limit)} over its budget of ${group(limit)}`);
    else console.log(`on demand: ${budget}: ${group(gzip)} gzip (budget ${group(limit)})`);
  }
  for (const problem of problems) {
    if (reportOnly) console.log(`size budget: ${problem} (report only)`);
  }
  if (problems.length && !reportOnly) fail(problems.join('; '));
}

/** Prints the table and total; fails over the budget unless `reportOnly`. */
function report(rows, reportOnly) {
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const width = Math.max(...rows.map((r) => r.name.length), 'total'.length);
  const group = (n) => n.toLocaleString('en-US');
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${group(r.raw).padStart(11)} raw  ${group(r.gzip).padStart(11)} gzip`);
  console.log(`${'total'.padEnd(width)}  ${''.padStart(11)}      ${group(total).padStart(11)} gzip (budget ${group(BUDGET_BYTES)})`);
  if (total > BUDGET_BYTES && !reportOnly) {
    fail(
      `the first load is ${group(total)} bytes gzip, ${group(total - BUDGET_BYTES)} over the budget of ${group(BUDGET_BYTES)} ` +
        '(BUDGET_BYTES in scripts/size-budget.mjs): make the new code pay for itself, or load it later',
    );
  }
  if (total > BUDGET_BYTES) console.log(`size budget: ${group(total - BUDGET_BYTES)} bytes over (report only)`);
  else console.log(`size budget: ${group(BUDGET_BYTES - total)} bytes to spare`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
