//! Sniffing, metadata and orientation on small fixtures built here, byte by
//! byte, plus every prefix and many corruptions of each (none may panic).

use super::*;

// ---- Fixture builders ----

/// CRC-32 (ISO 3309), so that the PNG fixtures are valid PNGs.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = u32::try_from(data.len()).expect("small chunk").to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut checked = kind.to_vec();
    checked.extend_from_slice(data);
    out.extend_from_slice(&crc32(&checked).to_be_bytes());
    out
}

/// A PNG of `width` by `height` with `extra` chunks between `IHDR` and `IDAT`,
/// and `after` chunks between `IDAT` and `IEND`.
fn png(width: u32, height: u32, extra: &[Vec<u8>], after: &[Vec<u8>]) -> Vec<u8> {
    let mut header = width.to_be_bytes().to_vec();
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 6, 0, 0, 0]); // 8-bit RGBA, deflate, no filter, no interlace
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(png_chunk(b"IHDR", &header));
    extra.iter().for_each(|chunk| out.extend_from_slice(chunk));
    out.extend(png_chunk(b"IDAT", &[0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]));
    after.iter().for_each(|chunk| out.extend_from_slice(chunk));
    out.extend(png_chunk(b"IEND", &[]));
    out
}

fn jpeg_segment(marker: u8, data: &[u8]) -> Vec<u8> {
    let mut out = vec![0xFF, marker];
    out.extend_from_slice(&u16::try_from(data.len() + 2).expect("small segment").to_be_bytes());
    out.extend_from_slice(data);
    out
}

/// An EXIF segment's body: IFD0 with the orientation and a GPS IFD pointer,
/// and a GPS IFD with the latitude reference, in either byte order.
fn exif(orientation: u16, big_endian: bool) -> Vec<u8> {
    let u16b = |value: u16| if big_endian { value.to_be_bytes() } else { value.to_le_bytes() };
    let u32b = |value: u32| if big_endian { value.to_be_bytes() } else { value.to_le_bytes() };
    let mut tiff = if big_endian { b"MM\0*".to_vec() } else { b"II*\0".to_vec() };
    tiff.extend_from_slice(&u32b(8)); // IFD0 right after the header
    // IFD0: 2 entries, then the next-IFD offset (none).
    tiff.extend_from_slice(&u16b(2));
    tiff.extend_from_slice(&u16b(0x0112)); // Orientation
    tiff.extend_from_slice(&u16b(3)); // SHORT
    tiff.extend_from_slice(&u32b(1));
    tiff.extend_from_slice(&u16b(orientation));
    tiff.extend_from_slice(&[0, 0]);
    tiff.extend_from_slice(&u16b(0x8825)); // GPSInfo IFD pointer
    tiff.extend_from_slice(&u16b(4)); // LONG
    tiff.extend_from_slice(&u32b(1));
    tiff.extend_from_slice(&u32b(8 + 2 + 2 * 12 + 4));
    tiff.extend_from_slice(&u32b(0));
    // GPS IFD: GPSLatitudeRef "N".
    tiff.extend_from_slice(&u16b(1));
    tiff.extend_from_slice(&u16b(0x0001));
    tiff.extend_from_slice(&u16b(2)); // ASCII
    tiff.extend_from_slice(&u32b(2));
    tiff.extend_from_slice(b"N\0\0\0");
    tiff.extend_from_slice(&u32b(0));
    let mut body = b"Exif\0\0".to_vec();
    body.extend(tiff);
    body
}

/// A baseline frame header of `width` by `height`, 3 components.
fn sof0(width: u16, height: u16) -> Vec<u8> {
    let mut data = vec![8];
    data.extend_from_slice(&height.to_be_bytes());
    data.extend_from_slice(&width.to_be_bytes());
    data.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    jpeg_segment(0xC0, &data)
}

/// A JPEG: SOI, the given segments, a short scan, EOI.
fn jpeg(segments: &[Vec<u8>]) -> Vec<u8> {
    let mut out = vec![0xFF, 0xD8];
    segments.iter().for_each(|segment| out.extend_from_slice(segment));
    out.extend(jpeg_segment(0xDA, &[1, 1, 0, 0, 0x3F, 0]));
    // Entropy-coded data holding bytes that would look like a frame header.
    out.extend_from_slice(&[0x12, 0xFF, 0x00, 0xFF, 0xD0, 0x34, 0xFF, 0x00, 0xC0, 0x00, 0x11]);
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}

/// The JPEG of the brief: APP1 EXIF (orientation 6, GPS pointer) then a 4000 by 3000 SOF0.
fn phone_jpeg() -> Vec<u8> {
    jpeg(&[jpeg_segment(0xE1, &exif(6, true)), sof0(4000, 3000)])
}

/// A GIF89a of 10 by 7 with a 2-color global table and `frames` images; the
/// image data holds 0x2C, 0x21 and 0x3B bytes so that counting bytes would be wrong.
fn gif(frames: usize, extra: &[u8]) -> Vec<u8> {
    let mut out = b"GIF89a".to_vec();
    out.extend_from_slice(&10u16.to_le_bytes());
    out.extend_from_slice(&7u16.to_le_bytes());
    out.extend_from_slice(&[0x80, 0, 0]); // global color table of 2 entries
    out.extend_from_slice(&[0, 0, 0, 0xFF, 0xFF, 0xFF]);
    out.extend_from_slice(extra);
    if frames > 1 {
        // NETSCAPE2.0 looping extension.
        out.extend_from_slice(&[0x21, 0xFF, 0x0B]);
        out.extend_from_slice(b"NETSCAPE2.0");
        out.extend_from_slice(&[0x03, 0x01, 0x00, 0x00, 0x00]);
    }
    for frame in 0..frames {
        // Graphic control extension.
        out.extend_from_slice(&[0x21, 0xF9, 0x04, 0x04, 0x0A, 0x00, 0x00, 0x00]);
        // Image descriptor; the second frame has a local color table of 4 entries.
        let local = frame == 1;
        out.extend_from_slice(&[0x2C, 0, 0, 0, 0, 10, 0, 7, 0, if local { 0x81 } else { 0 }]);
        if local {
            out.extend_from_slice(&[0x2C; 12]);
        }
        out.extend_from_slice(&[0x02, 0x04, 0x2C, 0x21, 0x3B, 0x2C, 0x01, 0x2C, 0x00]);
    }
    out.push(0x3B);
    out
}

fn riff_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = kind.to_vec();
    out.extend_from_slice(&u32::try_from(data.len()).expect("small chunk").to_le_bytes());
    out.extend_from_slice(data);
    if data.len() % 2 == 1 {
        out.push(0);
    }
    out
}

fn webp(chunks: &[Vec<u8>]) -> Vec<u8> {
    let body: Vec<u8> = chunks.concat();
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&u32::try_from(body.len() + 4).expect("small file").to_le_bytes());
    out.extend_from_slice(b"WEBP");
    out.extend(body);
    out
}

fn vp8(width: u16, height: u16) -> Vec<u8> {
    let mut data = vec![0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A];
    data.extend_from_slice(&width.to_le_bytes());
    data.extend_from_slice(&height.to_le_bytes());
    data.extend_from_slice(&[0x02, 0x00, 0x34, 0x25, 0xA4, 0x00, 0x03, 0x70, 0x00]); // some of a frame (odd: padded)
    riff_chunk(b"VP8 ", &data)
}

fn vp8l(width: u32, height: u32) -> Vec<u8> {
    let bits = (width - 1) | ((height - 1) << 14) | (1 << 28);
    let mut data = vec![0x2F];
    data.extend_from_slice(&bits.to_le_bytes());
    data.extend_from_slice(&[0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE, 0x07, 0x00]);
    riff_chunk(b"VP8L", &data)
}

fn vp8x(flags: u8, width: u32, height: u32) -> Vec<u8> {
    let mut data = vec![flags, 0, 0, 0];
    data.extend_from_slice(&(width - 1).to_le_bytes()[..3]);
    data.extend_from_slice(&(height - 1).to_le_bytes()[..3]);
    riff_chunk(b"VP8X", &data)
}

fn bmff_box(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut out = u32::try_from(body.len() + 8).expect("small box").to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(body);
    out
}

fn ftyp(major: &[u8; 4], compatible: &[&[u8; 4]]) -> Vec<u8> {
    let mut body = major.to_vec();
    body.extend_from_slice(&[0, 0, 0, 0]);
    compatible.iter().for_each(|brand| body.extend_from_slice(*brand));
    bmff_box(b"ftyp", &body)
}

fn ispe(width: u32, height: u32) -> Vec<u8> {
    let mut body = vec![0, 0, 0, 0];
    body.extend_from_slice(&width.to_be_bytes());
    body.extend_from_slice(&height.to_be_bytes());
    bmff_box(b"ispe", &body)
}

/// An item information entry, version 2.
fn infe(id: u16, kind: &[u8; 4], rest: &[u8]) -> Vec<u8> {
    let mut body = vec![2, 0, 0, 0];
    body.extend_from_slice(&id.to_be_bytes());
    body.extend_from_slice(&[0, 0]);
    body.extend_from_slice(kind);
    body.extend_from_slice(rest);
    bmff_box(b"infe", &body)
}

/// A HEIF file: `ftyp`, then `meta` with `hdlr`, `iinf` (the given entries) and
/// `iprp`/`ipco` (the given properties), then a small `mdat`.
fn heif(ftyp: Vec<u8>, entries: &[Vec<u8>], properties: &[Vec<u8>]) -> Vec<u8> {
    let mut hdlr = vec![0; 8];
    hdlr.extend_from_slice(b"pict");
    hdlr.extend_from_slice(&[0; 13]);
    let mut iinf = vec![0, 0, 0, 0];
    iinf.extend_from_slice(&u16::try_from(entries.len()).expect("few entries").to_be_bytes());
    entries.iter().for_each(|entry| iinf.extend_from_slice(entry));
    let ipco = bmff_box(b"ipco", &properties.concat());
    let mut meta = vec![0, 0, 0, 0];
    meta.extend(bmff_box(b"hdlr", &hdlr));
    meta.extend(bmff_box(b"iinf", &iinf));
    meta.extend(bmff_box(b"iprp", &ipco));
    let mut out = ftyp;
    out.extend(bmff_box(b"meta", &meta));
    out.extend(bmff_box(b"mdat", &[0x00, 0x00, 0x01, 0x26, 0x01, 0xAF]));
    out
}

/// The iPhone-like HEIC: mif1 + heic, a 4032 by 3024 image, a 320 by 240
/// thumbnail, and an Exif item.
fn phone_heic() -> Vec<u8> {
    heif(
        ftyp(b"heic", &[b"mif1", b"heic"]),
        &[infe(1, b"hvc1", b"\0"), infe(2, b"hvc1", b"\0"), infe(3, b"Exif", b"\0")],
        &[ispe(320, 240), ispe(4032, 3024)],
    )
}

/// A PDF of the given objects (each `N 0 obj … endobj`), with a trailer.
fn pdf(objects: &[&str]) -> Vec<u8> {
    let mut out = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n".to_vec();
    for (index, object) in objects.iter().enumerate() {
        out.extend_from_slice(format!("{} 0 obj\n", index + 1).as_bytes());
        out.extend_from_slice(object.as_bytes());
        out.extend_from_slice(b"\nendobj\n");
    }
    out.extend_from_slice(b"trailer\n<< /Size 9 /Root 1 0 R >>\nstartxref\n0\n%%EOF\n");
    out
}

/// A PDF whose page tree root says 3 pages, with an inner node of 2, an
/// outline (whose `/Count` is not pages) and the pages themselves in an
/// object stream (binary, so none is visible).
fn pdf_with_count() -> Vec<u8> {
    pdf(&[
        "<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R >>",
        "<</Type/Pages/Kids[3 0 R 6 0 R]/Count 3>>",
        "<< /Type /Pages /Parent 2 0 R /Kids [7 0 R 8 0 R] /Count 2 >>",
        "<< /Type /Outlines /Count 7 >>",
        "<< /Type /ObjStm /N 3 /First 12 /Filter /FlateDecode /Length 8 >>\nstream\nx\u{9c}\u{3}\0\0\0\0\u{1}\nendstream",
    ])
}

/// A PDF with three page objects, whitespace varying, and no `/Count`.
fn pdf_with_pages() -> Vec<u8> {
    pdf(&[
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Kids [3 0 R 4 0 R 5 0 R] >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        "<</Type/Page/Parent 2 0 R>>",
        "<<\n/Type\r\n/Page\n/Parent 2 0 R\n>>",
        "<< /Type /PageLabel >>",
    ])
}

/// A PDF whose page tree is entirely in an object stream.
fn pdf_without_pages() -> Vec<u8> {
    pdf(&[
        "<< /Type /ObjStm /N 4 /First 20 /Filter /FlateDecode /Length 8 >>\nstream\nx\u{9c}\u{3}\0\0\0\0\u{1}\nendstream",
    ])
}

fn all_fixtures() -> Vec<Vec<u8>> {
    vec![
        png(1, 1, &[], &[]),
        png(640, 480, &[png_chunk(b"acTL", &[0, 0, 0, 2, 0, 0, 0, 0])], &[png_chunk(b"eXIf", &exif(3, false)[6..])]),
        phone_jpeg(),
        jpeg(&[jpeg_segment(0xE1, &exif(8, false)), sof0(4, 2)]),
        gif(1, &[]),
        gif(2, &[]),
        webp(&[vp8(550, 368)]),
        webp(&[vp8l(128, 16384)]),
        webp(&[
            vp8x(0x02 | 0x08, 400, 300),
            riff_chunk(b"ANIM", &[0; 6]),
            riff_chunk(b"ANMF", &[0; 17]),
            riff_chunk(b"EXIF", &exif(1, false)[6..]),
        ]),
        phone_heic(),
        heif(ftyp(b"avif", &[b"mif1", b"miaf", b"MA1B"]), &[infe(1, b"av01", b"\0")], &[ispe(1920, 1080)]),
        pdf_with_count(),
        pdf_with_pages(),
        pdf_without_pages(),
    ]
}

fn kind(bytes: &[u8]) -> Option<MediaKind> {
    sniff(bytes).map(|sniffed| sniffed.kind)
}

fn image(kind: MediaKind, size: Option<(u32, u32)>, animated: bool) -> Option<Sniffed> {
    Some(Sniffed { kind, size, animated, pages: None })
}

// ---- Media types ----

#[test]
fn each_kind_has_its_media_type_and_reads_it_back() {
    use MediaKind::*;
    for kind in [Jpeg, Png, Gif, Webp, Heic, Avif, Pdf] {
        assert_eq!(MediaKind::from_mime(kind.mime()), Some(kind));
        assert_eq!(kind.is_image(), kind != Pdf);
    }
    assert_eq!(Jpeg.mime(), "image/jpeg");
    assert_eq!(Heic.mime(), "image/heic");
    assert_eq!(Pdf.mime(), "application/pdf");
}

#[test]
fn media_types_are_read_without_regard_to_case_and_with_the_usual_aliases() {
    assert_eq!(MediaKind::from_mime("image/jpg"), Some(MediaKind::Jpeg));
    assert_eq!(MediaKind::from_mime("IMAGE/JPEG"), Some(MediaKind::Jpeg));
    assert_eq!(MediaKind::from_mime("image/heif"), Some(MediaKind::Heic));
    assert_eq!(MediaKind::from_mime("Image/HEIC"), Some(MediaKind::Heic));
    assert_eq!(MediaKind::from_mime(" image/png "), Some(MediaKind::Png));
    assert_eq!(MediaKind::from_mime("application/pdf; name=a.pdf"), Some(MediaKind::Pdf));
    assert_eq!(MediaKind::from_mime(""), None);
    assert_eq!(MediaKind::from_mime("application/octet-stream"), None);
    assert_eq!(MediaKind::from_mime("image/svg+xml"), None);
    assert_eq!(MediaKind::from_mime("image/jpeg2"), None);
}

// ---- Kinds and sizes ----

#[test]
fn png_size_and_animation() {
    assert_eq!(sniff(&png(1, 1, &[], &[])), image(MediaKind::Png, Some((1, 1)), false));
    let apng = png(640, 480, &[png_chunk(b"acTL", &[0, 0, 0, 2, 0, 0, 0, 0])], &[]);
    assert_eq!(sniff(&apng), image(MediaKind::Png, Some((640, 480)), true));
    // An acTL after the image data does not make an APNG.
    let late = png(640, 480, &[], &[png_chunk(b"acTL", &[0, 0, 0, 2, 0, 0, 0, 0])]);
    assert_eq!(sniff(&late), image(MediaKind::Png, Some((640, 480)), false));
}

#[test]
fn jpeg_size_comes_from_the_frame_header_after_the_exif() {
    assert_eq!(sniff(&phone_jpeg()), image(MediaKind::Jpeg, Some((4000, 3000)), false));
}

#[test]
fn jpeg_walk_skips_fill_bytes_and_standalone_markers_and_finds_progressive_frames() {
    let mut bytes = vec![0xFF, 0xD8, 0xFF, 0xFF, 0xFF];
    bytes.extend(jpeg_segment(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"));
    bytes.extend_from_slice(&[0xFF, 0x01, 0xFF, 0xD0]);
    bytes.extend(jpeg_segment(0xC4, &[0; 20])); // DHT is not a frame header
    let mut progressive = sof0(1024, 768);
    progressive[1] = 0xC2;
    bytes.extend(progressive);
    bytes.extend_from_slice(&[0xFF, 0xD9]);
    assert_eq!(sniff(&bytes), image(MediaKind::Jpeg, Some((1024, 768)), false));
}

#[test]
fn jpeg_without_a_frame_header_before_the_scan_has_no_size() {
    // The scan's data holds FF C0 (stuffed); that must not be read as a frame.
    let bytes = jpeg(&[jpeg_segment(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0")]);
    assert_eq!(sniff(&bytes), image(MediaKind::Jpeg, None, false));
    // A height of zero (defined later by DNL) is not a size either.
    assert_eq!(sniff(&jpeg(&[sof0(640, 0)])), image(MediaKind::Jpeg, None, false));
}

#[test]
fn gif_animation_counts_image_descriptors_by_walking_the_blocks() {
    assert_eq!(sniff(&gif(1, &[])), image(MediaKind::Gif, Some((10, 7)), false));
    assert_eq!(sniff(&gif(2, &[])), image(MediaKind::Gif, Some((10, 7)), true));
    assert_eq!(sniff(&gif(5, &[])), image(MediaKind::Gif, Some((10, 7)), true));
    // A comment extension full of 0x2C bytes is still one image.
    let comment = [0x21, 0xFE, 0x04, 0x2C, 0x2C, 0x2C, 0x2C, 0x00];
    assert_eq!(sniff(&gif(1, &comment)).map(|sniffed| sniffed.animated), Some(false));
    let mut old = gif(1, &[]);
    old[4] = b'7';
    assert_eq!(kind(&old), Some(MediaKind::Gif));
}

#[test]
fn gif_without_a_global_color_table_is_walked_from_the_right_place() {
    let mut bytes = b"GIF89a\x03\x00\x02\x00\x00\x00\x00".to_vec();
    for _ in 0..2 {
        bytes.extend_from_slice(&[0x2C, 0, 0, 0, 0, 3, 0, 2, 0, 0x80, 0, 0, 0, 1, 1, 1]);
        bytes.extend_from_slice(&[0x02, 0x01, 0x44, 0x00]);
    }
    bytes.push(0x3B);
    assert_eq!(sniff(&bytes), image(MediaKind::Gif, Some((3, 2)), true));
}

#[test]
fn webp_sizes_from_each_kind_of_first_chunk() {
    assert_eq!(sniff(&webp(&[vp8(550, 368)])), image(MediaKind::Webp, Some((550, 368)), false));
    assert_eq!(sniff(&webp(&[vp8l(128, 16384)])), image(MediaKind::Webp, Some((128, 16384)), false));
    assert_eq!(sniff(&webp(&[vp8l(1, 1)])), image(MediaKind::Webp, Some((1, 1)), false));
    let still = webp(&[vp8x(0x10, 16_777_216, 3), vp8(100, 100)]);
    assert_eq!(sniff(&still), image(MediaKind::Webp, Some((16_777_216, 3)), false));
}

#[test]
fn webp_animation_from_the_flag_or_an_anim_chunk() {
    let flagged = webp(&[vp8x(0x02, 400, 300), riff_chunk(b"ANMF", &[0; 17])]);
    assert_eq!(sniff(&flagged), image(MediaKind::Webp, Some((400, 300)), true));
    let chunked = webp(&[vp8x(0x00, 400, 300), riff_chunk(b"ANIM", &[0; 6])]);
    assert_eq!(sniff(&chunked), image(MediaKind::Webp, Some((400, 300)), true));
}

#[test]
fn heic_is_known_by_its_brands_and_sized_by_its_largest_ispe() {
    assert_eq!(sniff(&phone_heic()), image(MediaKind::Heic, Some((4032, 3024)), false));
    // mif1 alone is enough; no ispe means no size.
    let bare = heif(ftyp(b"mif1", &[b"mif1"]), &[], &[]);
    assert_eq!(sniff(&bare), image(MediaKind::Heic, None, false));
    // Any listed brand, major or compatible.
    for brand in [b"heix", b"hevc", b"heim", b"heis", b"hevm", b"hevs", b"msf1", b"heif", b"hevx"] {
        assert_eq!(kind(&ftyp(b"isom", &[brand])), Some(MediaKind::Heic), "{brand:?}");
    }
    // An image sequence moves.
    let burst = heif(ftyp(b"msf1", &[b"msf1", b"heic"]), &[], &[ispe(100, 50)]);
    assert_eq!(sniff(&burst), image(MediaKind::Heic, Some((100, 50)), true));
}

#[test]
fn avif_wins_over_the_heif_brands_it_also_lists() {
    let still = heif(ftyp(b"avif", &[b"mif1", b"miaf"]), &[], &[ispe(64, 48), ispe(1920, 1080)]);
    assert_eq!(sniff(&still), image(MediaKind::Avif, Some((1920, 1080)), false));
    let compatible = heif(ftyp(b"mif1", &[b"mif1", b"avif"]), &[], &[]);
    assert_eq!(sniff(&compatible), image(MediaKind::Avif, None, false));
    let sequence = heif(ftyp(b"avis", &[b"avis", b"msf1", b"avif"]), &[], &[ispe(10, 10)]);
    assert_eq!(sniff(&sequence), image(MediaKind::Avif, Some((10, 10)), true));
}

#[test]
fn other_iso_media_files_are_not_images() {
    assert_eq!(sniff(&ftyp(b"isom", &[b"isom", b"iso2", b"mp41"])), None);
    assert_eq!(sniff(&ftyp(b"qt  ", &[b"qt  "])), None);
}

#[test]
fn pdf_pages_from_the_page_tree_root() {
    let sniffed = sniff(&pdf_with_count());
    assert_eq!(sniffed, Some(Sniffed { kind: MediaKind::Pdf, size: None, animated: false, pages: Some(3) }));
}

#[test]
fn pdf_pages_counted_from_page_objects_when_there_is_no_count() {
    assert_eq!(sniff(&pdf_with_pages()).and_then(|sniffed| sniffed.pages), Some(3));
}

#[test]
fn pdf_pages_unknown_when_the_page_tree_is_compressed() {
    let sniffed = sniff(&pdf_without_pages());
    assert_eq!(sniffed, Some(Sniffed { kind: MediaKind::Pdf, size: None, animated: false, pages: None }));
}

#[test]
fn pdf_count_that_is_a_reference_is_not_a_page_count() {
    let bytes = pdf(&["<< /Type /Pages /Kids [2 0 R] /Count 9 0 R >>", "<< /Type /Page >>"]);
    assert_eq!(sniff(&bytes).and_then(|sniffed| sniffed.pages), Some(1));
}

#[test]
fn pdf_count_takes_the_largest_root_across_updates() {
    let bytes = pdf(&["<< /Type /Pages /Count 2 >>", "<< /Type /Pages /Count 4 >>", "<< /Count 99 >>"]);
    assert_eq!(sniff(&bytes).and_then(|sniffed| sniffed.pages), Some(4));
    let huge = pdf(&["<< /Type /Pages /Count 99999999999 >>", "<< /Type /Page >>"]);
    assert_eq!(sniff(&huge).and_then(|sniffed| sniffed.pages), Some(1));
}

#[test]
fn pdf_header_may_follow_some_junk_but_not_too_much() {
    let mut near = vec![b'x'; 1024];
    near.extend(pdf_with_count());
    assert_eq!(sniff(&near).map(|sniffed| (sniffed.kind, sniffed.pages)), Some((MediaKind::Pdf, Some(3))));
    let mut far = vec![b'x'; 1025];
    far.extend(pdf_with_count());
    assert_eq!(sniff(&far), None);
}

#[test]
fn the_bytes_decide_not_the_declared_type() {
    // Named photo.jpg and declared image/jpeg, but the bytes are a PNG.
    let declared = MediaKind::from_mime("image/jpeg");
    let sniffed = sniff(&png(2, 3, &[], &[])).map(|sniffed| sniffed.kind);
    assert_eq!(sniffed, Some(MediaKind::Png));
    assert_ne!(sniffed, declared);
    // An iPhone photo with no declared type at all.
    assert_eq!(MediaKind::from_mime(""), None);
    assert_eq!(kind(&phone_heic()), Some(MediaKind::Heic));
}

#[test]
fn what_is_none_of_these_is_nothing() {
    assert_eq!(sniff(b""), None);
    assert_eq!(sniff(b"hello, world"), None);
    assert_eq!(sniff(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), None);
    assert_eq!(sniff(b"RIFF\x24\0\0\0WAVEfmt "), None);
    assert_eq!(sniff(&[0xFF, 0xD8]), None);
    assert_eq!(sniff(b"\x89PNG\r\n\x1a"), None);
    assert_eq!(sniff(b"GIF90a"), None);
}

// ---- Metadata and orientation ----

#[test]
fn jpeg_exif_with_gps_is_metadata_and_gives_the_orientation() {
    let bytes = phone_jpeg();
    assert!(has_metadata(&bytes));
    assert_eq!(jpeg_orientation(&bytes), Some(6));
    let intel = jpeg(&[jpeg_segment(0xE1, &exif(8, false)), sof0(4, 2)]);
    assert!(has_metadata(&intel));
    assert_eq!(jpeg_orientation(&intel), Some(8));
}

#[test]
fn jpeg_without_exif_has_no_metadata_and_no_orientation() {
    let plain = jpeg(&[jpeg_segment(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"), sof0(4000, 3000)]);
    assert!(!has_metadata(&plain));
    assert_eq!(jpeg_orientation(&plain), None);
    // Out-of-range orientations are not orientations.
    for bad in [0, 9, 0x0106] {
        assert_eq!(jpeg_orientation(&jpeg(&[jpeg_segment(0xE1, &exif(bad, true))])), None, "{bad}");
    }
}

#[test]
fn jpeg_xmp_is_metadata_without_an_orientation() {
    let mut xmp = b"http://ns.adobe.com/xap/1.0/\0".to_vec();
    xmp.extend_from_slice(b"<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>");
    let bytes = jpeg(&[jpeg_segment(0xE1, &xmp), sof0(10, 10)]);
    assert!(has_metadata(&bytes));
    assert_eq!(jpeg_orientation(&bytes), None);
}

#[test]
fn png_metadata_is_an_exif_chunk_or_xmp_text() {
    assert!(!has_metadata(&png(1, 1, &[png_chunk(b"tEXt", b"Software\0hearth")], &[])));
    assert!(has_metadata(&png(1, 1, &[png_chunk(b"eXIf", &exif(1, true)[6..])], &[])));
    assert!(has_metadata(&png(1, 1, &[], &[png_chunk(b"eXIf", &exif(1, true)[6..])])));
    let xmp = png_chunk(b"iTXt", b"XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>");
    assert!(has_metadata(&png(1, 1, &[xmp], &[])));
    assert_eq!(jpeg_orientation(&png(1, 1, &[png_chunk(b"eXIf", &exif(6, true)[6..])], &[])), None);
}

#[test]
fn webp_metadata_is_an_exif_or_xmp_chunk() {
    assert!(!has_metadata(&webp(&[vp8(10, 10)])));
    assert!(has_metadata(&webp(&[vp8x(0x08, 10, 10), vp8(10, 10), riff_chunk(b"EXIF", &exif(1, false)[6..])])));
    assert!(has_metadata(&webp(&[vp8x(0x04, 10, 10), vp8(10, 10), riff_chunk(b"XMP ", b"<x:xmpmeta/>")])));
}

#[test]
fn heic_metadata_is_an_exif_or_xmp_item() {
    assert!(has_metadata(&phone_heic()));
    let clean = heif(ftyp(b"heic", &[b"mif1", b"heic"]), &[infe(1, b"hvc1", b"\0")], &[ispe(10, 10)]);
    assert!(!has_metadata(&clean));
    let xmp = heif(ftyp(b"avif", &[b"mif1"]), &[infe(1, b"mime", b"XMP\0application/rdf+xml\0")], &[]);
    assert!(has_metadata(&xmp));
}

#[test]
fn gif_metadata_is_an_xmp_application_extension() {
    assert!(!has_metadata(&gif(2, &[])));
    let mut extension = vec![0x21, 0xFF, 0x0B];
    extension.extend_from_slice(b"XMP DataXMP");
    extension.extend_from_slice(&[0x03, b'<', b'x', b'/', 0x00]);
    assert!(has_metadata(&gif(1, &extension)));
}

#[test]
fn pdfs_and_unknown_bytes_have_no_image_metadata() {
    assert!(!has_metadata(&pdf_with_count()));
    assert!(!has_metadata(b"Exif\0\0MM\0*"));
    assert!(!has_metadata(b""));
    assert_eq!(jpeg_orientation(&exif(6, true)), None);
}

// ---- Hostile input ----

/// Runs every reader on `bytes`; all that matters is that none panics.
fn read_all(bytes: &[u8]) {
    let _ = sniff(bytes);
    let _ = has_metadata(bytes);
    let _ = jpeg_orientation(bytes);
}

#[test]
fn every_prefix_of_every_fixture_is_read_without_panicking() {
    for fixture in all_fixtures() {
        for end in 0..=fixture.len() {
            read_all(&fixture[..end]);
        }
    }
}

#[test]
fn truncated_images_keep_their_kind_and_lose_what_they_no_longer_say() {
    let full = phone_jpeg();
    let frame = full.windows(4).position(|window| window == [0xFF, 0xC0, 0x00, 0x11]).expect("a frame header");
    // Marker, length, precision, height, width: the size needs all 9 bytes.
    assert_eq!(sniff(&full[..frame]), image(MediaKind::Jpeg, None, false));
    assert_eq!(sniff(&full[..frame + 8]), image(MediaKind::Jpeg, None, false));
    assert_eq!(sniff(&full[..frame + 9]), image(MediaKind::Jpeg, Some((4000, 3000)), false));
    let png = png(300, 200, &[], &[]);
    assert_eq!(sniff(&png[..20]), image(MediaKind::Png, None, false));
    assert_eq!(sniff(&png[..24]), image(MediaKind::Png, Some((300, 200)), false));
    assert_eq!(sniff(&gif(2, &[])[..8]), image(MediaKind::Gif, None, false));
}

#[test]
fn corrupted_fixtures_are_read_without_panicking() {
    for fixture in all_fixtures() {
        for at in 0..fixture.len() {
            for value in [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF] {
                let mut bytes = fixture.clone();
                bytes[at] = value;
                read_all(&bytes);
            }
        }
    }
}

#[test]
fn huge_lengths_and_offsets_are_read_without_panicking() {
    // A JPEG whose EXIF points its directory far away, with a huge entry count.
    let mut tiff = b"Exif\0\0MM\0*\xFF\xFF\xFF\xF0".to_vec();
    read_all(&jpeg(&[jpeg_segment(0xE1, &tiff)]));
    tiff.truncate(10);
    tiff.extend_from_slice(&[0, 0, 0, 8, 0xFF, 0xFF]);
    read_all(&jpeg(&[jpeg_segment(0xE1, &tiff)]));
    // Lengths of u32::MAX in every chunked format.
    read_all(b"\x89PNG\r\n\x1a\n\xFF\xFF\xFF\xFFIHDR");
    read_all(b"RIFF\xFF\xFF\xFF\xFFWEBPVP8X\xFF\xFF\xFF\xFF\x02");
    read_all(b"\xFF\xFF\xFF\xFFftypheic\0\0\0\0mif1\xFF\xFF\xFF\xFFinfe\x02");
    read_all(b"\0\0\0\x01ftypavif");
    read_all(b"\0\0\0\0ftypavif");
    read_all(b"GIF89a\x01\0\x01\0\xFF\0\0");
    read_all(b"%PDF-1.4 /Type/Pages/Count 4294967296 obj /Type /Pages /Count 4294967295 0 R");
}

#[test]
fn pseudo_random_bytes_behind_each_signature_are_read_without_panicking() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state.to_le_bytes()[0]
    };
    let heads: [&[u8]; 9] = [
        &[0xFF, 0xD8, 0xFF],
        b"\x89PNG\r\n\x1a\n",
        b"GIF89a",
        b"RIFF\0\0\0\0WEBP",
        b"\0\0\0\x18ftypheic",
        b"\0\0\0\x18ftypavif",
        b"%PDF-",
        b"",
        b"\0\0\0\x0cftypmif1",
    ];
    for head in heads {
        for len in [0, 1, 5, 16, 64, 300, 2000] {
            for _ in 0..20 {
                let mut bytes = head.to_vec();
                bytes.extend((0..len).map(|_| next()));
                read_all(&bytes);
            }
        }
    }
}
