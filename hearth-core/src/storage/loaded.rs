//! Taking what start-up read from storage into a list the user may already
//! have added to: the page is usable before the read ends (a new account, a
//! new tool, a project file), and what was added meanwhile is newer than what
//! was read.

/// The list to show once `loaded` (what storage held) has been read into
/// `current` (the list as it is now), `known` being the ids `current` held
/// when the read began: each entry added since (its id not in `known`) is
/// kept, after the loaded ones and in place of a loaded entry with its id;
/// every other entry is what storage held, so one removed elsewhere goes.
pub fn with_added_meanwhile<T>(loaded: Vec<T>, current: Vec<T>, known: &[String], id: impl Fn(&T) -> &str) -> Vec<T> {
    let added: Vec<T> = current.into_iter().filter(|entry| !known.iter().any(|k| k == id(entry))).collect();
    let mut list: Vec<T> = loaded.into_iter().filter(|entry| !added.iter().any(|a| id(a) == id(entry))).collect();
    list.extend(added);
    list
}

#[cfg(test)]
mod tests;
