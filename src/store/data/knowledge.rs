//! The knowledge bases in backups: a backup carries each base and file as it
//! leaves a device (`hearth_core::knowledge::records`), the files' bytes
//! among its blobs, and their embeddings' bytes too where a base carries
//! them; an import hands them to the knowledge worker, which adds what is
//! not here yet (a base or file already here stays as it is) and reads the
//! files again, embedding them again only when no embeddings came that fit.

use std::collections::HashSet;

use hearth_core::format::base64;
use hearth_core::knowledge::records::carried_file;
use hearth_core::storage::backup::{BlobEntry, StoreContents};

use crate::i18n::{Arg, tr_with};
use crate::io::knowledge::KnowledgeError;
use crate::io::knowledge::records::{self, Arriving};

/// Adds the knowledge bases here, with their files' bytes, to `contents`;
/// nothing when this browser has none.
pub(super) async fn add_to(contents: &mut StoreContents) -> Result<(), KnowledgeError> {
    let Some(here) = records::records().await? else { return Ok(()) };
    let mut carried: HashSet<String> = contents.blobs.iter().map(|blob| blob.id.clone()).collect();
    for file in here.files.iter().filter(|file| carried_file(file).is_some()) {
        if let Some(hash) = file.hash.as_ref().filter(|hash| carried.insert((*hash).clone()))
            && let Some(bytes) = records::file_bytes(&file.id).await?
        {
            contents.blobs.push(blob(hash, &bytes));
        }
        // Its embeddings, when its base carries them (only then are they described).
        if let Some(hash) = file.vectors.as_ref().map(|vectors| &vectors.hash).filter(|hash| !carried.contains(*hash))
            && let Some(bytes) = records::vectors_bytes(&file.id).await?
        {
            carried.insert(hash.clone());
            contents.blobs.push(blob(hash, &bytes));
        }
    }
    contents.knowledge_bases = here.bases;
    contents.knowledge_files = here.files;
    Ok(())
}

fn blob(hash: &str, bytes: &[u8]) -> BlobEntry {
    BlobEntry { id: hash.to_owned(), mime: "application/octet-stream".to_owned(), data: base64::encode(bytes) }
}

/// What a backup's knowledge bases are, in a sentence; `None` without any.
pub(super) fn summary(contents: &StoreContents) -> Option<String> {
    let (bases, files) = (contents.knowledge_bases.len(), contents.knowledge_files.len());
    (bases > 0).then(|| {
        let counts = [("bases", Arg::Number(bases as f64)), ("files", Arg::Number(files as f64))];
        tr_with("store-knowledge-summary", &counts, || {
            format!("Knowledge bases: {bases}, with {files} files (read again here; any already here stays as it is)")
        })
    })
}

/// Hands a backup's knowledge bases and their files' bytes to the worker.
pub(super) async fn restore(contents: &StoreContents) -> Result<(), KnowledgeError> {
    if contents.knowledge_bases.is_empty() && contents.knowledge_files.is_empty() {
        return Ok(());
    }
    let mut arriving = Arriving {
        bases: contents.knowledge_bases.clone(),
        files: contents.knowledge_files.clone(),
        keep_existing: true,
        ..Arriving::default()
    };
    let wanted: HashSet<&String> = arriving.hashes().collect();
    let mut bytes = Vec::new();
    for blob in &contents.blobs {
        if wanted.contains(&blob.id) {
            // Checked when the backup was read (`BlobEntry::is_well_formed`).
            let Some(decoded) = base64::decode(&blob.data) else {
                return Err(KnowledgeError::Failed("a file's bytes are not base64".into()));
            };
            bytes.push((blob.id.clone(), decoded));
        }
    }
    arriving.bytes = bytes;
    records::apply(&arriving).await?;
    Ok(())
}
