//! A small JSON-Schema subset for checking tool-call arguments.
//!
//! Tool definitions describe their parameters with JSON Schema; models sometimes
//! send arguments that do not fit. [`validate`] checks the keywords tool
//! definitions actually use, so a bad call can be answered with a readable error
//! instead of being run:
//!
//! - `type`: `string`, `number`, `integer`, `boolean`, `object`, `array`, `null`,
//!   or an array of these. `number` accepts integers; `integer` accepts numbers
//!   without a fractional part (`2.0`). Unknown type names are ignored.
//! - `properties`, `required`, `additionalProperties` (`false`, or a schema that
//!   every property not named in `properties` must match).
//! - `enum`: the value must equal one of the listed values (numbers compare by value).
//! - `items`: a schema every element of an array must match.
//! - `minimum` / `maximum` (inclusive), `minLength` / `maxLength` (in characters).
//!
//! Every other keyword (`format`, `pattern`, `oneOf`, `$ref`, …) is ignored, as is
//! a keyword whose value has the wrong shape (`"minimum": "3"`): the check never
//! rejects a value for something it does not understand. A schema that is not an
//! object (say `true` or `null`) accepts everything, except `false`, which accepts
//! nothing.
//!
//! Errors are paths from the root `$`: `$.city: required property is missing`,
//! `$.days: expected integer, got string`, `$.stops[2]: must be at least 1`.
//! When a value has the wrong type, its other keywords are not checked, so one
//! mistake gives one error.

#[cfg(test)]
mod tests;

use serde_json::Value;

/// Checks `value` against `schema` (see the module documentation for the subset);
/// on failure, every error found, each prefixed with the path of the offending value.
pub fn validate(schema: &Value, value: &Value) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    check(schema, value, "$", &mut errors);
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

fn check(schema: &Value, value: &Value, path: &str, errors: &mut Vec<String>) {
    let schema = match schema {
        Value::Object(schema) => schema,
        Value::Bool(false) => {
            errors.push(format!("{path}: no value is allowed here"));
            return;
        }
        _ => return,
    };
    if let Some(expected) = schema.get("type")
        && let Some(message) = type_error(expected, value)
    {
        errors.push(format!("{path}: {message}"));
        return;
    }
    if let Some(Value::Array(allowed)) = schema.get("enum")
        && !allowed.iter().any(|candidate| json_eq(candidate, value))
    {
        let list: Vec<String> = allowed.iter().map(Value::to_string).collect();
        errors.push(format!("{path}: must be one of {}", list.join(", ")));
    }
    match value {
        Value::Number(number) => {
            if let Some(number) = number.as_f64() {
                if let Some(minimum) = schema.get("minimum")
                    && minimum.as_f64().is_some_and(|minimum| number < minimum)
                {
                    errors.push(format!("{path}: must be at least {minimum}"));
                }
                if let Some(maximum) = schema.get("maximum")
                    && maximum.as_f64().is_some_and(|maximum| number > maximum)
                {
                    errors.push(format!("{path}: must be at most {maximum}"));
                }
            }
        }
        Value::String(text) => {
            let length = text.chars().count() as u64;
            if let Some(min) = schema.get("minLength").and_then(Value::as_u64)
                && length < min
            {
                errors.push(format!("{path}: must be at least {min} {} long", plural(min)));
            }
            if let Some(max) = schema.get("maxLength").and_then(Value::as_u64)
                && length > max
            {
                errors.push(format!("{path}: must be at most {max} {} long", plural(max)));
            }
        }
        Value::Array(elements) => {
            if let Some(items) = schema.get("items") {
                for (position, element) in elements.iter().enumerate() {
                    check(items, element, &format!("{path}[{position}]"), errors);
                }
            }
        }
        Value::Object(object) => {
            let properties = schema.get("properties").and_then(Value::as_object);
            if let Some(Value::Array(required)) = schema.get("required") {
                for name in required.iter().filter_map(Value::as_str) {
                    if !object.contains_key(name) {
                        errors.push(format!("{}: required property is missing", child_path(path, name)));
                    }
                }
            }
            let additional = schema.get("additionalProperties");
            for (name, property) in object {
                let child = child_path(path, name);
                match properties.and_then(|properties| properties.get(name)) {
                    Some(property_schema) => check(property_schema, property, &child, errors),
                    None => match additional {
                        Some(Value::Bool(false)) => errors.push(format!("{child}: property is not allowed")),
                        Some(additional @ Value::Object(_)) => check(additional, property, &child, errors),
                        _ => {}
                    },
                }
            }
        }
        Value::Null | Value::Bool(_) => {}
    }
}

/// The error for a value whose type is not among `expected`, if it is not.
fn type_error(expected: &Value, value: &Value) -> Option<String> {
    let names: Vec<&str> = match expected {
        Value::String(name) => vec![name.as_str()],
        Value::Array(names) => names.iter().filter_map(Value::as_str).collect(),
        _ => return None,
    };
    let known: Vec<&str> = names.into_iter().filter(|name| KNOWN_TYPES.contains(name)).collect();
    if known.is_empty() || known.iter().any(|name| has_type(value, name)) {
        return None;
    }
    Some(format!("expected {}, got {}", known.join(" or "), type_name(value)))
}

const KNOWN_TYPES: [&str; 7] = ["string", "number", "integer", "boolean", "object", "array", "null"];

fn has_type(value: &Value, name: &str) -> bool {
    match name {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => is_integer(value),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "null" => value.is_null(),
        _ => false,
    }
}

fn is_integer(value: &Value) -> bool {
    match value {
        Value::Number(number) => {
            number.is_i64() || number.is_u64() || number.as_f64().is_some_and(|n| n.is_finite() && n.fract() == 0.0)
        }
        _ => false,
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) if is_integer(value) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// JSON equality, except that numbers compare by value (`1` equals `1.0`).
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || (x.as_f64().is_some() && x.as_f64() == y.as_f64()),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_eq(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(key, x)| y.get(key).is_some_and(|y| json_eq(x, y)))
        }
        _ => a == b,
    }
}

/// `$.name` for plain names, `$["odd name"]` for the rest.
fn child_path(path: &str, name: &str) -> String {
    let plain = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain { format!("{path}.{name}") } else { format!("{path}[{}]", Value::from(name)) }
}

fn plural(count: u64) -> &'static str {
    if count == 1 { "character" } else { "characters" }
}
