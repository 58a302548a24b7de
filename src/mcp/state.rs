//! The MCP servers the user added, stored as setting records
//! (`mcp_server:<id>`, so backups carry them), what each said when last
//! reached, and the live connections (in [`client`]).

pub(crate) mod app_host;
pub(crate) mod app_pages;
pub(crate) mod asking;
pub(crate) mod client;
mod code;
mod connections;
mod failure;
mod legacy;
mod sign_in;
pub(crate) mod views;

use std::collections::BTreeMap;

use hearth_core::mcp::doctor::Diagnosis;
use hearth_core::mcp::oauth::Challenge;
use hearth_core::storage::SettingRecord;
use hearth_core::tools::{MCP_SERVER_KEY_PREFIX, McpServer, offered_mcp_tokens, stored_tool_tokens};
use leptos::prelude::*;
use leptos::task::spawn_local;

use self::connections::Connections;
use self::failure::McpFailure;
pub(crate) use self::failure::SignInFailure;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::db::StorageError;
use crate::providers::state::ProvidersContext;
use crate::providers::state::key_lock::{LockError, LockState};
use crate::store::StoreContext;

/// What Hearth knows of a server since the page loaded.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ServerStatus {
    /// Being reached.
    Checking,
    /// Checked: what the connection doctor said (it works, or what to change).
    Diagnosed(Diagnosis),
    /// Not reached for a reason the doctor cannot tell more of (stopped,
    /// silent too long, the client's code not loaded): why.
    Failed(McpFailure),
    /// The user is signing in, in the window that opened.
    SigningIn,
    /// The sign-in did not finish: why.
    SignInFailed(SignInFailure),
}

/// The servers and their connections; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct McpContext {
    store: StoreContext,
    /// The key lock, which seals the servers' secrets at rest when it is on.
    providers: ProvidersContext,
    /// The servers, in the order they were added.
    pub(crate) servers: RwSignal<Vec<McpServer>>,
    /// What each server (by id) said when last reached, since the page loaded.
    pub(crate) status: RwSignal<BTreeMap<String, ServerStatus>>,
    /// Whether `servers` holds what is stored (loaded on first use, see
    /// [`McpContext::ensure_loaded`]).
    pub(crate) loaded: RwSignal<bool>,
    /// The servers (by id) whose last answer asked for a sign-in, with what
    /// their challenge said (the scope it wants, where its metadata is).
    pub(crate) wanted: RwSignal<BTreeMap<String, Challenge>>,
    /// Whether the composer's "Prompts and resources" dialog is open.
    pub(crate) picker_open: RwSignal<bool>,
    /// Whether a server is on, as stored: known at start (by
    /// [`McpContext::note_servers`]) before `servers` is read.
    stored_on: RwSignal<bool>,
    /// The estimated tokens of each listed tool of the servers that are on
    /// (by agent tool key), as stored: known at start, like `stored_on`.
    stored_tokens: RwSignal<Vec<(String, u32)>>,
    /// The salt of the key lock open here when `servers` were read (their
    /// sealed secrets opened with its key), if one was: read again when
    /// another lock is open (or none).
    read_open: StoredValue<Option<String>>,
    /// Per server id, the number of its latest save (or removal): an older
    /// save still sealing is not written.
    saves: StoredValue<BTreeMap<String, u64>>,
    connections: StoredValue<Connections, LocalStorage>,
}

impl McpContext {
    /// Nothing loaded yet: the servers are read on first use (the Tools
    /// dialog, the agent editor, a turn), so that their code stays out of the
    /// first load; read again after an import or a clear (here or in another
    /// tab) by whatever shows them.
    pub(crate) fn new(store: StoreContext, providers: ProvidersContext) -> Self {
        let this = Self {
            store,
            providers,
            servers: RwSignal::new(Vec::new()),
            status: RwSignal::new(BTreeMap::new()),
            wanted: RwSignal::new(BTreeMap::new()),
            loaded: RwSignal::new(false),
            picker_open: RwSignal::new(false),
            stored_on: RwSignal::new(false),
            stored_tokens: RwSignal::new(Vec::new()),
            read_open: StoredValue::new(None),
            saves: StoredValue::new(BTreeMap::new()),
            connections: StoredValue::new_local(Connections::default()),
        };
        store.reload_on_bulk_change(move || async move {
            // An import or a clear: the servers are read afresh, connected anew.
            for id in this.servers.with_untracked(|list| list.iter().map(|s| s.id.clone()).collect::<Vec<_>>()) {
                this.disconnect(&id);
            }
            this.loaded.set(false);
            this.note_servers().await;
        });
        this
    }

    /// Notes whether a stored server is on, reading the records as plain JSON
    /// (the servers themselves, and their code, are read on first use).
    pub(crate) async fn note_servers(self) {
        let servers = self.store.settings_under::<serde_json::Value>(MCP_SERVER_KEY_PREFIX).await.unwrap_or_default();
        let on = servers.iter().any(|server| server.get("enabled").and_then(serde_json::Value::as_bool) != Some(false));
        self.stored_on.set(on);
        self.stored_tokens.set(servers.iter().flat_map(stored_tool_tokens).collect());
    }

    /// The estimated tokens the MCP tools of `enabled` (an agent's tool keys)
    /// add to every request: from the servers once they are read, else as
    /// noted at start.
    pub(crate) fn offered_tokens(self, enabled: &[String]) -> u32 {
        if self.loaded.get() {
            self.servers.with(|servers| offered_mcp_tokens(enabled, servers))
        } else {
            self.stored_tokens.with(|known| {
                // A plain list (a map's code would cost the first load more than it saves).
                known
                    .iter()
                    .filter(|(key, _)| enabled.contains(key))
                    .fold(0_u32, |sum, (_, tokens)| sum.saturating_add(*tokens))
            })
        }
    }

    /// Whether a server is on (the composer then offers their prompts and resources).
    pub(crate) fn any_on(self) -> bool {
        if self.loaded.get() {
            self.servers.with(|list| list.iter().any(|server| server.enabled))
        } else {
            self.stored_on.get()
        }
    }

    /// Whether `servers` are not what reading them now would give: never
    /// read (or an import or a clear since), or read before the key lock was
    /// opened (or locked) here. Tracked: whatever shows them reads them again.
    pub(crate) fn stale(self) -> bool {
        !self.loaded.get()
            || self.providers.lock.with(|lock| self.read_open.with_value(|read| *read != open_salt(lock)))
    }

    /// Reads the servers unless what is read is still what is stored.
    pub(crate) async fn ensure_loaded(self) {
        if untrack(|| self.stale()) {
            self.load().await;
        }
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// Loads the servers; a failure is shown.
    pub(crate) async fn load(self) {
        if let Err(error) = self.try_load().await {
            self.store.report(error);
        }
    }

    async fn try_load(self) -> Result<(), StorageError> {
        // By key, which is by id (`mcp_server:<id>`).
        let mut servers: Vec<McpServer> = self.store.settings_under(MCP_SERVER_KEY_PREFIX).await?;
        let lock = self.providers.lock.get_untracked();
        self.read_open.set_value(open_salt(&lock));
        let mut plain_at_rest = Vec::new();
        for server in &mut servers {
            // Plain secrets under the lock (an interrupted change, a crafted import).
            let plain = lock.is_on() && server.has_secrets();
            match server.sealed.clone() {
                // A seal without its lock never opens (the lock was forgotten).
                Some(_) if !lock.is_on() => server.sealed = None,
                Some(sealed) => {
                    if let Some(secrets) = self.providers.open_server_secrets(&sealed).await {
                        *server = server.clone().with_secrets(secrets);
                    }
                }
                None => {}
            }
            if plain {
                plain_at_rest.push(server.clone());
            }
        }
        self.servers.set(servers);
        self.loaded.set(true);
        if matches!(lock, LockState::Unlocked(_)) {
            // Secrets left plain under the lock (an interrupted change): sealed now.
            for server in plain_at_rest {
                self.save(server);
            }
        }
        Ok(())
    }

    /// The server `id`, as stored now.
    pub(crate) fn server(self, id: &str) -> Option<McpServer> {
        self.servers.with_untracked(|list| list.iter().find(|server| server.id == id).cloned())
    }

    /// Adds or replaces a server and stores it, its secrets in the form the
    /// key lock asks for (sealed while it is on).
    pub(crate) fn save(self, server: McpServer) {
        self.servers.update(|list| match list.iter_mut().find(|s| s.id == server.id) {
            Some(existing) => *existing = server.clone(),
            None => list.push(server.clone()),
        });
        let number = self.next_save(&server.id);
        spawn_local(async move {
            if let Err(error) = self.store_server(server, number).await {
                let error = error.to_string();
                self.store.report(tr_with("mcp-server-not-saved", &[("error", Arg::Text(&error))], || {
                    format!("The MCP server could not be saved: {error}")
                }));
            }
        });
    }

    /// Numbers a new save (or the removal) of the server `id`.
    fn next_save(self, id: &str) -> u64 {
        self.saves
            .try_update_value(|saves| {
                let number = saves.entry(id.to_owned()).or_default();
                *number += 1;
                *number
            })
            .unwrap_or_default()
    }

    /// Whether the key lock is on and locked in this tab: a server's new
    /// secrets cannot be stored now.
    pub(crate) fn secrets_locked_here(self) -> bool {
        matches!(self.providers.lock.get_untracked(), LockState::Locked(_) | LockState::Damaged(_))
    }

    /// Whether the key lock is open in this tab (tracked).
    pub(crate) fn lock_open(self) -> bool {
        self.providers.lock.with(|lock| matches!(lock, LockState::Unlocked(_)))
    }

    /// Opens the prompt that unlocks the key lock.
    pub(crate) fn ask_to_unlock(self) {
        self.providers.unlock_open.set(true);
    }

    /// Writes `server` as the lock at rest asks: with it on, its secrets only
    /// sealed (sealed afresh here when the lock is open; kept as they were
    /// sealed when it is locked here, when the server holds no plain secret).
    async fn store_server(self, server: McpServer, number: u64) -> Result<(), ServerNotStored> {
        let db = self.store.db().ok_or(ServerNotStored::Storage(StorageError::NotOpen))?;
        let lock = self.providers.lock.get_untracked();
        let mut stored = server.clone();
        match &lock {
            LockState::Off => {}
            LockState::Unlocked(_) => {
                stored.sealed = match server.has_secrets() {
                    // Sealed secrets that did not open here stay as they are.
                    false if server.secrets_locked() => server.sealed.clone(),
                    true => Some(
                        self.providers
                            .seal_secret(&server.secrets().to_bytes())
                            .await
                            .map_err(ServerNotStored::Seal)?,
                    ),
                    false => None,
                };
            }
            LockState::Locked(_) | LockState::Damaged(_) if server.has_secrets() => {
                return Err(ServerNotStored::Locked);
            }
            LockState::Locked(_) | LockState::Damaged(_) => {}
        }
        // A later save of this server (or its removal) writes its own.
        if self.saves.with_value(|saves| saves.get(&server.id).copied()) != Some(number) {
            return Ok(());
        }
        let value =
            serde_json::to_value(stored.at_rest(lock.is_on())).map_err(|e| ServerNotStored::Encode(e.to_string()))?;
        let record = SettingRecord { key: server.setting_key(), value };
        db.put_sealable_setting(&record, &lock.view()).await.map_err(ServerNotStored::Storage)
    }

    /// Removes a server: ends its session on the server, forgets its status,
    /// and deletes its record. Agents keep their choices of its tools, which
    /// are offered again if a server of that id comes back (an import).
    pub(crate) fn remove(self, id: &str) {
        let Some(server) = self.server(id) else { return };
        self.servers.update(|list| list.retain(|s| s.id != id));
        self.status.update(|map| {
            map.remove(id);
        });
        self.wanted.update(|map| {
            map.remove(id);
        });
        self.disconnect(id);
        // A save of it still sealing is not written after the deletion.
        self.next_save(id);
        self.store.delete::<SettingRecord>(server.setting_key());
    }
}

/// The salt of the lock when it is open in this tab.
fn open_salt(lock: &LockState) -> Option<String> {
    match lock {
        LockState::Unlocked(lock) => Some(lock.salt.clone()),
        _ => None,
    }
}

/// Why an MCP server was not stored.
#[derive(Debug, Clone, PartialEq)]
enum ServerNotStored {
    /// Storage is not open, or the write failed.
    Storage(StorageError),
    /// Its secrets could not be sealed.
    Seal(LockError),
    /// The key lock is locked here and the server holds secrets to seal.
    Locked,
    /// The server could not be written as JSON; holds serde's description.
    Encode(String),
}

impl std::fmt::Display for ServerNotStored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerNotStored::Storage(error) => write!(f, "{error}"),
            ServerNotStored::Seal(error) => write!(f, "{error}"),
            ServerNotStored::Locked => {
                f.write_str(tr("its header value or sign-in is stored only sealed: unlock your API keys first"))
            }
            ServerNotStored::Encode(error) => f.write_str(error),
        }
    }
}
