//! ZIP archives, both ways.
//!
//! Writing ([`store`]): files stored as they are (method 0, no compression):
//! what a conversation's Markdown export with its images and PDFs is
//! downloaded as. Images and PDFs are compressed already, and storing keeps
//! this a few dozen lines instead of a deflate dependency. Every unzip tool
//! and operating system opens it (APPNOTE.TXT 6.3: local headers, the central
//! directory, its end). Archives over 4 GB or 65,535 files (ZIP64) are not written.
//!
//! Reading ([`read`], [`check`]): the table of contents of an archive someone
//! else made (a ChatGPT data export), with where each entry's bytes are; the
//! shell inflates deflated entries (see the `read` module's documentation).

mod crc;
pub mod limits;
mod read;

pub use crc::crc32;
pub use read::{Archive, Entry, Method, ReadError, SkipReason, Skipped, base_name, check, read};

/// Why an archive was not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZipError {
    /// Over what a plain ZIP holds (4 GB, 65,535 files, a name of 64 KB).
    TooLarge,
}

/// `files` (each a path inside the archive, with `/` between folders, and its
/// bytes) as one ZIP archive, stored without compression. The paths are
/// written as UTF-8 (general purpose flag 11), with a fixed date (1980-01-01),
/// so the same files always make the same archive.
pub fn store(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, ZipError> {
    let count = u16::try_from(files.len()).map_err(|_| ZipError::TooLarge)?;
    let mut out: Vec<u8> = Vec::new();
    let mut central: Vec<u8> = Vec::new();
    for (path, bytes) in files {
        let name = path.as_bytes();
        let name_len = u16::try_from(name.len()).map_err(|_| ZipError::TooLarge)?;
        let size = u32::try_from(bytes.len()).map_err(|_| ZipError::TooLarge)?;
        let offset = u32::try_from(out.len()).map_err(|_| ZipError::TooLarge)?;
        let crc = crc32(bytes);
        // Version needed 2.0, UTF-8 names, stored, time 00:00, date 1980-01-01.
        let common = |buffer: &mut Vec<u8>| {
            buffer.extend_from_slice(&20u16.to_le_bytes());
            buffer.extend_from_slice(&0x0800u16.to_le_bytes());
            buffer.extend_from_slice(&0u16.to_le_bytes());
            buffer.extend_from_slice(&0u16.to_le_bytes());
            buffer.extend_from_slice(&0x0021u16.to_le_bytes());
            buffer.extend_from_slice(&crc.to_le_bytes());
            buffer.extend_from_slice(&size.to_le_bytes());
            buffer.extend_from_slice(&size.to_le_bytes());
            buffer.extend_from_slice(&name_len.to_le_bytes());
            buffer.extend_from_slice(&0u16.to_le_bytes());
        };
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        common(&mut out);
        out.extend_from_slice(name);
        out.extend_from_slice(bytes);

        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes()); // made by: 2.0
        common(&mut central);
        central.extend_from_slice(&0u16.to_le_bytes()); // comment length
        central.extend_from_slice(&0u16.to_le_bytes()); // disk number
        central.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
        central.extend_from_slice(&0u32.to_le_bytes()); // external attributes
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name);
    }
    let central_offset = u32::try_from(out.len()).map_err(|_| ZipError::TooLarge)?;
    let central_size = u32::try_from(central.len()).map_err(|_| ZipError::TooLarge)?;
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&central_size.to_le_bytes());
    out.extend_from_slice(&central_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    Ok(out)
}

#[cfg(test)]
mod tests;
