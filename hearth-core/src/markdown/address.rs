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
mod tests {
    use super::*;

    fn from_code_points(points: &[u32]) -> String {
        points.iter().filter_map(|&p| char::from_u32(p)).collect()
    }

    /// The sample strings of RFC 3492, section 7.1 (those without uppercase
    /// annotations; lowercase input gives lowercase output).
    #[test]
    fn punycode_matches_the_rfc_samples() {
        let samples: &[(&[u32], &str)] = &[
            (
                &[
                    0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634,
                    0x0639, 0x0631, 0x0628, 0x064A, 0x061F,
                ],
                "egbpdaj6bu4bxfgehfvwxn",
            ),
            (&[0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587], "ihqwcrb4cv8a8dqg056pqjye"),
            (&[0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587], "ihqwctvzc91f659drss3x8bo0yb"),
            (
                &[
                    0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC, 0x05D0, 0x05DE,
                    0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA,
                ],
                "4dbcagdahymbxekheh6e0a7fei0b",
            ),
            (
                &[
                    0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092, 0x8A71, 0x3057, 0x3066,
                    0x304F, 0x308C, 0x306A, 0x3044, 0x306E, 0x304B,
                ],
                "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa",
            ),
            (
                &[
                    0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D, 0x0438, 0x043D,
                    0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442, 0x043F, 0x043E, 0x0440, 0x0443,
                    0x0441, 0x0441, 0x043A, 0x0438,
                ],
                "b1abfaaepdrnnbgefbadotcwatmq2g4l",
            ),
            (&[0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F], "3B-ww4c5e180e575a65lsy2b"),
            (&[0x3072, 0x3068, 0x3064, 0x5C4B, 0x6839, 0x306E, 0x4E0B, 0x0032], "2-u9tlzr9756bt3uc0v"),
            (&[0x305D, 0x306E, 0x30B9, 0x30D4, 0x30FC, 0x30C9, 0x3067], "d9juau41awczczp"),
            (&[0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C, 0x002D], "-> $1.00 <--"),
        ];
        for (points, expected) in samples {
            assert_eq!(punycode(&from_code_points(points)).as_deref(), Some(*expected), "{points:x?}");
        }
        // (M), whose basic code points keep their case.
        assert_eq!(
            punycode("\u{5B89}\u{5BA4}\u{5948}\u{7F8E}\u{6075}-with-SUPER-MONKEYS").as_deref(),
            Some("-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n")
        );
    }

    #[test]
    fn look_alike_hosts_show_in_punycode() {
        // The first letter is Cyrillic U+0430.
        let (url, host) = remote_address("https://\u{430}pple.com/login").unwrap_or_default();
        assert_eq!(host, "xn--pple-43d.com");
        assert_eq!(url, "https://xn--pple-43d.com/login");
        assert_eq!(
            remote_address("https://B\u{FC}cher.Example/").map(|a| a.1).as_deref(),
            Some("xn--bcher-kva.example")
        );
        assert_eq!(remote_address("https://%D0%B0pple.com/").map(|a| a.1).as_deref(), Some("xn--pple-43d.com"));
        // Uppercase Cyrillic is lowercased first, like the browser.
        assert_eq!(remote_address("https://\u{410}pple.com/").map(|a| a.1).as_deref(), Some("xn--pple-43d.com"));
    }

    #[test]
    fn hosts_needing_idna_tables_are_refused() {
        for dest in [
            "https://\u{FF41}pple.com/",     // fullwidth a: the browser maps it to "a"
            "https://e\u{301}xample.com/",   // combining accent
            "https://\u{17F}ecure.example/", // long s maps to s
            "https://a\u{3002}example/",     // ideographic full stop is a dot to the browser
            "https://xn--pple-43d\u{430}.com/",
            "https://[::1/",
            "https://[1::2::3]/",
            "https://[fe80::1%25eth0]/",
            "https://0x7f.1/",
            "https://2130706433/",
            "https://1.2.3.04/",
            "https://a..b/",
            "https:///",
            "https://a b.example/",
            "https://a%00b.example/",
            "https://example.com:65536/",
            "https://example.com:8x/",
        ] {
            assert_eq!(remote_address(dest), None, "{dest}");
        }
    }

    #[test]
    fn addresses_are_normalised_like_the_browser() {
        let cases = [
            ("HTTPS://ATTACKER.EXAMPLE/UPPER.PNG", "https://attacker.example/UPPER.PNG", "attacker.example"),
            (
                "//Attacker.Example:8443/cat.png?q=secret",
                "https://attacker.example:8443/cat.png?q=secret",
                "attacker.example:8443",
            ),
            ("http://example.com:80", "http://example.com/", "example.com"),
            ("https://example.com:0443/a", "https://example.com/a", "example.com"),
            ("https:example.com", "https://example.com/", "example.com"),
            ("https:\\\\example.com\\a\\b", "https://example.com/a/b", "example.com"),
            ("https://example.com/a/./b/../c/..", "https://example.com/a/", "example.com"),
            ("https://example.com/%2E%2E/x", "https://example.com/x", "example.com"),
            (
                "https://example.com/a b\"<>`{}?q= \"'<>#f `",
                "https://example.com/a%20b%22%3C%3E%60%7B%7D?q=%20%22%27%3C%3E#f%20%60",
                "example.com",
            ),
            ("https://example.com/é?é#é", "https://example.com/%C3%A9?%C3%A9#%C3%A9", "example.com"),
            ("https://apple.com@evil.example/", "https://apple.com@evil.example/", "evil.example"),
            ("https://u:p w@evil.example/", "https://u:p%20w@evil.example/", "evil.example"),
            ("https://:@evil.example/", "https://evil.example/", "evil.example"),
            ("https://Example.COM./", "https://example.com./", "example.com."),
            ("http://127.0.0.1:8080/x", "http://127.0.0.1:8080/x", "127.0.0.1:8080"),
            ("https://[::1]/", "https://[::1]/", "[::1]"),
            ("http://[0:0:0:0:0:0:0:1]:8080/", "http://[::1]:8080/", "[::1]:8080"),
            ("https://[2001:DB8:0:0:1:0:0:1]/", "https://[2001:db8::1:0:0:1]/", "[2001:db8::1:0:0:1]"),
            ("https://[::ffff:192.0.2.1]/", "https://[::ffff:c000:201]/", "[::ffff:c000:201]"),
            ("  https://example.com/\t\n  ", "https://example.com/", "example.com"),
            ("ht\ntps://exa\tmple.com/", "https://example.com/", "example.com"),
        ];
        for (dest, url, host) in cases {
            assert_eq!(remote_address(dest), Some((url.to_owned(), host.to_owned())), "{dest}");
        }
        for dest in
            ["/relative.png", "data:image/png;base64,AAAA", "javascript:alert(1)", "ftp://example.com/x", "mailto:a@b"]
        {
            assert_eq!(remote_address(dest), None, "{dest}");
        }
    }

    #[test]
    fn hrefs_keep_the_schemes_they_kept_before() {
        for href in [
            "https://example.com/",
            "HTTP://example.com",
            "/relative",
            "relative/path",
            "#anchor",
            "?q=1",
            "",
            "mailto:a@example.com",
            "tel:+123",
            "ftp://example.com/f",
            "irc://irc.example:6667/chan",
            "//example.com/x",
        ] {
            assert!(href_allowed(href), "{href}");
        }
        for href in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            " javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "\u{1}javascript:alert(1)",
            "vbscript:msgbox(1)",
            "data:text/html,%3Cscript%3Ealert(1)%3C/script%3E",
            "file:///etc/passwd",
            "blob:https://example.com/x",
            "https://",
            "http://%5B::1%5D/",
            "https://example.com:99999/",
            "irc://example.com:99999/",
            "ssh://a%20b^c/",
        ] {
            assert!(!href_allowed(href), "{href}");
        }
    }
}
