//! The records' side of sync: looking at the records (a sync point) to make
//! revisions of what changed here, and writing what a pull brought back into
//! records, in one transaction with the bookkeeping
//! (`hearth_core::replication::local` decides; this reads and writes).

use std::collections::{BTreeMap, HashMap, HashSet};

use hearth_core::Millis;
use hearth_core::agent::AgentRecord;
use hearth_core::replication::doc::{self, DocKind, Incoming, SyncPolicy};
use hearth_core::replication::local::{self as rules, Applied, DocMeta, Effect, FetchedRev, LocalState};
use hearth_core::storage::{
    MessageRecord, ModelConfigRecord, ProjectFileRecord, ProviderRecord, SessionRecord, SettingRecord, indexes, stores,
};
use serde_json::{Map, Value};

use super::engine::{Conflict, Ids, SyncError};
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

/// Looks at the records of `scope` and returns the bookkeeping of every
/// document that changed here, each a new revision numbered after `seq`.
pub(super) async fn scan(
    db: &Db,
    ids: &Ids,
    policy: SyncPolicy,
    scope: &Scope,
    now: Millis,
    seq: &mut u64,
) -> Result<Vec<DocMeta>, SyncError> {
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
    // Attachments' bytes, once each (a blob never changes): a document for
    // each blob the messages looked at refer to that was never synced, after
    // those messages (so a device receiving them gets the message first).
    let mut hashes: Vec<String> = messages
        .iter()
        .filter(|message| message.state != hearth_core::storage::MessageState::Streaming)
        .flat_map(|message| message.blobs.iter().cloned())
        .collect();
    hashes.sort();
    hashes.dedup();
    let mut blob_ids = Vec::with_capacity(hashes.len());
    for hash in &hashes {
        blob_ids.push(ids.server_id(&doc::doc_id(DocKind::Blob, hash)).await?);
    }
    let synced: Vec<Option<DocMeta>> = if blob_ids.is_empty() { Vec::new() } else { db.replica_get(&blob_ids).await? };
    for ((hash, id), meta) in hashes.iter().zip(&blob_ids).zip(synced) {
        if meta.is_some() {
            continue;
        }
        let Some(blob) = db.blob(hash).await? else { continue };
        let Some(bytes) = crate::io::media::bytes_of(&blob).await else { continue };
        let body = doc::blob_doc(hash, &blob.type_(), &bytes);
        let plain = doc::doc_id(DocKind::Blob, hash);
        let fresh = DocMeta::new(id, &plain, doc::kind_name(DocKind::Blob), None);
        if let Some(next) = rules::local_change(None, fresh, LocalState::Present(body), now, *seq + 1, ids.salt()) {
            *seq += 1;
            changed.push(next);
        }
    }
    // What is known and no longer here was deleted here (blobs are kept
    // while a message refers to them, and never deleted by a scan).
    for (_, meta) in known {
        if meta.kind == doc::kind_name(DocKind::Blob) {
            continue;
        }
        let fresh = meta.clone();
        if let Some(next) = rules::local_change(Some(&meta), fresh, LocalState::Absent, now, *seq + 1, ids.salt()) {
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
    /// Whether a merge made revisions to push.
    pub(super) revised: bool,
    /// Attachments' bytes that came (hash, media type, bytes): kept by the
    /// caller only for a message that refers to them.
    pub(super) blobs: Vec<(String, String, Vec<u8>)>,
    /// Conversations that come back (a message arrived for one deleted here,
    /// or one deleted elsewhere still has messages here): looked at after
    /// the write, which makes their new revisions.
    pub(super) revive: HashSet<String>,
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
    let mut deleted_sessions: Vec<(String, DocMeta)> = Vec::new();
    let mut put_sessions: HashSet<String> = HashSet::new();
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
            let state = current(db, policy, kind, key).await?;
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
            pulled.write.metas.push(to_value(&meta)?);
            continue;
        };
        let key = key.to_owned();
        for field in contested {
            pulled.conflicts.push(Conflict::of(&meta, kind, &field));
        }
        match effect {
            Effect::Nothing => {}
            Effect::Put(body) => match doc::from_doc(&meta.plain, &body) {
                Ok(incoming) => match incoming {
                    Incoming::Blob { hash, media_type, bytes } => pulled.blobs.push((hash, media_type, bytes)),
                    incoming => {
                        if let Incoming::Session(session) = &incoming {
                            put_sessions.insert(session.id.clone());
                        }
                        put_record(db, policy, &mut pulled.write, incoming).await?;
                    }
                },
                Err(error) => pulled.conflicts.push(Conflict::unreadable(&meta, &error.to_string())),
            },
            Effect::Delete => match kind {
                DocKind::Message => pulled.write.deleted_messages.push(key),
                DocKind::Session => deleted_sessions.push((key, meta.clone())),
                DocKind::Agent => pulled.write.deleted_other.push((stores::AGENTS, key)),
                DocKind::Provider => pulled.write.deleted_other.push((stores::PROVIDERS, key)),
                DocKind::ModelConfig => pulled.write.deleted_other.push((stores::MODEL_CONFIGS, key)),
                DocKind::Setting => pulled.write.deleted_other.push((stores::SETTINGS, key)),
                DocKind::ProjectFile => pulled.write.deleted_other.push((stores::PROJECT_FILES, key)),
                DocKind::Blob => {}
            },
        }
        pulled.write.metas.push(to_value(&meta)?);
    }
    // A conversation deleted elsewhere that still has messages here (added
    // here, or arriving now) is not deleted: it comes back everywhere.
    let deleted_now: HashSet<&String> = pulled.write.deleted_messages.iter().collect();
    for (id, _meta) in deleted_sessions {
        let remaining =
            db.session_messages(&id).await?.into_iter().filter(|message| !deleted_now.contains(&message.id)).count();
        let arriving = pulled.write.records.messages.iter().any(|message| message.session_id == id);
        if remaining > 0 || arriving {
            pulled.revive.insert(id);
        } else {
            pulled.write.deleted_sessions.push(id);
        }
    }
    // A message arriving for a conversation absent here brings it back from
    // its last body, when this device knew it.
    let mut missing: HashSet<String> = HashSet::new();
    for message in &pulled.write.records.messages {
        if !put_sessions.contains(&message.session_id) && db.get::<SessionRecord>(&message.session_id).await?.is_none()
        {
            missing.insert(message.session_id.clone());
        }
    }
    for id in missing {
        let plain = doc::doc_id(DocKind::Session, &id);
        let known: Vec<DocMeta> = db.replica_where(indexes::REPLICA_BY_SESSION, &id).await?;
        let last = known.iter().find(|meta| meta.plain == plain).and_then(|meta| meta.last_live_body().cloned());
        if let Some(body) = last
            && let Ok(Incoming::Session(session)) = doc::from_doc(&plain, &body)
        {
            pulled.write.records.sessions.push(session);
            pulled.revive.insert(id);
        }
    }
    Ok(pulled)
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
    })
}

/// Adds an incoming record to the write, keeping what stays on this device:
/// a provider's key (when its origin did not change), an agent's
/// permissions, a device-only setting.
async fn put_record(
    db: &Db,
    policy: SyncPolicy,
    write: &mut ReplicaWrite,
    incoming: Incoming,
) -> Result<(), SyncError> {
    let records = &mut write.records;
    match incoming {
        Incoming::Message(message) => records.messages.push(message),
        Incoming::Session(session) => records.sessions.push(session),
        Incoming::Agent(agent) => {
            let local = db.get::<AgentRecord>(&agent.id).await?;
            records.agents.push(doc::agent_keeping_permissions(agent, local.as_ref(), policy));
        }
        Incoming::Provider(provider) => {
            let local = db.get::<ProviderRecord>(&provider.id).await?;
            records.providers.push(doc::provider_keeping_key(provider, local.as_ref()));
        }
        Incoming::ModelConfig(model) => records.model_configs.push(model),
        Incoming::Setting(setting) => {
            let local = db.get::<SettingRecord>(&setting.key).await?;
            records.settings.extend(doc::setting_keeping_local(setting, local.as_ref(), policy));
        }
        Incoming::ProjectFile(file) => records.project_files.push(file),
        Incoming::Blob { .. } => {}
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
        DocKind::Blob => Ok(false),
    }
}
