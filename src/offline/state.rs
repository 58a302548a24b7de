//! What the offline and updates feature knows: whether the browser says it is
//! online (`network`), and a new version waiting with what holds its reload
//! (`updates`).

pub(crate) mod network;
pub(crate) mod updates;
