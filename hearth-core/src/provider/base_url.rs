//! Checking a provider's base URL before anything is sent to it, and the origin
//! an API key is bound to.
//!
//! A base URL must be an absolute `http:` or `https:` URL with a host:
//! `scheme://host[:port][/path][?query]`. The parser is written by hand for this
//! one shape (no `url` crate): the scheme is case-insensitive, surrounding
//! whitespace is ignored, the host may be a name, an IPv4 address or a bracketed
//! IPv6 literal, and credentials (`user:pass@`), fragments, inner whitespace and
//! bad ports are refused with a sentence that can be shown under the field.
//!
//! The origin (`scheme://host[:port]`, lower case, default port left out) is what
//! a key is bound to: a request whose URL has another origin never carries it.
//!
//! A base URL's query (a gateway's tenant, a signed proxy's signature) belongs
//! after the endpoint's path: [`split_query`] takes it off so a family can add
//! its path, and [`with_query`] puts it back, unchanged, before the family's own
//! parameters. The request then goes out with exactly that URL.

#[cfg(test)]
mod tests;

use super::preset::Preset;

/// The two schemes a provider can be reached with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// Plain HTTP.
    Http,
    /// HTTP over TLS.
    Https,
}

impl Scheme {
    /// `"http"` or `"https"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
        }
    }

    fn default_port(self) -> u16 {
        match self {
            Scheme::Http => 80,
            Scheme::Https => 443,
        }
    }
}

/// A base URL that passed [`validate_base_url`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl {
    /// The scheme.
    pub scheme: Scheme,
    /// The host in lower case; an IPv6 literal keeps its brackets.
    pub host: String,
    /// The port, when one other than the scheme's default was given.
    pub port: Option<u16>,
    /// Everything after the authority (path and query), possibly empty.
    pub rest: String,
}

impl BaseUrl {
    /// `scheme://host[:port]`, the origin a key entered for this URL is bound to.
    pub fn origin(&self) -> String {
        match self.port {
            Some(port) => format!("{}://{}:{port}", self.scheme.as_str(), self.host),
            None => format!("{}://{}", self.scheme.as_str(), self.host),
        }
    }

    /// Whether the host is this machine: `localhost`, `*.localhost`, an address
    /// in `127.0.0.0/8`, or `[::1]`.
    pub fn is_local(&self) -> bool {
        let host = self.host.as_str();
        host == "localhost"
            || host.ends_with(".localhost")
            || host == "[::1]"
            || ipv4(host).is_some_and(|octets| octets[0] == 127)
    }
}

/// What is wrong with a base URL. `Display` is the sentence shown under the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BaseUrlError {
    /// Nothing was typed.
    #[error("Enter the base URL, such as https://api.example.com/v1.")]
    Empty,
    /// No `scheme://` in front.
    #[error("The base URL must be a full address starting with https:// or http://.")]
    NotAbsolute,
    /// A scheme other than `http` or `https`.
    #[error("The base URL must start with https:// or http://, not {0}://.")]
    UnsupportedScheme(String),
    /// Nothing between `://` and the path.
    #[error("The base URL has no host after {0}://.")]
    MissingHost(String),
    /// `user:pass@host`: credentials in the URL would be sent in the clear.
    #[error("The base URL must not contain a user name or password (user:pass@). Put the key in the API key field.")]
    Credentials,
    /// The host has characters no host name has.
    #[error("The base URL's host “{0}” is not a valid host name or address.")]
    BadHost(String),
    /// The port is not a number from 1 to 65535.
    #[error("The base URL's port “{0}” is not a number from 1 to 65535.")]
    BadPort(String),
    /// Spaces or other whitespace inside the URL.
    #[error("The base URL must not contain spaces.")]
    Whitespace,
    /// A `#fragment`, which is never sent and means the URL was pasted wrongly.
    #[error("The base URL must not contain a # fragment.")]
    Fragment,
}

/// Checks `text` as a provider base URL (surrounding whitespace ignored).
pub fn validate_base_url(text: &str) -> Result<BaseUrl, BaseUrlError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(BaseUrlError::Empty);
    }
    let url = parse_absolute(text)?;
    if text.chars().any(char::is_whitespace) {
        return Err(BaseUrlError::Whitespace);
    }
    if url.rest.contains('#') {
        return Err(BaseUrlError::Fragment);
    }
    Ok(url)
}

/// The origin of an absolute `http(s)` URL (a request URL may carry a query or
/// anything else after its authority), or `None` when it has none.
pub fn origin_of(url: &str) -> Option<String> {
    let url = url.trim();
    if url.chars().any(char::is_whitespace) {
        return None;
    }
    parse_absolute(url).ok().map(|url| url.origin())
}

/// Whether an absolute `http(s)` URL (a request's, or a base URL) points at
/// this machine (see [`BaseUrl::is_local`]): such a provider is tried even when
/// the browser says the device is offline. `false` for anything not a URL.
pub fn is_local_url(url: &str) -> bool {
    let url = url.trim();
    !url.chars().any(char::is_whitespace) && parse_absolute(url).is_ok_and(|url| url.is_local())
}

/// The warning for a hosted service reached over plain `http:` at a host that is
/// not this machine: the key and the conversation would cross the network
/// unencrypted. `None` when the URL is not valid (its error is shown instead),
/// uses `https:`, is local, or the preset is a local or custom server.
pub fn insecure_http_warning(preset: Preset, base_url: &str) -> Option<String> {
    let url = validate_base_url(base_url).ok()?;
    (preset.is_hosted() && url.scheme == Scheme::Http && !url.is_local()).then(|| {
        format!(
            "This address uses http://, so the API key and your messages would cross the network unencrypted. \
             {} is reached over https://.",
            preset.label()
        )
    })
}

fn parse_absolute(text: &str) -> Result<BaseUrl, BaseUrlError> {
    let Some((scheme, after)) = text.split_once("://") else {
        return Err(BaseUrlError::NotAbsolute);
    };
    let valid_scheme = scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !valid_scheme {
        return Err(BaseUrlError::NotAbsolute);
    }
    let scheme = match scheme.to_ascii_lowercase().as_str() {
        "http" => Scheme::Http,
        "https" => Scheme::Https,
        other => return Err(BaseUrlError::UnsupportedScheme(other.to_owned())),
    };
    let end = after.find(['/', '?', '#', '\\']).unwrap_or(after.len());
    let (authority, rest) = after.split_at(end);
    if authority.contains('@') {
        return Err(BaseUrlError::Credentials);
    }
    if authority.is_empty() {
        return Err(BaseUrlError::MissingHost(scheme.as_str().to_owned()));
    }
    if rest.starts_with('\\') {
        return Err(BaseUrlError::BadHost(format!("{authority}\\")));
    }
    let (host, port) = split_host_port(authority)?;
    let host = check_host(host)?;
    let port = match port {
        None => None,
        Some(port) => {
            let number = port
                .parse::<u16>()
                .ok()
                .filter(|n| *n > 0 && port.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| BaseUrlError::BadPort(port.to_owned()))?;
            (number != scheme.default_port()).then_some(number)
        }
    };
    Ok(BaseUrl { scheme, host, port, rest: rest.to_owned() })
}

/// Splits `host[:port]` or `[v6][:port]`.
fn split_host_port(authority: &str) -> Result<(&str, Option<&str>), BaseUrlError> {
    if authority.starts_with('[') {
        let Some(close) = authority.find(']') else {
            return Err(BaseUrlError::BadHost(authority.to_owned()));
        };
        let (host, after) = authority.split_at(close + 1);
        return match after {
            "" => Ok((host, None)),
            _ => match after.strip_prefix(':') {
                Some(port) => Ok((host, Some(port))),
                None => Err(BaseUrlError::BadHost(authority.to_owned())),
            },
        };
    }
    Ok(match authority.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    })
}

fn check_host(host: &str) -> Result<String, BaseUrlError> {
    let bad = || BaseUrlError::BadHost(host.to_owned());
    if host.is_empty() {
        return Err(bad());
    }
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        let valid = inner.contains(':')
            && inner.chars().all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
            && inner.split("::").count() <= 2
            && inner.split(':').filter(|group| !group.is_empty()).all(|group| group.len() <= 4 || group.contains('.'));
        return if valid { Ok(host.to_ascii_lowercase()) } else { Err(bad()) };
    }
    let name = host.strip_suffix('.').unwrap_or(host);
    let valid = name.split('.').all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && label.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    });
    // A name made only of digits and dots must be a real IPv4 address.
    let numeric = name.chars().all(|c| c.is_ascii_digit() || c == '.');
    if !valid || (numeric && ipv4(name).is_none()) {
        return Err(bad());
    }
    Ok(name.to_lowercase())
}

/// The four octets of a dotted-decimal IPv4 address.
fn ipv4(host: &str) -> Option<[u8; 4]> {
    let mut octets = [0u8; 4];
    let mut parts = host.split('.');
    for octet in &mut octets {
        let part = parts.next()?;
        if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *octet = part.parse().ok()?;
    }
    parts.next().is_none().then_some(octets)
}

/// `url` split at its query: `("https://h/v1", "tenant=a")` for
/// `https://h/v1?tenant=a`; the query is empty when there is none. Surrounding
/// whitespace and trailing slashes of the path are left out.
pub(crate) fn split_query(url: &str) -> (&str, &str) {
    let url = url.trim();
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    (path.trim_end_matches('/'), query)
}

/// `url` (which has no query) with the non-empty `queries` joined by `&` after a
/// `?`, each exactly as given: `with_query("https://h/v1/x", &["tenant=a", "alt=sse"])`
/// is `https://h/v1/x?tenant=a&alt=sse`.
pub(crate) fn with_query(url: String, queries: &[&str]) -> String {
    let mut parts = queries.iter().filter(|query| !query.is_empty());
    let Some(first) = parts.next() else { return url };
    let mut out = url;
    out.push('?');
    out.push_str(first);
    for query in parts {
        out.push('&');
        out.push_str(query);
    }
    out
}
