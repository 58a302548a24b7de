//! Reading a backup file ([`backup`](super::backup)) a slice at a time:
//! [`BackupFile::open`] checks the JSON and finds each store's records, left
//! as their text, and [`BackupFile::read`] parses and reads (migrates, and
//! drops the search terms of) a number of them, so the shell can read a file
//! of 100,000 messages between frames and say how far it is. Opening once
//! parsed the whole file into JSON values at once: about 300 ms of a page held
//! still for 60 MB.

use std::collections::HashMap;

use super::backup::{
    BACKUP_FORMAT, BACKUP_VERSION, Backup, BackupError, BlobEntry, KNOWLEDGE_BASES, KNOWLEDGE_FILES, StoreContents,
};
use super::json_split;
use crate::knowledge::records;
use crate::storage::migrate::migrate_record;
use crate::storage::{SCHEMA_VERSION, stores};

/// The order the stores are read in (every store a backup carries).
const STORES: [&str; 10] = [
    stores::PROVIDERS,
    stores::MODEL_CONFIGS,
    stores::AGENTS,
    stores::SESSIONS,
    stores::MESSAGES,
    stores::PROJECT_FILES,
    stores::SETTINGS,
    stores::BLOBS,
    KNOWLEDGE_BASES,
    KNOWLEDGE_FILES,
];

/// About the fewest bytes a message record's JSON takes (its id, conversation,
/// role and times); a bound on the room reserved for a file's messages only.
const SHORTEST_MESSAGE: usize = 64;

/// A backup file being read (see the module documentation).
pub struct BackupFile<'a> {
    backup: Backup,
    /// Each store's records not read yet (their JSON text, numbered from 0), by store.
    pending: Vec<(&'static str, std::iter::Enumerate<std::vec::IntoIter<&'a str>>)>,
    total: usize,
    done: usize,
    /// The room asked for the messages once the first is read: as many as the
    /// file lists, but no more than its text could hold as messages of
    /// [`SHORTEST_MESSAGE`] bytes.
    room: usize,
}

/// A value of the file's top level, from its JSON text.
fn field<T: serde::de::DeserializeOwned>(object: &HashMap<String, json_split::Field>, key: &str) -> Option<T> {
    serde_json::from_str(object.get(key)?.text).ok()
}

impl<'a> BackupFile<'a> {
    /// Opens the backup `json`: refused when it is not JSON, not a Hearth
    /// backup, from a newer layout, or a store is not a list.
    pub fn open(json: &'a str) -> Result<Self, BackupError> {
        let fields = json_split::fields(json).map_err(|error| not_a_backup(json, error))?;
        // Every value but the stores' lists that count (whose records are checked as
        // they are read) is checked now, in the file's order, as parsing it whole did.
        let last: HashMap<&str, usize> =
            fields.iter().enumerate().map(|(at, field)| (field.key.as_str(), at)).collect();
        for (at, field) in fields.iter().enumerate() {
            if !(STORES.contains(&field.key.as_str()) && last.get(field.key.as_str()) == Some(&at)) {
                serde_json::from_str::<serde_json::Value>(field.text)
                    .map_err(|e| BackupError::NotJson(e.to_string()))?;
            }
        }
        // The last of a repeated key counts, as when the file is parsed whole.
        let mut object: HashMap<String, json_split::Field> =
            fields.into_iter().map(|field| (field.key.clone(), field)).collect();
        if field::<String>(&object, "format").as_deref() != Some(BACKUP_FORMAT) {
            return Err(BackupError::NotABackup);
        }
        let number = |key: &str| field::<u64>(&object, key).map(|n| n as u32);
        let backup_version = number("backup_version").unwrap_or(BACKUP_VERSION);
        if backup_version > BACKUP_VERSION {
            return Err(BackupError::NewerLayout(backup_version));
        }
        let backup = Backup {
            format: BACKUP_FORMAT.to_owned(),
            backup_version,
            // The records' own version until they are read; the current one after.
            schema_version: number("schema_version").unwrap_or(SCHEMA_VERSION),
            exported_at: field(&object, "exported_at").unwrap_or(0),
            includes_api_keys: field(&object, "includes_api_keys").unwrap_or(false),
            contents: StoreContents::default(),
        };
        let mut pending = Vec::new();
        for store in STORES {
            if let Some(field) = object.remove(store) {
                let items = field.items.ok_or_else(|| BackupError::BadStore(store.to_owned()))?;
                pending.push((store, items.into_iter().enumerate()));
            }
        }
        let total = pending.iter().map(|(_, items)| items.len()).sum();
        let messages = pending.iter().find(|(store, _)| *store == stores::MESSAGES).map_or(0, |(_, items)| items.len());
        let room = messages.min(json.len() / SHORTEST_MESSAGE);
        Ok(Self { backup, pending, total, done: 0, room })
    }

    /// How many records the file holds (attachments and knowledge files included).
    pub fn total(&self) -> usize {
        self.total
    }

    /// How many of them are read.
    pub fn done(&self) -> usize {
        self.done
    }

    /// Reads up to `limit` more records; `true` once every record is read.
    /// A record that cannot be read or migrated refuses the whole file.
    pub fn read(&mut self, limit: usize) -> Result<bool, BackupError> {
        let until = self.done.saturating_add(limit).min(self.total);
        while self.done < until {
            let Some((store, items)) = self.pending.first_mut() else { break };
            let store = *store;
            match items.next() {
                Some((at, record)) => {
                    self.add(store, at + 1, record)?;
                    self.done += 1;
                }
                None => {
                    drop(self.pending.remove(0));
                }
            }
        }
        Ok(self.done == self.total)
    }

    /// The backup, once [`read`](Self::read) said every record is read (what
    /// is not read yet is left out), with the derived and reset fields of
    /// [`parse_backup`].
    pub fn finish(self) -> Backup {
        let mut backup = self.backup;
        let version = backup.schema_version;
        crate::storage::migrate::upgrade_messages(version, &mut backup.contents.messages);
        settle(&mut backup.contents);
        backup.schema_version = SCHEMA_VERSION;
        backup
    }

    /// Reads the `number`th record of `store`, from its JSON `text`.
    fn add(&mut self, store: &str, number: usize, text: &str) -> Result<(), BackupError> {
        let bad = || BackupError::BadStore(store.to_owned());
        // Its place in the file was found, its JSON is checked here (serde's
        // line and column are the record's own, so the record is named).
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| BackupError::NotJson(format!("{e}, in record {number} of \"{store}\"")))?;
        let version = self.backup.schema_version;
        let contents = &mut self.backup.contents;
        match store {
            stores::PROVIDERS => contents.providers.push(migrate_record(store, version, value)?),
            stores::MODEL_CONFIGS => contents.model_configs.push(migrate_record(store, version, value)?),
            stores::AGENTS => contents.agents.push(migrate_record(store, version, value)?),
            stores::SESSIONS => contents.sessions.push(migrate_record(store, version, value)?),
            stores::MESSAGES => {
                let mut message: crate::storage::MessageRecord = migrate_record(store, version, value)?;
                // Derived, so never trusted: dropped, and made again where the
                // message is written (into the search's postings). Making them
                // here cost a third of reading a large backup, and the plan
                // copied them with every message.
                message.terms = Vec::new();
                message.refresh_blobs();
                if contents.messages.is_empty() {
                    // Room for every message at once: a list grown as it is read is
                    // copied whole each time it doubles (tens of megabytes, one long
                    // step, for a file of 100,000 messages). Asked for only once a
                    // message has been read (a file of junk items gets none), and no
                    // more than `room` (each message takes a few times its JSON's size
                    // in memory); room that cannot be had is not asked for, and the
                    // list grows as it is read.
                    let _ = contents.messages.try_reserve_exact(self.room);
                }
                contents.messages.push(message);
            }
            stores::PROJECT_FILES => contents.project_files.push(migrate_record(store, version, value)?),
            stores::SETTINGS => contents.settings.push(migrate_record(store, version, value)?),
            stores::BLOBS => contents.blobs.push(
                serde_json::from_value::<BlobEntry>(value).ok().filter(BlobEntry::is_well_formed).ok_or_else(bad)?,
            ),
            KNOWLEDGE_BASES | KNOWLEDGE_FILES => {
                let serde_json::Value::Object(fields) = value else { return Err(bad()) };
                if store == KNOWLEDGE_BASES {
                    contents.knowledge_bases.push(records::read_carried_base(fields).map_err(|_| bad())?);
                } else {
                    contents.knowledge_files.push(records::read_carried_file(fields).map_err(|_| bad())?);
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Why `json`, which could not be split as an object ([`json_split::fields`]),
/// is no backup: not JSON (serde's words say where), or JSON of another kind,
/// such as a ChatGPT export's list.
fn not_a_backup(json: &str, error: json_split::SplitError) -> BackupError {
    match serde_json::from_str::<serde_json::Value>(json) {
        Err(error) => BackupError::NotJson(error.to_string()),
        Ok(_) if error == json_split::SplitError::OtherValue => BackupError::NotABackup,
        // The split found a fault that serde does not: never expected.
        Ok(_) => BackupError::NotJson("its structure could not be followed".into()),
    }
}

/// Reads a backup file, migrating its records to the current schema, all at
/// once ([`BackupFile`] reads a large one a slice at a time). Derived fields
/// (message search terms) are dropped rather than trusted, and an app's
/// network permission (`app:<id>` settings) is reset to not allowed.
pub fn parse_backup(json: &str) -> Result<Backup, BackupError> {
    let mut file = BackupFile::open(json)?;
    file.read(usize::MAX)?;
    Ok(file.finish())
}

/// What reading a backup resets in what it read (see [`parse_backup`]).
fn settle(contents: &mut StoreContents) {
    for provider in &mut contents.providers {
        // A key that comes with a backup belongs to the backup's own base URL.
        provider.key_origin = if provider.has_key() { provider.origin() } else { None };
    }
    for setting in &mut contents.settings {
        // An import never grants an app the network: its data comes along,
        // the user allows the network again in the preview if they want.
        if setting.key.starts_with("app:")
            && let Some(allowed) = setting.value.get_mut("network_allowed")
        {
            *allowed = serde_json::Value::Bool(false);
        }
    }
}
