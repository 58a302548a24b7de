//! WebCrypto for the API key lock (and SHA-256 for OAuth sign-ins): random bytes, PBKDF2-SHA-256 from the
//! passphrase to an AES-GCM 256 key, and sealing and opening with it. What is
//! sealed, and when, is decided in `hearth_core::storage::key_lock`; this is
//! the browser's side only. Nothing here logs a passphrase, a key or a
//! plaintext.

use std::fmt;

use hearth_core::storage::key_lock::{IV_LEN, KEY_LEN, KdfParams};
use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CryptoKey, SubtleCrypto};

/// Why a cryptographic step failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CryptoError {
    /// The browser has no WebCrypto here (an insecure context, an old browser).
    Unavailable,
    /// Opening failed: the key is not the one that sealed it (a wrong
    /// passphrase), or the sealed data was changed.
    WrongKey,
    /// The browser refused a step; its words.
    Failed(String),
}

impl fmt::Display for CryptoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CryptoError::Unavailable => write!(
                f,
                "This browser cannot encrypt here (WebCrypto needs https:// or localhost), so keys cannot be locked."
            ),
            CryptoError::WrongKey => write!(f, "That passphrase does not open the keys."),
            CryptoError::Failed(detail) => write!(f, "The browser could not encrypt or decrypt: {detail}"),
        }
    }
}

fn failed(error: JsValue) -> CryptoError {
    let detail = error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_owned());
    CryptoError::Failed(detail)
}

fn crypto() -> Result<web_sys::Crypto, CryptoError> {
    web_sys::window().and_then(|window| window.crypto().ok()).ok_or(CryptoError::Unavailable)
}

fn subtle() -> Result<SubtleCrypto, CryptoError> {
    let subtle = crypto()?.subtle();
    // `crypto.subtle` is undefined outside secure contexts.
    if JsValue::from(subtle.clone()).is_undefined() {
        return Err(CryptoError::Unavailable);
    }
    Ok(subtle)
}

/// `N` random bytes from the browser's CSPRNG (a salt, an IV).
pub(crate) fn random_bytes<const N: usize>() -> Result<[u8; N], CryptoError> {
    let mut bytes = [0u8; N];
    crypto()?.get_random_values_with_u8_array(&mut bytes).map_err(failed)?;
    Ok(bytes)
}

fn object(entries: &[(&str, JsValue)]) -> Result<Object, CryptoError> {
    let object = Object::new();
    for (name, value) in entries {
        Reflect::set(&object, &JsValue::from_str(name), value).map_err(failed)?;
    }
    Ok(object)
}

fn bytes(data: &[u8]) -> Object {
    Uint8Array::from(data).into()
}

fn usages(names: &[&str]) -> JsValue {
    names.iter().map(|name| JsValue::from_str(name)).collect::<Array>().into()
}

/// An AES-GCM key derived from the passphrase, with its raw bytes (kept only
/// in memory, and shared with the other open tabs, see `io::key_session`).
#[derive(Clone)]
pub(crate) struct AesKey {
    key: CryptoKey,
    raw: [u8; KEY_LEN],
}

impl fmt::Debug for AesKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AesKey(redacted)")
    }
}

/// Awaits a WebCrypto call (every step shares this one future).
async fn settle(call: Result<js_sys::Promise, JsValue>) -> Result<JsValue, JsValue> {
    JsFuture::from(call?).await
}

/// Imports `raw` as a key for `algorithm` (non-extractable), for `usages`.
async fn import(raw: &[u8], algorithm: &str, usages: &[&str]) -> Result<CryptoKey, CryptoError> {
    let algorithm = object(&[("name", algorithm.into())])?;
    let call = subtle()?.import_key_with_object("raw", &bytes(raw), &algorithm, false, &self::usages(usages));
    Ok(settle(call).await.map_err(failed)?.unchecked_into())
}

impl AesKey {
    /// The key's raw bytes.
    pub(crate) fn raw(&self) -> &[u8; KEY_LEN] {
        &self.raw
    }

    /// Imports raw key bytes (another tab's answer) as an AES-GCM key.
    pub(crate) async fn from_raw(raw: [u8; KEY_LEN]) -> Result<Self, CryptoError> {
        let key = import(&raw, "AES-GCM", &["encrypt", "decrypt"]).await?;
        Ok(Self { key, raw })
    }

    /// Derives the key from `passphrase` with PBKDF2-SHA-256.
    pub(crate) async fn derive(passphrase: &str, params: &KdfParams) -> Result<Self, CryptoError> {
        // NFC, so the same passphrase typed on another keyboard or system opens it.
        let passphrase = String::from(js_sys::JsString::from(passphrase).normalize("NFC"));
        let base = import(passphrase.as_bytes(), "PBKDF2", &["deriveBits"]).await?;
        let algorithm = object(&[
            ("name", "PBKDF2".into()),
            ("hash", "SHA-256".into()),
            ("salt", bytes(&params.salt).into()),
            ("iterations", params.iterations.into()),
        ])?;
        let bits =
            settle(subtle()?.derive_bits_with_object(&algorithm, &base, (KEY_LEN * 8) as u32)).await.map_err(failed)?;
        let raw: [u8; KEY_LEN] = Uint8Array::new(&bits)
            .to_vec()
            .try_into()
            .map_err(|_| CryptoError::Failed("the derived key has the wrong length".to_owned()))?;
        Self::from_raw(raw).await
    }

    /// Seals `plaintext` under `iv` (fresh for every call): ciphertext and tag.
    pub(crate) async fn seal(&self, iv: &[u8; IV_LEN], plaintext: &[u8]) -> Result<Vec<u8>, CryptoError> {
        self.aes_gcm(true, iv, plaintext).await
    }

    /// Opens what [`AesKey::seal`] made; a wrong key or changed data is
    /// [`CryptoError::WrongKey`].
    pub(crate) async fn open(&self, iv: &[u8; IV_LEN], sealed: &[u8]) -> Result<Vec<u8>, CryptoError> {
        self.aes_gcm(false, iv, sealed).await
    }

    /// [`AesKey::seal`] binding `additional` (authenticated, not
    /// encrypted: sync binds a document's body to its id on the server).
    pub(crate) async fn seal_bound(
        &self,
        iv: &[u8; IV_LEN],
        plaintext: &[u8],
        additional: &[u8],
    ) -> Result<Vec<u8>, CryptoError> {
        self.aes_gcm_bound(true, iv, plaintext, Some(additional)).await
    }

    /// Opens what [`AesKey::seal_bound`] made with the same `additional`.
    pub(crate) async fn open_bound(
        &self,
        iv: &[u8; IV_LEN],
        sealed: &[u8],
        additional: &[u8],
    ) -> Result<Vec<u8>, CryptoError> {
        self.aes_gcm_bound(false, iv, sealed, Some(additional)).await
    }

    /// AES-GCM encryption (`encrypt`) or decryption of `data` under `iv`.
    async fn aes_gcm(&self, encrypt: bool, iv: &[u8; IV_LEN], data: &[u8]) -> Result<Vec<u8>, CryptoError> {
        self.aes_gcm_bound(encrypt, iv, data, None).await
    }

    /// AES-GCM with optional additional authenticated data.
    async fn aes_gcm_bound(
        &self,
        encrypt: bool,
        iv: &[u8; IV_LEN],
        data: &[u8],
        additional: Option<&[u8]>,
    ) -> Result<Vec<u8>, CryptoError> {
        let mut entries = vec![("name", JsValue::from("AES-GCM")), ("iv", bytes(iv).into())];
        if let Some(additional) = additional {
            entries.push(("additionalData", bytes(additional).into()));
        }
        let algorithm = object(&entries)?;
        let subtle = subtle()?;
        let call = if encrypt {
            subtle.encrypt_with_object_and_u8_array(&algorithm, &self.key, data)
        } else {
            subtle.decrypt_with_object_and_u8_array(&algorithm, &self.key, data)
        };
        match settle(call).await {
            Ok(done) => Ok(Uint8Array::new(&done).to_vec()),
            // WebCrypto reports a failed tag check as an `OperationError`.
            Err(error)
                if !encrypt
                    && Reflect::get(&error, &"name".into()).ok().and_then(|n| n.as_string()).as_deref()
                        == Some("OperationError") =>
            {
                Err(CryptoError::WrongKey)
            }
            Err(error) => Err(failed(error)),
        }
    }
}

/// An HMAC-SHA-256 key (sync's document ids under end-to-end encryption).
#[derive(Clone)]
pub(crate) struct HmacKey {
    key: CryptoKey,
}

impl fmt::Debug for HmacKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HmacKey(redacted)")
    }
}

impl HmacKey {
    /// Imports `raw` as an HMAC-SHA-256 signing key (non-extractable).
    pub(crate) async fn from_raw(raw: &[u8]) -> Result<Self, CryptoError> {
        let algorithm = object(&[("name", "HMAC".into()), ("hash", "SHA-256".into())])?;
        let call = subtle()?.import_key_with_object("raw", &bytes(raw), &algorithm, false, &usages(&["sign"]));
        Ok(Self { key: settle(call).await.map_err(failed)?.unchecked_into() })
    }

    /// The MAC of `data`.
    pub(crate) async fn sign(&self, data: &[u8]) -> Result<Vec<u8>, CryptoError> {
        let call = subtle()?.sign_with_str_and_u8_array("HMAC", &self.key, data);
        Ok(Uint8Array::new(&settle(call).await.map_err(failed)?).to_vec())
    }
}

/// The SHA-256 of `data` (a PKCE verifier's, for its challenge).
pub(crate) async fn sha256(data: &[u8]) -> Result<Vec<u8>, CryptoError> {
    let promise = subtle()?.digest_with_str_and_u8_array("SHA-256", data).map_err(failed)?;
    let digest = JsFuture::from(promise).await.map_err(failed)?;
    Ok(Uint8Array::new(&digest).to_vec())
}
