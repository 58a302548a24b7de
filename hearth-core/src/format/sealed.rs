//! A value sealed with AES-GCM, as stored: the IV and the ciphertext with its
//! tag, both base64. The key lock (`storage::key_lock`) seals API keys and MCP
//! servers' secrets in this form; here so that the records of every layer can
//! hold one.

use serde::{Deserialize, Serialize};

use super::base64::{decode, encode};

/// Bytes of an AES-GCM IV.
pub const IV_LEN: usize = 12;
/// Bytes of the AES-GCM tag at the end of every ciphertext.
pub const TAG_LEN: usize = 16;

/// A part of a [`Sealed`] value that is not base64 of the right length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the key lock's {0} is damaged")]
pub struct Damaged(pub &'static str);

/// A value sealed with AES-GCM: the IV and the ciphertext with its tag, base64.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    /// The 12-byte IV, base64.
    pub iv: String,
    /// Ciphertext followed by the 16-byte tag, base64.
    pub data: String,
}

impl Sealed {
    /// Wraps what WebCrypto's AES-GCM encryption returned for `iv`.
    pub fn new(iv: &[u8; IV_LEN], ciphertext_and_tag: &[u8]) -> Self {
        Self { iv: encode(iv), data: encode(ciphertext_and_tag) }
    }

    /// The IV, checked.
    pub fn iv(&self) -> Result<[u8; IV_LEN], Damaged> {
        let bytes = decode(&self.iv).ok_or(Damaged("IV"))?;
        bytes.try_into().map_err(|_| Damaged("IV"))
    }

    /// The ciphertext and tag, checked to hold at least a tag.
    pub fn data(&self) -> Result<Vec<u8>, Damaged> {
        let bytes = decode(&self.data).ok_or(Damaged("sealed data"))?;
        if bytes.len() < TAG_LEN {
            return Err(Damaged("sealed data"));
        }
        Ok(bytes)
    }
}
