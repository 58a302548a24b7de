//! Picks written into a message and read back from it.

use super::*;

#[test]
fn a_pick_is_written_so_it_reads_back() {
    assert_eq!(pick_text("Handbook"), "#Handbook");
    assert_eq!(pick_text("Pump manuals"), "#[Pump manuals]");
    assert_eq!(pick_text("odd ] name"), "#[odd  name]");
    for name in ["Handbook", "Pump manuals", "pump-manual.pdf"] {
        let text = format!("What does {} say about valves?", pick_text(name));
        assert_eq!(picked_names(&text), vec![name.to_owned()], "{text}");
    }
}

#[test]
fn only_a_hash_at_a_word_start_picks() {
    assert_eq!(picked_names("#Handbook and #[Pump manuals] #Handbook"), ["Handbook", "Pump manuals"]);
    assert!(picked_names("issue#42, C# and a # heading").is_empty(), "inside a word, or alone");
    assert!(picked_names("#[unclosed").is_empty());
    assert!(picked_names("#[]").is_empty());
}

#[test]
fn names_resolve_to_bases_first_then_files_without_case_or_trailing_punctuation() {
    let bases = [("b1", "Handbook"), ("b2", "Pump manuals")];
    let files = [("f1", "notes.md"), ("f2", "notes.md"), ("f3", "Handbook")];
    let text = "See #handbook, #notes.md. and #[Pump manuals]; not #rust";
    let (picked_bases, picked_files) = resolve(text, bases, files);
    assert_eq!(picked_bases, ["b1", "b2"], "a base's name picks the base, not a file of that name");
    assert_eq!(picked_files, ["f1", "f2"], "every file of that name");
    assert_eq!(resolve("no picks here", bases, files), (Vec::new(), Vec::new()));
}

#[test]
fn every_name_can_be_picked_even_with_brackets() {
    let bases = [("b1", "Notes ] 2024"), ("b2", "[draft]")];
    let files = [("f1", "a]b.md")];
    for (id, name) in bases {
        let text = format!("Ask {} about it", pick_text(name));
        assert_eq!(resolve(&text, bases, files).0, [id], "{text}");
    }
    let text = format!("Ask {} about it", pick_text("a]b.md"));
    assert_eq!(resolve(&text, bases, files).1, ["f1"], "{text}");
}
