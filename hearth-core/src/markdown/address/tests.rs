//! Tests of addresses in model output: which links keep their `href`, and the
//! normalised address and host shown beside `http(s)` links and images.

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
                0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634, 0x0639,
                0x0631, 0x0628, 0x064A, 0x061F,
            ],
            "egbpdaj6bu4bxfgehfvwxn",
        ),
        (&[0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587], "ihqwcrb4cv8a8dqg056pqjye"),
        (&[0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587], "ihqwctvzc91f659drss3x8bo0yb"),
        (
            &[
                0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC, 0x05D0, 0x05DE, 0x05D3,
                0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA,
            ],
            "4dbcagdahymbxekheh6e0a7fei0b",
        ),
        (
            &[
                0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092, 0x8A71, 0x3057, 0x3066, 0x304F,
                0x308C, 0x306A, 0x3044, 0x306E, 0x304B,
            ],
            "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa",
        ),
        (
            &[
                0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D, 0x0438, 0x043D, 0x0435,
                0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442, 0x043F, 0x043E, 0x0440, 0x0443, 0x0441, 0x0441,
                0x043A, 0x0438,
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
    assert_eq!(remote_address("https://B\u{FC}cher.Example/").map(|a| a.1).as_deref(), Some("xn--bcher-kva.example"));
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
