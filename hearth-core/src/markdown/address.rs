//! Web addresses in model output, read the way a browser would read them but
//! only as far as Hearth needs: which links keep their `href`, and for `http(s)`
//! links and images the normalised address and the host to show beside them.
//!
//! The host shown must be the host the browser goes to, so look-alike hosts
//! are exposed: ASCII is lowercased and every label with other characters is
//! written in Punycode (RFC 3492), as the browser does (`аpple.com` with a
//! Cyrillic `а` shows as `xn--pple-43d.com`). There is no IDNA mapping table
//! here: a host with a character whose browser mapping is not simply its
//! lowercase (compatibility forms, combining marks, scripts not listed in
//! [`plain_letter`]), an IPv6 host or an unusual IPv4 form is refused, and the
//! image or link host then shows as text only.

/// The URL schemes a link may keep (the list of the sanitiser used before this
/// writer, so links behave as they did): everything else, `javascript:`,
/// `data:` and `vbscript:` included, loses its `href`.
const LINK_SCHEMES: &[&str] = &[
    "bitcoin",
    "ftp",
    "ftps",
    "geo",
    "http",
    "https",
    "im",
    "irc",
    "ircs",
    "magnet",
    "mailto",
    "mms",
    "mx",
    "news",
    "nntp",
    "openpgp4fpr",
    "sip",
    "sms",
    "smsto",
    "ssh",
    "tel",
    "url",
    "webcal",
    "wtai",
    "xmpp",
];

/// An image address the shell may fetch on request: absolute `http(s)`, or
/// protocol-relative (then `https`). Returns the normalised address and the host
/// (with its port when it is not the default) to show.
pub(super) fn remote_address(dest: &str) -> Option<(String, String)> {
    let dest = dest.trim();
    let parsed = if dest.starts_with("//") { parse_special(&format!("https:{dest}"))? } else { parse_special(dest)? };
    if parsed.scheme == "ftp" {
        return None;
    }
    let host = match parsed.port {
        Some(port) => format!("{}:{port}", parsed.host),
        None => parsed.host.clone(),
    };
    Some((parsed.to_string(), host))
}

/// Whether a link keeps `href` (the value as written into the attribute, before
/// escaping): a relative address, or one whose scheme is in [`LINK_SCHEMES`]
/// and which parses (for `http`, `https` and `ftp`: see [`remote_address`]).
pub(super) fn href_allowed(href: &str) -> bool {
    let href = clean(href);
    let Some((scheme, rest)) = split_scheme(&href) else {
        // No scheme: relative to the page, which opens nothing by itself.
        return true;
    };
    if !LINK_SCHEMES.contains(&scheme.as_str()) {
        return false;
    }
    if is_special(&scheme) {
        return parse_special(&href).is_some();
    }
    // Other schemes: an authority, when there is one, must be well formed.
    let Some(after) = rest.strip_prefix("//") else { return true };
    let authority = &after[..after.find(['/', '?', '#']).unwrap_or(after.len())];
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host, port) = match host_port.rsplit_once(':') {
        Some((host, port)) if !host.starts_with('[') || host.ends_with(']') => (host, port),
        _ => (host_port, ""),
    };
    port.bytes().all(|b| b.is_ascii_digit())
        && (port.is_empty() || port.parse::<u32>().is_ok_and(|p| p <= 65535))
        && !host.contains(|c: char| c.is_ascii_control() || " #/<>?@\\^|".contains(c))
}

/// A parsed `http`, `https` or `ftp` address.
#[derive(Debug)]
struct Special {
    scheme: String,
    userinfo: String,
    host: String,
    /// The port, unless it is the scheme's default.
    port: Option<u16>,
    /// Path, query and fragment, percent-encoded.
    rest: String,
}

impl std::fmt::Display for Special {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}://{}{}", self.scheme, self.userinfo, self.host)?;
        if let Some(port) = self.port {
            write!(f, ":{port}")?;
        }
        f.write_str(&self.rest)
    }
}

fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ftp")
}

/// Leading and trailing controls and spaces cut, tabs and newlines removed, as
/// the browser's URL parser does.
fn clean(input: &str) -> String {
    input.trim_matches(|c: char| c <= ' ').chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect()
}

/// The lowercased scheme and what follows its colon, if `input` starts with one.
fn split_scheme(input: &str) -> Option<(String, &str)> {
    let (scheme, rest) = input.split_once(':')?;
    let mut bytes = scheme.bytes();
    let valid = bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    valid.then(|| (scheme.to_ascii_lowercase(), rest))
}

fn parse_special(input: &str) -> Option<Special> {
    let input = clean(input);
    let (scheme, rest) = split_scheme(&input)?;
    if !is_special(&scheme) {
        return None;
    }
    let rest = rest.trim_start_matches(['/', '\\']);
    let end = rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let (userinfo, host_port) = match authority.rsplit_once('@') {
        Some((userinfo, host_port)) => (serialize_userinfo(userinfo), host_port),
        None => (String::new(), authority),
    };
    let (host, port) = match host_port.rsplit_once(':') {
        Some((host, port)) if !host.starts_with('[') || host.ends_with(']') => (host, port),
        _ => (host_port, ""),
    };
    let port = if port.is_empty() {
        None
    } else if port.bytes().all(|b| b.is_ascii_digit()) {
        let number: u32 = port.trim_start_matches('0').parse().unwrap_or(0);
        let number = u16::try_from(number).ok()?;
        let default = match scheme.as_str() {
            "http" => 80,
            "https" => 443,
            _ => 21,
        };
        (number != default).then_some(number)
    } else {
        return None;
    };
    let host = normalise_host(host)?;
    Some(Special { scheme, userinfo, host, port, rest: serialize_tail(tail) })
}

/// `user:password@` percent-encoded, or nothing when both are empty.
fn serialize_userinfo(userinfo: &str) -> String {
    let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
    let set = |b: u8| b" \"#<>?`{}/:;=@[\\]^|".contains(&b);
    let mut out = encode(user, set);
    if !password.is_empty() {
        out.push(':');
        out.push_str(&encode(password, set));
    }
    if !out.is_empty() {
        out.push('@');
    }
    out
}

/// Path (dot segments resolved, never empty), query and fragment, each
/// percent-encoded with the browser's set for it.
fn serialize_tail(tail: &str) -> String {
    let (before_fragment, fragment) = match tail.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (tail, None),
    };
    let (path, query) = match before_fragment.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (before_fragment, None),
    };
    let path = path.replace('\\', "/");
    let path = encode(&path, |b| b" \"#<>?`{}".contains(&b));
    let segments: Vec<&str> = path.strip_prefix('/').unwrap_or(&path).split('/').collect();
    let mut kept: Vec<&str> = Vec::new();
    for (index, segment) in segments.iter().enumerate() {
        let last = index + 1 == segments.len();
        let lower = segment.to_ascii_lowercase();
        if matches!(lower.as_str(), ".." | ".%2e" | "%2e." | "%2e%2e") {
            kept.pop();
            if last {
                kept.push("");
            }
        } else if matches!(lower.as_str(), "." | "%2e") {
            if last {
                kept.push("");
            }
        } else {
            kept.push(segment);
        }
    }
    let mut out = format!("/{}", kept.join("/"));
    if let Some(query) = query {
        out.push('?');
        out.push_str(&encode(query, |b| b" \"#<>'".contains(&b)));
    }
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(&encode(fragment, |b| b" \"<>`".contains(&b)));
    }
    out
}

/// Percent-encodes controls, non-ASCII and the bytes `set` names.
fn encode(text: &str, set: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if !(0x20..0x7f).contains(&byte) || set(byte) {
            out.push_str(&format!("%{byte:02X}"));
        } else {
            out.push(char::from(byte));
        }
    }
    out
}

fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = bytes.get(index + 1..index + 3).and_then(|h| std::str::from_utf8(h).ok());
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(byte) if bytes[index] == b'%' => {
                out.push(byte);
                index += 3;
            }
            _ => {
                out.push(bytes[index]);
                index += 1;
            }
        }
    }
    out
}

/// The host as the browser writes it, or `None` when it cannot be written here
/// safely (see the module docs).
fn normalise_host(host: &str) -> Option<String> {
    if let Some(address) = host.strip_prefix('[') {
        return Some(format!("[{}]", ipv6(address.strip_suffix(']')?)?));
    }
    let decoded = String::from_utf8(percent_decode(host)).ok()?;
    if decoded.is_empty() {
        return None;
    }
    let labels: Vec<&str> = decoded.split('.').collect();
    let trailing_dot = labels.len() > 1 && labels.last().is_some_and(|l| l.is_empty());
    let labels = if trailing_dot { &labels[..labels.len() - 1] } else { &labels[..] };
    let last = labels.last()?;
    let numeric = |l: &str| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit());
    let hex = |l: &str| {
        let l = l.to_ascii_lowercase();
        l.strip_prefix("0x").is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
    };
    if numeric(last) || hex(last) {
        // An IPv4 address: only the plain dotted form is taken.
        let plain = !trailing_dot
            && labels.len() == 4
            && labels.iter().all(|l| numeric(l) && (l.len() == 1 || !l.starts_with('0')) && l.len() <= 3)
            && labels.iter().all(|l| l.parse::<u16>().is_ok_and(|n| n <= 255));
        return plain.then(|| labels.join("."));
    }
    let mut out = String::with_capacity(decoded.len());
    for (index, label) in labels.iter().enumerate() {
        if index > 0 {
            out.push('.');
        }
        out.push_str(&normalise_label(label)?);
    }
    if trailing_dot {
        out.push('.');
    }
    Some(out)
}

/// An IPv6 address in its shortest form (lowercase, the first longest run of
/// zero pieces as `::`), or `None` if it is not one.
fn ipv6(text: &str) -> Option<String> {
    let (head, tail) = match text.split_once("::") {
        Some((head, tail)) => (head, Some(tail)),
        None => (text, None),
    };
    let parse = |part: &str| -> Option<Vec<u16>> {
        if part.is_empty() {
            return Some(Vec::new());
        }
        let mut pieces = Vec::new();
        let fields: Vec<&str> = part.split(':').collect();
        for (index, field) in fields.iter().enumerate() {
            if index + 1 == fields.len() && field.contains('.') {
                let octets: Vec<u8> = field
                    .split('.')
                    .map(|o| (o.len() == 1 || !o.starts_with('0')).then(|| o.parse::<u8>().ok()).flatten())
                    .collect::<Option<_>>()?;
                let [a, b, c, d] = octets[..] else { return None };
                pieces.extend([u16::from_be_bytes([a, b]), u16::from_be_bytes([c, d])]);
            } else if (1..=4).contains(&field.len()) && field.bytes().all(|b| b.is_ascii_hexdigit()) {
                pieces.push(u16::from_str_radix(field, 16).ok()?);
            } else {
                return None;
            }
        }
        Some(pieces)
    };
    let head = parse(head)?;
    let pieces = match tail {
        Some(tail) => {
            let tail = parse(tail)?;
            let zeros = 8usize.checked_sub(head.len() + tail.len())?;
            if zeros == 0 {
                return None;
            }
            [head, vec![0; zeros], tail].concat()
        }
        None => head,
    };
    if pieces.len() != 8 {
        return None;
    }
    // The first longest run of two or more zero pieces.
    let (mut best, mut best_len, mut run_start, mut run_len) = (0, 0, 0, 0);
    for (index, piece) in pieces.iter().enumerate() {
        if *piece == 0 {
            if run_len == 0 {
                run_start = index;
            }
            run_len += 1;
            if run_len > best_len {
                (best, best_len) = (run_start, run_len);
            }
        } else {
            run_len = 0;
        }
    }
    let hex = |pieces: &[u16]| pieces.iter().map(|p| format!("{p:x}")).collect::<Vec<_>>().join(":");
    Some(if best_len >= 2 {
        format!("{}::{}", hex(&pieces[..best]), hex(&pieces[best + best_len..]))
    } else {
        hex(&pieces)
    })
}

fn normalise_label(label: &str) -> Option<String> {
    if label.is_empty() {
        return None;
    }
    let mut lower = String::with_capacity(label.len());
    for c in label.chars() {
        if c.is_ascii() {
            let c = c.to_ascii_lowercase();
            if !(c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                return None;
            }
            lower.push(c);
        } else {
            lower.push(plain_letter(c)?);
        }
    }
    if lower.is_ascii() {
        return Some(lower);
    }
    if lower.starts_with("xn--") {
        return None;
    }
    Some(format!("xn--{}", punycode(&lower)?))
}

/// `c` lowercased, if it is a letter whose browser (UTS 46) mapping is just
/// its lowercase: basic Latin-1 and Latin Extended-A letters, modern Greek,
/// basic Cyrillic, CJK ideographs, kana and Hangul syllables. Anything else
/// (compatibility forms, combining marks, right-to-left scripts…) needs the
/// IDNA tables, which Hearth does not carry; its host is refused.
fn plain_letter(c: char) -> Option<char> {
    let code = u32::from(c);
    let listed = matches!(code,
        0x00C0..=0x00D6 | 0x00D8..=0x00F6 | 0x00F8..=0x00FF
        | 0x0100..=0x012F | 0x0134..=0x013E | 0x0141..=0x0148 | 0x014A..=0x017E
        | 0x0386 | 0x0388..=0x038A | 0x038C | 0x038E..=0x03A1 | 0x03A3..=0x03CE
        | 0x0400..=0x045F
        | 0x3041..=0x3096 | 0x30A1..=0x30FA | 0x4E00..=0x9FFF | 0xAC00..=0xD7A3);
    if !listed {
        return None;
    }
    let mut lower = c.to_lowercase();
    let first = lower.next()?;
    (lower.next().is_none()).then_some(first)
}

/// RFC 3492 Punycode of `input` (without the `xn--` prefix), or `None` on
/// overflow.
pub(super) fn punycode(input: &str) -> Option<String> {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    const SKEW: u32 = 38;
    const DAMP: u32 = 700;
    const INITIAL_BIAS: u32 = 72;
    const INITIAL_N: u32 = 128;

    fn adapt(delta: u32, points: u32, first: bool) -> u32 {
        let mut delta = if first { delta / DAMP } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
    }
    fn digit(d: u32) -> char {
        // 0..25 → a..z, 26..35 → 0..9.
        char::from(if d < 26 { b'a' + d as u8 } else { b'0' + (d - 26) as u8 })
    }

    let code_points: Vec<u32> = input.chars().map(u32::from).collect();
    let mut output: String = input.chars().filter(char::is_ascii).collect();
    let basic = output.len() as u32;
    let mut handled = basic;
    if basic > 0 {
        output.push('-');
    }
    let (mut n, mut delta, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    while (handled as usize) < code_points.len() {
        let m = code_points.iter().copied().filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in &code_points {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    output.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                output.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(output)
}

#[cfg(test)]
mod tests;
