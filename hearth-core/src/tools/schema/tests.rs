//! Tests of the JSON-Schema subset.

use serde_json::{Value, json};

use super::validate;

#[track_caller]
fn errors(schema: Value, value: Value) -> Vec<String> {
    validate(&schema, &value).err().unwrap_or_default()
}

#[track_caller]
fn accepts(schema: Value, value: Value) {
    assert_eq!(validate(&schema, &value), Ok(()), "{value} should match {schema}");
}

fn weather() -> Value {
    json!({
        "type": "object",
        "properties": {
            "city": { "type": "string", "minLength": 2, "maxLength": 5 },
            "days": { "type": "integer", "minimum": 1, "maximum": 16 },
            "unit": { "enum": ["c", "f"] },
        },
        "required": ["city", "days"],
        "additionalProperties": false,
    })
}

#[test]
fn a_valid_value_passes() {
    accepts(weather(), json!({ "city": "Oslo", "days": 3, "unit": "c" }));
    accepts(weather(), json!({ "city": "Oslo", "days": 3.0 }));
}

#[test]
fn every_error_is_reported_with_its_path() {
    assert_eq!(
        errors(weather(), json!({ "days": "3", "unit": "k", "extra": 1 })),
        [
            "$.city: required property is missing",
            "$.days: expected integer, got string",
            "$.extra: property is not allowed",
            r#"$.unit: must be one of "c", "f""#,
        ]
    );
}

#[test]
fn types_are_checked() {
    let cases = [
        ("string", json!(1), "expected string, got integer"),
        ("number", json!("1"), "expected number, got string"),
        ("integer", json!(1.5), "expected integer, got number"),
        ("boolean", json!("true"), "expected boolean, got string"),
        ("object", json!([]), "expected object, got array"),
        ("array", json!({}), "expected array, got object"),
        ("null", json!(false), "expected null, got boolean"),
    ];
    for (name, value, message) in cases {
        assert_eq!(errors(json!({ "type": name }), value), [format!("$: {message}")], "type {name}");
    }
    accepts(json!({ "type": "number" }), json!(3));
    accepts(json!({ "type": "number" }), json!(-3.5));
    accepts(json!({ "type": "integer" }), json!(-7));
    accepts(json!({ "type": "null" }), Value::Null);
}

#[test]
fn a_type_list_accepts_any_of_its_types() {
    let schema = json!({ "type": ["string", "null"] });
    accepts(schema.clone(), json!("x"));
    accepts(schema.clone(), Value::Null);
    assert_eq!(errors(schema, json!(2)), ["$: expected string or null, got integer"]);
}

#[test]
fn a_wrong_type_gives_one_error() {
    let schema = json!({ "type": "string", "enum": ["a"], "minLength": 3 });
    assert_eq!(errors(schema, json!(5)), ["$: expected string, got integer"]);
}

#[test]
fn required_properties_must_be_present() {
    let schema = json!({ "type": "object", "required": ["a", "b"] });
    accepts(schema.clone(), json!({ "a": null, "b": 0 }));
    assert_eq!(errors(schema, json!({ "b": 0 })), ["$.a: required property is missing"]);
}

#[test]
fn additional_properties_false_or_a_schema() {
    let closed = json!({ "properties": { "a": {} }, "additionalProperties": false });
    accepts(closed.clone(), json!({ "a": 1 }));
    assert_eq!(errors(closed, json!({ "a": 1, "b": 2 })), ["$.b: property is not allowed"]);
    let typed = json!({ "properties": { "a": {} }, "additionalProperties": { "type": "string" } });
    accepts(typed.clone(), json!({ "a": 1, "b": "x" }));
    assert_eq!(errors(typed, json!({ "a": 1, "b": 2 })), ["$.b: expected string, got integer"]);
    accepts(json!({ "properties": { "a": {} } }), json!({ "a": 1, "b": 2 }));
}

#[test]
fn enum_compares_whole_values_and_numbers_by_value() {
    let schema = json!({ "enum": [1, "two", { "three": [3] }, null] });
    accepts(schema.clone(), json!(1.0));
    accepts(schema.clone(), json!({ "three": [3] }));
    accepts(schema.clone(), Value::Null);
    assert_eq!(errors(schema.clone(), json!({ "three": [4] })), [r#"$: must be one of 1, "two", {"three":[3]}, null"#]);
    assert_eq!(errors(schema, json!("Two")).len(), 1);
}

#[test]
fn items_are_checked_with_their_index() {
    let schema = json!({ "type": "array", "items": { "type": "integer", "minimum": 1 } });
    accepts(schema.clone(), json!([]));
    accepts(schema.clone(), json!([1, 2]));
    assert_eq!(errors(schema, json!([1, 0, "x"])), ["$[1]: must be at least 1", "$[2]: expected integer, got string"]);
}

#[test]
fn minimum_and_maximum_are_inclusive() {
    let schema = json!({ "minimum": 1, "maximum": 2.5 });
    accepts(schema.clone(), json!(1));
    accepts(schema.clone(), json!(2.5));
    assert_eq!(errors(schema.clone(), json!(0.99)), ["$: must be at least 1"]);
    assert_eq!(errors(schema.clone(), json!(3)), ["$: must be at most 2.5"]);
    accepts(schema, json!("not a number"));
}

#[test]
fn lengths_count_characters_not_bytes() {
    let schema = json!({ "minLength": 2, "maxLength": 3 });
    accepts(schema.clone(), json!("été"));
    accepts(schema.clone(), json!("ab"));
    assert_eq!(errors(schema.clone(), json!("a")), ["$: must be at least 2 characters long"]);
    assert_eq!(errors(schema, json!("abcd")), ["$: must be at most 3 characters long"]);
    assert_eq!(errors(json!({ "maxLength": 1 }), json!("ab")), ["$: must be at most 1 character long"]);
}

#[test]
fn nested_paths_and_odd_names() {
    let schema = json!({
        "properties": {
            "trip": { "properties": { "stops": { "items": { "required": ["name"] } } } },
            "odd key": { "type": "string" },
            "1st": { "type": "string" },
        }
    });
    assert_eq!(
        errors(schema, json!({ "trip": { "stops": [{ "name": "a" }, {}] }, "odd key": 1, "1st": 2 })),
        [
            r#"$["1st"]: expected string, got integer"#,
            r#"$["odd key"]: expected string, got integer"#,
            "$.trip.stops[1].name: required property is missing",
        ]
    );
}

#[test]
fn unknown_keywords_and_malformed_keywords_are_ignored() {
    accepts(json!({ "format": "email", "pattern": "^x$", "oneOf": [false] }), json!("nope"));
    accepts(json!({ "type": "strange", "minimum": "3", "required": "a" }), json!({}));
    accepts(json!({ "type": ["strange"] }), json!(1));
    assert_eq!(errors(json!({ "type": ["strange", "string"] }), json!(1)), ["$: expected string, got integer"]);
}

#[test]
fn non_object_schemas() {
    accepts(json!(true), json!(1));
    accepts(Value::Null, json!({ "anything": [] }));
    accepts(json!({}), json!("x"));
    assert_eq!(errors(json!(false), json!(1)), ["$: no value is allowed here"]);
    assert_eq!(errors(json!({ "properties": { "a": false } }), json!({ "a": 1 })), ["$.a: no value is allowed here"]);
}
