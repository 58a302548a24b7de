//! Reading a ZIP archive's table of contents: what a ChatGPT data export
//! arrives as (`conversations.json` and the images beside it).
//!
//! The reader lists the entries and where each one's bytes are; it never
//! decompresses. Exports deflate their files (method 8) and the shell inflates
//! them with the browser's `DecompressionStream("deflate-raw")`, which costs
//! no code here and no inflater in the download; [`check`] then verifies what
//! came out against the size and CRC-32 the archive recorded.
//!
//! What is read (APPNOTE.TXT 6.3): the end of central directory record, found
//! by searching backwards from the end (an archive comment may follow it);
//! the central directory's entries; and each entry's local header, whose own
//! name and extra field lengths (which may differ from the central ones) say
//! where its data starts. Sizes, CRC and method come from the central
//! directory, so entries written with a data descriptor (flag bit 3, sizes
//! zero in the local header) read like any other.
//!
//! What is refused: ZIP64 archives and archives split over several files (the
//! whole archive, with [`ReadError`]); entries that are encrypted, ZIP64,
//! damaged, or named with a `..` component or an absolute path (each left out
//! and listed in [`Archive::skipped`] with its [`SkipReason`], so one bad entry
//! does not lose the others). Folders are not entries. Any bytes at all give
//! an answer, never a panic: every offset and length is checked before use.

#[cfg(test)]
mod tests;

use std::ops::Range;

use super::crc::crc32;

/// How an entry's bytes are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Method 0: the bytes as they are.
    Stored,
    /// Method 8: raw deflate (the shell inflates it as `deflate-raw`).
    Deflated,
    /// Any other method, by number (the reader lists it; nothing here reads it).
    Other(u16),
}

impl Method {
    fn of(number: u16) -> Method {
        match number {
            0 => Method::Stored,
            8 => Method::Deflated,
            other => Method::Other(other),
        }
    }
}

/// One file of the archive and where its bytes are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its path in the archive, with `/` between folders: UTF-8 when the
    /// archive says so (flag bit 11), else read as UTF-8 with any invalid
    /// bytes replaced (names in exports are ASCII; an old CP437 name stays
    /// recognisable rather than being decoded exactly).
    pub name: String,
    /// How its bytes are stored.
    pub method: Method,
    /// Where its stored (possibly compressed) bytes are in the archive.
    pub range: Range<usize>,
    /// Its size once decompressed, in bytes.
    pub size: u64,
    /// The CRC-32 of its decompressed bytes.
    pub crc32: u32,
}

impl Entry {
    /// The last part of its path: `photo.png` for `dalle-generations/photo.png`.
    pub fn file_name(&self) -> &str {
        base_name(&self.name)
    }
}

/// The last part of an archive path (after the last `/` or `\`).
pub fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// An entry the reader left out, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// Its name, as far as it could be read.
    pub name: String,
    /// Why it was left out.
    pub reason: SkipReason,
}

/// Why an entry was left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SkipReason {
    /// It is encrypted (flag bit 0): its bytes cannot be read without a password.
    #[error("it is encrypted")]
    Encrypted,
    /// Its sizes or offset are in a ZIP64 extra field (a file over 4 GB).
    #[error("it is a ZIP64 entry (over 4 GB)")]
    Zip64,
    /// Its name has a `..` component, starts with `/` or `\` or a drive
    /// letter, or holds a NUL: a path that could point outside a folder.
    #[error("its name is not a safe relative path")]
    UnsafeName,
    /// Its local header is missing or its data runs past where it can be.
    #[error("its data is damaged or outside the archive")]
    Damaged,
}

/// What [`read`] found: the entries, in the central directory's order, and
/// the ones left out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Archive {
    /// The files (folders are not listed).
    pub entries: Vec<Entry>,
    /// Entries left out, each with its reason.
    pub skipped: Vec<Skipped>,
}

impl Archive {
    /// The entry named exactly `name`.
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.name == name)
    }
}

/// Why an archive could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// No end of central directory record: not a ZIP archive, or cut short.
    #[error("This is not a ZIP archive, or it was cut short (its table of contents at the end is missing).")]
    NotZip,
    /// A ZIP64 archive (over 4 GB or 65,535 files).
    #[error(
        "This ZIP archive is in the ZIP64 format (over 4 GB or 65,535 files), which Hearth does not read. Unzip it and choose conversations.json."
    )]
    Zip64,
    /// An archive split over several files.
    #[error(
        "This ZIP archive is split over several files, which Hearth does not read. Unzip it and choose conversations.json."
    )]
    MultiDisk,
    /// The central directory is cut short or lies outside the archive.
    #[error("This ZIP archive is damaged: {0}.")]
    Damaged(&'static str),
}

const END_SIGNATURE: u32 = 0x0605_4b50;
const END_LEN: usize = 22;
const ZIP64_LOCATOR_SIGNATURE: u32 = 0x0706_4b50;
const ZIP64_LOCATOR_LEN: usize = 20;
const CENTRAL_SIGNATURE: u32 = 0x0201_4b50;
const CENTRAL_LEN: usize = 46;
const LOCAL_SIGNATURE: u32 = 0x0403_4b50;
const LOCAL_LEN: usize = 30;
const FLAG_ENCRYPTED: u16 = 1;

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    let field = bytes.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([field[0], field[1]]))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    let field = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([field[0], field[1], field[2], field[3]]))
}

/// Where the end of central directory record starts: the last signature
/// whose comment length reaches exactly to the end, else the last one whose
/// comment fits (a tool that padded or cut the comment). A comment is at
/// most 65,535 bytes, so only the last 65,557 bytes are searched.
fn find_end(bytes: &[u8]) -> Option<usize> {
    let last = bytes.len().checked_sub(END_LEN)?;
    let first = last.saturating_sub(usize::from(u16::MAX));
    let candidates = (first..=last).rev().filter(|&at| u32_at(bytes, at) == Some(END_SIGNATURE));
    let mut fitting = None;
    for at in candidates {
        let comment = usize::from(u16_at(bytes, at + 20)?);
        let end = at + END_LEN + comment;
        if end == bytes.len() {
            return Some(at);
        }
        if end < bytes.len() && fitting.is_none() {
            fitting = Some(at);
        }
    }
    fitting
}

/// Reads the archive's table of contents (see the module documentation for
/// what is read and what is refused). Nothing is decompressed.
pub fn read(bytes: &[u8]) -> Result<Archive, ReadError> {
    let end = find_end(bytes).ok_or(ReadError::NotZip)?;
    let field16 = |offset| u16_at(bytes, end + offset).ok_or(ReadError::NotZip);
    let field32 = |offset| u32_at(bytes, end + offset).ok_or(ReadError::NotZip);
    let (disk, directory_disk) = (field16(4)?, field16(6)?);
    let (on_disk, count) = (field16(8)?, field16(10)?);
    let (directory_size, directory_offset) = (field32(12)?, field32(16)?);

    let has_locator =
        end.checked_sub(ZIP64_LOCATOR_LEN).is_some_and(|at| u32_at(bytes, at) == Some(ZIP64_LOCATOR_SIGNATURE));
    if has_locator
        || count == u16::MAX
        || on_disk == u16::MAX
        || directory_size == u32::MAX
        || directory_offset == u32::MAX
    {
        return Err(ReadError::Zip64);
    }
    if disk != 0 || directory_disk != 0 || on_disk != count {
        return Err(ReadError::MultiDisk);
    }
    let start =
        usize::try_from(directory_offset).map_err(|_| ReadError::Damaged("its table of contents is out of place"))?;
    let size =
        usize::try_from(directory_size).map_err(|_| ReadError::Damaged("its table of contents is out of place"))?;
    let directory = start
        .checked_add(size)
        .filter(|&directory_end| directory_end <= end)
        .and_then(|directory_end| bytes.get(start..directory_end))
        .ok_or(ReadError::Damaged("its table of contents points outside the file"))?;

    let mut archive = Archive::default();
    let mut at = 0;
    for _ in 0..count {
        let central = directory.get(at..).unwrap_or_default();
        if u32_at(central, 0) != Some(CENTRAL_SIGNATURE) || central.len() < CENTRAL_LEN {
            return Err(ReadError::Damaged("its table of contents is cut short"));
        }
        let field16 = |offset| u16_at(central, offset).unwrap_or_default();
        let field32 = |offset| u32_at(central, offset).unwrap_or_default();
        let name_len = usize::from(field16(28));
        let record_len = CENTRAL_LEN + name_len + usize::from(field16(30)) + usize::from(field16(32));
        let raw_name = central
            .get(CENTRAL_LEN..CENTRAL_LEN + name_len)
            .filter(|_| record_len <= central.len())
            .ok_or(ReadError::Damaged("its table of contents is cut short"))?;
        at += record_len;

        let flags = field16(8);
        // UTF-8 when flag bit 11 says so; CP437 by the letter of the format
        // otherwise, read as UTF-8 too (see `Entry::name`): both the same way.
        let name = String::from_utf8_lossy(raw_name).into_owned();
        if name.ends_with('/') || name.ends_with('\\') {
            continue; // a folder
        }
        let described = CentralEntry {
            flags,
            method: field16(10),
            crc32: field32(16),
            compressed: field32(20),
            size: field32(24),
            local_offset: field32(42),
        };
        match entry_range(bytes, start, &name, &described) {
            Ok(range) => archive.entries.push(Entry {
                name,
                method: Method::of(described.method),
                range,
                size: u64::from(described.size),
                crc32: described.crc32,
            }),
            Err(reason) => archive.skipped.push(Skipped { name, reason }),
        }
    }
    Ok(archive)
}

/// An entry as the central directory describes it.
struct CentralEntry {
    flags: u16,
    method: u16,
    crc32: u32,
    compressed: u32,
    size: u32,
    local_offset: u32,
}

/// Where `entry`'s data is, from its local header, or why it is left out.
/// The data must end before the central directory (at `directory_start`).
fn entry_range(
    bytes: &[u8],
    directory_start: usize,
    name: &str,
    entry: &CentralEntry,
) -> Result<Range<usize>, SkipReason> {
    if !is_safe_name(name) {
        return Err(SkipReason::UnsafeName);
    }
    if entry.flags & FLAG_ENCRYPTED != 0 {
        return Err(SkipReason::Encrypted);
    }
    if [entry.compressed, entry.size, entry.local_offset].contains(&u32::MAX) {
        return Err(SkipReason::Zip64);
    }
    if entry.method == 0 && entry.compressed != entry.size {
        return Err(SkipReason::Damaged);
    }
    let local = usize::try_from(entry.local_offset).map_err(|_| SkipReason::Damaged)?;
    let header = bytes.get(local..).unwrap_or_default();
    if u32_at(header, 0) != Some(LOCAL_SIGNATURE) {
        return Err(SkipReason::Damaged);
    }
    let name_len = u16_at(header, 26).ok_or(SkipReason::Damaged)?;
    let extra_len = u16_at(header, 28).ok_or(SkipReason::Damaged)?;
    let compressed = usize::try_from(entry.compressed).map_err(|_| SkipReason::Damaged)?;
    let start =
        local.checked_add(LOCAL_LEN + usize::from(name_len) + usize::from(extra_len)).ok_or(SkipReason::Damaged)?;
    let end = start.checked_add(compressed).ok_or(SkipReason::Damaged)?;
    if end > directory_start || end > bytes.len() {
        return Err(SkipReason::Damaged);
    }
    Ok(start..end)
}

/// Whether `name` is a relative path that stays inside a folder: no `..`
/// component, no leading `/` or `\`, no drive letter (`C:`), no NUL.
fn is_safe_name(name: &str) -> bool {
    let absolute = name.starts_with('/') || name.starts_with('\\');
    let drive = name.as_bytes().get(1) == Some(&b':');
    let parent = name.split(['/', '\\']).any(|part| part == "..");
    !name.is_empty() && !absolute && !drive && !parent && !name.contains('\0')
}

/// Whether `data` (an entry's bytes, inflated when it was deflated) is what
/// the archive recorded: the same size and the same CRC-32.
pub fn check(entry: &Entry, data: &[u8]) -> bool {
    u64::try_from(data.len()).is_ok_and(|len| len == entry.size) && crc32(data) == entry.crc32
}
