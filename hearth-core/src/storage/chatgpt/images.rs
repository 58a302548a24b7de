//! The images of a ChatGPT export: which ones `conversations.json` refers to,
//! and which file of the export holds each one.
//!
//! A message refers to an image with an `image_asset_pointer` part:
//! `{"content_type": "image_asset_pointer", "asset_pointer":
//! "file-service://file-AbC123", "size_bytes": …, "width": …, "height": …,
//! "metadata": {"dalle": …}}`. Older pointers are `file-service://file-<id>`
//! (the id letters and digits); newer ones `sediment://file_<32 hex digits>`,
//! sometimes with a query (`?shared_conversation_id=…`). The *file id* is the
//! pointer without its scheme and query: `file-AbC123`, `file_0000…`. An
//! uploaded image is also listed in its message's `metadata.attachments` under
//! the same id, with the name it was uploaded as.
//!
//! The export's .zip holds the images as files named after that id: the id,
//! then `-`, `_` or `.`, then anything (`file-AbC123-photo.jpg`,
//! `file_0000…-<uuid>.png`, `file-AbC123_<uuid>.webp`), at the root or in a
//! folder (`dalle-generations/`, `user-<id>/`, or the whole export inside one
//! folder). So [`file_id_of_entry`] reads the id off a file's name, and
//! [`locate_images`] matches ids, in any folder. DALL·E images of exports from
//! 2024 on are named by a UUID alone (`dalle-generations/<uuid>.webp`); for
//! them the only link is the size, so an image no name matched takes the one
//! file of `dalle-generations/` that no id claimed and whose size is its
//! `size_bytes`, when exactly one image and one file have that size.
//! These rules follow exports as reverse-engineered publicly (convoviz's
//! `docs/dev/chatgpt-spec.md` and asset resolver, chatgpt-export's asset
//! locator, and a published analysis of unnamed DALL·E files); OpenAI
//! documents none of it.
//!
//! The core cannot hash or inflate, so the shell does the middle step: it
//! reads each located file, hashes it into the blob store and describes it as
//! a [`FoundImage`] (see [`FoundImage::sniffed`]); the import then attaches
//! the found ones and names the others in the message's text.

use std::collections::{BTreeMap, HashMap};

use crate::format::media::sniff;
use crate::format::zip;

/// An image `conversations.json` refers to (each file id once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRef {
    /// Its file id (`file-AbC123`, `file_0000…`): the key of the images found.
    pub file_id: String,
    /// The pointer as the export wrote it (`sediment://file_0000…`).
    pub pointer: String,
    /// Its size in bytes as the export says, when it does.
    pub size_bytes: Option<u64>,
    /// Its width in pixels as the export says (0 when it does not).
    pub width: u32,
    /// Its height in pixels as the export says (0 when it does not).
    pub height: u32,
    /// The name it was uploaded as, for an upload (from `metadata.attachments`).
    pub name: Option<String>,
}

/// An image the shell found in the export's files and stored in the blob store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundImage {
    /// The lowercase hex SHA-256 of the stored bytes (the blob store's key).
    pub blob: String,
    /// Their media type (`image/png`, `image/webp`, …).
    pub mime: String,
    /// Their size in bytes.
    pub bytes: u64,
    /// Width in pixels (0 when unknown; the export's own then stands).
    pub width: u32,
    /// Height in pixels (0 when unknown; the export's own then stands).
    pub height: u32,
    /// The file's name in the export (its last path part), used when the
    /// message does not say what the upload was called.
    pub name: String,
}

impl FoundImage {
    /// Describes the image at `path` in the export, whose bytes are `data` and
    /// whose SHA-256 is `blob`, from the bytes themselves (the file name says
    /// nothing reliable: generated images come as `.dat` or with no extension
    /// in some exports). `None` when the bytes are not an image
    /// ([`sniff`]): the shell does not store it and the import names the
    /// image in the text instead. If the shell re-encodes the image before
    /// storing it, it describes what it stored instead.
    pub fn sniffed(blob: String, path: &str, data: &[u8]) -> Option<FoundImage> {
        let sniffed = sniff(data).filter(|sniffed| sniffed.kind.is_image())?;
        let (width, height) = sniffed.size.unwrap_or_default();
        Some(FoundImage {
            blob,
            mime: sniffed.kind.mime().to_owned(),
            bytes: u64::try_from(data.len()).unwrap_or(u64::MAX),
            width,
            height,
            name: zip::base_name(path).to_owned(),
        })
    }
}

/// The schemes image pointers come with.
const SCHEMES: [&str; 2] = ["file-service://", "sediment://"];

/// The file id at the start of `text`: `file-` or `file_` and the letters and
/// digits after it, when what follows is the end, `-`, `_` or `.`.
fn leading_file_id(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("file-").or_else(|| text.strip_prefix("file_"))?;
    let id_len = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
    let boundary = rest.as_bytes().get(id_len).is_none_or(|next| matches!(next, b'-' | b'_' | b'.'));
    (id_len > 0 && boundary).then(|| &text[.."file-".len() + id_len])
}

/// The file id of an image pointer: `file-AbC123` of
/// `file-service://file-AbC123`, `file_0000…` of `sediment://file_0000…?…`.
/// `None` for other schemes and for pointers that hold no file id.
pub fn file_id_of_pointer(pointer: &str) -> Option<&str> {
    let pointer = pointer.trim();
    let rest = SCHEMES.iter().find_map(|scheme| pointer.strip_prefix(scheme))?;
    let id = rest.split(['?', '#', '/']).next().unwrap_or_default();
    leading_file_id(id).filter(|found| found.len() == id.len())
}

/// The file id a file of the export is named after: `file-AbC123` of
/// `dalle-generations/file-AbC123-photo.jpg`, `file_0000abc` of
/// `user-x/file_0000abc-<uuid>.png`; `None` for other names
/// (`conversations.json`, `dalle-generations/<uuid>.webp`).
pub fn file_id_of_entry(path: &str) -> Option<&str> {
    leading_file_id(zip::base_name(path))
}

/// Whether `path` is in a folder named `dalle-generations` (at any depth).
fn in_dalle_folder(path: &str) -> bool {
    let mut folders = path.split(['/', '\\']).rev().skip(1);
    folders.any(|folder| folder == "dalle-generations")
}

/// How much a file looks like an image by its extension (lower is more):
/// image extensions, then `.dat` or none, then anything else.
fn extension_rank(path: &str) -> u8 {
    let name = zip::base_name(path);
    let extension = name.rsplit_once('.').map(|(_, extension)| extension.to_ascii_lowercase());
    match extension.as_deref() {
        Some("png" | "jpg" | "jpeg" | "webp" | "gif" | "heic" | "heif" | "avif") => 0,
        None | Some("dat") => 1,
        Some(_) => 2,
    }
}

/// Which of `files` (each a path in the export and its size in bytes) holds
/// each of `images`: file id → index in `files`. A file named after the id
/// (see [`file_id_of_entry`]) comes first; among several, the one with an
/// image extension, then the shallowest path, then the first in name order.
/// An image no name matched then takes a `dalle-generations/` file by size
/// (see the module documentation). Images not in the map were not found.
pub fn locate_images<'a>(
    images: &[ImageRef],
    files: impl IntoIterator<Item = (&'a str, u64)>,
) -> BTreeMap<String, usize> {
    let files: Vec<(&str, u64)> = files.into_iter().collect();
    let mut by_id: HashMap<&str, usize> = HashMap::new();
    for (index, (path, _)) in files.iter().enumerate() {
        let Some(id) = file_id_of_entry(path) else { continue };
        let rank = |index: usize| {
            let path = files[index].0;
            (extension_rank(path), path.split(['/', '\\']).count(), path)
        };
        let best = by_id.entry(id).or_insert(index);
        if rank(index) < rank(*best) {
            *best = index;
        }
    }

    let mut located = BTreeMap::new();
    let mut unmatched_sizes: HashMap<u64, Vec<&str>> = HashMap::new();
    for image in images {
        match by_id.get(image.file_id.as_str()) {
            Some(&index) => {
                located.insert(image.file_id.clone(), index);
            }
            None => {
                if let Some(size) = image.size_bytes {
                    unmatched_sizes.entry(size).or_default().push(&image.file_id);
                }
            }
        }
    }
    let mut unnamed_sizes: HashMap<u64, Vec<usize>> = HashMap::new();
    for (index, (path, size)) in files.iter().enumerate() {
        if in_dalle_folder(path) && file_id_of_entry(path).is_none() {
            unnamed_sizes.entry(*size).or_default().push(index);
        }
    }
    for (size, ids) in unmatched_sizes {
        if let ([id], Some([index])) = (ids.as_slice(), unnamed_sizes.get(&size).map(Vec::as_slice)) {
            located.insert((*id).to_owned(), *index);
        }
    }
    located
}

/// The export's `conversations.json` among `entries`: the one nearest the
/// root, when the export was zipped inside a folder.
pub fn find_conversations(entries: &[zip::Entry]) -> Option<&zip::Entry> {
    entries
        .iter()
        .filter(|entry| entry.file_name() == "conversations.json")
        .min_by_key(|entry| (entry.name.split(['/', '\\']).count(), entry.name.as_str()))
}

/// An image part of a message, as read from the export.
#[derive(Debug, Clone, Default)]
pub(super) struct ImagePart {
    pub(super) pointer: String,
    pub(super) file_id: Option<String>,
    pub(super) size_bytes: Option<u64>,
    pub(super) width: u32,
    pub(super) height: u32,
}

impl ImagePart {
    /// The part, when `part` is an `image_asset_pointer`.
    pub(super) fn read(part: &serde_json::Value) -> Option<ImagePart> {
        if part.get("content_type").and_then(serde_json::Value::as_str) != Some("image_asset_pointer") {
            return None;
        }
        let number = |field: &str| part.get(field).and_then(serde_json::Value::as_u64);
        let pixels = |field: &str| number(field).and_then(|n| u32::try_from(n).ok()).unwrap_or_default();
        let pointer = part.get("asset_pointer").and_then(serde_json::Value::as_str).unwrap_or_default().trim();
        Some(ImagePart {
            pointer: pointer.to_owned(),
            file_id: file_id_of_pointer(pointer).map(str::to_owned),
            size_bytes: number("size_bytes"),
            width: pixels("width"),
            height: pixels("height"),
        })
    }

    /// What the text says in place of the image when its file was not found:
    /// `[Image not included in this import: “photo.jpg”, file-AbC123 (1024 × 768)]`.
    pub(super) fn reference(&self, name: Option<&str>) -> String {
        let id = self.file_id.as_deref().unwrap_or(&self.pointer);
        let mut what: Vec<String> = Vec::new();
        if let Some(name) = name.map(str::trim).filter(|name| !name.is_empty()) {
            what.push(format!("“{name}”"));
        }
        if !id.is_empty() {
            what.push(id.to_owned());
        }
        let mut text = String::from("[Image not included in this import");
        if !what.is_empty() {
            text.push_str(": ");
            text.push_str(&what.join(", "));
        }
        if self.width > 0 && self.height > 0 {
            text.push_str(&format!(" ({} × {})", self.width, self.height));
        }
        text.push(']');
        text
    }
}
