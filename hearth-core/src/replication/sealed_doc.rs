//! The shape of end-to-end encrypted documents.
//!
//! With end-to-end encryption on, the server holds nothing it can read. The
//! shell does the cryptography with WebCrypto: an AES-GCM 256 key derived
//! with PBKDF2-SHA-256 from the sync passphrase (the key lock's derivation,
//! [`KdfParams`]), and an HMAC-SHA-256 key for ids. This module holds what
//! is decided without them:
//! - a document's id on the server is `e:` and the hex HMAC of its plain id
//!   ([`sealed_id`], [`hmac_input`]): it reveals neither the record's id, nor
//!   its kind, nor which conversation a message belongs to;
//! - its body is `{"e2e": 1, "iv": "<base64>", "data": "<base64>"}`
//!   ([`sealed_body`], [`read_sealed`]) and nothing else: no type, no id, no
//!   time. What is sealed ([`plaintext`]) is the plain id and the body
//!   together, so the receiver learns which record it is; the AES-GCM
//!   additional data ([`additional_data`]) binds it to its id on the server,
//!   so the server cannot pass one document off as another;
//! - the key check, the document [`KEY_CHECK_ID`] (its id is fixed and not
//!   secret): the derivation's parameters (salt and iterations) and
//!   [`KEY_CHECK_TEXT`] sealed with the key ([`key_check_body`],
//!   [`read_key_check`]), so that another device derives the key from the
//!   passphrase and checks it (AES-GCM's tag fails with a wrong key) before
//!   it reads or writes anything.

#[cfg(test)]
mod tests;

use serde_json::{Map, Value};

use super::doc::{Body, canonical, parse_doc_id};
use crate::format::base64;
use crate::format::sealed::{IV_LEN, Sealed, TAG_LEN};
use crate::storage::key_lock::{KDF, KdfParams, KeyLock, KeyLockError};

/// A sealed body's field that marks it sealed, with the format's version.
pub const E2E_FIELD: &str = "e2e";
/// The version of the sealed format, the value of [`E2E_FIELD`].
pub const SEALED_TYPE: u64 = 1;
/// The prefix of a sealed document's id on the server.
pub const SEALED_ID_PREFIX: &str = "e:";
/// The key check's document id (fixed, not secret).
pub const KEY_CHECK_ID: &str = "hearth-e2e";
/// The known text the key check seals.
pub const KEY_CHECK_TEXT: &str = "hearth-sync-e2e-v1";
/// The key check's version, its `version` field.
pub const KEY_CHECK_VERSION: u64 = 1;

/// Domain separation for the HMAC of a plain id.
const ID_CONTEXT: &[u8] = b"hearth-e2e-id\n";
/// Domain separation for the additional data of a sealed body.
const DOC_CONTEXT: &[u8] = b"hearth-e2e-doc\n";

/// Why a sealed document or the key check cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SealedError {
    /// The body is not a sealed one.
    #[error("the document is not end-to-end encrypted")]
    NotSealed,
    /// Sealed in a format this version does not know.
    #[error("the document is encrypted in a newer format ({0})")]
    Version(String),
    /// A part is not base64 of the right length.
    #[error("the encrypted document's {0} is damaged")]
    Damaged(&'static str),
    /// What was opened is not a plain id and a body.
    #[error("the opened document cannot be read: {0}")]
    Plaintext(String),
    /// The key check cannot be used.
    #[error("{0}")]
    KeyCheck(#[from] KeyLockError),
}

/// The body of a sealed document: the IV and the ciphertext (with its tag)
/// WebCrypto's AES-GCM returned, base64, and the format's mark.
pub fn sealed_body(iv: &[u8], ciphertext: &[u8]) -> Body {
    let mut body = Map::new();
    body.insert(E2E_FIELD.to_owned(), Value::from(SEALED_TYPE));
    body.insert("iv".to_owned(), Value::from(base64::encode(iv)));
    body.insert("data".to_owned(), Value::from(base64::encode(ciphertext)));
    body
}

/// The IV and the ciphertext (with its tag) of a sealed body, checked: the
/// mark and its version, an IV of [`IV_LEN`] bytes, data at least a tag
/// long. Other fields (CouchDB's `_id`, `_rev`, …) are ignored.
pub fn read_sealed(body: &Body) -> Result<(Vec<u8>, Vec<u8>), SealedError> {
    match body.get(E2E_FIELD) {
        None => return Err(SealedError::NotSealed),
        Some(mark) if mark.as_u64() == Some(SEALED_TYPE) => {}
        Some(mark) => return Err(SealedError::Version(mark.to_string())),
    }
    let bytes = |field: &str| body.get(field).and_then(Value::as_str).and_then(base64::decode);
    let iv = bytes("iv").filter(|iv| iv.len() == IV_LEN).ok_or(SealedError::Damaged("IV"))?;
    let data = bytes("data").filter(|data| data.len() >= TAG_LEN).ok_or(SealedError::Damaged("data"))?;
    Ok((iv, data))
}

/// What is sealed for the document `doc_id` (its plain id) with `body`:
/// the canonical JSON of `{"id": doc_id, "body": body}`.
pub fn plaintext(doc_id: &str, body: &Body) -> Vec<u8> {
    let mut wrapped = Map::new();
    wrapped.insert("id".to_owned(), Value::from(doc_id));
    wrapped.insert("body".to_owned(), Value::Object(body.clone()));
    canonical(&Value::Object(wrapped)).into_bytes()
}

/// The plain id and the body sealed in `bytes` (opened), checked: the id is
/// a Hearth document's.
pub fn open_plaintext(bytes: &[u8]) -> Result<(String, Body), SealedError> {
    let bad = |why: &str| SealedError::Plaintext(why.to_owned());
    let value: Value = serde_json::from_slice(bytes).map_err(|error| SealedError::Plaintext(error.to_string()))?;
    let Value::Object(mut wrapped) = value else { return Err(bad("it is not an object")) };
    let Some(Value::String(id)) = wrapped.remove("id") else { return Err(bad("it names no document")) };
    if parse_doc_id(&id).is_none() {
        return Err(SealedError::Plaintext(format!("“{id}” is not the id of a Hearth document")));
    }
    let Some(Value::Object(body)) = wrapped.remove("body") else { return Err(bad("it holds no body")) };
    Ok((id, body))
}

/// The AES-GCM additional data of the document whose id on the server is
/// `server_id`: opening it under any other id fails.
pub fn additional_data(server_id: &str) -> Vec<u8> {
    [DOC_CONTEXT, server_id.as_bytes()].concat()
}

/// What the HMAC of the plain id `doc_id` is taken over.
pub fn hmac_input(doc_id: &str) -> Vec<u8> {
    [ID_CONTEXT, doc_id.as_bytes()].concat()
}

/// A sealed document's id on the server: `e:` and the HMAC in hex.
pub fn sealed_id(hmac_hex: &str) -> String {
    format!("{SEALED_ID_PREFIX}{hmac_hex}")
}

/// Whether `id` is a sealed document's id on the server.
pub fn is_sealed_id(id: &str) -> bool {
    id.strip_prefix(SEALED_ID_PREFIX).is_some_and(|hex| !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The key check's body: `version`, then the key lock's shape (`kdf`,
/// `iterations`, `salt` base64, and `check`: [`KEY_CHECK_TEXT`] sealed with
/// the derived key, its IV and ciphertext base64).
pub fn key_check_body(params: &KdfParams, iv: &[u8], ciphertext: &[u8]) -> Body {
    let mut check = Map::new();
    check.insert("iv".to_owned(), Value::from(base64::encode(iv)));
    check.insert("data".to_owned(), Value::from(base64::encode(ciphertext)));
    let mut body = Map::new();
    body.insert("version".to_owned(), Value::from(KEY_CHECK_VERSION));
    body.insert("kdf".to_owned(), Value::from(KDF));
    body.insert("iterations".to_owned(), Value::from(params.iterations));
    body.insert("salt".to_owned(), Value::from(base64::encode(&params.salt)));
    body.insert("check".to_owned(), Value::Object(check));
    body
}

/// The derivation's parameters, and the check's IV and ciphertext, checked as
/// the key lock's are (a known KDF, iterations Hearth accepts, a salt long
/// enough, an IV and a ciphertext of the right lengths).
pub fn read_key_check(body: &Body) -> Result<(KdfParams, Vec<u8>, Vec<u8>), SealedError> {
    match body.get("version") {
        Some(version) if version.as_u64() == Some(KEY_CHECK_VERSION) => {}
        Some(version) => return Err(SealedError::Version(version.to_string())),
        None => return Err(SealedError::Damaged("key check's version")),
    }
    let lock = KeyLock::from_value(&Value::Object(body.clone()))?;
    let params = lock.params()?;
    let check: &Sealed = &lock.check;
    let iv = check.iv().map_err(KeyLockError::from)?.to_vec();
    let data = check.data().map_err(KeyLockError::from)?;
    Ok((params, iv, data))
}
