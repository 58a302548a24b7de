//! Template tests: data-driven cases in `test_data/templates/*.txt`, then unit
//! tests of the rules the cases do not show well.
//!
//! A case file is blocks, each started by a `=== ` line:
//! - free text before the first block: what the case is about;
//! - `=== template`: the template;
//! - `=== section NAME` (any number, in order): a user-defined section's text;
//! - `=== values`: `key = value` lines for `agent_name`, `date`, `time`,
//!   `timezone`, `model` (defaults below), `file = name` and
//!   `tool = name | description` (repeatable, in order);
//! - `=== expected`: the rendered text;
//! - `=== unknown`: one `name start..end` line per unknown placeholder.
//!
//! A block's text is its lines joined with `\n` (no line end after the last
//! line; an empty last line gives a final line end). `␍` stands for a carriage
//! return, so `line␍` then a line break is a Windows line end, and the files
//! stay plain text. `UPDATE_EXPECT=1` rewrites `expected` and `unknown` from
//! what the code does (then review the diff).

use std::path::Path;

use super::*;

const CR: &str = "␍";

/// One case file, parsed.
struct Case {
    /// Everything before `=== expected`, kept when the file is rewritten.
    head: String,
    template: String,
    values: TemplateValues,
    expected: String,
    unknown: String,
}

fn parse_case(file: &str) -> Case {
    let head = file.find("\n=== expected").map_or(file, |at| &file[..at + 1]).to_owned();
    let mut blocks: Vec<(String, Vec<&str>)> = Vec::new();
    for line in file.strip_suffix('\n').unwrap_or(file).split('\n') {
        match line.strip_prefix("=== ") {
            Some(header) => blocks.push((header.to_owned(), Vec::new())),
            None => {
                if let Some((_, lines)) = blocks.last_mut() {
                    lines.push(line);
                }
            }
        }
    }
    let mut values = TemplateValues {
        agent_name: "Translator".into(),
        date: "2026-11-22".into(),
        time: "14:05".into(),
        timezone: "Europe/Berlin".into(),
        model: "gpt-4o-mini".into(),
        ..TemplateValues::default()
    };
    let (mut template, mut expected, mut unknown) = (String::new(), String::new(), String::new());
    for (header, lines) in blocks {
        let text = lines.join("\n").replace(CR, "\r");
        match header.as_str() {
            "template" => template = text,
            "expected" => expected = text,
            "unknown" => unknown = text,
            "values" => {
                for line in text.lines().filter(|line| !line.trim().is_empty()) {
                    let (key, value) = line.split_once(" = ").expect("a `key = value` line");
                    let value = value.to_owned();
                    match key {
                        "agent_name" => values.agent_name = value,
                        "date" => values.date = value,
                        "time" => values.time = value,
                        "timezone" => values.timezone = value,
                        "model" => values.model = value,
                        "file" => values.files.push(value),
                        "tool" => {
                            let (name, description) = value.split_once(" | ").unwrap_or((&value, ""));
                            values.tools.push(ToolLine { name: name.into(), description: description.into() });
                        }
                        other => panic!("unknown value key {other}"),
                    }
                }
            }
            other => match other.strip_prefix("section ") {
                Some(name) => values.sections.push(PromptSection { name: name.to_owned(), text }),
                None => panic!("unknown block {other}"),
            },
        }
    }
    Case { head, template, values, expected, unknown }
}

fn unknown_lines(unknown: &[Placeholder]) -> String {
    unknown.iter().map(|p| format!("{} {}..{}", p.name, p.range.start, p.range.end)).collect::<Vec<_>>().join("\n")
}

#[test]
fn template_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/templates");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("test_data/templates exists")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    paths.sort();
    for path in &paths {
        let file = std::fs::read_to_string(path).expect("readable case");
        let case = parse_case(&file);
        let rendered = render(&case.template, &case.values);
        let unknown = unknown_lines(&rendered.unknown);
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            let mut updated = format!("{}=== expected\n{}\n=== unknown\n", case.head, rendered.text.replace('\r', CR));
            if !unknown.is_empty() {
                updated += &format!("{unknown}\n");
            }
            std::fs::write(path, updated).expect("writable case");
        } else {
            assert_eq!(rendered.text, case.expected, "{}", path.display());
            assert_eq!(unknown, case.unknown, "{}: unknown placeholders", path.display());
        }
        // Rendering is idempotent on its own output when nothing is unknown and
        // the output holds no braces: filling twice changes nothing.
        if rendered.unknown.is_empty() && !rendered.text.contains(['{', '}']) {
            assert_eq!(render(&rendered.text, &case.values).text, rendered.text, "{}: idempotent", path.display());
        }
    }
    assert!(paths.len() >= 20, "expected 20+ template cases in {}, found {}", dir.display(), paths.len());
}

fn values() -> TemplateValues {
    TemplateValues {
        agent_name: "Translator".into(),
        date: "2026-11-22".into(),
        time: "14:05".into(),
        timezone: "UTC".into(),
        model: "gpt-4o-mini".into(),
        ..TemplateValues::default()
    }
}

#[test]
fn every_builtin_placeholder_is_filled() {
    let template = BUILTIN_PLACEHOLDERS.iter().map(|name| format!("{{{name}}}")).collect::<Vec<_>>().join("|");
    let values = TemplateValues {
        files: vec!["a.md".into()],
        tools: vec![ToolLine { name: "calculator".into(), description: "Math".into() }],
        ..values()
    };
    let rendered = render(&template, &values);
    assert_eq!(rendered.text, "Translator|2026-11-22|14:05|UTC|gpt-4o-mini|- a.md|- calculator: Math");
    assert!(rendered.unknown.is_empty());
}

#[test]
fn unknown_placeholders_are_kept_and_located() {
    let template = "Hi {nme}, é {date} {Date} {nme}";
    let rendered = render(template, &values());
    assert_eq!(rendered.text, "Hi {nme}, é 2026-11-22 {Date} {nme}");
    let flagged: Vec<_> = rendered.unknown.iter().map(|p| (&p.name[..], &template[p.range.clone()])).collect();
    assert_eq!(flagged, [("nme", "{nme}"), ("Date", "{Date}"), ("nme", "{nme}")]);
}

#[test]
fn escapes_and_stray_braces() {
    let rendered = render("{{date}} {{{date}}} }} {{ { } {1} {not a name} {\"a\": 1}", &values());
    assert_eq!(rendered.text, "{date} {2026-11-22} } { { } {1} {not a name} {\"a\": 1}");
    assert!(rendered.unknown.is_empty(), "text that is not a placeholder is not flagged");
    assert_eq!(render("{", &values()).text, "{");
    assert_eq!(render("}", &values()).text, "}");
    assert_eq!(render("{date", &values()).text, "{date");
    assert_eq!(render("", &values()), Rendered::default());
}

#[test]
fn placeholders_lists_each_one_with_its_range() {
    let found = placeholders("{{x}} {a} {_b2} {3c} {date}");
    let names: Vec<_> = found.iter().map(|p| (p.name.as_str(), p.range.clone())).collect();
    assert_eq!(names, [("a", 6..9), ("_b2", 10..15), ("date", 21..27)]);
}

#[test]
fn values_are_not_read_as_templates() {
    let values = TemplateValues {
        sections: vec![PromptSection { name: "rules".into(), text: "{date} and {{ and <x></x>".into() }],
        ..values()
    };
    let rendered = render("{rules}", &values);
    // Braces in a value stay; an empty tag pair in a value is still dropped,
    // since removal works on the filled text.
    assert_eq!(rendered.text, "{date} and {{ and");
    assert!(rendered.unknown.is_empty());
}

#[test]
fn builtins_win_over_sections_of_the_same_name() {
    let values =
        TemplateValues { sections: vec![PromptSection { name: "date".into(), text: "never".into() }], ..values() };
    assert_eq!(render("{date}", &values).text, "2026-11-22");
}

#[test]
fn lists_follow_the_template_line_end_and_fold_descriptions() {
    let values = TemplateValues {
        files: vec!["a.md".into(), "b\nc.txt".into()],
        tools: vec![
            ToolLine { name: "calculator".into(), description: "Evaluates\n  arithmetic.".into() },
            ToolLine { name: "mine".into(), description: " ".into() },
        ],
        ..values()
    };
    assert_eq!(
        render("{files}\n{tools}", &values).text,
        "- a.md\n- b c.txt\n- calculator: Evaluates arithmetic.\n- mine"
    );
    assert_eq!(render("{files}\r\n", &values).text, "- a.md\r\n- b c.txt\r\n");
    let spec = ToolSpec { name: "t".into(), description: "d".into(), parameters: serde_json::json!({}) };
    assert_eq!(ToolLine::from(&spec), ToolLine { name: "t".into(), description: "d".into() });
}

#[test]
fn a_blank_prompt_means_no_system_message() {
    assert_eq!(render("", &values()).system_prompt(), None);
    assert_eq!(render("<rules>\n{files}\n</rules>\n\n", &values()).system_prompt(), None);
    assert_eq!(render("  \r\n ", &values()).system_prompt(), None);
    assert_eq!(render("Be brief.", &values()).system_prompt(), Some("Be brief."));
}

#[test]
fn drop_empty_sections_alone() {
    assert_eq!(drop_empty_sections("<a></a>"), "");
    assert_eq!(drop_empty_sections("<a> \t </a>x"), "x");
    assert_eq!(drop_empty_sections("x <a></a> y"), "x y");
    assert_eq!(drop_empty_sections("x<a></a>y"), "xy");
    assert_eq!(drop_empty_sections("x <a></a>\ny"), "x\ny");
    assert_eq!(drop_empty_sections("  <a></a> y"), "  y");
    assert_eq!(drop_empty_sections("<a></b>"), "<a></b>");
    assert_eq!(drop_empty_sections("<a attr=1></a>"), "<a attr=1></a>", "tags with attributes are not sections");
    assert_eq!(drop_empty_sections("</a><a>"), "</a><a>");
    assert_eq!(drop_empty_sections("<1></1> <></> < a></ a>"), "<1></1> <></> < a></ a>");
    assert_eq!(drop_empty_sections("<a-b.c_d>\n</a-b.c_d>"), "");
    assert_eq!(drop_empty_sections("<é></é>"), "<é></é>", "non-ASCII names are not tags");
    assert_eq!(drop_empty_sections("a\n<x></x>"), "a", "no line end is added or left dangling");
    assert_eq!(drop_empty_sections("a\r\n\r\n<x></x>"), "a");
}

#[test]
fn fences_are_found() {
    let text = "a\n```\n<x></x>\n```\n<y></y>\n  ~~~~\n<z></z>\n~~~\n~~~~\n<w></w>";
    assert_eq!(drop_empty_sections(text), "a\n```\n<x></x>\n```\n  ~~~~\n<z></z>\n~~~\n~~~~");
    // A shorter closing run or a different marker does not close a fence.
    assert_eq!(drop_empty_sections("````\n```\n<x></x>"), "````\n```\n<x></x>");
    // Four spaces in is not a fence.
    assert_eq!(drop_empty_sections("    ```\n<x></x>"), "    ```");
}

#[test]
fn token_estimate() {
    assert_eq!(estimate_tokens(""), 0);
    assert_eq!(estimate_tokens("a"), 1);
    assert_eq!(estimate_tokens("abcd"), 1);
    assert_eq!(estimate_tokens("abcde"), 2);
    assert_eq!(estimate_tokens("日本語の"), 3, "12 bytes");
    let rendered = render("You are {agent_name}.", &values());
    assert_eq!(rendered.estimated_tokens(), "You are Translator.".len().div_ceil(4));
}

#[test]
fn placeholder_names() {
    for good in ["a", "_", "agent_name", "R2d2", "_x"] {
        assert!(is_placeholder_name(good), "{good}");
    }
    for bad in ["", "1a", "a-b", "a b", "é", "a.b"] {
        assert!(!is_placeholder_name(bad), "{bad}");
    }
}

#[test]
fn long_and_odd_input_never_panics() {
    let odd = "{{{{}}}}{ {a}{b}{{c}}}<<a></a>></<a>\r\n\r\n<a>\r\n</a>`\u{0}é日{date}";
    for end in 0..=odd.len() {
        if odd.is_char_boundary(end) {
            let _ = render(&odd[..end], &values());
        }
    }
    let many = "<a>\n".repeat(500) + &"</a>\n".repeat(500);
    assert_eq!(render(&many, &values()).text, "");
}
