//! Tests of the tools Hearth brings and the user's own tools, as the model
//! sees them.

use super::{Builtin, UserTool, enabled_specs};

fn tool(name: &str, parameters: &str, code: &str) -> UserTool {
    UserTool {
        id: format!("id-{name}"),
        name: name.into(),
        description: "Mine.".into(),
        parameters: parameters.into(),
        code: code.into(),
        uses_network: false,
        needs_review: false,
    }
}

#[test]
fn builtins_have_unique_names_and_object_schemas() {
    let all = Builtin::ALL;
    for (at, builtin) in all.iter().enumerate() {
        let spec = builtin.spec();
        assert_eq!(spec.name, builtin.name());
        assert_eq!(spec.parameters["type"], "object", "{}", spec.name);
        assert!(all[..at].iter().all(|other| other.name() != builtin.name()));
    }
}

#[test]
fn builtin_names_round_trip_and_stay_what_agents_stored() {
    // Agents store enabled tools by these names, and the history carries them:
    // they are the wire and storage names and never change.
    let stored =
        ["current_time", "calculator", "fetch_url", "search_conversations", "read_project_file", "run_javascript"];
    assert_eq!(Builtin::ALL.map(Builtin::name), stored);
    for builtin in Builtin::ALL {
        assert_eq!(Builtin::from_name(builtin.name()), Some(builtin));
    }
    for other in ["my_tool", "", "Calculator", " calculator", "fetch_url "] {
        assert_eq!(Builtin::from_name(other), None, "{other:?}");
    }
}

#[test]
fn only_fetching_a_url_reaches_the_network() {
    let online: Vec<Builtin> = Builtin::ALL.into_iter().filter(|builtin| builtin.uses_network()).collect();
    assert_eq!(online, [Builtin::FetchUrl]);
}

#[test]
fn a_user_tool_needs_a_free_name_code_and_an_object_schema() {
    let good = tool("shout", r#"{"type":"object","properties":{"text":{"type":"string"}}}"#, "return args.text;");
    let spec = good.spec(&[]).expect("valid");
    assert_eq!((spec.name.as_str(), spec.description.as_str()), ("shout", "Mine."));
    assert_eq!(spec.parameters["properties"]["text"]["type"], "string");
    assert_eq!(
        tool("quiet", "", "return 1").spec(&[]).expect("no schema is no arguments").parameters["type"],
        "object"
    );

    let error = |t: UserTool| t.spec(&["taken"]).expect_err("refused");
    assert!(error(tool("has space", "", "x")).contains("no spaces"));
    assert!(error(tool("", "", "x")).contains("1 to 64"));
    assert!(error(tool("calculator", "", "x")).contains("built-in"));
    assert!(error(tool("taken", "", "x")).contains("already called taken"));
    assert!(error(tool("empty", "", "  ")).contains("needs some JavaScript"));
    assert!(error(tool("bad", "{nope", "x")).contains("not valid JSON"));
    assert!(error(tool("arr", r#"{"type":"array"}"#, "x")).contains("\"type\": \"object\""));
}

#[test]
fn enabled_specs_keep_the_settings_order_and_skip_broken_or_disabled_tools() {
    let user = [
        tool("first", "", "return 1"),
        tool("broken", "{", "return 1"),
        tool("first", "", "return 2"), // a second tool of the same name is left out
        tool("off", "", "return 3"),
    ];
    let enabled: Vec<String> = ["first", "broken", "run_javascript", "calculator", "gone"].map(String::from).to_vec();
    let names: Vec<String> = enabled_specs(&enabled, &user).into_iter().map(|spec| spec.name).collect();
    assert_eq!(names, ["calculator", "run_javascript", "first"]);
    assert!(enabled_specs(&[], &user).is_empty());
}

#[test]
fn an_imported_tool_is_not_offered_until_reviewed() {
    let imported = UserTool { needs_review: true, ..tool("fetcher", "", "return fetch(args.url)") };
    let enabled = vec!["fetcher".to_owned()];
    assert!(enabled_specs(&enabled, std::slice::from_ref(&imported)).is_empty());
    let reviewed = UserTool { needs_review: false, ..imported.clone() };
    assert_eq!(enabled_specs(&enabled, &[reviewed]).len(), 1);
    // The flag is stored only when set, so tools stored before it read as reviewed.
    let json = serde_json::to_value(&imported).expect("serialisable");
    assert_eq!(json["needs_review"], true);
    let old: UserTool = serde_json::from_value(serde_json::json!({"id": "a", "name": "b"})).expect("an old tool");
    assert!(!old.needs_review);
}

#[test]
fn spec_among_checks_against_the_other_tools_only() {
    let mine = tool("shout", "", "return 1");
    let mut twin = tool("shout", "", "return 2");
    twin.id = "other".into();
    assert!(mine.spec_among(std::slice::from_ref(&mine)).is_ok(), "a tool does not clash with itself");
    assert!(mine.spec_among(&[mine.clone(), twin]).expect_err("a clash").contains("already called shout"));
}

#[test]
fn switched_off_tools_are_the_existing_ones_the_agent_does_not_offer() {
    use super::{switchable, switched_off};
    let mine = tool("word_count", "", "return 1;");
    let imported = UserTool { needs_review: true, ..tool("imported", "", "return 1;") };
    let broken = tool("broken", "", "");
    let user_tools = vec![mine, imported, broken];
    let enabled = vec!["calculator".to_owned()];
    assert_eq!(switchable("fetch_url", &enabled, &user_tools).as_deref(), Some("Fetch a URL"));
    assert_eq!(switchable("calculator", &enabled, &user_tools), None, "already on");
    assert_eq!(switchable("word_count", &enabled, &user_tools).as_deref(), Some("word_count"));
    assert_eq!(
        switchable("imported", &enabled, &user_tools),
        None,
        "waits for review: switching on would not offer it"
    );
    assert_eq!(switchable("broken", &enabled, &user_tools), None, "has no code: would not be offered");
    assert_eq!(switchable("no_such_tool", &enabled, &user_tools), None);
    let offered = enabled_specs(&enabled, &user_tools);
    assert_eq!(
        switched_off(&offered, &user_tools),
        ["current_time", "fetch_url", "search_conversations", "read_project_file", "run_javascript", "word_count"]
    );
}

#[test]
fn a_user_tool_cannot_take_the_knowledge_search_name() {
    // `search_knowledge` runs without asking (it searches this device's bases): a user tool
    // of that name, which might reach the network, would inherit that.
    let named = tool(crate::knowledge::context::TOOL_NAME, "", "return 1;");
    let refused = named.spec(&[]).expect_err("the name is Hearth's");
    assert!(refused.contains("search_knowledge"), "{refused}");
    assert!(tool("search_my_notes", "", "return 1;").spec(&[]).is_ok());
}
