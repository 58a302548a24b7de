//! The records' side of sync: looking at the records (a sync point) to make
//! revisions of what changed here, and writing what a pull brought back into
//! records, in one transaction with the bookkeeping
//! (`hearth_core::replication::local` decides; this reads and writes).

use std::collections::{BTreeMap, HashMap, HashSet};

use hearth_core::Millis;
use hearth_core::agent::AgentRecord;
use hearth_core::replication::doc::{self, DocKind, Incoming, SyncPolicy};
use hearth_core::replication::local::{self as rules, Applied, DocMeta, Effect, FetchedRev, LocalState};
use hearth_core::replication::pull;
use hearth_core::storage::{
    MessageRecord, ModelConfigRecord, ProjectFileRecord, ProviderRecord, SessionRecord, SettingRecord, indexes, stores,
};
use serde_json::{Map, Value};

use super::knowledge::{self, Arriving};
use super::shared::{Conflict, Held, Ids, SyncError};
use crate::io::db::{Db, ReplicaWrite};

/// Which records a sync point looks at. The small stores (agents,
/// providers, settings, files) are always looked at whole.
#[derive(Clone, Debug, Default)]
pub(super) struct Scope {
    /// Every conversation.
    pub(super) all: bool,
    /// These conversations.
    pub(super) sessions: HashSet<String>,
}

/// One record as a sync point sees it.
struct Item {
    plain: String,
    kind: DocKind,
    session: Option<String>,
    state: LocalState,
}

fn state_of(body: Option<Map<String, Value>>) -> LocalState {
    body.map_or(LocalState::Hold, LocalState::Present)
}

/// The kinds of the small stores.
const SMALL: [DocKind; 5] =
    [DocKind::Agent, DocKind::Provider, DocKind::ModelConfig, DocKind::Setting, DocKind::ProjectFile];

/// What a sync point found: the bookkeeping of every document that changed
/// here, and the knowledge bases' and files' deletions it made known (for
/// the worker to forget once that bookkeeping is written).
pub(super) struct Scanned {
    pub(super) changed: Vec<DocMeta>,
    pub(super) told_deleted: Vec<String>,
}

/// Looks at the records of `scope` and returns the bookkeeping of every
/// document that changed here, each a new revision numbered after `seq`.
pub(super) async fn scan(
    db: &Db,
    ids: &Ids,
    policy: SyncPolicy,
    scope: &Scope,
    now: Millis,
    seq: &mut u64,
) -> Result<Scanned, SyncError> {
    let mut items: Vec<Item> = Vec::new();
    let agents: Vec<AgentRecord> = db.all().await?;
    items.extend(agents.iter().map(|r| Item {
        plain: doc::doc_id(DocKind::Agent, &r.id),
        kind: DocKind::Agent,
        session: None,
        state: LocalState::Present(doc::agent_doc(r, policy)),
    }));
    let providers: Vec<ProviderRecord> = db.all().await?;
    items.extend(providers.iter().map(|r| Item {
        plain: doc::doc_id(DocKind::Provider, &r.id),
        kind: DocKind::Provider,
        session: None,
        state: LocalState::Present(doc::provider_doc(r, policy)),
    }));
    let models: Vec<ModelConfigRecord> = db.all().await?;
    items.extend(models.iter().map(|r| Item {
        plain: doc::doc_id(DocKind::ModelConfig, &r.id),
        kind: DocKind::ModelConfig,
        session: None,
        state: LocalState::Present(doc::model_config_doc(r)),
    }));
    let settings: Vec<SettingRecord> = db.all().await?;
    items.extend(settings.iter().map(|r| Item {
        plain: doc::doc_id(DocKind::Setting, &r.key),
        kind: DocKind::Setting,
        session: None,
        state: state_of(doc::setting_doc(r, policy)),
    }));
    let files: Vec<ProjectFileRecord> = db.all().await?;
    items.extend(files.iter().map(|r| Item {
        plain: doc::doc_id(DocKind::ProjectFile, &r.id),
        kind: DocKind::ProjectFile,
        session: None,
        state: LocalState::Present(doc::file_doc(r)),
    }));
    let mut known: Vec<DocMeta> = Vec::new();
    for kind in SMALL {
        known.extend(db.replica_where::<DocMeta>(indexes::REPLICA_BY_KIND, doc::kind_name(kind)).await?);
    }
    // The knowledge bases, only where this browser has them: without their
    // database nothing of them is taken for deleted here.
    // A worker that cannot answer leaves them for the next sync point: the
    // rest syncs meanwhile.
    let knowledge = knowledge::records_for_sync().await.ok().flatten();
    if let Some(records) = &knowledge {
        items.extend(records.bases.iter().map(|r| Item {
            plain: doc::doc_id(DocKind::KnowledgeBase, &r.id),
            kind: DocKind::KnowledgeBase,
            session: None,
            state: state_of(doc::knowledge_base_doc(r)),
        }));
        items.extend(records.files.iter().map(|r| Item {
            plain: doc::doc_id(DocKind::KnowledgeFile, &r.id),
            kind: DocKind::KnowledgeFile,
            session: None,
            state: state_of(doc::knowledge_file_doc(r)),
        }));
        // Only what is here or was deleted here: a base or file sync knows
        // of that is neither (its database made anew, a record an older
        // Hearth never stored) is not this device's to delete.
        let mut mine: HashSet<String> = items.iter().map(|item| item.plain.clone()).collect();
        for id in &records.deleted {
            mine.insert(doc::doc_id(DocKind::KnowledgeBase, id));
            mine.insert(doc::doc_id(DocKind::KnowledgeFile, id));
        }
        for kind in [DocKind::KnowledgeBase, DocKind::KnowledgeFile] {
            let metas = db.replica_where::<DocMeta>(indexes::REPLICA_BY_KIND, doc::kind_name(kind)).await?;
            known.extend(metas.into_iter().filter(|meta| mine.contains(&meta.plain)));
        }
    }
    let (sessions, messages) = if scope.all {
        known.extend(db.replica_where::<DocMeta>(indexes::REPLICA_BY_KIND, doc::kind_name(DocKind::Session)).await?);
        known.extend(db.replica_where::<DocMeta>(indexes::REPLICA_BY_KIND, doc::kind_name(DocKind::Message)).await?);
        (db.all::<SessionRecord>().await?, db.all::<MessageRecord>().await?)
    } else {
        let mut sessions = Vec::new();
        let mut messages = Vec::new();
        for id in &scope.sessions {
            known.extend(db.replica_where::<DocMeta>(indexes::REPLICA_BY_SESSION, id).await?);
            sessions.extend(db.get::<SessionRecord>(id).await?);
            messages.extend(db.session_messages(id).await?);
        }
        (sessions, messages)
    };
    items.extend(sessions.iter().map(|r| Item {
        plain: doc::doc_id(DocKind::Session, &r.id),
        kind: DocKind::Session,
        session: Some(r.id.clone()),
        state: state_of(doc::session_doc(r)),
    }));
    items.extend(messages.iter().map(|r| Item {
        plain: doc::doc_id(DocKind::Message, &r.id),
        kind: DocKind::Message,
        session: Some(r.session_id.clone()),
        state: state_of(doc::message_doc(r)),
    }));
    let live_messages = pull::live_messages(&known);
    let mut known: HashMap<String, DocMeta> = known.into_iter().map(|meta| (meta.plain.clone(), meta)).collect();
    let mut changed = Vec::new();
    for item in items {
        let id = ids.server_id(&item.plain).await?;
        let meta = known.remove(&item.plain);
        let fresh = DocMeta::new(&id, &item.plain, doc::kind_name(item.kind), item.session.as_deref());
        if let Some(next) = rules::local_change(meta.as_ref(), fresh.clone(), item.state, now, *seq + 1, ids.salt()) {
            *seq += 1;
            changed.push(next);
        }
    }
    let mut wanted: Vec<Wanted> = messages
        .iter()
        .filter(|message| message.state != hearth_core::storage::MessageState::Streaming)
        .flat_map(|message| message.blobs.iter().map(|hash| Wanted::Message(hash.clone())))
        .collect();
    if let Some(records) = &knowledge {
        for file in records.files.iter().filter(|file| doc::knowledge_file_doc(file).is_some()) {
            wanted
                .extend(file.hash.as_ref().map(|hash| Wanted::Knowledge { hash: hash.clone(), file: file.id.clone() }));
            // Its embeddings, when its base carries them (the worker describes them only then).
            wanted.extend(
                file.vectors
                    .as_ref()
                    .map(|vectors| Wanted::Vectors { hash: vectors.hash.clone(), file: file.id.clone() }),
            );
        }
    }
    changed.extend(new_blobs(db, ids, wanted, now, seq).await?);
    // Attachments the messages deleted here referred to go from the server
    // once no message here refers to them (only those: a device that never
    // stored an attachment's bytes deletes nothing of it).
    let gone: Vec<DocMeta> = known.into_values().collect();
    let referred: Vec<String> = gone.iter().flat_map(blobs_of).collect();
    changed.extend(freed_blobs(db, ids, &referred, now, seq).await?);
    // What is known and no longer here was deleted here: messages first,
    // conversations last, each conversation's naming its messages.
    changed.extend(pull::deletions(gone, &live_messages, now, seq, ids.salt()));
    let told_deleted = knowledge.map(|records| records.deleted).unwrap_or_default();
    Ok(Scanned { changed, told_deleted })
}

/// Bytes a synced record refers to: a message's attachment (in the blob
/// store), a knowledge file's, or a knowledge file's embeddings (both kept
/// by the knowledge worker).
enum Wanted {
    Message(String),
    Knowledge { hash: String, file: String },
    Vectors { hash: String, file: String },
}

impl Wanted {
    fn hash(&self) -> &str {
        match self {
            Wanted::Message(hash) | Wanted::Knowledge { hash, .. } | Wanted::Vectors { hash, .. } => hash,
        }
    }

    /// The bytes and their media type, when they are here.
    async fn bytes(&self, db: &Db) -> Result<Option<(String, Vec<u8>)>, SyncError> {
        match self {
            Wanted::Message(hash) => {
                let Some(blob) = db.blob(hash).await? else { return Ok(None) };
                Ok(crate::io::media::bytes_of(&blob).await.map(|bytes| (blob.type_(), bytes)))
            }
            Wanted::Knowledge { file, .. } => {
                Ok(knowledge::file_bytes(file).await?.map(|bytes| ("application/octet-stream".to_owned(), bytes)))
            }
            // Those here, when they are the ones described (another device's may be described).
            Wanted::Vectors { file, .. } => {
                Ok(knowledge::vectors_bytes(file).await?.map(|bytes| ("application/octet-stream".to_owned(), bytes)))
            }
        }
    }
}

/// Attachments' bytes, once each (a blob never changes): a document for
/// each blob the records looked at refer to that was never synced, after
/// those records (so a device receiving them gets the record first).
async fn new_blobs(
    db: &Db,
    ids: &Ids,
    mut wanted: Vec<Wanted>,
    now: Millis,
    seq: &mut u64,
) -> Result<Vec<DocMeta>, SyncError> {
    wanted.sort_by(|a, b| a.hash().cmp(b.hash()));
    wanted.dedup_by(|a, b| a.hash() == b.hash());
    let mut blob_ids = Vec::with_capacity(wanted.len());
    for item in &wanted {
        blob_ids.push(ids.server_id(&doc::doc_id(DocKind::Blob, item.hash())).await?);
    }
    let synced: Vec<Option<DocMeta>> = if blob_ids.is_empty() { Vec::new() } else { db.replica_get(&blob_ids).await? };
    let mut changed = Vec::new();
    for ((item, id), meta) in wanted.iter().zip(&blob_ids).zip(synced) {
        if meta.is_some_and(|meta| !meta.is_deleted()) {
            continue;
        }
        let hash = item.hash();
        let Some((media_type, bytes)) = item.bytes(db).await? else { continue };
        // Its pieces first (a large one's), its head last.
        for (plain, body) in doc::blob_docs(hash, &media_type, &bytes) {
            let id = if plain == doc::doc_id(DocKind::Blob, hash) { id.clone() } else { ids.server_id(&plain).await? };
            let fresh = DocMeta::new(&id, &plain, doc::kind_name(DocKind::Blob), None);
            let known = db.replica_get::<DocMeta>(std::slice::from_ref(&id)).await?.into_iter().flatten().next();
            if let Some(next) =
                rules::local_change(known.as_ref(), fresh, LocalState::Present(body), now, *seq + 1, ids.salt())
            {
                *seq += 1;
                changed.push(next);
            }
        }
    }
    Ok(changed)
}

/// The attachments a message document's winner refers to (none for
/// another kind, or a body that does not read).
fn blobs_of(meta: &DocMeta) -> Vec<String> {
    let body = meta.winner().and_then(|(rev, _)| meta.body(&rev).cloned());
    match body.map(|body| doc::from_doc(&meta.plain, &body)) {
        Some(Ok(Incoming::Message(message))) => message.blobs,
        Some(Ok(Incoming::KnowledgeFile(file))) => {
            file.hash.into_iter().chain(file.vectors.map(|vectors| vectors.hash)).collect()
        }
        _ => Vec::new(),
    }
}

/// Deletions of the documents of the attachments `hashes` (referred to by
/// messages deleted here) whose bytes are gone here (no message refers to
/// them any more), so the server lets go of them too.
async fn freed_blobs(
    db: &Db,
    ids: &Ids,
    hashes: &[String],
    now: Millis,
    seq: &mut u64,
) -> Result<Vec<DocMeta>, SyncError> {
    let mut heads = Vec::new();
    for hash in hashes {
        heads.push(ids.server_id(&doc::doc_id(DocKind::Blob, hash)).await?);
    }
    let heads: Vec<DocMeta> = if heads.is_empty() {
        Vec::new()
    } else {
        db.replica_get::<DocMeta>(&heads).await?.into_iter().flatten().collect()
    };
    // A large one's pieces go with its head.
    let mut metas = Vec::new();
    for head in heads {
        let pieces = match head.winner().and_then(|(rev, _)| head.body(&rev).cloned()) {
            Some(body) => match doc::from_doc(&head.plain, &body) {
                Ok(Incoming::BlobHead { hash, pieces, .. }) => (1..=pieces)
                    .map(|index| doc::doc_id(DocKind::Blob, &doc::piece_key(&hash, index as usize)))
                    .collect(),
                _ => Vec::new(),
            },
            None => Vec::new(),
        };
        let mut piece_ids = Vec::new();
        for plain in &pieces {
            piece_ids.push(ids.server_id(plain).await?);
        }
        if !piece_ids.is_empty() {
            metas.extend(db.replica_get::<DocMeta>(&piece_ids).await?.into_iter().flatten());
        }
        metas.push(head);
    }
    // Bytes a knowledge base holds here stay on the server too (and while the
    // worker cannot say, nothing is freed), as do those a knowledge file sync
    // knows of names (another device's, whose bytes this one may not have).
    let Ok((mut held, _)) = knowledge::blobs(hashes).await else { return Ok(Vec::new()) };
    if !hashes.is_empty() {
        let files =
            db.replica_where::<DocMeta>(indexes::REPLICA_BY_KIND, doc::kind_name(DocKind::KnowledgeFile)).await?;
        held.extend(files.iter().filter(|meta| !meta.is_deleted()).flat_map(blobs_of));
    }
    let mut changed = Vec::new();
    for meta in metas {
        if meta.is_deleted() || meta.unreadable.is_some() {
            continue;
        }
        let Some((_, key)) = doc::parse_doc_id(&meta.plain) else { continue };
        // A piece of a large one goes with it.
        let hash = key.split('.').next().unwrap_or(key);
        if db.blob(hash).await?.is_some() || held.iter().any(|kept| kept == hash) {
            continue;
        }
        if let Some(next) = pull::freed_blob(&meta, now, *seq + 1, ids.salt()) {
            *seq += 1;
            changed.push(next);
        }
    }
    Ok(changed)
}

/// What a pulled batch does here: the write, and the conflicts to ask about.
#[derive(Default)]
pub(super) struct Pulled {
    pub(super) write: ReplicaWrite,
    pub(super) conflicts: Vec<Conflict>,
    /// Documents this version cannot read (held, never deleted from here).
    pub(super) unreadable: Vec<Held>,
    /// Documents read again (or deleted) that were listed as unreadable.
    pub(super) readable_again: Vec<String>,
    /// Whether a merge made revisions to push.
    pub(super) revised: bool,
    /// Attachments' bytes that came (hash, media type, bytes): kept by the
    /// caller only for a message that refers to them.
    pub(super) blobs: Vec<(String, String, Vec<u8>)>,
    /// Heads of large attachments that came (hash, media type, size, how
    /// many pieces), and their pieces (by hash, by index).
    pub(super) heads: Vec<(String, String, u64, u64)>,
    pub(super) pieces: HashMap<String, BTreeMap<u64, Vec<u8>>>,
    /// Conversations that stay, deleted elsewhere while they hold a message
    /// the deleting device cannot have seen: looked at after the write,
    /// which makes their new revisions (and their messages' brought back).
    pub(super) revive: HashSet<String>,
    /// What came for the knowledge bases, handed to their worker before the
    /// bookkeeping is written.
    pub(super) knowledge: Arriving,
}

/// Takes fetched revisions (by the plain id and the bookkeeping known) into
/// records and bookkeeping; new revisions a merge makes are numbered after `seq`.
pub(super) async fn apply(
    db: &Db,
    ids: &Ids,
    policy: SyncPolicy,
    fetched: BTreeMap<String, (DocMeta, Vec<FetchedRev>)>,
    seq: &mut u64,
    now: Millis,
) -> Result<Pulled, SyncError> {
    let mut pulled = Pulled::default();
    let mut metas: Vec<DocMeta> = Vec::new();
    let mut deleted_sessions: Vec<usize> = Vec::new();
    // The knowledge bases here, read once for the page, when it has any.
    let mut here = None;
    for (_, (meta, revisions)) in fetched {
        // Every document written gets a change number, so a push to
        // another server (or after its database was recreated) sends it too;
        // `_revs_diff` keeps what the server has from being sent again.
        // A change here not looked at yet (written since the last sync point,
        // or by a writer that does not tell sync) becomes a revision first,
        // so that what came merges with it instead of replacing it.
        let mut meta = meta;
        let known = !meta.tree.is_empty();
        if let Some((kind, key)) = doc::parse_doc_id(&meta.plain)
            && (known || kind != DocKind::Message)
        {
            // Read first: the write happens only while the record is still
            // as read (a write made meanwhile is merged at the next try).
            if let Some(store) = store_of(kind) {
                pulled.write.guards.push((store, key.to_owned(), db.print_of(store, key).await?));
            }
            let state = match kind {
                DocKind::KnowledgeBase | DocKind::KnowledgeFile => {
                    if here.is_none() {
                        here = Some(knowledge::records_for_sync().await.ok().flatten());
                    }
                    let records = here.as_ref().and_then(Option::as_ref);
                    // The same for a base, whose worker keeps its own records.
                    if let Some(guard) = knowledge::guard(records, kind, key) {
                        pulled.knowledge.guards.insert(key.to_owned(), guard);
                    }
                    knowledge::current(records, kind, key)
                }
                _ => current(db, policy, kind, key).await?,
            };
            if let Some(next) = rules::local_change(Some(&meta), meta.clone(), state, now, *seq + 1, ids.salt()) {
                *seq += 1;
                meta = next;
                pulled.revised = true;
            }
        }
        *seq += 1;
        let Applied { meta, effect, contested, revised } = rules::apply_fetched(meta, revisions, *seq, ids.salt());
        pulled.revised |= revised;
        let mut meta = meta;
        meta.seq = *seq;
        let Some((kind, key)) = doc::parse_doc_id(&meta.plain) else {
            metas.push(meta);
            continue;
        };
        let key = key.to_owned();
        for field in contested {
            pulled.conflicts.push(Conflict::of(&meta, kind, &field));
        }
        match effect {
            Effect::Nothing => {}
            Effect::Put(body) => match doc::from_doc(&meta.plain, &body) {
                Ok(incoming) => {
                    if meta.unreadable.take().is_some() {
                        pulled.readable_again.push(meta.plain.clone());
                    }
                    match incoming {
                        Incoming::Blob { hash, media_type, bytes } => pulled.blobs.push((hash, media_type, bytes)),
                        Incoming::BlobHead { hash, media_type, size, pieces } => {
                            pulled.heads.push((hash, media_type, size, pieces));
                        }
                        Incoming::BlobPiece { hash, index, bytes } => {
                            pulled.pieces.entry(hash).or_default().insert(index, bytes);
                        }
                        incoming => put_record(db, policy, &mut pulled, incoming).await?,
                    }
                }
                Err(error) => {
                    // Held as it is: never deleted or overwritten from here.
                    meta.unreadable = Some(error.to_string());
                    pulled.unreadable.push(Held::unreadable(&meta.plain, &error));
                }
            },
            Effect::Delete => {
                if meta.unreadable.take().is_some() {
                    pulled.readable_again.push(meta.plain.clone());
                }
                // What is not synced in this mode is this device's alone.
                if pull::takes_deletion(kind, &key, policy) {
                    match kind {
                        DocKind::Message => pulled.write.deleted_messages.push(key),
                        DocKind::Session => deleted_sessions.push(metas.len()),
                        DocKind::Agent => pulled.write.deleted_other.push((stores::AGENTS, key)),
                        DocKind::Provider => pulled.write.deleted_other.push((stores::PROVIDERS, key)),
                        DocKind::ModelConfig => pulled.write.deleted_other.push((stores::MODEL_CONFIGS, key)),
                        DocKind::Setting => pulled.write.deleted_other.push((stores::SETTINGS, key)),
                        DocKind::ProjectFile => pulled.write.deleted_other.push((stores::PROJECT_FILES, key)),
                        DocKind::KnowledgeBase => pulled.knowledge.deleted_bases.push(key),
                        DocKind::KnowledgeFile => pulled.knowledge.deleted_files.push(key),
                        DocKind::Blob => {}
                    }
                }
            }
        }
        metas.push(meta);
    }
    for at in deleted_sessions {
        settle_deleted_session(db, &mut pulled, &mut metas, at).await?;
    }
    pulled.write.metas = metas.iter().map(to_value).collect::<Result<_, _>>()?;
    Ok(pulled)
}

/// Reads again the documents held as unreadable (`plains`), as at every
/// start: after an update, those this version reads now become records.
pub(super) async fn reread(db: &Db, ids: &Ids, policy: SyncPolicy, plains: &[String]) -> Result<Pulled, SyncError> {
    let mut pulled = Pulled::default();
    for plain in plains {
        let id = ids.server_id(plain).await?;
        let Some(mut meta) = db.replica_get::<DocMeta>(std::slice::from_ref(&id)).await?.into_iter().flatten().next()
        else {
            pulled.readable_again.push(plain.clone());
            continue;
        };
        let winner = meta.winner();
        let body = winner.as_ref().and_then(|(rev, _)| meta.body(rev)).cloned();
        let incoming = match (&winner, body) {
            (Some((_, false)), Some(body)) => doc::from_doc(&meta.plain, &body),
            // Deleted since, or nothing kept: nothing to read.
            _ => Err(doc::MapError::NotOurs(String::new())),
        };
        match incoming {
            Ok(Incoming::Blob { .. } | Incoming::BlobHead { .. } | Incoming::BlobPiece { .. })
            | Err(doc::MapError::NotOurs(_)) => {}
            Ok(incoming) => put_record(db, policy, &mut pulled, incoming).await?,
            Err(_) => continue,
        }
        meta.unreadable = None;
        pulled.readable_again.push(plain.clone());
        pulled.write.metas.push(to_value(&meta)?);
    }
    Ok(pulled)
}

/// Decides the fate of a conversation another device deleted (`metas[at]`,
/// the deletion just pulled): it stays while it holds a message that device
/// cannot have seen (and gets back the messages its deletion took here), or
/// goes, and its messages' last bodies leave the bookkeeping.
async fn settle_deleted_session(
    db: &Db,
    pulled: &mut Pulled,
    metas: &mut Vec<DocMeta>,
    at: usize,
) -> Result<(), SyncError> {
    let Some(session) = metas.get(at) else { return Ok(()) };
    let Some((_, id)) = doc::parse_doc_id(&session.plain) else { return Ok(()) };
    let id = id.to_owned();
    let tombstone = session.winner().and_then(|(rev, _)| session.body(&rev).cloned()).unwrap_or_default();
    // The conversation's bookkeeping: as stored, with this page's over it.
    let mut known: HashMap<String, DocMeta> = db
        .replica_where::<DocMeta>(indexes::REPLICA_BY_SESSION, &id)
        .await?
        .into_iter()
        .map(|meta| (meta.plain.clone(), meta))
        .collect();
    for meta in metas.iter().filter(|meta| meta.session.as_deref() == Some(id.as_str())) {
        known.insert(meta.plain.clone(), meta.clone());
    }
    let deleted_now: HashSet<&String> = pulled.write.deleted_messages.iter().collect();
    let here: Vec<MessageRecord> =
        db.session_messages(&id).await?.into_iter().filter(|message| !deleted_now.contains(&message.id)).collect();
    let bodies: Vec<Option<Map<String, Value>>> = here.iter().map(doc::message_doc).collect();
    let plains: Vec<String> = here.iter().map(|message| doc::doc_id(DocKind::Message, &message.id)).collect();
    let remaining: Vec<pull::Remaining<'_>> = here
        .iter()
        .zip(&bodies)
        .zip(&plains)
        .map(|((message, body), plain)| pull::Remaining {
            id: &message.id,
            meta: known.get(plain),
            body: body.as_ref(),
        })
        .collect();
    let arriving = pulled.write.records.messages.iter().any(|message| message.session_id == id);
    if pull::conversation_stays(&tombstone, &remaining, arriving) {
        let mut present: HashSet<String> = here.iter().map(|message| message.id.clone()).collect();
        present.extend(pulled.write.records.messages.iter().map(|message| message.id.clone()));
        let known: Vec<DocMeta> = known.into_values().collect();
        for (message, body) in pull::restorable_messages(&tombstone, &known, &present) {
            if let Ok(Incoming::Message(record)) = doc::from_doc(&doc::doc_id(DocKind::Message, &message), &body) {
                pulled.write.deleted_messages.retain(|deleted| *deleted != message);
                pulled.write.records.messages.push(record);
            }
        }
        pulled.revive.insert(id);
        return Ok(());
    }
    pulled.write.deleted_sessions.push(id);
    // Settled: the last bodies of its deleted messages are not needed.
    for (plain, mut meta) in known {
        if meta.kind != doc::kind_name(DocKind::Message) || !meta.is_deleted() || meta.last_live_body().is_none() {
            continue;
        }
        meta.forget_bodies();
        match metas.iter_mut().find(|page| page.plain == plain) {
            Some(page) => page.forget_bodies(),
            None => metas.push(meta),
        }
    }
    Ok(())
}

/// The store of a kind's records (attachments' bytes are not a record).
fn store_of(kind: DocKind) -> Option<&'static str> {
    Some(match kind {
        DocKind::Message => stores::MESSAGES,
        DocKind::Session => stores::SESSIONS,
        DocKind::Agent => stores::AGENTS,
        DocKind::Provider => stores::PROVIDERS,
        DocKind::ModelConfig => stores::MODEL_CONFIGS,
        DocKind::Setting => stores::SETTINGS,
        DocKind::ProjectFile => stores::PROJECT_FILES,
        // Kept by the knowledge worker, in a database of its own.
        DocKind::Blob | DocKind::KnowledgeBase | DocKind::KnowledgeFile => return None,
    })
}

/// What the record of a document is here now.
async fn current(db: &Db, policy: SyncPolicy, kind: DocKind, key: &str) -> Result<LocalState, SyncError> {
    fn present<R>(record: Option<R>, body: impl FnOnce(&R) -> Option<Map<String, Value>>) -> LocalState {
        match record {
            Some(record) => state_of(body(&record)),
            None => LocalState::Absent,
        }
    }
    Ok(match kind {
        DocKind::Message => present(db.get::<MessageRecord>(key).await?, doc::message_doc),
        DocKind::Session => present(db.get::<SessionRecord>(key).await?, doc::session_doc),
        DocKind::Agent => present(db.get::<AgentRecord>(key).await?, |r| Some(doc::agent_doc(r, policy))),
        DocKind::Provider => present(db.get::<ProviderRecord>(key).await?, |r| Some(doc::provider_doc(r, policy))),
        DocKind::ModelConfig => present(db.get::<ModelConfigRecord>(key).await?, |r| Some(doc::model_config_doc(r))),
        DocKind::Setting => present(db.get::<SettingRecord>(key).await?, |r| doc::setting_doc(r, policy)),
        DocKind::ProjectFile => present(db.get::<ProjectFileRecord>(key).await?, |r| Some(doc::file_doc(r))),
        DocKind::Blob => LocalState::Hold,
        DocKind::KnowledgeBase | DocKind::KnowledgeFile => {
            knowledge::current(knowledge::records_for_sync().await.ok().flatten().as_ref(), kind, key)
        }
    })
}

/// Adds an incoming record to the write, keeping what stays on this device:
/// a provider's key (when its origin did not change), an agent's
/// permissions, a device-only setting.
async fn put_record(db: &Db, policy: SyncPolicy, pulled: &mut Pulled, incoming: Incoming) -> Result<(), SyncError> {
    let records = &mut pulled.write.records;
    match incoming {
        Incoming::Message(message) => records.messages.push(message),
        Incoming::Session(session) => records.sessions.push(session),
        Incoming::Agent(agent) => {
            let local = db.get::<AgentRecord>(&agent.id).await?;
            records.agents.push(doc::agent_keeping_permissions(agent, local.as_ref(), policy));
        }
        Incoming::Provider(provider) => {
            let local = db.get::<ProviderRecord>(&provider.id).await?;
            records.providers.push(doc::provider_keeping_key(provider, local.as_ref(), policy));
        }
        Incoming::ModelConfig(model) => records.model_configs.push(model),
        Incoming::Setting(setting) => {
            let local = db.get::<SettingRecord>(&setting.key).await?;
            records.settings.extend(doc::setting_keeping_local(setting, local.as_ref(), policy));
        }
        Incoming::ProjectFile(file) => records.project_files.push(file),
        Incoming::KnowledgeBase(base) => pulled.knowledge.bases.push(base),
        Incoming::KnowledgeFile(file) => pulled.knowledge.files.push(file),
        Incoming::Blob { .. } | Incoming::BlobHead { .. } | Incoming::BlobPiece { .. } => {}
    }
    Ok(())
}

fn to_value(meta: &DocMeta) -> Result<Value, SyncError> {
    serde_json::to_value(meta).map_err(|error| SyncError::Local(error.to_string()))
}

/// Gives the record of the document `plain` the value `value` for `field`
/// (the user's pick in a conflict) while that field still holds `shown`;
/// returns whether it wrote. Its next sync point pushes it.
pub(super) async fn set_field(
    db: &Db,
    plain: &str,
    field: &str,
    shown: &Value,
    value: Value,
) -> Result<bool, SyncError> {
    let Some((kind, key)) = doc::parse_doc_id(plain) else { return Ok(false) };
    async fn edit<R: hearth_core::storage::Stored>(
        db: &Db,
        key: &str,
        field: &str,
        shown: &Value,
        value: Value,
    ) -> Result<bool, SyncError> {
        let Some(record) = db.get::<R>(key).await? else { return Ok(false) };
        let mut json = serde_json::to_value(&record).map_err(|e| SyncError::Local(e.to_string()))?;
        // Changed here since the conflict was listed: that newer edit stays.
        if json.get(field).unwrap_or(&Value::Null) != shown {
            return Ok(false);
        }
        if let Some(object) = json.as_object_mut() {
            // No value on that side: the field goes (its default, when read).
            if value.is_null() {
                object.remove(field);
            } else {
                object.insert(field.to_owned(), value);
            }
        }
        let record: R = serde_json::from_value(json)
            .map_err(|e| SyncError::Local(format!("the picked value does not fit ({e})")))?;
        db.put(&record).await?;
        Ok(true)
    }
    match kind {
        DocKind::Session => edit::<SessionRecord>(db, key, field, shown, value).await,
        DocKind::Message => edit::<MessageRecord>(db, key, field, shown, value).await,
        DocKind::Agent => edit::<AgentRecord>(db, key, field, shown, value).await,
        DocKind::Provider => edit::<ProviderRecord>(db, key, field, shown, value).await,
        DocKind::ModelConfig => edit::<ModelConfigRecord>(db, key, field, shown, value).await,
        DocKind::Setting => edit::<SettingRecord>(db, key, field, shown, value).await,
        DocKind::ProjectFile => edit::<ProjectFileRecord>(db, key, field, shown, value).await,
        DocKind::KnowledgeBase | DocKind::KnowledgeFile => knowledge::set_field(kind, key, field, shown, value).await,
        DocKind::Blob => Ok(false),
    }
}
