//! Tests of how hidden characters are written out before text is shown.

use super::*;

#[test]
fn hidden_characters_are_written_out_and_the_rest_kept() {
    assert_eq!(shown_plainly("plain {\"n\": 21}"), "plain {\"n\": 21}");
    assert_eq!(shown_plainly("rm \u{202E}txt.exe"), "rm \\u{202E}txt.exe");
    assert_eq!(shown_plainly("a\u{200B}b\u{FEFF}"), "a\\u{200B}b\\u{FEFF}");
    assert_eq!(shown_plainly("مرحبا \u{2066}x\u{2069}"), "مرحبا \\u{2066}x\\u{2069}");
}
