//! Plays a stream of 16-bit PCM pieces as they come, one after the other
//! without gaps (realtime talk's answer): each piece becomes a Web Audio
//! buffer scheduled right after the one before. [`PcmPlayer::cut`] stops what
//! is playing and drops what is queued (the user spoke over the answer).
//! Reached by name (`io::js`): it is the `voice` chunk's.

use hearth_core::format::audio::pcm16_to_f32_le;
use wasm_bindgen::JsValue;

use super::js;

/// A player with its own `AudioContext`; dropping it closes the context.
pub(crate) struct PcmPlayer {
    context: JsValue,
    /// When the queued sound ends, in the context's time (seconds).
    until: f64,
    /// The sources scheduled and when each ends, to stop on a cut.
    queued: Vec<(JsValue, f64)>,
}

impl PcmPlayer {
    /// A player, or `None` when the browser has no Web Audio.
    pub(crate) fn new() -> Option<Self> {
        let context = js::construct("AudioContext", &[]).ok()?;
        // Made after awaits, outside the click: some browsers (Safari) start it suspended.
        let _ = js::call(&context, "resume", &[]);
        Some(Self { context, until: 0.0, queued: Vec::new() })
    }

    /// Queues `pcm` (16-bit little-endian mono at `rate` samples a second).
    pub(crate) fn play(&mut self, pcm: &[u8], rate: u32) {
        let frames = pcm.len() / 2;
        if frames == 0 {
            return;
        }
        let _ = self.queue(pcm, rate, frames);
    }

    fn queue(&mut self, pcm: &[u8], rate: u32, frames: usize) -> Result<(), JsValue> {
        let floats = pcm16_to_f32_le(pcm);
        let bytes = js_sys::Uint8Array::from(floats.as_slice());
        let samples = js::construct("Float32Array", &[&bytes.buffer()])?;
        #[allow(clippy::cast_precision_loss)] // At most a few seconds of samples.
        let args = [&JsValue::from(1), &JsValue::from(frames as f64), &JsValue::from(rate)];
        let buffer = js::call(&self.context, "createBuffer", &args)?;
        js::call(&buffer, "copyToChannel", &[&samples, &JsValue::from(0)])?;
        let source = js::call(&self.context, "createBufferSource", &[])?;
        js::set(&source, "buffer", &buffer);
        let destination = js::get(&self.context, "destination").unwrap_or(JsValue::NULL);
        js::call(&source, "connect", &[&destination])?;
        let now = js::number(&self.context, "currentTime").unwrap_or(0.0);
        let start = self.until.max(now);
        js::call(&source, "start", &[&JsValue::from(start)])?;
        #[allow(clippy::cast_precision_loss)]
        let seconds = frames as f64 / f64::from(rate.max(1));
        self.until = start + seconds;
        self.queued.retain(|(_, ends)| *ends > now);
        self.queued.push((source, self.until));
        Ok(())
    }

    /// Stops what plays and drops what is queued.
    pub(crate) fn cut(&mut self) {
        for (source, _) in self.queued.drain(..) {
            let _ = js::call(&source, "stop", &[]);
        }
        self.until = 0.0;
    }
}

impl Drop for PcmPlayer {
    fn drop(&mut self) {
        self.cut();
        let _ = js::call(&self.context, "close", &[]);
    }
}
