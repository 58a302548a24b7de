//! Tests of the names a model calls MCP tools by: kept when they fit, hashed
//! when not, never colliding.

use std::collections::BTreeSet;

use super::*;

fn tool<'a>(server_id: &'a str, server_label: &'a str, tool: &'a str) -> ToolToName<'a> {
    ToolToName { server_id, server_label, tool }
}

#[test]
fn a_name_that_fits_is_kept_as_server_and_tool() {
    let names = wire_names(&[tool("s1", "everything", "get-sum"), tool("s1", "everything", "echo")], &BTreeSet::new());
    assert_eq!(names, ["everything__get-sum", "everything__echo"]);
}

#[test]
fn other_characters_and_long_names_get_a_hash_and_stay_valid() {
    let long = "x".repeat(100);
    let tools = [
        tool("s1", "my server", "read.file"),
        tool("s1", "files", "ünïcode tool"),
        tool("s1", "files", &long),
        tool("s2", "9lives", "t"),
        tool("s3", "", "t"),
    ];
    let names = wire_names(&tools, &BTreeSet::new());
    for name in &names {
        assert!(is_valid_name(name), "{name}");
    }
    assert!(names[0].starts_with("my_server__read_file_"), "{}", names[0]);
    assert!(names[1].starts_with("files___n_code_tool_"), "{}", names[1]);
    assert_eq!(names[2].len(), MAX_NAME_LEN);
    assert!(names[3].starts_with("mcp_9lives__t_"), "{}", names[3]);
    assert!(names[4].starts_with("mcp___t_"), "{}", names[4]);
    // Stable: the same tools give the same names.
    assert_eq!(wire_names(&tools, &BTreeSet::new()), names);
}

#[test]
fn names_never_collide_with_each_other_or_with_taken_ones() {
    // "a.b" becomes "a_b" in form, which another tool has as its own name.
    let tools =
        [tool("s1", "srv", "a.b"), tool("s1", "srv", "a_b"), tool("s2", "srv", "a_b"), tool("s3", "srv", "calc")];
    let taken: BTreeSet<String> = ["srv__calc".to_owned(), "calculator".to_owned()].into();
    let names = wire_names(&tools, &taken);
    assert_eq!(names[1], "srv__a_b", "the tool that needs no change keeps its plain name");
    let distinct: BTreeSet<&String> = names.iter().collect();
    assert_eq!(distinct.len(), names.len(), "{names:?}");
    assert!(names.iter().all(|name| !taken.contains(name)), "{names:?}");
    assert!(names[2].starts_with("srv__a_b_"), "the same name on a second server is hashed: {}", names[2]);
    assert!(names[3].starts_with("srv__calc_"), "{}", names[3]);
}

#[test]
fn a_hash_clash_takes_the_next_salt() {
    let first = wire_names(&[tool("s1", "srv", "a.b")], &BTreeSet::new());
    let taken: BTreeSet<String> = first.iter().cloned().collect();
    let second = wire_names(&[tool("s1", "srv", "a.b")], &taken);
    assert_ne!(first, second);
    assert!(is_valid_name(&second[0]));
}

#[test]
fn validity_follows_every_provider() {
    assert!(is_valid_name("get_weather"));
    assert!(is_valid_name("_private-1"));
    assert!(!is_valid_name("1st"));
    assert!(!is_valid_name("a.b"));
    assert!(!is_valid_name(""));
    assert!(!is_valid_name(&"a".repeat(65)));
}
