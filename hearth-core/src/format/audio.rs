//! A dictated recording's sound, decided without a browser: the samples the
//! microphone gives (32-bit floats at the device's rate, often 48 kHz) are
//! brought down to 16 kHz mono 16-bit ([`Pcm16`]), which every speech-to-text
//! service reads and which keeps a minute under 2 MB; their loudness is
//! measured as they come (for the level shown while recording and for
//! stopping on silence, [`SilenceWatch`]); and the whole is written as a WAV
//! file ([`Pcm16::to_wav`]), the one audio format every such service takes.

pub mod file;
#[cfg(test)]
mod tests;

/// The rate dictation is sent at, in samples per second.
pub const DICTATION_RATE: u32 = 16_000;

/// Mono 16-bit samples at [`DICTATION_RATE`], appended as the microphone gives them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pcm16 {
    samples: Vec<i16>,
    /// Where the next input sample falls between output samples, in units of
    /// one input sample's span at its rate (whole numbers, so no drift),
    /// carried from one block to the next.
    phase: u64,
    /// The input samples of the output sample being made: their sum (in
    /// millionths) and count.
    sum: i64,
    count: u32,
}

impl Pcm16 {
    /// Nothing recorded yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends one block of samples recorded at `rate` samples a second
    /// (averaged over each output sample's span, so nothing above 8 kHz folds
    /// back in), and returns the block's loudness ([`loudness`]).
    pub fn push(&mut self, block: &[f32], rate: f32) -> f32 {
        let rate = if rate.is_finite() && rate >= 1.0 { rate.round() as u64 } else { u64::from(DICTATION_RATE) };
        for &sample in block {
            let sample = if sample.is_finite() { sample.clamp(-1.0, 1.0) } else { 0.0 };
            self.sum += (f64::from(sample) * 1_000_000.0).round() as i64;
            self.count += 1;
            self.phase += u64::from(DICTATION_RATE);
            // A rate under 16 kHz gives some input samples more than one output sample.
            while self.phase >= rate {
                self.phase -= rate;
                let mean = self.sum as f64 / 1_000_000.0 / f64::from(self.count.max(1));
                self.samples.push((mean * f64::from(i16::MAX)).round() as i16);
                if self.phase < rate {
                    (self.sum, self.count) = (0, 0);
                }
            }
        }
        loudness(block)
    }

    /// The samples made since the last call, as 16-bit little-endian bytes,
    /// leaving none: a recording streamed as it is made (the resampling goes
    /// on where it was).
    pub fn take_le_bytes(&mut self) -> Vec<u8> {
        let bytes = self.samples.iter().flat_map(|sample| sample.to_le_bytes()).collect();
        self.samples.clear();
        bytes
    }

    /// How long the recording is, in milliseconds.
    pub fn duration_ms(&self) -> u64 {
        self.samples.len() as u64 * 1000 / u64::from(DICTATION_RATE)
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// The recording as a WAV file (RIFF, PCM, mono, 16-bit, 16 kHz).
    pub fn to_wav(&self) -> Vec<u8> {
        let pcm: Vec<u8> = self.samples.iter().flat_map(|sample| sample.to_le_bytes()).collect();
        wav(&pcm, DICTATION_RATE, 1)
    }
}

/// A block's loudness from 0 (silence) to 1 (full scale): its RMS on a
/// decibel scale from -60 dB to 0 dB, so speech at a normal distance reads
/// around the middle.
pub fn loudness(block: &[f32]) -> f32 {
    if block.is_empty() {
        return 0.0;
    }
    let sum: f64 = block.iter().filter(|s| s.is_finite()).map(|&s| f64::from(s) * f64::from(s)).sum();
    let rms = (sum / block.len() as f64).sqrt();
    if rms <= 0.0 {
        return 0.0;
    }
    let decibels = 20.0 * rms.log10();
    ((decibels + 60.0) / 60.0).clamp(0.0, 1.0) as f32
}

/// Tells when a dictation has ended: once speech was heard, a stretch of
/// quiet as long as `quiet_ms`. Quiet before any speech never ends it (the
/// user may take a moment to start).
#[derive(Debug, Clone, PartialEq)]
pub struct SilenceWatch {
    quiet_ms: f64,
    heard: bool,
    quiet_for_ms: f64,
}

/// Loudness at or under which a block counts as quiet (about -42 dB).
pub const QUIET_LOUDNESS: f32 = 0.3;

impl SilenceWatch {
    /// Ends after `quiet_ms` of quiet following speech.
    pub fn new(quiet_ms: u32) -> Self {
        Self { quiet_ms: f64::from(quiet_ms), heard: false, quiet_for_ms: 0.0 }
    }

    /// Counts a block of `block_ms` at `loudness`; `true` once the dictation has ended.
    pub fn push(&mut self, loudness: f32, block_ms: f64) -> bool {
        if loudness > QUIET_LOUDNESS {
            self.heard = true;
            self.quiet_for_ms = 0.0;
            return false;
        }
        if self.heard {
            self.quiet_for_ms += block_ms;
        }
        self.heard && self.quiet_for_ms >= self.quiet_ms
    }

    /// Whether speech has been heard yet.
    pub fn heard(&self) -> bool {
        self.heard
    }
}

/// 16-bit little-endian PCM as 32-bit little-endian floats from -1 to 1 (the
/// bytes of a `Float32Array`, for Web Audio to play); an odd last byte is dropped.
pub fn pcm16_to_f32_le(pcm: &[u8]) -> Vec<u8> {
    pcm.chunks_exact(2)
        .flat_map(|pair| (f32::from(i16::from_le_bytes([pair[0], pair[1]])) / 32_768.0).to_le_bytes())
        .collect()
}

/// A WAV file of 16-bit little-endian PCM `pcm` (interleaved when `channels`
/// is more than 1) at `rate` samples per second: a 44-byte header, then the samples.
pub fn wav(pcm: &[u8], rate: u32, channels: u16) -> Vec<u8> {
    let data_len = u32::try_from(pcm.len()).unwrap_or(u32::MAX - 36);
    let frame = 2 * channels.max(1);
    let mut out = Vec::with_capacity(44 + pcm.len());
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36_u32.saturating_add(data_len)).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16_u32.to_le_bytes()); // the fmt chunk's size
    out.extend_from_slice(&1_u16.to_le_bytes()); // PCM
    out.extend_from_slice(&channels.max(1).to_le_bytes());
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&rate.saturating_mul(u32::from(frame)).to_le_bytes()); // bytes per second
    out.extend_from_slice(&frame.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16_u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    out.extend_from_slice(&pcm[..data_len as usize]);
    out
}
