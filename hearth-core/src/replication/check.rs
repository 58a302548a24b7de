//! "Check server" in Settings → Sync: what the shell saw when it tried the
//! server ([`Observed`]), turned into findings in plain words, each saying
//! what to change and naming the exact CouchDB setting ([`check`]).
//!
//! The shell asks `GET /`, `GET /_session`, `GET /{db}` and
//! `GET /{db}/_security` and passes what came back. A browser cannot tell a
//! server that did not answer from one that refused the page's origin (CORS):
//! both are a network failure, so both are one observation,
//! [`Reach::Unreachable`], and its finding names both causes.

use super::protocol::{DbInfo, Security, ServerInfo, SessionInfo, split_url};

/// How the server's root (`GET /`) answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// No answer the page could read: the server is down or unreachable, the
    /// address is wrong, or CORS refused this page's origin.
    Unreachable,
    /// The server answers (a `no-cors` request, whose answer a page cannot
    /// read, got one), but not to this page: CORS refused its origin.
    OriginRefused,
    /// An HTTP status.
    Status(u16),
}

/// What `GET /{db}` said.
#[derive(Debug, Clone, PartialEq)]
pub enum DbObservation {
    /// Not asked, or an answer other than those below.
    Unknown,
    /// 404: there is no such database.
    Missing,
    /// 401 or 403: the user may not open it.
    Forbidden,
    /// 200: the database.
    Found(DbInfo),
}

/// What the shell saw when it tried the server.
#[derive(Debug, Clone, PartialEq)]
pub struct Observed {
    /// The origin of the page running Hearth (`http://127.0.0.1:8080`).
    pub page_origin: String,
    /// The server address as typed (with the database:
    /// `https://couch.example.com/hearth`).
    pub url: String,
    /// How `GET /` answered.
    pub reached: Reach,
    /// What `GET /` said, when it was CouchDB's (or pouchdb-server's) answer.
    pub server: Option<ServerInfo>,
    /// Who `GET /_session` says the user is; `None`: the credentials were
    /// refused.
    pub session: Option<SessionInfo>,
    /// What `GET /{db}` said.
    pub db: DbObservation,
    /// The database's security object, when it could be read.
    pub security: Option<Security>,
    /// The user name entered.
    pub user: String,
    /// Whether the database holds the end-to-end encryption check
    /// (`GET /{db}/hearth-e2e`: 200 yes, 404 no; `None`: not known).
    pub encrypted: Option<bool>,
    /// The largest document the server takes, in bytes, when the user may
    /// read it (`[couchdb] max_document_size`, an admin's setting).
    pub max_document_size: Option<u64>,
}

/// How a finding weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Fine.
    Ok,
    /// Works, but should change.
    Warning,
    /// Stops sync until changed.
    Problem,
}

/// What a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Topic {
    /// Whether the server answered at all.
    Reach,
    /// Whether the server accepts requests from this page's origin.
    Cors,
    /// Whether the connection is encrypted.
    Https,
    /// The server's software and version.
    Version,
    /// The user name and password.
    Credentials,
    /// The database.
    Database,
    /// Who may read and write the database.
    Access,
    /// Whether the database is end-to-end encrypted.
    Encryption,
    /// The largest document the server takes.
    Limits,
}

/// One finding of a check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// How it weighs.
    pub level: Level,
    /// What it is about.
    pub topic: Topic,
    /// What was found and what to change, in words.
    pub text: String,
}

fn finding(level: Level, topic: Topic, text: String) -> Finding {
    Finding { level, topic, text }
}

/// Whether `host` (lowercase, IPv6 in brackets) is this computer.
fn is_loopback(host: &str) -> bool {
    if host == "localhost" || host.ends_with(".localhost") || host == "[::1]" {
        return true;
    }
    let parts: Vec<&str> = host.split('.').collect();
    parts.len() == 4
        && parts[0] == "127"
        && parts.iter().all(|part| !part.is_empty() && part.len() <= 3 && part.bytes().all(|b| b.is_ascii_digit()))
}

/// The database named by the address's path (its last segment).
fn db_name(path: &str) -> Option<&str> {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    path.rsplit('/').find(|segment| !segment.is_empty())
}

/// The findings of a check, in the order of [`Topic`]: every topic the
/// observation can say something about, fine or not.
pub fn check(observed: &Observed) -> Vec<Finding> {
    let mut findings = Vec::new();
    let Some(url) = split_url(observed.url.trim()).filter(|url| url.scheme == "http" || url.scheme == "https") else {
        findings.push(finding(
            Level::Problem,
            Topic::Reach,
            "The address must start with https:// (or http:// for CouchDB on this computer) and name the \
             database, e.g. https://couch.example.com/hearth."
                .into(),
        ));
        return findings;
    };
    if url.has_credentials {
        findings.push(finding(
            Level::Problem,
            Topic::Reach,
            "Take the user name and password out of the address and enter them in their own fields: browsers \
             refuse addresses that contain them."
                .into(),
        ));
    }
    let host = url.host.as_str();
    let db = db_name(url.path);

    let reached = reach(observed, host, &mut findings);
    https(observed, url.scheme == "https", host, &mut findings);
    if !reached {
        findings.sort_by_key(|finding| finding.topic);
        return findings;
    }
    version(observed, &mut findings);
    credentials(observed, &mut findings);
    database(observed, db, &mut findings);
    if matches!(observed.db, DbObservation::Found(_)) {
        encryption(observed, &mut findings);
        limits(observed, &mut findings);
    }
    findings.sort_by_key(|finding| finding.topic);
    findings
}

/// Whether the database is end-to-end encrypted, and what that means here.
fn encryption(observed: &Observed, findings: &mut Vec<Finding>) {
    let text = match observed.encrypted {
        Some(true) => {
            "The database is end-to-end encrypted: the server holds only sealed documents. Turn on \
                       encryption here and type its sync passphrase; a device without it syncs nothing there."
        }
        Some(false) => {
            "The database is not end-to-end encrypted: the server and its admins can read what is \
                        synced. To seal it, turn on encryption before the first sync (in a new database)."
        }
        None => return,
    };
    findings.push(finding(Level::Ok, Topic::Encryption, text.to_owned()));
}

/// CouchDB's default `max_document_size` (3.x), in bytes.
pub const COUCHDB_MAX_DOCUMENT_SIZE: u64 = 8_000_000;

/// The largest document the server takes, and what is not synced above it.
fn limits(observed: &Observed, findings: &mut Vec<Finding>) {
    let text = match observed.max_document_size {
        Some(size) => format!(
            "The server takes documents up to {} bytes (`[couchdb] max_document_size`). Attachments go in pieces \
             of half a megabyte, so only a limit under about 1 MB keeps one on its device, listed under Not synced.",
            crate::format::grouped(size),
        ),
        None => format!(
            "Only a server admin can read the largest document it takes (`[couchdb] max_document_size`; \
             CouchDB's default is {} bytes, Cloudant's 1 MB). Attachments go in pieces of half a megabyte, under \
             either.",
            crate::format::grouped(COUCHDB_MAX_DOCUMENT_SIZE)
        ),
    };
    findings.push(finding(Level::Ok, Topic::Limits, text));
}

/// Reach and CORS; whether the server answered.
fn reach(observed: &Observed, host: &str, findings: &mut Vec<Finding>) -> bool {
    let origin = observed.page_origin.trim_end_matches('/');
    match observed.reached {
        Reach::Unreachable => {
            findings.push(finding(
                Level::Problem,
                Topic::Reach,
                format!(
                    "No answer from {host}: check the address, and that CouchDB is running and reachable from \
                     this device."
                ),
            ));
            findings.push(finding(
                Level::Problem,
                Topic::Cors,
                format!(
                    "If it is running, it may refuse this page's origin. In CouchDB's configuration set \
                     `[chttpd] enable_cors = true`, add {origin} exactly to `[cors] origins`, and set \
                     `[cors] credentials = true`."
                ),
            ));
            false
        }
        Reach::OriginRefused => {
            findings.push(finding(Level::Ok, Topic::Reach, format!("{host} answers.")));
            findings.push(finding(
                Level::Problem,
                Topic::Cors,
                format!(
                    "It refuses this page's origin ({origin}). In CouchDB's configuration set \
                     `[chttpd] enable_cors = true`, add {origin} exactly to `[cors] origins`, and set \
                     `[cors] credentials = true` and `[cors] headers = accept, authorization, content-type, origin, referer`."
                ),
            ));
            false
        }
        Reach::Status(status) if (500..=599).contains(&status) => {
            findings.push(finding(
                Level::Problem,
                Topic::Reach,
                format!("{host} answered with a server error ({status}): see CouchDB's log."),
            ));
            false
        }
        Reach::Status(status) => {
            findings.push(finding(
                Level::Ok,
                Topic::Cors,
                format!("The server accepts requests from this page ({origin})."),
            ));
            if observed.server.is_none() && status != 401 {
                findings.push(finding(
                    Level::Problem,
                    Topic::Reach,
                    format!(
                        "{host} answered ({status}), but not as CouchDB does: check the address. It should be \
                         the server's address followed by the database, e.g. https://couch.example.com/hearth."
                    ),
                ));
                return false;
            }
            findings.push(finding(Level::Ok, Topic::Reach, format!("{host} answered.")));
            true
        }
    }
}

/// Encryption of the connection.
fn https(observed: &Observed, https: bool, host: &str, findings: &mut Vec<Finding>) {
    if https {
        findings.push(finding(Level::Ok, Topic::Https, "The connection is encrypted (https).".into()));
    } else if is_loopback(host) {
        findings.push(finding(Level::Ok, Topic::Https, "http:// is fine for CouchDB on this computer.".into()));
    } else if observed.page_origin.trim().to_ascii_lowercase().starts_with("https://") {
        findings.push(finding(
            Level::Problem,
            Topic::Https,
            format!(
                "This page is served over https, so the browser blocks http://{host}. Serve CouchDB over \
                 https:// (e.g. behind a reverse proxy with a certificate) and use that address."
            ),
        ));
    } else {
        findings.push(finding(
            Level::Warning,
            Topic::Https,
            format!(
                "http://{host} is not encrypted: your password and conversations travel readable by anyone on \
                 the way. Use https://."
            ),
        ));
    }
}

/// The server's software and version.
fn version(observed: &Observed, findings: &mut Vec<Finding>) {
    let Some(server) = &observed.server else { return };
    let shown = if server.version.is_empty() { "of unknown version" } else { server.version.as_str() };
    if server.pouchdb_server {
        findings.push(finding(
            Level::Warning,
            Topic::Version,
            format!("PouchDB Server {shown} answered: fine for trying sync, but CouchDB 3.x is recommended."),
        ));
        return;
    }
    let (level, text) = match server.major_version() {
        None => (Level::Warning, format!("CouchDB {shown}: Hearth is tested with CouchDB 3.x.")),
        Some(0 | 1) => (
            Level::Problem,
            format!(
                "CouchDB {shown} is too old: Hearth needs CouchDB 2 or later (for `_bulk_get`); 3.x is \
                 recommended."
            ),
        ),
        Some(2) => (Level::Warning, format!("CouchDB {shown} works; 3.x is recommended.")),
        Some(_) => (Level::Ok, format!("CouchDB {shown}.")),
    };
    findings.push(finding(level, Topic::Version, text));
}

/// The user name and password.
fn credentials(observed: &Observed, findings: &mut Vec<Finding>) {
    let user = observed.user.trim();
    let (level, text) = match &observed.session {
        None => (
            Level::Problem,
            format!(
                "The server refused the user name or password: the password is wrong, or the user “{user}” \
                 does not exist. On a single-node CouchDB without a `_users` database, set \
                 `[couchdb] single_node = true` (or create `_users`) and restart it."
            ),
        ),
        Some(session) => match session.name.as_deref() {
            None => (Level::Problem, "Signed in as nobody: enter a user name and password.".into()),
            Some(name) if !user.is_empty() && name != user => {
                (Level::Warning, format!("The server signed you in as “{name}”, not “{user}”."))
            }
            Some(name) if session.is_admin() => (
                Level::Warning,
                format!(
                    "“{name}” is a server admin: sync works, but a user of its own for Hearth limits what a \
                     leaked password can do."
                ),
            ),
            Some(name) => (Level::Ok, format!("Signed in as “{name}”.")),
        },
    };
    findings.push(finding(level, Topic::Credentials, text));
}

/// The database and who may use it.
fn database(observed: &Observed, db: Option<&str>, findings: &mut Vec<Finding>) {
    let user = observed
        .session
        .as_ref()
        .and_then(|session| session.name.clone())
        .unwrap_or_else(|| observed.user.trim().to_owned());
    let named = db.map_or_else(|| "The database".to_owned(), |db| format!("The database “{db}”"));
    match &observed.db {
        DbObservation::Unknown => {}
        DbObservation::Missing => {
            let text = match db {
                None => {
                    "The address names no database: add its name, e.g. https://couch.example.com/hearth.".to_owned()
                }
                Some(db) => format!(
                    "The database “{db}” does not exist: a server admin creates it (`PUT /{db}`, or Fauxton's \
                     Create Database), or sets `[couch_peruser] enable = true` for a database per user."
                ),
            };
            findings.push(finding(Level::Problem, Topic::Database, text));
        }
        DbObservation::Forbidden => {
            findings.push(finding(
                Level::Problem,
                Topic::Access,
                format!(
                    "{named} refused “{user}”: ask its admin to add “{user}” to the members in its `_security` \
                     (`members.names`)."
                ),
            ));
        }
        DbObservation::Found(info) => {
            let name = if info.db_name.is_empty() { db.unwrap_or_default() } else { info.db_name.as_str() };
            findings.push(finding(
                Level::Ok,
                Topic::Database,
                format!("The database “{name}” is there ({} documents).", crate::format::grouped(info.doc_count)),
            ));
            access(observed, &user, &named, findings);
        }
    }
}

/// Who may read and write the database, from its security object.
fn access(observed: &Observed, user: &str, named: &str, findings: &mut Vec<Finding>) {
    let Some(security) = &observed.security else { return };
    let roles = observed.session.as_ref().map(|session| session.roles.clone()).unwrap_or_default();
    let admin = observed.session.as_ref().is_some_and(SessionInfo::is_admin);
    let (level, text) = if security.members.is_empty() {
        (
            Level::Warning,
            format!(
                "{named} has no members, so every user of this server can read and write it. Ask its admin to \
                 set `members.names` to [\"{user}\"] in its `_security`."
            ),
        )
    } else if admin || security.members.admits(user, &roles) || security.admins.admits(user, &roles) {
        (Level::Ok, format!("“{user}” may read and write {}.", lowercase_first(named)))
    } else {
        (
            Level::Problem,
            format!(
                "“{user}” is not among the members of {}: ask its admin to add “{user}” to `members.names` in its \
                 `_security`.",
                lowercase_first(named)
            ),
        )
    };
    findings.push(finding(level, Topic::Access, text));
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_lowercase().chain(chars).collect())
}

#[cfg(test)]
mod tests;
