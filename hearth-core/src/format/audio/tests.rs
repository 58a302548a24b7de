//! Tests of the dictated recording's sound: resampling, loudness, silence and the WAV file.

use super::{DICTATION_RATE, Pcm16, SilenceWatch, loudness};

fn tone(rate: u32, ms: u32, amplitude: f32) -> Vec<f32> {
    let count = rate * ms / 1000;
    (0..count).map(|i| amplitude * (i as f32 * 440.0 * std::f32::consts::TAU / rate as f32).sin()).collect()
}

#[test]
fn a_second_at_48_khz_becomes_a_second_at_16_khz_in_any_blocks() {
    let second = tone(48_000, 1000, 0.5);
    let mut whole = Pcm16::new();
    whole.push(&second, 48_000.0);
    let mut blocks = Pcm16::new();
    for block in second.chunks(4096) {
        blocks.push(block, 48_000.0);
    }
    assert_eq!(whole.duration_ms(), 1000);
    assert_eq!(whole, blocks, "the block size changes nothing");
    let mut slow = Pcm16::new();
    slow.push(&tone(8_000, 500, 0.5), 8_000.0);
    assert_eq!(slow.duration_ms(), 500, "a lower rate is brought up");
}

#[test]
fn the_wav_header_says_what_the_data_is() {
    let mut pcm = Pcm16::new();
    pcm.push(&tone(44_100, 250, 0.5), 44_100.0);
    let wav = pcm.to_wav();
    let u32_at = |at: usize| u32::from_le_bytes([wav[at], wav[at + 1], wav[at + 2], wav[at + 3]]);
    let u16_at = |at: usize| u16::from_le_bytes([wav[at], wav[at + 1]]);
    assert_eq!(&wav[0..4], b"RIFF");
    assert_eq!(&wav[8..16], b"WAVEfmt ");
    assert_eq!(u32_at(4) as usize, wav.len() - 8);
    assert_eq!((u16_at(20), u16_at(22), u32_at(24), u16_at(34)), (1, 1, DICTATION_RATE, 16));
    assert_eq!(&wav[36..40], b"data");
    assert_eq!(u32_at(40) as usize, wav.len() - 44);
    assert_eq!(u32_at(40), DICTATION_RATE / 4 * 2, "a quarter second of 16-bit samples");
    let peak = wav[44..].chunks(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]]).unsigned_abs()).max();
    assert!(peak.is_some_and(|peak| (14_000..=17_000).contains(&peak)), "half scale survives: {peak:?}");
}

#[test]
fn loudness_reads_silence_speech_and_full_scale() {
    assert_eq!(loudness(&[]), 0.0);
    assert_eq!(loudness(&[0.0; 512]), 0.0);
    assert!(loudness(&tone(16_000, 100, 0.001)) < 0.2, "-63 dB is quiet");
    let speech = loudness(&tone(16_000, 100, 0.1));
    assert!((0.5..0.8).contains(&speech), "{speech}");
    assert!(loudness(&[1.0; 64]) > 0.99);
    assert_eq!(loudness(&[f32::NAN; 8]), 0.0, "a broken block is silence");
}

#[test]
fn silence_ends_a_dictation_only_after_speech() {
    let mut watch = SilenceWatch::new(1500);
    for _ in 0..20 {
        assert!(!watch.push(0.0, 100.0), "quiet before speech never ends it");
    }
    assert!(!watch.heard());
    assert!(!watch.push(0.6, 100.0));
    assert!(watch.heard());
    for _ in 0..14 {
        assert!(!watch.push(0.1, 100.0));
    }
    assert!(!watch.push(0.6, 100.0), "speech again starts the count over");
    for _ in 0..14 {
        assert!(!watch.push(0.1, 100.0));
    }
    assert!(watch.push(0.1, 100.0), "1.5 s of quiet after speech ends it");
}

#[test]
fn an_audio_file_is_told_from_its_first_bytes() {
    use super::file::{AudioType, sniff};
    let recorded = Pcm16::new().to_wav();
    assert_eq!(sniff(&recorded), Some(AudioType::Wav));
    assert_eq!(sniff(b"ID3\x04\x00\x00\x00\x00\x00\x00"), Some(AudioType::Mp3));
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz.
    assert_eq!(sniff(&[0xFF, 0xFB, 0x90, 0x64]), Some(AudioType::Mp3));
    assert_eq!(sniff(&[0xFF, 0xFB, 0xF0, 0x64]), None, "a reserved bit rate is not a frame");
    assert_eq!(sniff(b"OggS\x00\x02"), Some(AudioType::Ogg));
    assert_eq!(sniff(b"fLaC\x00\x00"), Some(AudioType::Flac));
    assert_eq!(sniff(b"FORM\x00\x00\x00\x00AIFF"), Some(AudioType::Aiff));
    assert_eq!(sniff(&[0x1A, 0x45, 0xDF, 0xA3, 0x01]), Some(AudioType::Webm));
    assert_eq!(sniff(b"\x00\x00\x00\x20ftypM4A \x00\x00"), Some(AudioType::Mp4));
    assert_eq!(sniff(b"\x00\x00\x00\x20ftypqt  \x00\x00"), None, "a QuickTime movie is not a voice note");
    assert_eq!(sniff(&[0xFF, 0xF1, 0x50, 0x80]), Some(AudioType::Aac), "ADTS");
    // An ID3 tag (size 4) before AAC or FLAC is told by what follows it.
    let tagged = |after: &[u8]| [b"ID3\x04\x00\x00\x00\x00\x00\x04TAGS".as_slice(), after].concat();
    assert_eq!(sniff(&tagged(&[0xFF, 0xF1, 0x50, 0x80])), Some(AudioType::Aac));
    assert_eq!(sniff(&tagged(b"fLaC")), Some(AudioType::Flac));
    assert_eq!(sniff(&tagged(&[0xFF, 0xFB, 0x90, 0x64])), Some(AudioType::Mp3));
    assert_eq!(sniff(b"%PDF-1.7"), None);
    assert_eq!(sniff(b"RIFF\x00\x00\x00\x00WEBPVP8 "), None, "a WebP is RIFF too");
    assert_eq!(sniff(&[]), None);
    assert!(AudioType::Wav.kept() && AudioType::Mp3.kept() && !AudioType::Ogg.kept());
}

#[test]
fn a_wav_files_length_is_read_from_its_header() {
    use super::file::wav_duration_ms;
    let mut pcm = Pcm16::new();
    pcm.push(&tone(48_000, 2500, 0.3), 48_000.0);
    let wav = pcm.to_wav();
    assert_eq!(wav_duration_ms(&wav), Some(2500));
    // Stereo 44.1 kHz, 16-bit: 176,400 bytes a second; one second of data.
    let stereo = super::wav(&vec![0; 176_400], 44_100, 2);
    assert_eq!(wav_duration_ms(&stereo), Some(1000));
    // A chunk before `fmt ` (LIST), of odd size, is skipped with its pad byte.
    let mut listed = b"RIFF\x00\x00\x00\x00WAVELIST\x03\x00\x00\x00abc\x00".to_vec();
    listed.extend_from_slice(&stereo[12..]);
    assert_eq!(wav_duration_ms(&listed), Some(1000));
    // A data size larger than the file (still being written) counts what is there.
    let mut cut = stereo.clone();
    cut.truncate(44 + 88_200);
    assert_eq!(wav_duration_ms(&cut), Some(500));
    assert_eq!(wav_duration_ms(b"RIFF\x00\x00\x00\x00WAVE"), None, "no chunks");
    assert_eq!(wav_duration_ms(&stereo[..30]), None, "cut inside fmt");
}

#[test]
fn a_stream_takes_what_was_made_since_the_last_take_and_resamples_on() {
    let second = tone(48_000, 1000, 0.5);
    let mut whole = Pcm16::new();
    whole.push(&second, 48_000.0);
    let all: Vec<u8> = whole.take_le_bytes();
    let mut streamed = Pcm16::new();
    let mut taken = Vec::new();
    for block in second.chunks(1000) {
        streamed.push(block, 48_000.0);
        taken.extend(streamed.take_le_bytes());
    }
    assert_eq!(taken, all, "blocks of any size, taken as they come, are the whole");
    assert_eq!(all.len(), 32_000, "a second at 16 kHz, 2 bytes a sample");
    assert!(streamed.take_le_bytes().is_empty() && streamed.is_empty());
    let floats = super::pcm16_to_f32_le(&[0x00, 0x80, 0xFF, 0x7F, 0x00, 0x00, 0x01]);
    let values: Vec<f32> = floats.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    assert_eq!(values, [-1.0, 32_767.0 / 32_768.0, 0.0], "the odd byte is dropped");
}
