//! `#` in the message box: a knowledge base, or a file in one, picked for one
//! message. The pick is written into the message's text, as `#Name` (or
//! `#[Name]` when the name has a space), so the message itself says what it
//! asked about: it is kept, synced, edited and sent again with the text, and
//! the model reads it as part of the question. A turn whose question names
//! bases or files this way searches those instead of the agent's bases.

#[cfg(test)]
mod tests;

/// What picking `name` writes into the message (a space follows it there).
pub fn pick_text(name: &str) -> String {
    if name.chars().any(char::is_whitespace) || name.starts_with('[') {
        format!("#[{}]", name.replace(']', ""))
    } else {
        format!("#{name}")
    }
}

/// The names `text` picks: each `#Name` (at the start or after whitespace,
/// up to the next whitespace) and `#[Name]`, in order, once each.
pub fn picked_names(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut previous = None::<char>;
    for (at, c) in text.char_indices() {
        let starts = c == '#' && previous.is_none_or(char::is_whitespace);
        previous = Some(c);
        if !starts {
            continue;
        }
        let rest = &text[at + 1..];
        let name = match rest.strip_prefix('[') {
            Some(inside) => inside.split_once(']').map(|(name, _)| name.trim()),
            None => rest.split(char::is_whitespace).next(),
        };
        if let Some(name) = name.filter(|name| !name.is_empty())
            && !names.iter().any(|known| known == name)
        {
            names.push(name.to_owned());
        }
    }
    names
}

/// Whether `name` is what the pick `picked` names: the same without case, or
/// the same once the sentence's punctuation after it (`#notes.md,`) goes; a
/// name with `]` is picked without it (as [`pick_text`] writes it).
fn is_named(picked: &str, name: &str) -> bool {
    let picked = picked.to_lowercase();
    let bare = picked.trim_end_matches(['.', ',', ';', ':', '!', '?', ')', '"', '\'']);
    let name = name.to_lowercase();
    let unbracketed = name.replace(']', "");
    [picked.as_str(), bare].iter().any(|picked| *picked == name || *picked == unbracketed)
}

/// The bases and files (each `(id, name)`) that `text` picks, by id: a
/// name that is a base's picks the base, else each file of that name. A
/// `#word` that names neither (a hashtag, a heading's `#`) picks nothing.
pub fn resolve<'a>(
    text: &str,
    bases: impl IntoIterator<Item = (&'a str, &'a str)> + Clone,
    files: impl IntoIterator<Item = (&'a str, &'a str)> + Clone,
) -> (Vec<String>, Vec<String>) {
    let mut picked_bases: Vec<String> = Vec::new();
    let mut picked_files: Vec<String> = Vec::new();
    for picked in picked_names(text) {
        let base = bases.clone().into_iter().find(|(_, name)| is_named(&picked, name));
        if let Some((id, _)) = base {
            if !picked_bases.iter().any(|known| known == id) {
                picked_bases.push(id.to_owned());
            }
            continue;
        }
        for (id, _) in files.clone().into_iter().filter(|(_, name)| is_named(&picked, name)) {
            if !picked_files.iter().any(|known| known == id) {
                picked_files.push(id.to_owned());
            }
        }
    }
    (picked_bases, picked_files)
}
