//! How much an import may unpack from an archive, decided before anything is
//! unpacked: a small archive can claim little and inflate to gigabytes, or
//! claim gigabytes, and either would exhaust the page's memory.
//!
//! Each entry is inflated to at most the size the archive declares for it
//! ([`inflate_limit`]; what inflates past it is damaged, and [`check`] would
//! refuse it anyway), each kind of entry has its own cap, and the entries an
//! import reads together declare at most a total ([`check_total`]). So what
//! an import holds in memory is bounded by numbers it knows before it starts.
//!
//! [`check`]: super::check

use super::Entry;

/// The most the entries one import unpacks may declare together: 1 GiB.
pub const MAX_TOTAL: u64 = 1024 * 1024 * 1024;

/// Why an import refuses to unpack an archive.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnpackRefused {
    /// One entry declares more than its kind may be.
    #[error("{name} would unpack to {} MB, more than the {} MB Hearth reads for it.", mb(*size), mb(*cap))]
    Entry {
        /// The entry's name.
        name: String,
        /// The size it declares.
        size: u64,
        /// The most its kind may be.
        cap: u64,
    },
    /// The entries together declare more than [`MAX_TOTAL`].
    #[error(
        "This archive would unpack to {} MB, more than the {} MB Hearth imports at once. Unzip it and choose conversations.json to import the conversations without their images.",
        mb(*size),
        mb(MAX_TOTAL)
    )]
    Total {
        /// What the entries declare together.
        size: u64,
    },
}

/// `bytes` in whole megabytes (MiB), rounded up.
fn mb(bytes: u64) -> u64 {
    bytes.div_ceil(1024 * 1024)
}

/// The most `entry` may inflate to: the size it declares. `None` when that
/// does not fit in memory's address space here.
pub fn inflate_limit(entry: &Entry) -> Option<usize> {
    usize::try_from(entry.size).ok()
}

/// Whether `entry` declares at most `cap` bytes.
pub fn check_entry(entry: &Entry, cap: u64) -> Result<(), UnpackRefused> {
    if entry.size > cap {
        return Err(UnpackRefused::Entry { name: entry.name.clone(), size: entry.size, cap });
    }
    Ok(())
}

/// Whether `entries` (all an import will unpack) declare at most
/// [`MAX_TOTAL`] together.
pub fn check_total<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> Result<(), UnpackRefused> {
    let size = entries.into_iter().fold(0u64, |sum, entry| sum.saturating_add(entry.size));
    if size > MAX_TOTAL {
        return Err(UnpackRefused::Total { size });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
