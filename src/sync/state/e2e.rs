//! End-to-end encryption of synced documents: a key derived from the sync
//! passphrase (PBKDF2, as the key lock's), checked against the server's
//! `hearth-e2e` document before anything is read or written; bodies sealed
//! with AES-GCM bound to their id on the server, and ids that are an HMAC of
//! the plain id, so the server sees neither a record's id, its kind, nor
//! which conversation a message belongs to. The shapes are
//! `hearth_core::replication::sealed_doc`'s; the cryptography `io::crypto`'s.

use std::cell::RefCell;
use std::collections::HashMap;

use hearth_core::replication::sealed_doc;
use hearth_core::storage::key_lock::{DEFAULT_ITERATIONS, IV_LEN, KdfParams, SALT_LEN};
use serde_json::{Map, Value};

use crate::i18n::{Arg, tr, tr_with};
use crate::io::couch::CouchServer;
use crate::io::crypto::{AesKey, HmacKey, random_bytes, sha256};

/// Why the keys could not be had.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum E2eError {
    /// The passphrase does not open the server's documents.
    WrongPassphrase,
    /// The server's key check cannot be read (damaged, or a newer Hearth's).
    Damaged(String),
    /// The browser cannot encrypt, or a request failed: words.
    Failed(String),
}

impl std::fmt::Display for E2eError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            E2eError::WrongPassphrase => f.write_str(tr("That sync passphrase does not open this database's documents. Type the passphrase you chose on your first device (a lost passphrase cannot be recovered: the server's copy stays unreadable).")),
            E2eError::Damaged(why) => f.write_str(&tr_with("sync-encryption-check-damaged", &[("why", Arg::Text(why))], || {
                format!("The database's encryption check cannot be read ({why}).")
            })),
            E2eError::Failed(why) => write!(f, "{why}"),
        }
    }
}

/// The keys of one database, for the page's life.
pub(super) struct Keys {
    aes: AesKey,
    hmac: HmacKey,
    ids: RefCell<HashMap<String, String>>,
    /// Taken into every revision id (see `replication::local`), so that the
    /// ids the server sees are no hashes of plaintext.
    pub(super) salt: String,
}

/// The key check's id on the server (not secret).
pub(super) const KEY_CHECK_ID: &str = sealed_doc::KEY_CHECK_ID;

impl Keys {
    /// Derives the keys from `passphrase` with the database's parameters,
    /// checking them against its key check; a database without one gets one
    /// (this is the first device).
    pub(super) async fn unlock(server: &CouchServer, passphrase: &str) -> Result<Keys, E2eError> {
        let failed = |why: String| E2eError::Failed(why);
        let path = format!("/{}", crate::io::couch::percent(KEY_CHECK_ID));
        let answer = server.db_request("GET", &path, None, None).await.map_err(|e| failed(e.to_string()))?;
        if answer.status == 404 {
            let salt: [u8; SALT_LEN] = random_bytes().map_err(|e| failed(e.to_string()))?;
            let params = KdfParams { salt: salt.to_vec(), iterations: DEFAULT_ITERATIONS };
            let keys = Self::derive(passphrase, &params).await?;
            let iv: [u8; IV_LEN] = random_bytes().map_err(|e| failed(e.to_string()))?;
            let sealed =
                keys.aes.seal(&iv, sealed_doc::KEY_CHECK_TEXT.as_bytes()).await.map_err(|e| failed(e.to_string()))?;
            let body = sealed_doc::key_check_body(&params, &iv, &sealed);
            let put = server
                .db_request("PUT", &path, Some(Value::Object(body).to_string()), None)
                .await
                .map_err(|e| failed(e.to_string()))?;
            return match put.status {
                200..=299 => Ok(keys),
                // Another device made it at the same moment: read theirs.
                409 => Box::pin(Self::unlock(server, passphrase)).await,
                status => Err(failed(tr_with(
                    "sync-encryption-check-refused",
                    &[("status", Arg::Text(&status.to_string()))],
                    || format!("the server refused the encryption check (status {status})"),
                ))),
            };
        }
        if !answer.ok() {
            return Err(failed(tr_with(
                "sync-encryption-check-answered",
                &[("status", Arg::Text(&answer.status.to_string()))],
                || format!("the server answered {} for the encryption check", answer.status),
            )));
        }
        let body: Map<String, Value> =
            serde_json::from_str(&answer.body).map_err(|e| E2eError::Damaged(e.to_string()))?;
        let (params, iv, sealed) = sealed_doc::read_key_check(&body).map_err(|e| E2eError::Damaged(e.to_string()))?;
        let keys = Self::derive(passphrase, &params).await?;
        let iv: [u8; IV_LEN] = iv.try_into().map_err(|_| E2eError::Damaged(tr("a bad IV").to_owned()))?;
        match keys.aes.open(&iv, &sealed).await {
            Ok(text) if text == sealed_doc::KEY_CHECK_TEXT.as_bytes() => Ok(keys),
            _ => Err(E2eError::WrongPassphrase),
        }
    }

    async fn derive(passphrase: &str, params: &KdfParams) -> Result<Keys, E2eError> {
        let failed = |e: crate::io::crypto::CryptoError| E2eError::Failed(e.to_string());
        let aes = AesKey::derive(passphrase, params).await.map_err(failed)?;
        let mut seed = aes.raw().to_vec();
        seed.extend_from_slice(b"hearth-sync-ids");
        let hmac = HmacKey::from_raw(&sha256(&seed).await.map_err(failed)?).await.map_err(failed)?;
        let salt = hearth_core::format::md5::hex(&hmac.sign(b"hearth-sync-revisions").await.map_err(failed)?);
        Ok(Keys { aes, hmac, ids: RefCell::new(HashMap::new()), salt })
    }

    /// The id on the server of the document `plain`.
    pub(super) async fn server_id(&self, plain: &str) -> Result<String, E2eError> {
        if let Some(id) = self.ids.borrow().get(plain) {
            return Ok(id.clone());
        }
        let mac = self.hmac.sign(&sealed_doc::hmac_input(plain)).await.map_err(|e| E2eError::Failed(e.to_string()))?;
        let id = sealed_doc::sealed_id(&hearth_core::format::md5::hex(&mac));
        self.ids.borrow_mut().insert(plain.to_owned(), id.clone());
        Ok(id)
    }

    /// `body` of `plain`, sealed for the server's `id`.
    pub(super) async fn seal(
        &self,
        id: &str,
        plain: &str,
        body: &Map<String, Value>,
    ) -> Result<Map<String, Value>, E2eError> {
        let iv: [u8; IV_LEN] = random_bytes().map_err(|e| E2eError::Failed(e.to_string()))?;
        let sealed = self
            .aes
            .seal_bound(&iv, &sealed_doc::plaintext(plain, body), &sealed_doc::additional_data(id))
            .await
            .map_err(|e| E2eError::Failed(e.to_string()))?;
        Ok(sealed_doc::sealed_body(&iv, &sealed))
    }

    /// The plain id and body of a sealed document fetched as `id`.
    pub(super) async fn open(
        &self,
        id: &str,
        body: &Map<String, Value>,
    ) -> Result<(String, Map<String, Value>), E2eError> {
        let (iv, data) = sealed_doc::read_sealed(body).map_err(|e| E2eError::Damaged(e.to_string()))?;
        let iv: [u8; IV_LEN] = iv.try_into().map_err(|_| E2eError::Damaged(tr("a bad IV").to_owned()))?;
        let text = self
            .aes
            .open_bound(&iv, &data, &sealed_doc::additional_data(id))
            .await
            .map_err(|_| E2eError::WrongPassphrase)?;
        let (plain, body) = sealed_doc::open_plaintext(&text).map_err(|e| E2eError::Damaged(e.to_string()))?;
        self.ids.borrow_mut().insert(plain.clone(), id.to_owned());
        Ok((plain, body))
    }
}
