//! Tests of which calls wait for the user's approval: the defaults, the
//! network, and the agent's choices.

use std::collections::BTreeMap;

use serde_json::json;

use super::{DENIED_BY_USER, approval_detail, asks_by_default, needs_approval};
use crate::tools::{Builtin, UserTool};

const FETCH_URL: &str = Builtin::FetchUrl.name();
const CALCULATOR: &str = Builtin::Calculator.name();
const CURRENT_TIME: &str = Builtin::CurrentTime.name();

fn user_tool(name: &str, uses_network: bool) -> UserTool {
    UserTool {
        id: format!("id-{name}"),
        name: name.into(),
        description: String::new(),
        parameters: String::new(),
        code: "return 1;".into(),
        uses_network,
        needs_review: false,
    }
}

#[test]
fn fetching_asks_by_default_and_the_other_builtins_do_not() {
    assert!(asks_by_default(FETCH_URL, &[]));
    for name in Builtin::ALL.into_iter().filter(|builtin| *builtin != Builtin::FetchUrl).map(Builtin::name) {
        assert!(!asks_by_default(name, &[]), "{name}");
        assert!(!needs_approval(name, &BTreeMap::new(), &BTreeMap::new(), &[]), "{name}");
    }
    assert!(needs_approval(FETCH_URL, &BTreeMap::new(), &BTreeMap::new(), &[]));
}

#[test]
fn a_user_tool_asks_when_it_uses_the_network() {
    let tools = [user_tool("offline", false), user_tool("online", true)];
    assert!(!needs_approval("offline", &BTreeMap::new(), &BTreeMap::new(), &tools));
    assert!(needs_approval("online", &BTreeMap::new(), &BTreeMap::new(), &tools));
    // The name is matched as the runner matches it: trimmed, the first of its name.
    let padded = [user_tool(" online ", true), user_tool("online", false)];
    assert!(needs_approval("online", &BTreeMap::new(), &BTreeMap::new(), &padded));
}

#[test]
fn an_unknown_tool_asks() {
    assert!(needs_approval("no_such_tool", &BTreeMap::new(), &BTreeMap::new(), &[user_tool("other", false)]));
}

#[test]
fn the_agents_choice_wins_over_the_default() {
    let tools = [user_tool("offline", false), user_tool("online", true)];
    let choice: BTreeMap<String, bool> = [(FETCH_URL, false), ("online", false), (CALCULATOR, true), ("offline", true)]
        .into_iter()
        .map(|(name, ask)| (name.to_owned(), ask))
        .collect();
    // A user tool's "always allowed" holds for the definition it was given for.
    let allowed: BTreeMap<String, String> = [("online".to_owned(), tools[1].definition_hash())].into();
    assert!(!needs_approval(FETCH_URL, &choice, &BTreeMap::new(), &tools), "always allowed");
    assert!(!needs_approval("online", &choice, &allowed, &tools), "always allowed");
    assert!(needs_approval("online", &choice, &BTreeMap::new(), &tools), "allowed by name only: asks once more");
    assert!(needs_approval(CALCULATOR, &choice, &allowed, &tools), "asked for");
    assert!(needs_approval("offline", &choice, &allowed, &tools), "asked for");
    // Other tools keep their default.
    assert!(!needs_approval(CURRENT_TIME, &choice, &allowed, &tools));
}

#[test]
fn stored_user_tools_from_before_the_flag_use_the_network_and_ask() {
    let stored = json!({ "id": "t1", "name": "lookup", "description": "", "parameters": "", "code": "return 1;" });
    let tool: UserTool = serde_json::from_value(stored).expect("an old record loads");
    assert!(tool.uses_network);
    assert!(needs_approval("lookup", &BTreeMap::new(), &BTreeMap::new(), &[tool]));
    let new: UserTool =
        serde_json::from_value(json!({ "id": "t2", "name": "n", "uses_network": false })).expect("a new record loads");
    assert!(!new.uses_network);
}

#[test]
fn the_prompt_shows_the_whole_url_or_the_arguments() {
    let url = "https://example.com/collect?q=my%20secret%20notes&page=2#top";
    assert_eq!(approval_detail(FETCH_URL, &json!({ "url": url })), url);
    let long = format!("https://example.com/?data={}", "x".repeat(5000));
    assert_eq!(approval_detail(FETCH_URL, &json!({ "url": long })), long, "never cut");
    assert_eq!(approval_detail("online", &json!({ "text": "hi" })), "{\n  \"text\": \"hi\"\n}");
    // A fetch without a URL string shows its arguments.
    assert_eq!(approval_detail(FETCH_URL, &json!({ "url": 3 })), "{\n  \"url\": 3\n}");
}

#[test]
fn the_denial_says_the_user_denied_it() {
    assert_eq!(DENIED_BY_USER, "The user denied this call.");
}
