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
