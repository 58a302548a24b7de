//! A server asking the user for input in the middle of a request
//! (`elicitation/create`, revision 2025-11-25 and after), read into what the
//! shell shows, and the user's answer checked and written back.
//!
//! - Form mode: a flat object of primitive fields (text with a format or a
//!   pattern, numbers, booleans, one choice, several choices), read into
//!   [`Form`]; what the user entered is checked by [`Form::answer`] against
//!   the schema before anything is sent (a pattern is ECMAScript's, so the
//!   shell's regular expressions decide it through the `matches` callback).
//! - URL mode: a link the user opens only on a click ([`UrlAsk`]), shown with
//!   its host; nothing is fetched before.
//! - A form that asks for a secret (a password, an API key, a token, payment
//!   credentials) is refused with the specification's own words
//!   ([`Refusal::Sensitive`]): "Servers MUST NOT use form mode elicitation to
//!   request sensitive information".
//!
//! Specification: <https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation>

#[cfg(test)]
mod tests;

use serde_json::{Map, Value, json};

use super::rpc::RpcError;

/// The method of a server's request for input.
pub const ELICIT: &str = "elicitation/create";
/// The notification a server may send when a URL-mode interaction is done.
pub const ELICIT_COMPLETE: &str = "notifications/elicitation/complete";
/// JSON-RPC's "invalid params", the code for a mode not declared.
pub const INVALID_PARAMS: i64 = -32602;

/// What Hearth declares under `capabilities.elicitation`: both modes.
pub fn capability() -> Value {
    json!({ "form": {}, "url": {} })
}

/// A server's request for input, read.
#[derive(Debug, Clone, PartialEq)]
pub enum Elicitation {
    /// Fields to fill in.
    Form(Form),
    /// A page to open.
    Url(UrlAsk),
}

/// A form: the server's message and the fields it asks for, in its order.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// Why the server asks (its words, shown as text).
    pub message: String,
    /// The fields.
    pub fields: Vec<Field>,
}

/// One field of a form.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The property's name (the key of its value in the answer).
    pub name: String,
    /// Its title, when the schema gives one.
    pub title: Option<String>,
    /// Its description, when the schema gives one.
    pub description: Option<String>,
    /// Whether an answer needs it.
    pub required: bool,
    /// What kind of value it takes.
    pub kind: FieldKind,
}

impl Field {
    /// The field's label: its title, or its name.
    pub fn label(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.name)
    }
}

/// The formats a text field can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextFormat {
    /// An email address.
    Email,
    /// An absolute URI.
    Uri,
    /// A date, `YYYY-MM-DD`.
    Date,
    /// A date and time (RFC 3339).
    DateTime,
}

/// One option of a choice: the value sent, and what is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The value sent back.
    pub value: String,
    /// What the user reads (the value when the schema gives no title).
    pub title: String,
}

/// What kind of value a field takes, with its limits and default.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    /// Text.
    Text {
        /// Its format, when one of those the specification names.
        format: Option<TextFormat>,
        /// The fewest characters.
        min_length: Option<u64>,
        /// The most characters.
        max_length: Option<u64>,
        /// An ECMAScript regular expression the text must match.
        pattern: Option<String>,
        /// The text given first.
        default: Option<String>,
    },
    /// A number (`integer` when only whole numbers).
    Number {
        /// Whether only whole numbers are taken.
        integer: bool,
        /// The smallest.
        minimum: Option<f64>,
        /// The largest.
        maximum: Option<f64>,
        /// The number given first.
        default: Option<f64>,
    },
    /// Yes or no.
    Boolean {
        /// The answer given first.
        default: Option<bool>,
    },
    /// One of several options.
    Choice {
        /// The options.
        options: Vec<Choice>,
        /// The option chosen first.
        default: Option<String>,
    },
    /// Any number of several options.
    Choices {
        /// The options.
        options: Vec<Choice>,
        /// The fewest to choose.
        min_items: Option<u64>,
        /// The most to choose.
        max_items: Option<u64>,
        /// The options chosen first.
        default: Vec<String>,
    },
}

/// A page the server asks the user to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlAsk {
    /// Why (the server's words).
    pub message: String,
    /// The whole URL, shown before it is opened.
    pub url: String,
    /// The host it leads to, shown apart so a look-alike is seen.
    pub host: String,
    /// Whether the host is written in Punycode (`xn--`) or has letters other
    /// than ASCII's: it may imitate another.
    pub punycode: bool,
    /// The server's id for it (its completion notification names it).
    pub elicitation_id: String,
}

/// Why a request for input is refused before the user sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A mode Hearth does not know.
    UnknownMode(String),
    /// No message, or no schema of an object's properties.
    Malformed(&'static str),
    /// A property that is not one of the primitive kinds (named).
    NotFlat(String),
    /// A form field that asks for a secret (named).
    Sensitive(String),
    /// A URL that is not an absolute http(s) URL.
    BadUrl,
}

impl Refusal {
    /// The JSON-RPC error answered to the server.
    pub fn error(&self) -> RpcError {
        let message = match self {
            Self::UnknownMode(mode) => format!("Hearth does not support elicitation mode \"{mode}\""),
            Self::Malformed(what) => format!("the elicitation request is malformed: {what}"),
            Self::NotFlat(name) => {
                format!("the field \"{name}\" is not a string, number, integer, boolean or enum, as form mode requires")
            }
            Self::Sensitive(name) => format!(
                "the field \"{name}\" asks for a secret: servers MUST NOT use form mode elicitation to request sensitive information (passwords, API keys, access tokens, payment credentials); use URL mode"
            ),
            Self::BadUrl => "the URL of a URL-mode elicitation must be an absolute http(s) URL".to_owned(),
        };
        RpcError { code: INVALID_PARAMS, message, data: None }
    }
}

/// Reads the params of `elicitation/create`; a form's fields come in `order`
/// (the properties' keys as the server wrote them, `rpc::Incoming::Request`'s
/// `order`), any others after them.
pub fn read(params: &Value, order: &[String]) -> Result<Elicitation, Refusal> {
    let message = params.get("message").and_then(Value::as_str).map(str::to_owned);
    match params.get("mode").and_then(Value::as_str).unwrap_or("form") {
        "form" => {
            let mut form = read_form(message.ok_or(Refusal::Malformed("no message"))?, params.get("requestedSchema"))?;
            form.fields.sort_by_key(|field| order.iter().position(|name| *name == field.name).unwrap_or(usize::MAX));
            Ok(Elicitation::Form(form))
        }
        "url" => read_url(message.ok_or(Refusal::Malformed("no message"))?, params),
        other => Err(Refusal::UnknownMode(other.to_owned())),
    }
}

fn read_url(message: String, params: &Value) -> Result<Elicitation, Refusal> {
    let url = params.get("url").and_then(Value::as_str).ok_or(Refusal::BadUrl)?;
    let WebLink { host, punycode } = web_link(url).ok_or(Refusal::BadUrl)?;
    let elicitation_id =
        params.get("elicitationId").and_then(Value::as_str).ok_or(Refusal::Malformed("no elicitationId"))?.to_owned();
    Ok(Elicitation::Url(UrlAsk { message, url: url.to_owned(), host, punycode, elicitation_id }))
}

/// A web page's address, as a person is shown it before opening it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebLink {
    /// The host it leads to, lowercased, shown apart so a look-alike is seen.
    pub host: String,
    /// Whether the host is written in Punycode (`xn--`) or has letters other
    /// than ASCII's: it may imitate another.
    pub punycode: bool,
}

/// `url` as a page Hearth may offer to open: an absolute `http(s)` URL with a
/// host, no space or control character, and no backslash or percent sign in
/// its authority (a browser would end the authority at a backslash, or decode
/// the host, and open another host than the one shown). `None` otherwise.
pub fn web_link(url: &str) -> Option<WebLink> {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    let skip = if lower.starts_with("https://") {
        8
    } else if lower.starts_with("http://") {
        7
    } else {
        return None;
    };
    let rest = &url[skip..];
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    // The host the page is on: after any user name, which a look-alike may put first.
    let host = authority.rsplit('@').next().unwrap_or(authority).to_ascii_lowercase();
    if host.is_empty() || authority.contains(['\\', '%']) || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return None;
    }
    // Written in Punycode, or in letters a browser writes so: it may imitate a host.
    let punycode = !host.is_ascii() || host.split('.').any(|label| label.starts_with("xn--"));
    Some(WebLink { host, punycode })
}

fn read_form(message: String, schema: Option<&Value>) -> Result<Form, Refusal> {
    let schema = schema.ok_or(Refusal::Malformed("no requestedSchema"))?;
    let empty = Map::new();
    let properties = match schema.get("properties") {
        None => &empty,
        Some(Value::Object(properties)) => properties,
        Some(_) => return Err(Refusal::Malformed("properties is not an object")),
    };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut fields = Vec::with_capacity(properties.len());
    for (name, property) in properties {
        let kind = read_kind(property).ok_or_else(|| Refusal::NotFlat(name.clone()))?;
        let text = |key: &str| {
            property.get(key).and_then(Value::as_str).map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned)
        };
        let field = Field {
            name: name.clone(),
            title: text("title"),
            description: text("description"),
            required: required.contains(&name.as_str()),
            kind,
        };
        if asks_secret(&field, property) {
            return Err(Refusal::Sensitive(name.clone()));
        }
        fields.push(field);
    }
    Ok(Form { message, fields })
}

fn read_kind(property: &Value) -> Option<FieldKind> {
    let number = |key: &str| property.get(key).and_then(Value::as_f64).filter(|n| n.is_finite());
    let count = |key: &str| property.get(key).and_then(Value::as_u64);
    match property.get("type").and_then(Value::as_str)? {
        "string" => {
            let default = property.get("default").and_then(Value::as_str).map(str::to_owned);
            if let Some(options) = choices(property) {
                return Some(FieldKind::Choice { options, default });
            }
            let format = match property.get("format").and_then(Value::as_str) {
                Some("email") => Some(TextFormat::Email),
                Some("uri") => Some(TextFormat::Uri),
                Some("date") => Some(TextFormat::Date),
                Some("date-time") => Some(TextFormat::DateTime),
                _ => None,
            };
            let pattern = property.get("pattern").and_then(Value::as_str).map(str::to_owned);
            Some(FieldKind::Text {
                format,
                min_length: count("minLength"),
                max_length: count("maxLength"),
                pattern,
                default,
            })
        }
        kind @ ("number" | "integer") => Some(FieldKind::Number {
            integer: kind == "integer",
            minimum: number("minimum"),
            maximum: number("maximum"),
            default: number("default"),
        }),
        "boolean" => Some(FieldKind::Boolean { default: property.get("default").and_then(Value::as_bool) }),
        "array" => {
            let options = choices(property.get("items")?)?;
            let default = property
                .get("default")
                .and_then(Value::as_array)
                .map(|values| values.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                .unwrap_or_default();
            Some(FieldKind::Choices { options, min_items: count("minItems"), max_items: count("maxItems"), default })
        }
        _ => None,
    }
}

/// The options of an enum: `enum` (titled by the legacy `enumNames` when
/// given), or `oneOf` / `anyOf` of `{const, title}`.
fn choices(schema: &Value) -> Option<Vec<Choice>> {
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        let names = schema.get("enumNames").and_then(Value::as_array);
        let options = values
            .iter()
            .enumerate()
            .filter_map(|(at, value)| {
                let value = value.as_str()?.to_owned();
                let title = names
                    .and_then(|names| names.get(at))
                    .and_then(Value::as_str)
                    .map_or_else(|| value.clone(), str::to_owned);
                Some(Choice { value, title })
            })
            .collect();
        return Some(options);
    }
    let list = schema.get("oneOf").or_else(|| schema.get("anyOf"))?.as_array()?;
    let options = list
        .iter()
        .filter_map(|option| {
            let value = option.get("const")?.as_str()?.to_owned();
            let title = option.get("title").and_then(Value::as_str).map_or_else(|| value.clone(), str::to_owned);
            Some(Choice { value, title })
        })
        .collect();
    Some(options)
}

/// Whether a field asks for a secret: its name or title names one (a
/// password, passphrase, PIN, one-time code, secret, API or private key, a
/// token (named last), credentials, a card number or its security code),
/// or its format says password. A yes-or-no or a choice gives no secret. The
/// description is not read: it may say what not to give ("not your pin").
fn asks_secret(field: &Field, property: &Value) -> bool {
    if matches!(field.kind, FieldKind::Boolean { .. } | FieldKind::Choice { .. } | FieldKind::Choices { .. }) {
        return false;
    }
    if property.get("format").and_then(Value::as_str) == Some("password")
        || property.get("writeOnly") == Some(&Value::Bool(true))
    {
        return true;
    }
    const ALONE: [&str; 14] = [
        "password",
        "passwd",
        "passphrase",
        "passcode",
        "pwd",
        "pin",
        "otp",
        "secret",
        "apikey",
        "credential",
        "credentials",
        "cvv",
        "cvc",
        "ssn",
    ];
    const PAIRS: [(&str, &str); 7] = [
        ("pass", "word"),
        ("api", "key"),
        ("private", "key"),
        ("access", "key"),
        ("secret", "key"),
        ("card", "number"),
        ("security", "code"),
    ];
    [Some(field.name.as_str()), field.title.as_deref()].into_iter().flatten().any(|text| {
        let words = words(text);
        // A token named last is one given ("token", "githubToken"); counted ("max
        // tokens", "token budget") it is not.
        words.last().is_some_and(|word| word == "token")
            || words.iter().any(|word| ALONE.contains(&word.as_str()))
            || words.windows(2).any(|pair| PAIRS.contains(&(pair[0].as_str(), pair[1].as_str())))
    })
}

/// The words of a name or title, lowercase: split at anything not a letter
/// or digit, where a capital follows a small letter, and between letters and
/// digits (`newPassword2` is new, password, 2).
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut last: Option<char> = None;
    for c in text.chars() {
        let boundary = match last {
            Some(before) => {
                (c.is_uppercase() && before.is_lowercase()) || (c.is_ascii_digit() != before.is_ascii_digit())
            }
            None => false,
        };
        if (!c.is_alphanumeric() || boundary) && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
            last = Some(c);
        } else {
            last = None;
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// What the user entered in one field, as the form's controls give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entered {
    /// A text box's text (for text and number fields; empty when left empty).
    Text(String),
    /// A checkbox.
    Checked(bool),
    /// The option chosen of one (empty for none).
    Chosen(String),
    /// The options chosen of several.
    ChosenMany(Vec<String>),
}

/// Why a field's value is not taken.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// It is required and empty.
    Required,
    /// Fewer characters than the schema's least.
    TooShort(u64),
    /// More characters than the schema's most.
    TooLong(u64),
    /// It does not match the schema's pattern.
    Pattern,
    /// Not the format asked for.
    Format(TextFormat),
    /// Not a number.
    NotNumber,
    /// Not a whole number.
    NotWhole,
    /// Below the least.
    Below(f64),
    /// Above the most.
    Above(f64),
    /// Not one of the options.
    NotAnOption,
    /// Fewer options chosen than the least.
    TooFew(u64),
    /// More options chosen than the most.
    TooMany(u64),
}

impl Form {
    /// The value each field starts with, from the schema's defaults (empty
    /// text, unchecked, nothing chosen otherwise; a default that is none of
    /// the options is left out).
    pub fn initial(&self) -> Vec<Entered> {
        self.fields
            .iter()
            .map(|field| match &field.kind {
                FieldKind::Text { default, .. } => Entered::Text(default.clone().unwrap_or_default()),
                FieldKind::Number { default, .. } => Entered::Text(default.map(number_text).unwrap_or_default()),
                FieldKind::Boolean { default } => Entered::Checked(default.unwrap_or(false)),
                // A default that is none of the options is not chosen: it could not be sent.
                FieldKind::Choice { default, options } => Entered::Chosen(
                    default
                        .clone()
                        .filter(|value| options.iter().any(|option| option.value == *value))
                        .unwrap_or_default(),
                ),
                FieldKind::Choices { default, options, .. } => Entered::ChosenMany(
                    default
                        .iter()
                        .filter(|value| options.iter().any(|option| option.value == **value))
                        .cloned()
                        .collect(),
                ),
            })
            .collect()
    }

    /// The answer's `content` for what was `entered` (one per field, in the
    /// form's order), or each field's problem (by its index). An empty
    /// optional field is left out; `matches(pattern, text)` says whether a
    /// text matches an ECMAScript pattern (`None`: the pattern could not be
    /// read, and is not held against the text).
    pub fn answer(
        &self,
        entered: &[Entered],
        matches: &dyn Fn(&str, &str) -> Option<bool>,
    ) -> Result<Value, Vec<(usize, Problem)>> {
        let mut content = Map::new();
        let mut problems = Vec::new();
        for (at, field) in self.fields.iter().enumerate() {
            let Some(value) = entered.get(at) else {
                if field.required {
                    problems.push((at, Problem::Required));
                }
                continue;
            };
            match field_value(field, value, matches) {
                Ok(Some(value)) => {
                    content.insert(field.name.clone(), value);
                }
                Ok(None) if field.required => problems.push((at, Problem::Required)),
                Ok(None) => {}
                Err(problem) => problems.push((at, problem)),
            }
        }
        if problems.is_empty() { Ok(Value::Object(content)) } else { Err(problems) }
    }
}

fn number_text(number: f64) -> String {
    if number.fract() == 0.0 && number.abs() < 1e15 { format!("{}", number as i64) } else { number.to_string() }
}

/// One field's value for the answer (`None` when left empty).
fn field_value(
    field: &Field,
    entered: &Entered,
    matches: &dyn Fn(&str, &str) -> Option<bool>,
) -> Result<Option<Value>, Problem> {
    match (&field.kind, entered) {
        (FieldKind::Text { format, min_length, max_length, pattern, .. }, Entered::Text(text)) => {
            if text.is_empty() {
                return Ok(None);
            }
            let length = text.chars().count() as u64;
            if let Some(least) = min_length.filter(|least| length < *least) {
                return Err(Problem::TooShort(least));
            }
            if let Some(most) = max_length.filter(|most| length > *most) {
                return Err(Problem::TooLong(most));
            }
            if let Some(format) = format.filter(|format| !has_format(*format, text)) {
                return Err(Problem::Format(format));
            }
            if pattern.as_deref().is_some_and(|pattern| matches(pattern, text) == Some(false)) {
                return Err(Problem::Pattern);
            }
            Ok(Some(Value::String(text.clone())))
        }
        (FieldKind::Number { integer, minimum, maximum, .. }, Entered::Text(text)) => {
            let text = text.trim();
            if text.is_empty() {
                return Ok(None);
            }
            let number: f64 = text.parse().ok().filter(|n: &f64| n.is_finite()).ok_or(Problem::NotNumber)?;
            if *integer && number.fract() != 0.0 {
                return Err(Problem::NotWhole);
            }
            // Beyond 2^53 a whole number is not carried exactly.
            if *integer && number.abs() > MAX_EXACT {
                return Err(if number > 0.0 { Problem::Above(MAX_EXACT) } else { Problem::Below(-MAX_EXACT) });
            }
            if let Some(least) = minimum.filter(|least| number < *least) {
                return Err(Problem::Below(least));
            }
            if let Some(most) = maximum.filter(|most| number > *most) {
                return Err(Problem::Above(most));
            }
            let value = if *integer { json!(number as i64) } else { json!(number) };
            Ok(Some(value))
        }
        (FieldKind::Boolean { .. }, Entered::Checked(checked)) => Ok(Some(Value::Bool(*checked))),
        (FieldKind::Choice { options, .. }, Entered::Chosen(chosen)) => {
            if chosen.is_empty() {
                return Ok(None);
            }
            if !options.iter().any(|option| &option.value == chosen) {
                return Err(Problem::NotAnOption);
            }
            Ok(Some(Value::String(chosen.clone())))
        }
        (FieldKind::Choices { options, min_items, max_items, .. }, Entered::ChosenMany(chosen)) => {
            if chosen.iter().any(|value| !options.iter().any(|option| &option.value == value)) {
                return Err(Problem::NotAnOption);
            }
            let count = chosen.len() as u64;
            if let Some(least) = min_items.filter(|least| count < *least) {
                // None chosen of an optional field is no answer, not too few.
                return if count == 0 && !field.required { Ok(None) } else { Err(Problem::TooFew(least)) };
            }
            if let Some(most) = max_items.filter(|most| count > *most) {
                return Err(Problem::TooMany(most));
            }
            if count == 0 {
                return Ok(None);
            }
            // In the options' order, each once.
            let ordered =
                options.iter().filter(|option| chosen.contains(&option.value)).map(|option| json!(option.value));
            Ok(Some(Value::Array(ordered.collect())))
        }
        _ => Err(Problem::NotAnOption),
    }
}

/// The largest whole number a JSON number carries exactly (2^53 - 1).
const MAX_EXACT: f64 = 9_007_199_254_740_991.0;

/// Whether `text` has `format`.
pub fn has_format(format: TextFormat, text: &str) -> bool {
    match format {
        TextFormat::Email => {
            let Some((local, domain)) = text.rsplit_once('@') else { return false };
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !text.chars().any(|c| c.is_whitespace() || c.is_control())
        }
        TextFormat::Uri => {
            let Some((scheme, rest)) = text.split_once(':') else { return false };
            let mut letters = scheme.chars();
            letters.next().is_some_and(|c| c.is_ascii_alphabetic())
                && letters.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                && !rest.is_empty()
                && !text.chars().any(|c| c.is_whitespace() || c.is_control())
        }
        TextFormat::Date => is_date(text),
        TextFormat::DateTime => {
            let Some((date, time)) = text.split_once(['T', 't']) else { return false };
            is_date(date) && is_time(time)
        }
    }
}

fn digits(text: &str, count: usize) -> Option<u32> {
    (text.len() == count && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

fn is_date(text: &str) -> bool {
    let mut parts = text.split('-');
    let (Some(year), Some(month), Some(day), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let (Some(year), Some(month), Some(day)) = (digits(year, 4), digits(month, 2), digits(day, 2)) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// `HH:MM:SS[.fraction](Z|±HH:MM)`.
fn is_time(text: &str) -> bool {
    let (clock, zone) = if let Some(clock) = text.strip_suffix(['Z', 'z']) {
        (clock, None)
    } else {
        let Some(at) = text.rfind(['+', '-']) else { return false };
        (&text[..at], Some(&text[at + 1..]))
    };
    let clock = clock.split_once('.').map_or(clock, |(whole, fraction)| {
        if fraction.is_empty() || !fraction.bytes().all(|b| b.is_ascii_digit()) { "" } else { whole }
    });
    let hms: Vec<&str> = clock.split(':').collect();
    let [hours, minutes, seconds] = hms[..] else { return false };
    let in_range = |text: &str, most: u32| digits(text, 2).is_some_and(|n| n <= most);
    let zone_ok = zone.is_none_or(|zone| {
        zone.split_once(':').is_some_and(|(hours, minutes)| in_range(hours, 23) && in_range(minutes, 59))
    });
    in_range(hours, 23) && in_range(minutes, 59) && in_range(seconds, 60) && zone_ok
}

/// The user's answer to a request for input.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Accepted: a form's content (`None` for a URL opened).
    Accept(Option<Value>),
    /// Declined, in so many words.
    Decline,
    /// Dismissed, stopped, or given up on.
    Cancel,
}

impl Answer {
    /// The result sent back (`ElicitResult`).
    pub fn result(&self) -> Value {
        match self {
            Self::Accept(Some(content)) => json!({ "action": "accept", "content": content }),
            Self::Accept(None) => json!({ "action": "accept" }),
            Self::Decline => json!({ "action": "decline" }),
            Self::Cancel => json!({ "action": "cancel" }),
        }
    }
}

/// The `elicitationId` a completion notification names.
pub fn completed_id(params: &Value) -> Option<&str> {
    params.get("elicitationId").and_then(Value::as_str)
}

/// The requests for input of a 2026-07-28 `input_required` result
/// (`inputRequests`): each one's key, method and params, in key order.
pub fn input_requests(result: &Value) -> Vec<(String, String, Value)> {
    let Some(requests) = result.get("inputRequests").and_then(Value::as_object) else { return Vec::new() };
    requests
        .iter()
        .map(|(key, request)| {
            let method = request.get("method").and_then(Value::as_str).unwrap_or_default().to_owned();
            (key.clone(), method, request.get("params").cloned().unwrap_or(Value::Null))
        })
        .collect()
}

/// The params of the request asked again after an `input_required` `result`:
/// the first request's `params`, with the user's answers under
/// `inputResponses` (by the requests' keys) and the server's `requestState`
/// given back exactly as it came (left out when it sent none).
pub fn with_input_responses(params: Option<&Value>, responses: Map<String, Value>, result: &Value) -> Value {
    let mut params = match params {
        Some(Value::Object(map)) => map.clone(),
        _ => Map::new(),
    };
    params.insert("inputResponses".into(), Value::Object(responses));
    match result.get("requestState") {
        Some(state) => params.insert("requestState".into(), state.clone()),
        None => params.remove("requestState"),
    };
    Value::Object(params)
}
