//! An audio file attached as a voice note, told from its first bytes (never
//! from its name or the type the browser guesses): WAV, MP3, Ogg (Vorbis or
//! Opus), FLAC, MP4 audio (M4A), AAC (ADTS), WebM and AIFF. WAV and MP3 are kept as
//! they came (every family that hears audio takes them); the others are
//! turned into 16 kHz WAV by the shell first ([`AudioType::kept`]). A WAV's
//! length is read from its header; the others' from what the browser decodes.

/// A type of audio file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AudioType {
    /// RIFF `WAVE`.
    Wav,
    /// MPEG audio layer III, with or without an ID3 tag.
    Mp3,
    /// An Ogg stream (Vorbis, Opus).
    Ogg,
    /// FLAC.
    Flac,
    /// MP4 audio (`.m4a`).
    Mp4,
    /// Raw AAC in ADTS frames (`.aac`).
    Aac,
    /// WebM (Matroska), as browsers record.
    Webm,
    /// AIFF or AIFF-C.
    Aiff,
}

impl AudioType {
    /// Its media type (`audio/wav`, `audio/mpeg`, …).
    pub fn mime(self) -> &'static str {
        match self {
            AudioType::Wav => "audio/wav",
            AudioType::Mp3 => "audio/mpeg",
            AudioType::Ogg => "audio/ogg",
            AudioType::Flac => "audio/flac",
            AudioType::Mp4 => "audio/mp4",
            AudioType::Aac => "audio/aac",
            AudioType::Webm => "audio/webm",
            AudioType::Aiff => "audio/aiff",
        }
    }

    /// Whether it is stored as it came (WAV and MP3); the others are decoded
    /// and stored as 16 kHz WAV.
    pub fn kept(self) -> bool {
        matches!(self, AudioType::Wav | AudioType::Mp3)
    }
}

/// The type of audio file `bytes` start, if they start one.
pub fn sniff(bytes: &[u8]) -> Option<AudioType> {
    let at = |start: usize, magic: &[u8]| bytes.get(start..start + magic.len()) == Some(magic);
    if at(0, b"RIFF") && at(8, b"WAVE") {
        return Some(AudioType::Wav);
    }
    if at(0, b"ID3") {
        // An ID3 tag (ten bytes and a size in 7-bit bytes) comes before MP3, AAC or FLAC.
        let size = bytes
            .get(6..10)
            .map_or(0, |size| size.iter().fold(0_usize, |all, byte| (all << 7) | usize::from(byte & 0x7F)));
        let after = bytes.get(10_usize.saturating_add(size)..).unwrap_or_default();
        return match sniff(after) {
            Some(kind @ (AudioType::Aac | AudioType::Flac)) => Some(kind),
            // What follows is past the bytes read (a large cover picture): MP3, as most tagged files are.
            _ => Some(AudioType::Mp3),
        };
    }
    if mp3_frame(bytes) {
        return Some(AudioType::Mp3);
    }
    if adts_frame(bytes) {
        return Some(AudioType::Aac);
    }
    if at(0, b"OggS") {
        return Some(AudioType::Ogg);
    }
    if at(0, b"fLaC") {
        return Some(AudioType::Flac);
    }
    if at(0, b"FORM") && (at(8, b"AIFF") || at(8, b"AIFC")) {
        return Some(AudioType::Aiff);
    }
    if at(0, &[0x1A, 0x45, 0xDF, 0xA3]) {
        return Some(AudioType::Webm);
    }
    // An MP4 of an audio brand, or the generic `mp42` some recorders write
    // (a video of that brand is decoded for its sound, like any other file).
    if at(4, b"ftyp") && ["M4A ", "M4B ", "mp42"].iter().any(|brand| at(8, brand.as_bytes())) {
        return Some(AudioType::Mp4);
    }
    None
}

/// Whether `bytes` start with an MPEG-1/2 layer III frame header (11 sync
/// bits, a layer of III, a bit rate and sample rate that are not reserved).
fn mp3_frame(bytes: &[u8]) -> bool {
    let [first, second, third, ..] = bytes else { return false };
    let sync = *first == 0xFF && second & 0xE0 == 0xE0;
    let layer_3 = (second >> 1) & 0b11 == 0b01;
    let version_known = (second >> 3) & 0b11 != 0b01;
    let bitrate = third >> 4;
    let rate = (third >> 2) & 0b11;
    sync && layer_3 && version_known && bitrate != 0 && bitrate != 0xF && rate != 0b11
}

/// Whether `bytes` start with an ADTS frame header (12 sync bits, layer 0).
fn adts_frame(bytes: &[u8]) -> bool {
    matches!(bytes, [0xFF, second, ..] if second & 0xF6 == 0xF0)
}

/// A WAV file's length in milliseconds, from its `fmt ` chunk's bytes per
/// second and its `data` chunk's size; `None` when they are not found.
pub fn wav_duration_ms(bytes: &[u8]) -> Option<u64> {
    let le32 = |at: usize| bytes.get(at..at.checked_add(4)?).and_then(|b| b.try_into().ok()).map(u32::from_le_bytes);
    let mut at: usize = 12;
    let mut per_second = None;
    while let (Some(id), Some(size)) = (bytes.get(at..at.checked_add(4)?), le32(at.checked_add(4)?)) {
        match id {
            b"fmt " => per_second = le32(at.checked_add(16)?).filter(|rate| *rate > 0),
            b"data" => {
                // A recording still being written says 0 or more than it holds.
                let held = u32::try_from(bytes.len().saturating_sub(at.saturating_add(8))).unwrap_or(u32::MAX);
                let size = if size == 0 || size > held { held } else { size };
                return Some(u64::from(size) * 1000 / u64::from(per_second?));
            }
            _ => {}
        }
        // Chunks are padded to an even size.
        at = at.checked_add(8)?.checked_add(usize::try_from(size).ok()?)?.checked_add((size % 2) as usize)?;
    }
    None
}
