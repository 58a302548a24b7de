//! A server's resources, attached from the composer: the params of
//! `resources/read`, its contents read into text, and resource templates
//! (RFC 6570 URI templates, levels 1 to 3) filled in with the user's values.

#[cfg(test)]
mod tests;

use std::fmt::Write as _;

use serde_json::{Value, json};

/// The params of `resources/read` for `uri`.
pub fn read_params(uri: &str) -> Value {
    json!({ "uri": uri })
}

/// A resource's text, as it is attached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceText {
    /// The text of its text contents, in order, a blank line between them.
    pub text: String,
    /// How many binary contents (`blob`) were left out.
    pub left_out: usize,
}

/// Why a resource cannot be attached.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResourceError {
    /// The answer has no contents array.
    #[error("the server's answer has no contents")]
    NoContents,
    /// The contents are binary only.
    #[error("it is not text (Hearth attaches text resources only)")]
    NotText,
}

/// Reads a `resources/read` result.
pub fn resource_text(result: &Value) -> Result<ResourceText, ResourceError> {
    let contents = result.get("contents").and_then(Value::as_array).ok_or(ResourceError::NoContents)?;
    let texts: Vec<&str> = contents.iter().filter_map(|content| content.get("text").and_then(Value::as_str)).collect();
    if texts.is_empty() {
        return Err(ResourceError::NotText);
    }
    Ok(ResourceText { text: texts.join("\n\n"), left_out: contents.len() - texts.len() })
}

/// Why a URI template cannot be filled in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    /// A `{` without its `}`.
    #[error("the template has a brace that is not closed")]
    Unclosed,
}

/// The names of a template's variables, in order of first appearance.
pub fn variables(template: &str) -> Result<Vec<String>, TemplateError> {
    let mut names: Vec<String> = Vec::new();
    let (parts, _) = split(template)?;
    for (_, expression) in parts {
        let (_, list) = operator(expression);
        for spec in list.split(',') {
            let name = var_name(spec);
            if !name.is_empty() && !names.iter().any(|known| known == name) {
                names.push(name.to_owned());
            }
        }
    }
    Ok(names)
}

/// Fills in `template` with `values` (name, value); a variable not among
/// them is undefined and left out, and an empty value is defined, as RFC 6570
/// says (`{?q}` with an empty `q` is `?q=`): a form leaves out what was not
/// filled in.
pub fn expand(template: &str, values: &[(String, String)]) -> Result<String, TemplateError> {
    let (parts, tail) = split(template)?;
    let mut out = String::with_capacity(template.len());
    for (literal, expression) in parts {
        out.push_str(literal);
        let (op, list) = operator(expression);
        let (first, separator, named, if_empty, reserved) = match op {
            Some('+') => ("", ",", false, "", true),
            Some('#') => ("#", ",", false, "", true),
            Some('.') => (".", ".", false, "", false),
            Some('/') => ("/", "/", false, "", false),
            Some(';') => (";", ";", true, "", false),
            Some('?') => ("?", "&", true, "=", false),
            Some('&') => ("&", "&", true, "=", false),
            _ => ("", ",", false, "", false),
        };
        let mut written = 0;
        for spec in list.split(',') {
            let name = var_name(spec);
            let Some(value) = values.iter().find(|(known, _)| known == name).map(|(_, value)| value.as_str()) else {
                continue;
            };
            let value = match prefix_length(spec) {
                Some(length) => value.char_indices().nth(length).map_or(value, |(end, _)| &value[..end]),
                None => value,
            };
            out.push_str(if written == 0 { first } else { separator });
            written += 1;
            if named {
                out.push_str(name);
                if value.is_empty() {
                    out.push_str(if_empty);
                    continue;
                }
                out.push('=');
            }
            encode(&mut out, value, reserved);
        }
    }
    out.push_str(tail);
    Ok(out)
}

/// What [`split`] gives: (literal, expression) pairs, and the tail.
type Split<'a> = (Vec<(&'a str, &'a str)>, &'a str);

/// A template cut at its `{…}` expressions: each with the literal text before
/// it (the expression without its braces), and the literal text after the last.
fn split(template: &str) -> Result<Split<'_>, TemplateError> {
    let mut parts = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or(TemplateError::Unclosed)? + open;
        parts.push((&rest[..open], &rest[open + 1..close]));
        rest = &rest[close + 1..];
    }
    Ok((parts, rest))
}

/// An expression's operator, if any, and its variable list.
fn operator(expression: &str) -> (Option<char>, &str) {
    match expression.chars().next() {
        Some(op @ ('+' | '#' | '.' | '/' | ';' | '?' | '&')) => (Some(op), &expression[op.len_utf8()..]),
        _ => (None, expression),
    }
}

/// A variable spec's name, without its modifier (`:3` or `*`).
fn var_name(spec: &str) -> &str {
    spec.split([':', '*']).next().unwrap_or_default().trim()
}

/// A variable spec's prefix length (`{var:3}`).
fn prefix_length(spec: &str) -> Option<usize> {
    spec.split_once(':').and_then(|(_, length)| length.trim().parse().ok())
}

/// Appends `value`, percent-encoded: everything but the unreserved
/// characters, and (for `+` and `#`) but the reserved ones and `%XX` triplets too.
fn encode(out: &mut String, value: &str, reserved: bool) {
    let bytes = value.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        let unreserved = byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~');
        let kept_reserved = reserved && b":/?#[]@!$&'()*+,;=".contains(&byte);
        let triplet = reserved
            && byte == b'%'
            && bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit);
        if unreserved || kept_reserved || triplet {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
        at += 1;
    }
}
