//! Tests of images and PDFs attached to a message: never stored as bytes, what
//! each family takes, the notes and extracted text for models that cannot read
//! them, and each provider's limits.

use super::*;
use crate::message::{ChatMessage, Role};

fn image(name: &str, width: u32, height: u32, bytes: u64) -> Attachment {
    Attachment {
        kind: AttachmentKind::Image,
        blob: format!("{:0>64}", name.len()),
        mime: "image/jpeg".into(),
        name: name.into(),
        bytes,
        width,
        height,
        ..Attachment::default()
    }
}

fn pdf(name: &str, pages: Option<u32>, bytes: u64) -> Attachment {
    Attachment {
        kind: AttachmentKind::Pdf,
        blob: "f".repeat(64),
        mime: "application/pdf".into(),
        name: name.into(),
        bytes,
        pages,
        ..Attachment::default()
    }
}

fn read(attachment: Attachment) -> Attachment {
    Attachment { data: Some("AAAA".into()), ..attachment }
}

#[test]
fn the_bytes_are_never_stored() {
    let attachment = Attachment { data_mime: Some("image/jpeg".into()), ..read(image("cat.jpg", 2000, 1500, 400_000)) };
    let json = serde_json::to_value(&attachment).expect("serialised");
    assert_eq!(
        json,
        serde_json::json!({
            "kind": "image",
            "blob": format!("{:0>64}", 7),
            "mime": "image/jpeg",
            "name": "cat.jpg",
            "bytes": 400_000,
            "width": 2000,
            "height": 1500,
        })
    );
    let back: Attachment = serde_json::from_value(json).expect("read back");
    assert_eq!((back.data, back.data_mime), (None, None));
}

#[test]
fn what_each_family_takes() {
    for family in [ProviderKind::OpenAi, ProviderKind::Anthropic, ProviderKind::Gemini] {
        for mime in ["image/jpeg", "image/png", "image/gif", "image/webp", "application/pdf"] {
            assert!(family_takes(family, mime), "{family:?} takes {mime}");
        }
        assert!(!family_takes(family, "image/svg+xml"), "{family:?} takes no SVG");
    }
    assert!(family_takes(ProviderKind::Gemini, "image/heic"));
    assert!(!family_takes(ProviderKind::Anthropic, "image/heic"));
    assert!(!family_takes(ProviderKind::OpenAi, "image/heif"));
}

#[test]
fn a_model_that_cannot_read_them_gets_notes_in_place_of_its_attachments() {
    let mut question = ChatMessage::new(Role::User, "What is in these?");
    question.attachments = vec![read(image("cat.jpg", 800, 600, 50_000)), read(pdf("menu.pdf", Some(2), 90_000))];
    let answer = ChatMessage::new(Role::Assistant, "A cat and a menu.");
    let messages = vec![question.clone(), answer.clone()];

    let all = for_request(&messages, ProviderKind::OpenAi, Accepts::ALL);
    assert_eq!(all, messages, "a model that reads both gets both, untouched");

    let text = for_request(&messages, ProviderKind::OpenAi, Accepts::TEXT);
    assert!(text[0].attachments.is_empty());
    assert_eq!(
        text[0].content,
        "What is in these?\n\n[The user attached the image “cat.jpg”; this model cannot read images, so it is not sent.]\n\n[The user attached the PDF “menu.pdf”; this model cannot read PDFs, so it is not sent.]"
    );
    assert_eq!(text[1], answer, "other messages are untouched");

    let images_only = for_request(&messages, ProviderKind::Anthropic, Accepts::IMAGES);
    assert_eq!(images_only[0].attachments.len(), 1);
    assert_eq!(images_only[0].attachments[0].name, "cat.jpg");
    assert!(images_only[0].content.ends_with("this model cannot read PDFs, so it is not sent.]"));
}

#[test]
fn a_model_that_reads_no_pdfs_gets_their_extracted_text() {
    let mut question = ChatMessage::new(Role::User, "Summarise it.");
    let menu = Attachment { text: Some("Soup\n\nBread".into()), ..pdf("menu.pdf", Some(2), 90_000) };
    question.attachments = vec![menu, pdf("scan.pdf", Some(1), 40_000)];
    let messages = vec![question];
    let extracted: Vec<&str> = to_extract(&messages, ProviderKind::OpenAi, Accepts::IMAGES)
        .iter()
        .map(|attachment| attachment.name.as_str())
        .collect();
    assert_eq!(extracted, ["menu.pdf", "scan.pdf"]);
    assert!(to_extract(&messages, ProviderKind::Anthropic, Accepts::ALL).is_empty(), "read natively");
    let sent = for_request(&messages, ProviderKind::OpenAi, Accepts::TEXT);
    assert_eq!(
        sent[0].content,
        "Summarise it.\n\n[The user attached the PDF “menu.pdf”; this model cannot read PDFs, so here is its \
         text, extracted by Hearth (its pictures and layout are not included):]\n\nSoup\n\nBread\n\n[End of “menu.pdf”.]\n\n\
         [The user attached the PDF “scan.pdf”; this model cannot read PDFs, so it is not sent.]"
    );
    assert!(sent[0].attachments.is_empty());
}

#[test]
fn an_empty_message_gets_the_note_alone_and_unread_bytes_are_noted_as_missing() {
    let mut photo_only = ChatMessage::new(Role::User, "");
    photo_only.attachments = vec![image("cat.jpg", 800, 600, 50_000)];
    let sent = for_request(&[photo_only], ProviderKind::Gemini, Accepts::ALL);
    assert_eq!(sent[0].content, "[The user attached the image “cat.jpg”; it is no longer stored, so it is not sent.]");
    assert!(sent[0].attachments.is_empty());
}

#[test]
fn heic_goes_to_gemini_as_it_is_and_is_noted_elsewhere() {
    let heic = Attachment { mime: "image/heic".into(), ..read(image("IMG_0001.HEIC", 0, 0, 2_000_000)) };
    let mut message = ChatMessage::new(Role::User, "Where is this?");
    message.attachments = vec![heic];
    let gemini = for_request(std::slice::from_ref(&message), ProviderKind::Gemini, Accepts::ALL);
    assert_eq!(gemini[0].attachments.len(), 1);
    let anthropic = for_request(&[message], ProviderKind::Anthropic, Accepts::ALL);
    assert!(anthropic[0].attachments.is_empty());
    assert!(anthropic[0].content.ends_with(
        "[The user attached the image “IMG_0001.HEIC”; this provider does not take its type (image/heic), so it is not sent.]"
    ));
}

#[test]
fn to_send_lists_what_will_be_read_in_order() {
    let mut first = ChatMessage::new(Role::User, "a");
    first.attachments = vec![image("one.jpg", 10, 10, 100), pdf("two.pdf", None, 100)];
    let mut second = ChatMessage::new(Role::User, "b");
    second.attachments = vec![image("three.jpg", 10, 10, 100)];
    let messages = [first, ChatMessage::new(Role::Assistant, "ok"), second];
    let names = |list: Vec<&Attachment>| list.iter().map(|a| a.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(to_send(&messages, ProviderKind::OpenAi, Accepts::ALL)), ["one.jpg", "two.pdf", "three.jpg"]);
    assert_eq!(names(to_send(&messages, ProviderKind::OpenAi, Accepts::IMAGES)), ["one.jpg", "three.jpg"]);
    assert!(to_send(&messages, ProviderKind::OpenAi, Accepts::TEXT).is_empty());
}

#[test]
fn anthropic_limits_count_base64_and_tighten_above_twenty_images() {
    let few = limits(ProviderKind::Anthropic, 20);
    let many = limits(ProviderKind::Anthropic, 21);
    assert_eq!(few, Limits { long_edge: Some(8000), base64: Some(5 * 1024 * 1024) });
    assert_eq!(many.long_edge, Some(2000));
    // 5 MB of bytes is more than 5 MB of base64: 3 bytes become 4 characters.
    let at_limit = ANTHROPIC_MAX_IMAGE_BASE64 / 4 * 3;
    assert!(few.fits(&image("a.jpg", 2000, 1500, at_limit)));
    assert!(!few.fits(&image("a.jpg", 2000, 1500, at_limit + 1)));
    assert!(!few.fits(&image("raw.jpg", 4000, 3000, 5 * 1024 * 1024)), "5 MB of bytes is over 5 MB of base64");
    assert!(!many.fits(&image("a.jpg", 2048, 1536, 100_000)));
    assert!(many.fits(&image("a.jpg", MASTER_LONG_EDGE, 1500, 100_000)), "a master always fits the pixel limit");
    for family in [ProviderKind::OpenAi, ProviderKind::Gemini] {
        assert!(limits(family, 100).fits(&image("huge.jpg", 9000, 9000, 40_000_000)));
    }
    assert_eq!(base64_len(0), 0);
    assert_eq!(base64_len(1), 4);
    assert_eq!(base64_len(3), 4);
    assert_eq!(base64_len(4), 8);
}

#[test]
fn estimated_tokens_of_images_and_pdfs() {
    assert_eq!(image("small.png", 300, 200, 1).estimated_tokens(), 80);
    assert_eq!(image("big.jpg", 2000, 1500, 1).estimated_tokens(), IMAGE_TOKENS_MAX);
    assert_eq!(image("unknown.heic", 0, 0, 1).estimated_tokens(), IMAGE_TOKENS_MAX);
    assert_eq!(image("dot.png", 1, 1, 1).estimated_tokens(), 1);
    assert_eq!(pdf("ten.pdf", Some(10), 1).estimated_tokens(), 10 * PDF_PAGE_TOKENS);
    assert_eq!(pdf("unknown.pdf", None, 500_000).estimated_tokens(), 10 * PDF_PAGE_TOKENS);
    assert_eq!(pdf("tiny.pdf", None, 10).estimated_tokens(), PDF_PAGE_TOKENS);
    assert_eq!(pdf("absurd.pdf", Some(u32::MAX), 1).estimated_tokens(), u32::MAX);
}

#[test]
fn a_derived_copy_is_sent_with_its_own_type() {
    let derived =
        Attachment { data_mime: Some("image/jpeg".into()), mime: "image/png".into(), ..read(image("a", 1, 1, 1)) };
    assert_eq!(derived.sent_mime(), "image/jpeg");
    assert_eq!(derived.data_url(), "data:image/jpeg;base64,AAAA");
    assert_eq!(image("b", 1, 1, 1).data_url(), "data:image/jpeg;base64,");
}

#[test]
fn summaries_say_what_is_sent() {
    assert_eq!(image("cat.jpg", 2000, 1500, 421_000).summary(), "JPEG, 2000 × 1500, 412 KB");
    assert_eq!(pdf("menu.pdf", Some(3), 1_258_291).summary(), "PDF, 3 pages, 1.2 MB");
    assert_eq!(pdf("one.pdf", Some(1), 900).summary(), "PDF, 1 page, 900 B");
    assert_eq!(pdf("scan.pdf", None, 2048).summary(), "PDF, pages unknown, 2 KB");
    let heic = Attachment { mime: "image/heic".into(), ..image("IMG.HEIC", 0, 0, 2_202_010) };
    assert_eq!(heic.summary(), "HEIC, 2.1 MB");
}

#[test]
fn what_is_over_a_provider_s_limits_is_said_before_sending() {
    let message = |attachments: Vec<Attachment>| {
        let mut message = ChatMessage::new(Role::User, "Read this.");
        message.attachments = attachments;
        vec![message]
    };
    // A 30 MB PDF: 40 MB of base64, over 32 MB for OpenAI and Anthropic, within Gemini's 100 MB.
    let big = message(vec![pdf("scan.pdf", Some(80), 30 * 1024 * 1024)]);
    let refused = over_limit(&big, ProviderKind::Anthropic, Accepts::ALL).expect("refused");
    assert_eq!(refused.name, "scan.pdf");
    assert_eq!(
        refused.reason,
        "With its attachments the request would be 40.0 MB once encoded; Anthropic takes at most 32.0 MB per request. Remove it from the conversation (or start a new one), or use a model that takes larger files."
    );
    assert!(over_limit(&big, ProviderKind::OpenAi, Accepts::ALL).is_some());
    assert_eq!(over_limit(&big, ProviderKind::Gemini, Accepts::ALL), None);
    assert_eq!(over_limit(&big, ProviderKind::OpenAi, Accepts::IMAGES), None, "not sent: a note");

    let long = message(vec![pdf("thesis.pdf", Some(140), 2_000_000)]);
    assert_eq!(
        over_limit(&long, ProviderKind::Anthropic, Accepts::ALL).map(|o| o.reason),
        Some("It has 140 pages; Anthropic reads at most 100.".to_owned())
    );
    assert_eq!(over_limit(&long, ProviderKind::Gemini, Accepts::ALL), None);

    let heavy = message(vec![image("raw.png", 2000, 2000, 4 * 1024 * 1024)]);
    assert_eq!(
        over_limit(&heavy, ProviderKind::Anthropic, Accepts::ALL).map(|o| o.reason),
        Some("It is 5.3 MB once encoded; Anthropic takes at most 5 MB per image.".to_owned())
    );
    assert_eq!(over_limit(&heavy, ProviderKind::OpenAi, Accepts::ALL), None);
    // The shell derived a smaller copy for Anthropic: its base64 is what counts.
    let mut derived = heavy.clone();
    derived[0].attachments[0].data = Some(std::sync::Arc::from("A".repeat(1_500_000)));
    derived[0].attachments[0].data_mime = Some("image/jpeg".into());
    assert_eq!(over_limit(&derived, ProviderKind::Anthropic, Accepts::ALL), None);
    assert_eq!(
        over_limit(&message(vec![image("ok.jpg", 2000, 1500, 400_000)]), ProviderKind::Anthropic, Accepts::ALL),
        None
    );
}

fn voice_note(mime: &str, transcript: Option<&str>) -> Attachment {
    Attachment {
        kind: AttachmentKind::Audio,
        blob: "e".repeat(64),
        mime: mime.into(),
        name: "Voice note.wav".into(),
        bytes: 128_044,
        duration_ms: 4_000,
        transcript: transcript.map(str::to_owned),
        ..Attachment::default()
    }
}

#[test]
fn a_voice_note_is_heard_where_the_family_and_model_take_audio_else_its_transcript_goes() {
    let wav = voice_note("audio/wav", Some("Buy oat milk."));
    let ogg = voice_note("audio/ogg", Some("Buy oat milk."));
    assert_eq!(withheld(&wav, ProviderKind::OpenAi, Accepts::ALL), None);
    assert_eq!(withheld(&wav, ProviderKind::Gemini, Accepts::ALL), None);
    assert_eq!(withheld(&ogg, ProviderKind::Gemini, Accepts::ALL), None, "Gemini takes Ogg");
    assert_eq!(withheld(&ogg, ProviderKind::OpenAi, Accepts::ALL), Some(Withheld::NoAudioInput), "OpenAI: WAV, MP3");
    assert_eq!(withheld(&wav, ProviderKind::OpenAi, Accepts::VISUAL), Some(Withheld::NoAudioInput));
    for family in [ProviderKind::Anthropic, ProviderKind::Responses] {
        assert_eq!(withheld(&wav, family, Accepts::ALL), Some(Withheld::NoAudioInput), "{family:?} takes no audio");
    }
    let messages = vec![ChatMessage { attachments: vec![read(wav.clone())], ..ChatMessage::new(Role::User, "") }];
    let sent = for_request(&messages, ProviderKind::Anthropic, Accepts::VISUAL);
    assert!(sent[0].attachments.is_empty());
    assert_eq!(
        sent[0].content,
        "[The user sent the voice note “Voice note.wav” (0:04); this model cannot hear audio, so here is its \
         transcript, made when it was attached:]\n\nBuy oat milk.\n\n[End of the transcript.]"
    );
    let heard = for_request(&messages, ProviderKind::OpenAi, Accepts::ALL);
    assert_eq!(heard[0].attachments.len(), 1, "sent as audio");
    assert_eq!(to_send(&messages, ProviderKind::OpenAi, Accepts::ALL).len(), 1, "its bytes are read");
    assert!(to_send(&messages, ProviderKind::OpenAi, Accepts::TEXT).is_empty(), "not read for a transcript");
    let silent = voice_note("audio/wav", Some("  "));
    assert_eq!(
        silent.note(Withheld::NoAudioInput),
        "[The user sent the voice note “Voice note.wav” (0:04); this model cannot hear audio and it has no \
         transcript, so it is not sent.]"
    );
}

#[test]
fn a_voice_note_is_described_by_its_type_length_and_size() {
    assert_eq!(voice_note("audio/wav", None).summary(), "WAV, 0:04, 126 KB");
    assert_eq!(Attachment { duration_ms: 0, ..voice_note("audio/mpeg", None) }.summary(), "MP3, 126 KB");
    assert_eq!(voice_note("audio/wav", None).estimated_tokens(), 4 * 32);
    // Unknown length: guessed from its size as 16 kHz WAV (32 KB a second).
    assert_eq!(Attachment { duration_ms: 0, ..voice_note("audio/mpeg", None) }.estimated_tokens(), 5 * 32);
    assert_eq!(duration_text(999), "0:01");
    assert_eq!(duration_text(750_000), "12:30");
    assert_eq!(duration_text(3_723_000), "1:02:03");
}

#[test]
fn what_a_model_reads_is_said_in_words() {
    assert_eq!(Accepts::ALL.described(), "images, PDFs, and audio");
    assert_eq!(Accepts::VISUAL.described(), "images and PDFs");
    assert_eq!(Accepts::IMAGES.described(), "images");
    assert_eq!(Accepts { images: false, pdfs: false, audio: true }.described(), "audio");
    assert_eq!(Accepts::TEXT.described(), "text only");
    // Stored before voice notes: no audio.
    let stored: Accepts = serde_json::from_str(r#"{"images":true,"pdfs":true}"#).expect("read");
    assert_eq!(stored, Accepts::VISUAL);
}
