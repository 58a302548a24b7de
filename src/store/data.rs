//! Whole-store operations: backup export and import, ChatGPT import, Markdown
//! export of one conversation, and deleting everything.
//!
//! An import happens in two steps: [`StoreContext::prepare_import`] reads the
//! file and what is stored and plans the import (writing nothing), the user
//! reviews the plan, and [`StoreContext::commit_import`] writes it. Afterwards
//! every context re-reads its records ([`StoreContext::changed_everything`]).

use hearth_core::agent::AgentRecord;
use hearth_core::format::base64;
use hearth_core::format::zip::{self, limits};
use hearth_core::storage::backup::{BackupError, BlobEntry, StoreContents, build_backup};
use hearth_core::storage::backup_file::BackupFile;
use hearth_core::storage::chatgpt::{
    ChatGptExport, ChatGptImport, ChatGptImportError, FoundImage, find_conversations, import_chatgpt, locate_images,
};
use hearth_core::storage::import_plan::{ImportPlan, plan_import_taking, plan_review};
use hearth_core::storage::markdown_export::{attachment_files, session_to_markdown, session_to_markdown_with_versions};
use hearth_core::storage::{MessageRecord, SessionRecord};
use std::collections::BTreeMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;

mod knowledge;

use super::StoreContext;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::clock::{date_stamp, now};
use crate::io::db::{NewBlob, StorageError};
use crate::io::files::{DownloadError, ReadError, download, download_bytes};
use crate::io::ids::new_id;
use crate::io::inflate::{Format, InflateError, inflate};
use crate::io::media::{bytes_of, sha256_hex};
use crate::io::yield_now::yield_now;

/// How many records of a backup are read between two turns of the event loop.
const READ_SLICE: usize = 500;

/// How far an import is, for its progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ImportProgress {
    /// Records of the file read, of all it holds.
    Reading { done: usize, total: usize },
    /// Messages written, of all the import writes.
    Writing { done: usize, total: usize },
}

impl ImportProgress {
    /// How many are done, of how many.
    pub(crate) fn counts(self) -> (usize, usize) {
        match self {
            ImportProgress::Reading { done, total } | ImportProgress::Writing { done, total } => (done, total),
        }
    }
}

/// Why a whole-store operation did nothing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum DataError {
    /// Storage did not open, so there is nothing to read or write.
    NoStorage(Task),
    /// Reading or writing failed.
    Storage(StorageError),
    /// Reading or writing failed while importing; nothing was written.
    ImportFailed(StorageError),
    /// The chosen file could not be read.
    File(ReadError),
    /// The file is neither text nor a .zip.
    NotText,
    /// The file is not a Hearth backup and not a ChatGPT export either.
    Unrecognised {
        /// Why it is not a ChatGPT export.
        chatgpt: NotChatGpt,
    },
    /// The .zip would unpack to more than an import reads (it may well be a
    /// ChatGPT export, so this is not `Unrecognised`).
    TooLargeToUnpack(limits::UnpackRefused),
    /// The file is a Hearth backup that cannot be used.
    Backup(BackupError),
    /// Another tab changed what the review showed.
    ChangedMeanwhile,
    /// An image or PDF of the file is not what its name (its hash) says.
    DamagedAttachment,
    /// The file could not be offered as a download.
    Download(DownloadError),
    /// The backup could not be written as JSON; holds serde's description.
    Encode(String),
    /// The code of the export could not be loaded.
    Code(ChunkError),
    /// The conversation with its attachments is over what a zip holds.
    TooLargeForZip,
    /// The knowledge bases could not be read or handed over.
    Knowledge(crate::io::knowledge::KnowledgeError),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::NoStorage(Task::Export) => {
                f.write_str(tr("Storage is not available, so there is nothing to export."))
            }
            DataError::NoStorage(Task::Import) => {
                f.write_str(tr("Storage is not available, so nothing can be imported."))
            }
            DataError::NoStorage(Task::Other) => f.write_str(tr("Storage is not available.")),
            DataError::Storage(error) => write!(f, "{error}"),
            DataError::ImportFailed(error) => f.write_str(&nothing_imported(&error.to_string())),
            DataError::File(error) => f.write_str(&nothing_imported(&error.to_string())),
            DataError::NotText => f.write_str(tr("Nothing was imported: the file is not text, a backup or a .zip")),
            DataError::TooLargeToUnpack(refused) => f.write_str(&nothing_imported(&refused.to_string())),
            DataError::Unrecognised { chatgpt } => {
                let chatgpt = chatgpt.to_string();
                f.write_str(&tr_with("store-import-unrecognised", &[("reason", Arg::Text(&chatgpt))], || {
                    format!(
                        "Nothing was imported: this file is neither a Hearth backup nor a ChatGPT export. {chatgpt}"
                    )
                }))
            }
            DataError::Backup(error) => {
                let error = error.to_string();
                f.write_str(&tr_with("store-import-bad-backup", &[("error", Arg::Text(&error))], || {
                    format!("Nothing was imported: {error}.")
                }))
            }
            DataError::ChangedMeanwhile => f.write_str(changed_meanwhile()),
            DataError::Download(error) => write!(f, "{error}"),
            DataError::Encode(error) => write!(f, "{error}"),
            DataError::Code(error) => write!(f, "{error}"),
            DataError::TooLargeForZip => f.write_str(tr("the conversation is too large for a zip")),
            DataError::DamagedAttachment => f.write_str(damaged_attachment()),
            DataError::Knowledge(error) => {
                let error = error.to_string();
                f.write_str(&tr_with("store-knowledge-failed", &[("error", Arg::Text(&error))], || {
                    format!("The knowledge bases could not be read or written: {error}.")
                }))
            }
        }
    }
}

/// Why an import was refused: another tab changed the store while the review was open.
fn changed_meanwhile() -> &'static str {
    tr(
        "Nothing was imported: the stored data changed while the review was open (in another tab). Import the file again to see what it would change now.",
    )
}

/// Why an import was refused: an attachment's bytes are not what its hash says.
fn damaged_attachment() -> &'static str {
    tr("Nothing was imported: an image or PDF in the file is damaged (its bytes do not match its fingerprint).")
}

/// "Nothing was imported: " and why.
fn nothing_imported(why: &str) -> String {
    tr_with("store-nothing-imported", &[("why", Arg::Text(why))], || format!("Nothing was imported: {why}"))
}

/// Why a file is not a ChatGPT export (or its .zip) that can be imported.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NotChatGpt {
    /// The .zip cannot be read.
    Zip(zip::ReadError),
    /// The .zip has no `conversations.json`.
    NoConversations,
    /// Its `conversations.json` is not UTF-8 text.
    NotText,
    /// The conversations cannot be read.
    Conversations(ChatGptImportError),
    /// An entry of the .zip cannot be unpacked.
    Entry {
        /// The entry's name.
        name: String,
        /// What is wrong with it.
        problem: EntryProblem,
    },
    /// The browser cannot unpack a .zip.
    CannotUnpack,
}

/// What is wrong with one entry of a .zip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EntryProblem {
    /// It ends before its declared size.
    CutShort,
    /// Its declared size is more than this device can hold.
    TooLarge,
    /// It inflates to more than the size it declares.
    LongerThanDeclared,
    /// It does not inflate.
    Damaged,
    /// Its checksum does not match its bytes.
    Checksum,
    /// It is packed by a method Hearth does not unpack; holds the method's number.
    Method(u16),
}

impl From<NotChatGpt> for DataError {
    fn from(chatgpt: NotChatGpt) -> Self {
        DataError::Unrecognised { chatgpt }
    }
}

impl fmt::Display for NotChatGpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotChatGpt::Zip(error) => write!(f, "{error}"),
            NotChatGpt::NoConversations => {
                f.write_str(tr("the .zip has no conversations.json, so it is not a ChatGPT export"))
            }
            NotChatGpt::NotText => f.write_str(tr("its conversations.json is not text")),
            NotChatGpt::Conversations(error) => write!(f, "{error}"),
            NotChatGpt::CannotUnpack => {
                f.write_str(tr("this browser cannot unpack .zip files; unzip it and choose conversations.json"))
            }
            NotChatGpt::Entry { name, problem } => {
                let file = [("file", Arg::Text(name))];
                f.write_str(&match problem {
                    EntryProblem::CutShort => {
                        tr_with("store-entry-cut-short", &file, || format!("{name} is cut short"))
                    }
                    EntryProblem::TooLarge => {
                        tr_with("store-entry-too-large", &file, || format!("{name} is too large to import"))
                    }
                    EntryProblem::LongerThanDeclared => tr_with("store-entry-longer-than-declared", &file, || {
                        format!("{name} is damaged (it unpacks to more than it says)")
                    }),
                    EntryProblem::Damaged => tr_with("store-entry-damaged", &file, || format!("{name} is damaged")),
                    EntryProblem::Checksum => tr_with("store-entry-checksum", &file, || {
                        format!("{name} is damaged (its checksum does not match)")
                    }),
                    EntryProblem::Method(method) => tr_with(
                        "store-entry-method",
                        &[("file", Arg::Text(name)), ("method", Arg::Text(&method.to_string()))],
                        || format!("{name} is packed in a way Hearth cannot unpack ({method})"),
                    ),
                })
            }
        }
    }
}

/// What a whole-store operation was for, to say what could not be done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Task {
    /// A backup export.
    Export,
    /// An import.
    Import,
    /// Clearing everything, or exporting one conversation.
    Other,
}

/// The attachments' bytes of a backup, each checked against its id (the
/// SHA-256 of the bytes): one that does not match refuses the whole import.
async fn checked_blobs(entries: &[BlobEntry]) -> Result<Vec<NewBlob>, DataError> {
    let mut blobs = Vec::with_capacity(entries.len());
    for entry in entries {
        let bytes = base64::decode(&entry.data).ok_or(DataError::DamagedAttachment)?;
        let hash = sha256_hex(&bytes).await.map_err(|_| DataError::DamagedAttachment)?;
        if hash != entry.id {
            return Err(DataError::DamagedAttachment);
        }
        let blob = NewBlob::of_bytes(hash, entry.mime.clone(), &bytes).ok_or(DataError::DamagedAttachment)?;
        blobs.push(blob);
    }
    Ok(blobs)
}

impl From<StorageError> for DataError {
    fn from(error: StorageError) -> Self {
        DataError::Storage(error)
    }
}

impl StoreContext {
    fn open_db(self, task: Task) -> Result<std::rc::Rc<crate::io::db::Db>, DataError> {
        self.db().ok_or(DataError::NoStorage(task))
    }

    /// Downloads a full backup; API keys only when `include_api_keys`. Says
    /// what it exported.
    pub(crate) async fn export_backup(self, include_api_keys: bool) -> Result<String, DataError> {
        let db = self.open_db(Task::Export)?;
        let mut contents = db.dump().await?;
        contents.blobs = db.blob_entries(true).await?;
        knowledge::add_to(&mut contents).await.map_err(DataError::Knowledge)?;
        let (conversations, messages, attachments) =
            (contents.sessions.len(), contents.messages.len(), contents.blobs.len());
        let backup = build_backup(contents, include_api_keys, now());
        let json = serde_json::to_string_pretty(&backup).map_err(|e| DataError::Encode(e.to_string()))?;
        download(&format!("hearth-backup-{}.json", date_stamp()), "application/json", &json)
            .map_err(DataError::Download)?;
        let counts = [
            ("conversations", Arg::Number(conversations as f64)),
            ("messages", Arg::Number(messages as f64)),
            ("attachments", Arg::Number(attachments as f64)),
        ];
        Ok(if attachments == 0 {
            tr_with("store-exported", &counts[..2], || {
                format!("Exported {conversations} conversations, {messages} messages.")
            })
        } else {
            tr_with("store-exported-with-attachments", &counts, || {
                format!("Exported {conversations} conversations, {messages} messages, {attachments} attachments.")
            })
        })
    }

    /// Reads a Hearth backup, a ChatGPT `conversations.json` or a ChatGPT
    /// export's .zip (with its images), and plans its import against what is
    /// stored, writing nothing. A file that cannot be read is refused with the
    /// reason. A backup is read [`READ_SLICE`] records at a time, `progress`
    /// hearing how far after each, so a large one never holds the page still.
    pub(crate) async fn prepare_import(
        self,
        bytes: Vec<u8>,
        progress: impl Fn(ImportProgress),
    ) -> Result<PreparedImport, DataError> {
        let db = self.open_db(Task::Import)?;
        if bytes.starts_with(b"PK\x03\x04") {
            let (contents, notes) = chatgpt_zip_contents(&bytes).await?;
            let stored = db.records().await?;
            let source = ImportSource::ChatGpt;
            return Ok(PreparedImport { plan: plan_review(&stored, &contents), incoming: contents, source, notes });
        }
        let text = String::from_utf8(bytes).map_err(|_| DataError::NotText)?;
        // Checking a large file's text and its JSON are each a long step: a frame between them.
        yield_now().await;
        let (contents, source, notes) = match BackupFile::open(&text) {
            Ok(mut file) => {
                while !file.read(READ_SLICE).map_err(DataError::Backup)? {
                    progress(ImportProgress::Reading { done: file.done(), total: file.total() });
                    yield_now().await;
                }
                (file.finish().contents, ImportSource::Backup, Vec::new())
            }
            Err(BackupError::NotABackup) => {
                let (contents, notes) =
                    chatgpt_contents(&text).map_err(|chatgpt| DataError::Unrecognised { chatgpt })?;
                (contents, ImportSource::ChatGpt, notes)
            }
            Err(error) => return Err(DataError::Backup(error)),
        };
        let stored = db.records().await?;
        Ok(PreparedImport { plan: plan_review(&stored, &contents), incoming: contents, source, notes })
    }

    /// Writes a reviewed import and says what it did; `progress` hears how
    /// many of its messages are written as they are (see `Db::import`). The
    /// store is read and the import planned again first: if another tab changed
    /// what the review showed, nothing is written (the old plan's records would
    /// overwrite that change).
    pub(crate) async fn commit_import(
        self,
        prepared: PreparedImport,
        progress: impl Fn(ImportProgress),
    ) -> Result<String, DataError> {
        let db = self.open_db(Task::Import)?;
        // The knowledge bases first: the worker adds only what is not here yet.
        knowledge::restore(&prepared.incoming).await.map_err(DataError::Knowledge)?;
        if prepared.plan.is_empty() {
            return Ok(prepared.done_message());
        }
        let stored = db.records().await.map_err(DataError::ImportFailed)?;
        let done = prepared.done_message();
        let PreparedImport { plan: reviewed, incoming, .. } = prepared;
        // The file's messages are moved into the writes, not copied.
        let fresh = plan_import_taking(&stored, incoming);
        drop(stored);
        if fresh.summary() != reviewed.summary() {
            return Err(DataError::ChangedMeanwhile);
        }
        drop(reviewed);
        let blobs = checked_blobs(&fresh.writes.blobs).await?;
        let total = fresh.writes.messages.len();
        let written = |done| progress(ImportProgress::Writing { done, total });
        db.import(&fresh.writes, &blobs, &written).await.map_err(DataError::ImportFailed)?;
        // Freeing 100,000 messages is a long step of its own: a frame before the lists are read again.
        drop((fresh, blobs));
        yield_now().await;
        self.changed_everything().await;
        Ok(done)
    }

    /// Deletes every conversation and setting in this browser (the General
    /// Assistant is written again at once).
    pub(crate) async fn clear_all(self) -> Result<(), DataError> {
        let db = self.open_db(Task::Other)?;
        db.clear_all().await?;
        db.put(&AgentRecord::general(now())).await?;
        self.changed_everything().await;
        Ok(())
    }

    /// Downloads one conversation as Markdown (the branch shown; with
    /// `with_versions`, every other branch too, as appendices); with its images
    /// and PDFs, as a zip of the document and an `attachments/` folder (one no
    /// longer stored is left out, its link kept). The code is the `export`
    /// chunk, loaded on first use; so is the sentence saying why it failed
    /// (every [`DataError`]'s text is more than the first screen should carry).
    pub(crate) async fn export_markdown(self, session: SessionRecord, with_versions: bool) -> Result<(), String> {
        let code = export_code().await.map_err(|error| error.to_string())?;
        (code.export)(self, session, with_versions).await
    }

    async fn export_now(self, session: SessionRecord, with_versions: bool) -> Result<(), DataError> {
        let db = self.open_db(Task::Other)?;
        let messages: Vec<MessageRecord> = db.session_messages(&session.id).await?;
        let markdown = if with_versions {
            session_to_markdown_with_versions(&session, &messages)
        } else {
            session_to_markdown(&session, &messages)
        };
        let name = file_name(&session.title);
        let attachments = attachment_files(&messages);
        if attachments.is_empty() {
            return download(&format!("{name}.md"), "text/markdown", &markdown).map_err(DataError::Download);
        }
        let mut files = vec![(format!("{name}.md"), markdown.into_bytes())];
        for (path, hash) in attachments {
            let bytes = match db.blob(&hash).await? {
                Some(blob) => bytes_of(&blob).await,
                None => None,
            };
            if let Some(bytes) = bytes {
                files.push((path, bytes));
            }
        }
        let archive = zip_files(files).await.map_err(DataError::Code)?.ok_or(DataError::TooLargeForZip)?;
        download_bytes(&format!("{name}.zip"), "application/zip", &archive).map_err(DataError::Download)
    }
}

/// A download under way; what went wrong, said.
type Exporting = Pin<Box<dyn Future<Output = Result<(), String>>>>;

/// The Markdown export, from the `export` chunk.
struct ExportCode {
    export: fn(StoreContext, SessionRecord, bool) -> Exporting,
}

#[wasm_split(export, fallible)]
fn export_code() -> Result<&'static ExportCode, ChunkError> {
    static CODE: ExportCode = ExportCode {
        export: |store, session, with_versions| {
            Box::pin(async move { store.export_now(session, with_versions).await.map_err(|error| error.to_string()) })
        },
    };
    Ok(&CODE)
}

/// `files` as a zip archive (`None` when over what a zip holds), by code from
/// the `media` chunk: only a conversation with images or PDFs needs it.
#[wasm_split(media, fallible)]
fn zip_files(files: Vec<(String, Vec<u8>)>) -> Result<Option<Vec<u8>>, ChunkError> {
    Ok(zip::store(&files).ok())
}

/// Where an import comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ImportSource {
    /// A Hearth backup file.
    Backup,
    /// ChatGPT's `conversations.json`.
    ChatGpt,
}

/// A planned import waiting for the user's review.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PreparedImport {
    /// What it adds and changes, and the records to write but its messages
    /// (planned again, with them, when it is written: `plan_review`).
    pub(crate) plan: ImportPlan,
    /// What the file holds, planned again against the store before writing.
    incoming: StoreContents,
    /// The kind of file.
    pub(crate) source: ImportSource,
    /// What the ChatGPT import changed or left out on the way.
    pub(crate) notes: Vec<String>,
}

impl PreparedImport {
    /// The review's heading.
    pub(crate) fn heading(&self) -> &'static str {
        match self.source {
            ImportSource::Backup => tr("Import this backup?"),
            ImportSource::ChatGpt => tr("Import these ChatGPT conversations?"),
        }
    }

    /// Whether it would write nothing (no record, no knowledge base).
    pub(crate) fn is_empty(&self) -> bool {
        self.plan.is_empty() && knowledge::summary(&self.incoming).is_none()
    }

    /// The review's list: the plan's summary, the knowledge bases, then the ChatGPT notes.
    pub(crate) fn summary(&self) -> Vec<String> {
        let mut lines = self.plan.summary();
        lines.extend(knowledge::summary(&self.incoming));
        lines.extend(self.notes.iter().cloned());
        lines
    }

    /// What is said once it was written (or that there was nothing to write).
    pub(crate) fn done_message(&self) -> String {
        let bases = knowledge::summary(&self.incoming).map(|bases| format!("{bases}."));
        if self.plan.is_empty()
            && let Some(bases) = bases
        {
            return bases;
        }
        let mut message = self.plan.done_message();
        if let Some(bases) = bases {
            message.push(' ');
            message.push_str(&bases);
        }
        if self.plan.is_empty() {
            return message;
        }
        for note in &self.notes {
            message.push(' ');
            message.push_str(note);
        }
        message
    }
}

/// The most a ChatGPT export's `conversations.json` may declare.
const MAX_CONVERSATIONS_BYTES: u64 = 1024 * 1024 * 1024;
/// The most one image of the export may declare (a larger one stays a
/// reference in the text).
const MAX_IMAGE_BYTES: u64 = 64 * 1024 * 1024;

/// The records of a ChatGPT export's .zip and its images (as blobs, named by
/// their SHA-256), and what was changed or left out on the way.
async fn chatgpt_zip_contents(bytes: &[u8]) -> Result<(StoreContents, Vec<String>), DataError> {
    let archive = zip::read(bytes).map_err(NotChatGpt::Zip)?;
    let entry = find_conversations(&archive.entries).ok_or(NotChatGpt::NoConversations)?;
    limits::check_entry(entry, MAX_CONVERSATIONS_BYTES).map_err(DataError::TooLargeToUnpack)?;
    let json = entry_bytes(bytes, entry).await?;
    let text = String::from_utf8(json).map_err(|_| NotChatGpt::NotText)?;
    let export = ChatGptExport::parse(&text).map_err(NotChatGpt::Conversations)?;
    let refs = export.images();
    let located: Vec<_> = locate_images(&refs, archive.entries.iter().map(|entry| (entry.name.as_str(), entry.size)))
        .into_iter()
        .filter(|(_, index)| archive.entries.get(*index).is_some_and(|image| image.size <= MAX_IMAGE_BYTES))
        .collect();
    // Everything this import unpacks, declared before any image is: refused
    // as a whole when over the total.
    let indices: std::collections::BTreeSet<usize> = located.iter().map(|(_, index)| *index).collect();
    let images = indices.iter().filter_map(|index| archive.entries.get(*index));
    limits::check_total(std::iter::once(entry).chain(images)).map_err(DataError::TooLargeToUnpack)?;
    let mut found = BTreeMap::new();
    let mut blobs = Vec::new();
    for (file_id, index) in located {
        let Some(entry) = archive.entries.get(index) else { continue };
        // An image that cannot be read stays a reference in the text.
        let Ok(data) = entry_bytes(bytes, entry).await else { continue };
        let Ok(hash) = sha256_hex(&data).await else { continue };
        let Some(image) = FoundImage::sniffed(hash.clone(), &entry.name, &data) else { continue };
        blobs.push(BlobEntry { id: hash, mime: image.mime.clone(), data: base64::encode(&data) });
        found.insert(file_id, image);
        yield_now().await;
    }
    let mut new_id = new_id;
    let (mut contents, notes) = contents_of(export.import(&mut new_id, now(), &found));
    contents.blobs = blobs;
    Ok((contents, notes))
}

/// The bytes of a zip entry (inflated, at most the size it declares), checked
/// against its size and CRC.
async fn entry_bytes(archive: &[u8], entry: &zip::Entry) -> Result<Vec<u8>, NotChatGpt> {
    let refused = |problem| NotChatGpt::Entry { name: entry.name.clone(), problem };
    let raw = archive.get(entry.range.clone()).ok_or_else(|| refused(EntryProblem::CutShort))?;
    let max = limits::inflate_limit(entry).ok_or_else(|| refused(EntryProblem::TooLarge))?;
    let data = match entry.method {
        zip::Method::Stored => raw.to_vec(),
        zip::Method::Deflated => inflate(raw, Format::Raw, max, false).await.map_err(|error| match error {
            // More than it declares: the archive's table of contents is wrong.
            InflateError::TooLarge => refused(EntryProblem::LongerThanDeclared),
            InflateError::Unsupported => NotChatGpt::CannotUnpack,
            InflateError::Damaged => refused(EntryProblem::Damaged),
        })?,
        zip::Method::Other(method) => return Err(refused(EntryProblem::Method(method))),
    };
    if !zip::check(entry, &data) {
        return Err(refused(EntryProblem::Checksum));
    }
    Ok(data)
}

/// The records of a ChatGPT `conversations.json`, and what was changed or left
/// out on the way, in sentences.
fn chatgpt_contents(text: &str) -> Result<(StoreContents, Vec<String>), NotChatGpt> {
    let mut new_id = new_id;
    let imported = import_chatgpt(text, &mut new_id, now()).map_err(NotChatGpt::Conversations)?;
    Ok(contents_of(imported))
}

/// The records of an import, and its report in sentences.
fn contents_of(imported: ChatGptImport) -> (StoreContents, Vec<String>) {
    let mut contents = StoreContents::default();
    for conversation in imported.conversations {
        contents.sessions.push(conversation.session);
        contents.messages.extend(conversation.messages);
    }
    let report = imported.report;
    let mut notes = Vec::new();
    if !report.notes.is_empty() {
        let changes = report.notes.join("; ");
        notes.push(tr_with("store-chatgpt-changed", &[("changes", Arg::Text(&changes))], || {
            format!("Changed on the way: {changes}.")
        }));
    }
    if !report.skipped.is_empty() {
        let skipped = report.skipped.join("; ");
        notes.push(tr_with("store-chatgpt-skipped", &[("skipped", Arg::Text(&skipped))], || {
            format!("Not imported from ChatGPT: {skipped}.")
        }));
    }
    (contents, notes)
}

/// A title made safe as a file name.
fn file_name(title: &str) -> String {
    let name: String = title
        .chars()
        .map(|c| if c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' { c } else { '-' })
        .collect::<String>()
        .trim()
        .chars()
        .take(80)
        .collect();
    if name.is_empty() { "conversation".to_owned() } else { name }
}
