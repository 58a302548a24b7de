//! Tests of reading a provider's refusal of an image or a PDF from its message.

use super::*;

#[test]
fn the_providers_own_messages_are_recognised() {
    let cases = [
        (
            "messages.0.content.2.image.source.base64: image exceeds 5 MB maximum: 15908784 bytes > 5242880 bytes",
            MediaRefusal::TooLarge,
        ),
        (
            "messages.7.content.2.image.source.base64.data: At least one of the image dimensions exceed max \
             allowed size: 8000 pixels",
            MediaRefusal::TooManyPixels,
        ),
        (
            "messages.109.content.2.image.source.base64.data: At least one of the image dimensions exceed max \
             allowed size for many-image requests: 2000 pixels",
            MediaRefusal::TooManyPixels,
        ),
        (
            "messages.38.content.0.pdf.source.base64.data: A maximum of 100 PDF pages may be provided.",
            MediaRefusal::TooManyPages,
        ),
        ("No endpoints found that support image input", MediaRefusal::NoImageInput),
        ("Invalid content type. image_url is only supported by certain models.", MediaRefusal::NoImageInput),
        (
            "image input is not supported - hint: if this is unexpected, you may need to provide the mmproj",
            MediaRefusal::NoImageInput,
        ),
        ("this model does not support image input (ref: 123)", MediaRefusal::NoImageInput),
    ];
    for (message, expected) in cases {
        assert_eq!(media_refusal(message), Some(expected), "{message}");
    }
}

#[test]
fn other_messages_are_not_refusals_of_media() {
    for message in [
        "No endpoints found that support tool use. To learn more about provider routing, visit: \
         https://openrouter.ai/docs/provider-routing",
        "No endpoints found for nousresearch/hermes-3-llama-3.1-405b:free.",
        "prompt is too long: 210000 tokens > 200000 maximum",
        "",
    ] {
        assert_eq!(media_refusal(message), None, "{message}");
    }
}

#[test]
fn only_the_missing_inputs_are_remembered() {
    assert!(MediaRefusal::NoImageInput.is_capability());
    assert!(MediaRefusal::NoPdfInput.is_capability());
    assert!(!MediaRefusal::TooLarge.is_capability());
    assert!(!MediaRefusal::TooManyPages.is_capability());
}
