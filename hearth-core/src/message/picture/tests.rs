//! Tests of the picture check: size, declared type, base64, magic numbers,
//! and `data:` URLs.

use super::{ImageRefusal, MAX_IMAGE_BASE64, check_image, checked_mime, image_from_data_url};
use crate::contract::ImageOut;
use crate::format::base64;

/// A PNG's first bytes, padded to a size that spans more than the magic.
fn png() -> String {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0".to_vec();
    bytes.extend([0u8; 90]);
    base64::encode(&bytes)
}

fn image(mime: &str, data: &str) -> ImageOut {
    ImageOut { id: None, mime: mime.into(), data: data.into(), partial: false, revised_prompt: None }
}

#[test]
fn the_four_picture_types_are_kept() {
    assert_eq!(check_image(&image("image/png", &png())), Ok(()));
    let jpeg = base64::encode(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F', 0]);
    assert_eq!(checked_mime("image/jpeg", &jpeg), Ok("image/jpeg"));
    assert_eq!(checked_mime("IMAGE/JPG; q=1", &jpeg), Ok("image/jpeg"), "case and parameters aside");
    assert_eq!(checked_mime("image/gif", &base64::encode(b"GIF89a\x01\0\x01\0\0\0\0;")), Ok("image/gif"));
    assert_eq!(checked_mime("image/webp", &base64::encode(b"RIFF\x1a\0\0\0WEBPVP8 ")), Ok("image/webp"));
}

#[test]
fn the_bytes_decide_between_picture_types() {
    assert_eq!(checked_mime("image/jpeg", &png()), Ok("image/png"));
}

#[test]
fn a_20_mb_base64_image_is_refused_unread() {
    let huge = "A".repeat(MAX_IMAGE_BASE64);
    assert_eq!(check_image(&image("image/png", &huge)), Err(ImageRefusal::TooLarge { chars: MAX_IMAGE_BASE64 }));
    let sentence = ImageRefusal::TooLarge { chars: MAX_IMAGE_BASE64 }.sentence();
    assert_eq!(
        sentence,
        "A picture from the model was not kept: it is 20.0 MB of base64, over the 20.0 MB Hearth takes."
    );
    // Just under the limit, it is read (and these bytes are no picture).
    let under = "A".repeat(MAX_IMAGE_BASE64 - 4);
    assert_eq!(check_image(&image("image/png", &under)), Err(ImageRefusal::NotAnImage));
}

#[test]
fn other_types_are_refused() {
    for mime in ["image/svg+xml", "text/html", "", "image/heic", "application/pdf"] {
        assert_eq!(
            check_image(&image(mime, &png())),
            Err(ImageRefusal::NotAnImageType { mime: mime.to_owned() }),
            "{mime}"
        );
    }
    let long = "x".repeat(500);
    let Err(ImageRefusal::NotAnImageType { mime }) = checked_mime(&long, &png()) else { panic!("refused") };
    assert_eq!(mime.len(), 100, "the type is cut for the sentence");
}

#[test]
fn bad_base64_and_bytes_that_are_no_picture_are_refused() {
    for data in ["", "...", "iVBORw0KGgo", "iVBO Rw0K", "iVBORw0KGgo=\n", "iV=BORw0", "iVBORw0KG==="] {
        assert_eq!(check_image(&image("image/png", data)), Err(ImageRefusal::NotBase64), "{data:?}");
    }
    let text = base64::encode(b"<svg xmlns='http://www.w3.org/2000/svg'></svg>");
    assert_eq!(check_image(&image("image/png", &text)), Err(ImageRefusal::NotAnImage));
    let pdf = base64::encode(b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\n");
    assert_eq!(check_image(&image("image/png", &pdf)), Err(ImageRefusal::NotAnImage), "a PDF is no picture");
    assert!(ImageRefusal::NotAnImage.sentence().contains("not a PNG, JPEG, WebP or GIF"));
}

#[test]
fn data_urls_give_their_type_and_base64() {
    let data = png();
    assert_eq!(image_from_data_url(&format!("data:image/png;base64,{data}")), Ok(("image/png".into(), data.clone())));
    assert_eq!(
        image_from_data_url(&format!(" DATA:image/jpeg;name=x.png;BASE64,{data} ")),
        Ok(("image/png".into(), data.clone())),
        "the bytes decide"
    );
    for url in [
        "https://example.com/a.png".to_owned(),
        format!("data:image/png,{data}"),
        "data:image/png;base64".to_owned(),
        "data".to_owned(),
        String::new(),
    ] {
        assert_eq!(image_from_data_url(&url), Err(ImageRefusal::NotADataUrl), "{url}");
    }
    let svg = base64::encode(b"<svg/>");
    assert_eq!(
        image_from_data_url(&format!("data:image/svg+xml;base64,{svg}")),
        Err(ImageRefusal::NotAnImageType { mime: "image/svg+xml".into() })
    );
    let text = base64::encode(b"hello, world");
    assert_eq!(image_from_data_url(&format!("data:image/png;base64,{text}")), Err(ImageRefusal::NotAnImage));
    assert_eq!(image_from_data_url("data:é;base64,AAAA"), Err(ImageRefusal::NotAnImageType { mime: "é".into() }));
}
