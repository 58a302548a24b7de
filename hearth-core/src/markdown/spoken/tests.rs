//! Tests of what "Read aloud" reads.

use super::{spoken_pieces, spoken_text};

#[test]
fn code_blocks_math_images_html_and_addresses_are_not_read() {
    let markdown = "# Setup\n\nRun this:\n\n```sh\ncargo build\n```\n\nSee [the guide](https://example.com/guide) \
                    or https://example.com/raw.\n\n![a chart](chart.png)\n\n$$x^2$$\n\n<div>raw</div>\n";
    // The address and the full stop written against it go; the block still ends with one.
    assert_eq!(spoken_text(markdown), "Setup.\nRun this:\nSee the guide or.");
}

#[test]
fn marks_go_and_blocks_end_with_a_stop() {
    let markdown = "**Bold** and _italic_ with `inline code`\n\n- first item\n- second item!\n\n> quoted";
    assert_eq!(spoken_text(markdown), "Bold and italic with inline code.\nfirst item.\nsecond item!\nquoted.");
}

#[test]
fn table_cells_are_read_one_by_one() {
    let markdown = "| Name | Age |\n| --- | --- |\n| Ann | 30 |\n";
    assert_eq!(spoken_text(markdown), "Name.\nAge.\nAnn.\n30.");
}

#[test]
fn nothing_to_read_is_empty() {
    assert_eq!(spoken_text("```\nonly code\n```"), "");
    assert_eq!(spoken_text(""), "");
}

#[test]
fn pieces_keep_whole_sentences_within_the_limit() {
    let text = "One two. Three four five. Six.";
    assert_eq!(spoken_pieces(text, 18), vec!["One two.", "Three four five.", "Six."]);
    assert_eq!(spoken_pieces(text, 100), vec!["One two. Three four five. Six."]);
}

#[test]
fn a_sentence_longer_than_the_limit_is_cut_at_spaces() {
    let pieces = spoken_pieces("alpha beta gamma delta", 11);
    assert_eq!(pieces, vec!["alpha beta", "gamma delta"]);
    assert!(pieces.iter().all(|piece| piece.len() <= 11));
}

#[test]
fn a_word_longer_than_the_limit_is_cut_on_a_character_boundary() {
    let pieces = spoken_pieces("ééééé", 3);
    assert!(pieces.iter().all(|piece| !piece.is_empty() && piece.len() <= 3), "{pieces:?}");
    assert_eq!(pieces.concat(), "ééééé");
}

#[test]
fn decimals_and_lines_split_as_speech_does() {
    assert_eq!(spoken_pieces("It costs 3.50 today.\nNext line", 12), vec!["It costs", "3.50 today.", "Next line"]);
    assert_eq!(spoken_pieces("你好。再见。", 100), vec!["你好。 再见。"]);
}
