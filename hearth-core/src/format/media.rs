//! What an attached file is, read from its bytes: JPEG, PNG, GIF, WebP, HEIC,
//! AVIF or PDF, with an image's size and whether it moves, a PDF's page count,
//! and whether a photo still carries metadata (EXIF, XMP) that can say where
//! or with what it was taken.
//!
//! The bytes decide, never the file name or the type the browser declares:
//! the declared type is often empty or wrong (an iPhone's HEIC photo may come
//! with no type at all, or a `.jpg` name), and a provider rejects an image
//! whose declared type does not match its content. Only headers are read:
//! nothing is decoded or decompressed, so a PDF whose page tree sits in a
//! compressed object stream has no page count here. Every reader takes any
//! bytes, truncated or hostile, and answers `None` or `false` rather than panic.

#[cfg(test)]
mod tests;

/// What a file's bytes are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    /// A JPEG image (starts `FF D8 FF`).
    Jpeg,
    /// A PNG image, animated (APNG) or not.
    Png,
    /// A GIF image, animated or not.
    Gif,
    /// A WebP image: lossy, lossless or extended (animation, metadata).
    Webp,
    /// A HEIF image with HEVC (or other non-AV1) content, as iPhones take them.
    Heic,
    /// A HEIF image with AV1 content.
    Avif,
    /// A PDF document.
    Pdf,
}

impl MediaKind {
    /// Its media type: `image/jpeg`, `image/png`, `image/gif`, `image/webp`,
    /// `image/heic`, `image/avif` or `application/pdf`.
    pub fn mime(self) -> &'static str {
        match self {
            MediaKind::Jpeg => "image/jpeg",
            MediaKind::Png => "image/png",
            MediaKind::Gif => "image/gif",
            MediaKind::Webp => "image/webp",
            MediaKind::Heic => "image/heic",
            MediaKind::Avif => "image/avif",
            MediaKind::Pdf => "application/pdf",
        }
    }

    /// Whether it is an image (everything but [`MediaKind::Pdf`]).
    pub fn is_image(self) -> bool {
        self != MediaKind::Pdf
    }

    /// The kind a media type names, if it is one of these: compared without
    /// regard to case or surrounding spaces, with any parameters (`; …`) left
    /// out; `image/jpg` and `image/heif` are accepted as well.
    pub fn from_mime(mime: &str) -> Option<MediaKind> {
        let essence = mime.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        match essence.as_str() {
            "image/jpeg" | "image/jpg" => Some(MediaKind::Jpeg),
            "image/png" => Some(MediaKind::Png),
            "image/gif" => Some(MediaKind::Gif),
            "image/webp" => Some(MediaKind::Webp),
            "image/heic" | "image/heif" => Some(MediaKind::Heic),
            "image/avif" => Some(MediaKind::Avif),
            "application/pdf" => Some(MediaKind::Pdf),
            _ => None,
        }
    }
}

/// What sniffing a file's bytes found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    /// What the bytes are.
    pub kind: MediaKind,
    /// Width and height in pixels as the header says them, for images; `None`
    /// when the header does not say (a HEIC or AVIF without an `ispe`
    /// property, a JPEG whose frame header comes late or not at all), when a
    /// dimension is zero, when the input stops short, and for PDFs. The
    /// header's size is the stored one: a HEIC's rotation or a JPEG's EXIF
    /// orientation is not applied.
    pub size: Option<(u32, u32)>,
    /// Whether it moves: a GIF with more than one image, a PNG with an `acTL`
    /// chunk before its image data (APNG), a WebP with the animation flag or an
    /// `ANIM` chunk, or a HEIF image sequence (major brand `avis`, `msf1`,
    /// `hevs`, `hevc`, `hevx` or `hevm`).
    pub animated: bool,
    /// A PDF's page count when it can be read without decompressing anything:
    /// the largest `/Count` of a `/Type /Pages` object, else the number of
    /// `/Type /Page` objects; `None` when neither is found, and for images.
    pub pages: Option<u32>,
}

/// Sniffs what `bytes` are from their first bytes (the file name and the
/// declared type play no part), with what the headers say about them; `None`
/// when they are none of the kinds in [`MediaKind`] or stop before saying.
pub fn sniff(bytes: &[u8]) -> Option<Sniffed> {
    let image = |kind, size, animated| Some(Sniffed { kind, size, animated, pages: None });
    if bytes.starts_with(JPEG_MAGIC) {
        return image(MediaKind::Jpeg, jpeg_size(bytes), false);
    }
    if bytes.starts_with(PNG_SIGNATURE) {
        return image(MediaKind::Png, png_size(bytes), png_animated(bytes));
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        let size = dimensions(le16(bytes, 6).map(u32::from), le16(bytes, 8).map(u32::from));
        return image(MediaKind::Gif, size, gif_walk(bytes).images > 1);
    }
    if is_webp(bytes) {
        let (size, animated) = webp_header(bytes);
        return image(MediaKind::Webp, size, animated);
    }
    if let Some((kind, sequence)) = heif_kind(bytes) {
        return image(kind, heif_size(bytes), sequence);
    }
    if let Some(start) = pdf_start(bytes) {
        let pages = pdf_pages(bytes.get(start..).unwrap_or_default());
        return Some(Sniffed { kind: MediaKind::Pdf, size: None, animated: false, pages });
    }
    None
}

/// Whether the image carries metadata that can tell where or with what it was
/// taken: a JPEG `APP1` segment of EXIF (`Exif\0`) or XMP
/// (`http://ns.adobe.com/xap/1.0/`, or extended XMP), a PNG `eXIf` chunk or
/// XMP `iTXt` chunk, a WebP `EXIF` or `XMP ` chunk, a GIF XMP application
/// extension, or a HEIC/AVIF `Exif` item or XMP (`application/rdf+xml`) item.
/// `false` for anything else, PDFs included.
pub fn has_metadata(bytes: &[u8]) -> bool {
    if bytes.starts_with(JPEG_MAGIC) {
        return jpeg_segments(bytes).any(|(marker, data)| {
            marker == APP1
                && (data.starts_with(EXIF_PREFIX)
                    || data.starts_with(XMP_PREFIX)
                    || data.starts_with(XMP_EXTENSION_PREFIX))
        });
    }
    if bytes.starts_with(PNG_SIGNATURE) {
        return png_chunks(bytes)
            .any(|(kind, data)| &kind == b"eXIf" || (&kind == b"iTXt" && data.starts_with(PNG_XMP_KEYWORD)));
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        return gif_walk(bytes).xmp;
    }
    if is_webp(bytes) {
        return riff_chunks(bytes).any(|(kind, _)| &kind == b"EXIF" || &kind == b"XMP ");
    }
    if heif_kind(bytes).is_some() {
        return heif_has_metadata(bytes);
    }
    false
}

/// The EXIF orientation (1 to 8) of a JPEG whose `APP1` EXIF segment has the
/// orientation tag (`0x0112`) in its first image directory, in either byte
/// order; `None` for anything else.
pub fn jpeg_orientation(bytes: &[u8]) -> Option<u8> {
    if !bytes.starts_with(JPEG_MAGIC) {
        return None;
    }
    jpeg_segments(bytes)
        .filter(|(marker, data)| *marker == APP1 && data.starts_with(EXIF_PREFIX))
        .find_map(|(_, data)| exif_orientation(data.get(EXIF_PREFIX.len() + 1..).unwrap_or_default()))
}

// ---- Reading numbers without running off the end ----

/// `N` bytes of `bytes` from `at`, if there are that many.
fn array<const N: usize>(bytes: &[u8], at: usize) -> Option<[u8; N]> {
    bytes.get(at..at.checked_add(N)?)?.try_into().ok()
}

fn be16(bytes: &[u8], at: usize) -> Option<u16> {
    array(bytes, at).map(u16::from_be_bytes)
}

fn le16(bytes: &[u8], at: usize) -> Option<u16> {
    array(bytes, at).map(u16::from_le_bytes)
}

fn be32(bytes: &[u8], at: usize) -> Option<u32> {
    array(bytes, at).map(u32::from_be_bytes)
}

fn le32(bytes: &[u8], at: usize) -> Option<u32> {
    array(bytes, at).map(u32::from_le_bytes)
}

fn le24(bytes: &[u8], at: usize) -> Option<u32> {
    let [a, b, c] = array(bytes, at)?;
    Some(u32::from_le_bytes([a, b, c, 0]))
}

/// The `len` bytes of `bytes` from `start`, or as many of them as there are.
fn clamped(bytes: &[u8], start: usize, len: usize) -> &[u8] {
    let rest = bytes.get(start..).unwrap_or_default();
    rest.get(..len).unwrap_or(rest)
}

/// Where `needle` first occurs in `haystack` at or after `from`.
fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let rest = haystack.get(from..)?;
    if needle.is_empty() {
        return Some(from);
    }
    rest.windows(needle.len()).position(|window| window == needle).and_then(|at| at.checked_add(from))
}

/// A width and height, when both are known and neither is zero.
fn dimensions(width: Option<u32>, height: Option<u32>) -> Option<(u32, u32)> {
    match (width?, height?) {
        (0, _) | (_, 0) => None,
        size => Some(size),
    }
}

// ---- JPEG ----

const JPEG_MAGIC: &[u8] = &[0xFF, 0xD8, 0xFF];
const APP1: u8 = 0xE1;
const EXIF_PREFIX: &[u8] = b"Exif\0";
const XMP_PREFIX: &[u8] = b"http://ns.adobe.com/xap/1.0/\0";
const XMP_EXTENSION_PREFIX: &[u8] = b"http://ns.adobe.com/xmp/extension/\0";

/// A JPEG's marker segments up to its first scan, each as its marker and its
/// data (after the length; cut short if the input is): standalone markers and
/// fill bytes are skipped; the walk ends at the start of scan, the end of
/// image, or anything that is not a marker.
fn jpeg_segments(bytes: &[u8]) -> impl Iterator<Item = (u8, &[u8])> {
    let mut next = Some(2usize);
    std::iter::from_fn(move || {
        loop {
            let mut at = next.take()?;
            if *bytes.get(at)? != 0xFF {
                return None;
            }
            while *bytes.get(at.checked_add(1)?)? == 0xFF {
                at = at.checked_add(1)?;
            }
            let marker = *bytes.get(at.checked_add(1)?)?;
            let after = at.checked_add(2)?;
            match marker {
                0xD0..=0xD8 | 0x01 => next = Some(after),
                0xD9 | 0xDA => return None,
                _ => {
                    let len = usize::from(be16(bytes, after)?);
                    let data_len = len.checked_sub(2)?;
                    next = after.checked_add(len);
                    return Some((marker, clamped(bytes, after.checked_add(2)?, data_len)));
                }
            }
        }
    })
}

/// The width and height in a JPEG's first frame header (SOF0 to SOF15, less
/// the markers that share the range: DHT, JPG and DAC).
fn jpeg_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let (_, frame) = jpeg_segments(bytes)
        .find(|(marker, _)| matches!(marker, 0xC0..=0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF))?;
    // Precision, then height, then width.
    dimensions(be16(frame, 3).map(u32::from), be16(frame, 1).map(u32::from))
}

/// The orientation tag of the first image directory of a TIFF structure (the
/// body of an EXIF segment), in either byte order.
fn exif_orientation(tiff: &[u8]) -> Option<u8> {
    let big_endian = match tiff.get(..4)? {
        b"MM\0*" => true,
        b"II*\0" => false,
        _ => return None,
    };
    let u16_at = |at: usize| array(tiff, at).map(if big_endian { u16::from_be_bytes } else { u16::from_le_bytes });
    let u32_at = |at: usize| array(tiff, at).map(if big_endian { u32::from_be_bytes } else { u32::from_le_bytes });
    let directory = usize::try_from(u32_at(4)?).ok()?;
    let entries = u16_at(directory)?;
    let first = directory.checked_add(2)?;
    for index in 0..usize::from(entries) {
        let entry = first.checked_add(index.checked_mul(12)?)?;
        if u16_at(entry)? == 0x0112 {
            // A SHORT: its value is in the first two bytes of the value field.
            let value = u16_at(entry.checked_add(8)?)?;
            return u8::try_from(value).ok().filter(|value| (1..=8).contains(value));
        }
    }
    None
}

// ---- PNG ----

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
const PNG_XMP_KEYWORD: &[u8] = b"XML:com.adobe.xmp\0";

/// A PNG's chunks, each as its type and its data (cut short if the input is).
fn png_chunks(bytes: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    let mut next = Some(PNG_SIGNATURE.len());
    std::iter::from_fn(move || {
        let at = next.take()?;
        let len = usize::try_from(be32(bytes, at)?).ok()?;
        let kind = array(bytes, at.checked_add(4)?)?;
        let data_start = at.checked_add(8)?;
        // The data, then a 4-byte CRC.
        next = data_start.checked_add(len)?.checked_add(4);
        Some((kind, clamped(bytes, data_start, len)))
    })
}

/// The width and height in a PNG's `IHDR`, which must come first.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let (kind, header) = png_chunks(bytes).next()?;
    if &kind != b"IHDR" {
        return None;
    }
    dimensions(be32(header, 0), be32(header, 4))
}

/// Whether an `acTL` chunk (animation control) comes before the image data.
fn png_animated(bytes: &[u8]) -> bool {
    for (kind, _) in png_chunks(bytes) {
        match &kind {
            b"acTL" => return true,
            b"IDAT" | b"IEND" => return false,
            _ => {}
        }
    }
    false
}

// ---- GIF ----

/// What walking a GIF's blocks found.
struct GifWalk {
    /// Image descriptors seen (saturating).
    images: u32,
    /// Whether an XMP application extension was seen.
    xmp: bool,
}

/// Walks a GIF's blocks after the header and global color table: images (with
/// any local color table and their data sub-blocks) and extensions (with
/// their sub-blocks), up to the trailer, the end of input or anything that is
/// neither.
fn gif_walk(bytes: &[u8]) -> GifWalk {
    let mut walk = GifWalk { images: 0, xmp: false };
    let Some(&screen_flags) = bytes.get(10) else { return walk };
    let mut at = 13usize.saturating_add(color_table_len(screen_flags));
    loop {
        match bytes.get(at) {
            Some(0x2C) => {
                walk.images = walk.images.saturating_add(1);
                let Some(&image_flags) = bytes.get(at.saturating_add(9)) else { break };
                // Descriptor (10 bytes), local color table, LZW minimum code size, data.
                let data = at.saturating_add(10).saturating_add(color_table_len(image_flags)).saturating_add(1);
                let Some(end) = skip_sub_blocks(bytes, data) else { break };
                at = end;
            }
            Some(0x21) => {
                let Some(&label) = bytes.get(at.saturating_add(1)) else { break };
                let body = at.saturating_add(2);
                if label == 0xFF && bytes.get(body..).is_some_and(|rest| rest.starts_with(b"\x0bXMP DataXMP")) {
                    walk.xmp = true;
                }
                let Some(end) = skip_sub_blocks(bytes, body) else { break };
                at = end;
            }
            _ => break,
        }
    }
    walk
}

/// Bytes of the color table that a GIF's packed flags byte announces.
fn color_table_len(flags: u8) -> usize {
    if flags & 0x80 == 0 { 0 } else { 3usize << ((flags & 0x07) + 1) }
}

/// Where the sub-blocks from `at` end (just past their zero terminator), if
/// the input holds all of them.
fn skip_sub_blocks(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        let len = usize::from(*bytes.get(at)?);
        at = at.checked_add(1)?;
        if len == 0 {
            return Some(at);
        }
        at = at.checked_add(len)?;
    }
}

// ---- WebP ----

fn is_webp(bytes: &[u8]) -> bool {
    bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP")
}

/// A RIFF file's chunks after the form type, each as its fourcc and its data
/// (cut short if the input is).
fn riff_chunks(bytes: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    let mut next = Some(12usize);
    std::iter::from_fn(move || {
        let at = next.take()?;
        let kind = array(bytes, at)?;
        let len = usize::try_from(le32(bytes, at.checked_add(4)?)?).ok()?;
        let data_start = at.checked_add(8)?;
        // Chunks are padded to an even length.
        next = data_start.checked_add(len)?.checked_add(len & 1);
        Some((kind, clamped(bytes, data_start, len)))
    })
}

/// A WebP's size (from its first `VP8X`, `VP8 ` or `VP8L` chunk) and whether
/// it is animated.
fn webp_header(bytes: &[u8]) -> (Option<(u32, u32)>, bool) {
    let mut size = None;
    let mut sized = false;
    let mut animated = false;
    for (kind, data) in riff_chunks(bytes) {
        match &kind {
            b"VP8X" => {
                animated |= data.first().is_some_and(|flags| flags & 0x02 != 0);
                if !sized {
                    sized = true;
                    let plus_one = |value: Option<u32>| value.and_then(|value| value.checked_add(1));
                    size = dimensions(plus_one(le24(data, 4)), plus_one(le24(data, 7)));
                }
            }
            b"VP8 " if !sized => {
                sized = true;
                // A 3-byte frame tag, the start code, then 14-bit width and height.
                if data.get(3..6) == Some(&[0x9D, 0x01, 0x2A]) {
                    let part = |at| le16(data, at).map(|value| u32::from(value & 0x3FFF));
                    size = dimensions(part(6), part(8));
                }
            }
            b"VP8L" if !sized => {
                sized = true;
                // The signature, then width - 1 and height - 1 in 14 bits each.
                if data.first() == Some(&0x2F) {
                    let bits = le32(data, 1);
                    size =
                        dimensions(bits.map(|bits| (bits & 0x3FFF) + 1), bits.map(|bits| ((bits >> 14) & 0x3FFF) + 1));
                }
            }
            b"ANIM" => animated = true,
            _ => {}
        }
    }
    (size, animated)
}

// ---- HEIC and AVIF (ISO base media file format) ----

const AVIF_BRANDS: [&[u8; 4]; 2] = [b"avif", b"avis"];
const HEIC_BRANDS: [&[u8; 4]; 11] =
    [b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1", b"msf1", b"heif"];
/// Major brands of image sequences rather than still images.
const SEQUENCE_BRANDS: [&[u8; 4]; 6] = [b"avis", b"msf1", b"hevs", b"hevc", b"hevx", b"hevm"];

/// The kind an ISO-BMFF file's `ftyp` box names (AVIF if any brand is AV1,
/// else HEIC if any is HEIF), and whether its major brand is an image
/// sequence; `None` for other files (an MP4 video, say).
fn heif_kind(bytes: &[u8]) -> Option<(MediaKind, bool)> {
    if bytes.get(4..8)? != b"ftyp" {
        return None;
    }
    let declared = usize::try_from(be32(bytes, 0)?).ok()?;
    let end = if declared == 0 { bytes.len() } else { declared.min(bytes.len()) };
    let major: [u8; 4] = array(bytes, 8)?;
    // The major brand, then (after the minor version) the compatible ones.
    let compatible = bytes.get(16..end).unwrap_or_default().chunks_exact(4);
    let brands = || std::iter::once(&major[..]).chain(compatible.clone());
    let any = |set: &[&[u8; 4]]| brands().any(|brand| set.iter().any(|known| &known[..] == brand));
    let kind = if any(&AVIF_BRANDS) {
        MediaKind::Avif
    } else if any(&HEIC_BRANDS) {
        MediaKind::Heic
    } else {
        return None;
    };
    Some((kind, SEQUENCE_BRANDS.contains(&&major)))
}

/// The largest image spatial extent (`ispe`) property anywhere in the bytes:
/// the primary image is the largest; thumbnails and grid tiles are smaller.
/// An `ispe` box is always 20 bytes long, which the scan checks.
fn heif_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let mut best: Option<(u32, u32)> = None;
    let mut from = 4;
    while let Some(at) = find(bytes, b"ispe", from) {
        from = at.saturating_add(1);
        let Some(start) = at.checked_sub(4) else { continue };
        if be32(bytes, start) != Some(20) {
            continue;
        }
        // After the fourcc: version and flags, then width and height.
        let Some(size) = dimensions(be32(bytes, at.saturating_add(8)), be32(bytes, at.saturating_add(12))) else {
            continue;
        };
        let area = |(width, height): (u32, u32)| u64::from(width) * u64::from(height);
        if best.is_none_or(|best| area(size) > area(best)) {
            best = Some(size);
        }
    }
    best
}

/// Whether a HEIF file's item information lists an `Exif` item or an XMP
/// (`mime` item of type `application/rdf+xml`), found by scanning for `infe`
/// boxes of version 2 or 3.
fn heif_has_metadata(bytes: &[u8]) -> bool {
    let mut from = 4;
    while let Some(at) = find(bytes, b"infe", from) {
        from = at.saturating_add(1);
        let Some(start) = at.checked_sub(4) else { continue };
        let Some(len) = be32(bytes, start).and_then(|len| usize::try_from(len).ok()) else { continue };
        let body = clamped(bytes, at.saturating_add(4), len.saturating_sub(8));
        // Version and flags, the item ID (2 bytes in version 2, 4 in 3), the
        // protection index (2 bytes), the item type, then the item's name.
        let type_at = match body.first() {
            Some(2) => 8,
            Some(3) => 10,
            _ => continue,
        };
        match body.get(type_at..type_at + 4) {
            Some(b"Exif") => return true,
            Some(b"mime") => {
                let rest = body.get(type_at + 4..).unwrap_or_default();
                let mut strings = rest.split(|byte| *byte == 0);
                let (_name, content_type) = (strings.next(), strings.next());
                if content_type == Some(b"application/rdf+xml") {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

// ---- PDF ----

/// How much junk may come before `%PDF-`, as readers allow.
const PDF_LEAD: usize = 1024;

/// Where a PDF's `%PDF-` header starts, if within the first [`PDF_LEAD`] bytes.
fn pdf_start(bytes: &[u8]) -> Option<usize> {
    let head = clamped(bytes, 0, PDF_LEAD + b"%PDF-".len());
    find(head, b"%PDF-", 0)
}

/// A PDF's page count, read without decompressing: the largest `/Count` in an
/// object that is `/Type /Pages` (the root of the page tree counts every
/// page), else the number of `/Type /Page` objects; `None` when neither is
/// found (the page tree is then in compressed object streams).
///
/// Objects are told apart by the `obj` keyword (`N G obj` and `endobj`): the
/// bytes between two of them hold at most one object's dictionary.
fn pdf_pages(bytes: &[u8]) -> Option<u32> {
    let mut largest_count = 0u32;
    let mut leaves = 0u32;
    let mut start = 0;
    loop {
        let end = find(bytes, b"obj", start);
        let object = bytes.get(start..end.unwrap_or(bytes.len())).unwrap_or_default();
        let found = pdf_object(object);
        leaves = leaves.saturating_add(found.leaves);
        if found.is_pages {
            largest_count = largest_count.max(found.count.unwrap_or(0));
        }
        match end {
            Some(end) => start = end.saturating_add(3),
            None => break,
        }
    }
    if largest_count > 0 {
        Some(largest_count)
    } else if leaves > 0 {
        Some(leaves)
    } else {
        None
    }
}

/// What one object's bytes say about pages.
struct PdfObject {
    /// Whether it is `/Type /Pages`.
    is_pages: bool,
    /// How many `/Type /Page` it holds.
    leaves: u32,
    /// Its largest direct `/Count` value.
    count: Option<u32>,
}

fn pdf_object(object: &[u8]) -> PdfObject {
    let mut found = PdfObject { is_pages: false, leaves: 0, count: None };
    for (at, _) in object.iter().enumerate().filter(|(_, byte)| **byte == b'/') {
        if let Some(after) = pdf_name(object, at, b"/Type") {
            let value = skip_pdf_space(object, after);
            if pdf_name(object, value, b"/Pages").is_some() {
                found.is_pages = true;
            } else if pdf_name(object, value, b"/Page").is_some() {
                found.leaves = found.leaves.saturating_add(1);
            }
        } else if let Some(after) = pdf_name(object, at, b"/Count") {
            if let Some(count) = pdf_direct_integer(object, skip_pdf_space(object, after)) {
                found.count = Some(found.count.map_or(count, |largest| largest.max(count)));
            }
        }
    }
    found
}

/// Where the name `name` that starts at `at` ends, if it is exactly that name
/// (the next byte is whitespace, a delimiter, or the end).
fn pdf_name(bytes: &[u8], at: usize, name: &[u8]) -> Option<usize> {
    if !bytes.get(at..)?.starts_with(name) {
        return None;
    }
    let end = at.checked_add(name.len())?;
    match bytes.get(end) {
        Some(&byte) if is_pdf_regular(byte) => None,
        _ => Some(end),
    }
}

/// A non-negative integer at `at` that is not the start of an indirect
/// reference (`5 0 R`), if it fits a `u32`.
fn pdf_direct_integer(bytes: &[u8], at: usize) -> Option<u32> {
    let (value, after) = pdf_digits(bytes, at)?;
    if let Some((_, after_generation)) = pdf_digits(bytes, skip_pdf_space(bytes, after)) {
        if pdf_name(bytes, skip_pdf_space(bytes, after_generation), b"R").is_some() {
            return None;
        }
    }
    Some(value)
}

/// The decimal digits at `at` as a number (if it fits a `u32`) and where they end.
fn pdf_digits(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let digits = bytes.get(at..)?.iter().take_while(|byte| byte.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let mut value = 0u32;
    for digit in bytes.get(at..at.checked_add(digits)?)? {
        value = value.checked_mul(10)?.checked_add(u32::from(digit - b'0'))?;
    }
    Some((value, at.checked_add(digits)?))
}

/// Past any PDF whitespace at `at`.
fn skip_pdf_space(bytes: &[u8], at: usize) -> usize {
    let spaces = bytes.get(at..).unwrap_or_default().iter().take_while(|byte| is_pdf_space(**byte)).count();
    at.saturating_add(spaces)
}

fn is_pdf_space(byte: u8) -> bool {
    matches!(byte, b'\0' | b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Whether `byte` can be part of a PDF name or number (neither whitespace nor a delimiter).
fn is_pdf_regular(byte: u8) -> bool {
    !is_pdf_space(byte) && !matches!(byte, b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%')
}
