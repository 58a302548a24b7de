//! The user's compaction settings, stored as one setting (`compaction`).

use serde::{Deserialize, Serialize};

/// When and how conversations are compacted. Every field has a serde default,
/// so a stored value missing fields (or from an older Hearth) loads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CompactionSettings {
    /// Compact before a request estimated at this percentage of the window or
    /// more (10..=100; anything else stored counts as the nearest bound).
    pub threshold_percent: u8,
    /// How many of the last turns (a user message and what answers it) stay
    /// verbatim; at least one always does.
    pub keep_last_turns: u32,
    /// The model config that writes summaries; `None` means the conversation's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary_model_config_id: Option<String>,
}

impl CompactionSettings {
    /// The default threshold, in percent of the window.
    pub const DEFAULT_THRESHOLD: u8 = 80;
    /// The default number of last turns kept verbatim.
    pub const DEFAULT_KEEP_LAST: u32 = 4;
    /// The lowest threshold accepted.
    pub const MIN_THRESHOLD: u8 = 10;
    /// The highest threshold accepted.
    pub const MAX_THRESHOLD: u8 = 100;
    /// The most last turns that can be kept.
    pub const MAX_KEEP_LAST: u32 = 100;

    /// The threshold in force: the stored one, brought into 10..=100.
    pub fn threshold(&self) -> u8 {
        self.threshold_percent.clamp(Self::MIN_THRESHOLD, Self::MAX_THRESHOLD)
    }
}

impl CompactionSettings {
    /// The settings stored as `value`, read field by field: a field missing or
    /// of the wrong type takes its default, a number out of range is brought to
    /// the nearest bound, and the other fields keep what was stored (one bad
    /// field never resets them all).
    pub fn from_stored(value: &serde_json::Value) -> Self {
        let defaults = Self::default();
        let number = |key: &str| value.get(key).and_then(|v| v.as_f64()).filter(|n| n.is_finite());
        let threshold_percent = number("threshold_percent").map_or(defaults.threshold_percent, |n| {
            n.round().clamp(f64::from(Self::MIN_THRESHOLD), f64::from(Self::MAX_THRESHOLD)) as u8
        });
        let keep_last_turns = number("keep_last_turns")
            .map_or(defaults.keep_last_turns, |n| n.round().clamp(1.0, f64::from(Self::MAX_KEEP_LAST)) as u32);
        let summary_model_config_id = value
            .get("summary_model_config_id")
            .and_then(serde_json::Value::as_str)
            .filter(|id| !id.is_empty())
            .map(str::to_owned);
        Self { threshold_percent, keep_last_turns, summary_model_config_id }
    }
}

impl Default for CompactionSettings {
    fn default() -> Self {
        Self {
            threshold_percent: Self::DEFAULT_THRESHOLD,
            keep_last_turns: Self::DEFAULT_KEEP_LAST,
            summary_model_config_id: None,
        }
    }
}

/// The threshold field as typed: a whole number from 10 to 100 (a trailing
/// `%` is allowed), or the message shown under the field.
pub fn parse_threshold(input: &str) -> Result<u8, String> {
    let text = input.trim();
    let text = text.strip_suffix('%').unwrap_or(text).trim();
    let range = format!(
        "Enter a whole number from {} to {}.",
        CompactionSettings::MIN_THRESHOLD,
        CompactionSettings::MAX_THRESHOLD
    );
    if text.is_empty() {
        return Err(range);
    }
    match text.parse::<u32>() {
        Ok(value)
            if (u32::from(CompactionSettings::MIN_THRESHOLD)..=u32::from(CompactionSettings::MAX_THRESHOLD))
                .contains(&value) =>
        {
            u8::try_from(value).map_err(|_| range)
        }
        _ => Err(range),
    }
}

/// The "last turns kept" field as typed: a whole number from 1 to 100, or the
/// message shown under the field.
pub fn parse_keep_last(input: &str) -> Result<u32, String> {
    let range = format!("Enter a whole number from 1 to {}.", CompactionSettings::MAX_KEEP_LAST);
    match input.trim().parse::<u32>() {
        Ok(value) if (1..=CompactionSettings::MAX_KEEP_LAST).contains(&value) => Ok(value),
        _ => Err(range),
    }
}

/// A context window field as typed: empty means the default (`None`), else a
/// whole number of tokens from 1,024 to 10,000,000 (spaces, commas, `_` and a
/// trailing `k` for thousands are allowed), or the message shown under the field.
pub fn parse_context_window(input: &str) -> Result<Option<u32>, String> {
    let text: String = input.trim().chars().filter(|c| !matches!(c, ',' | '_' | ' ' | '\u{a0}')).collect();
    if text.is_empty() {
        return Ok(None);
    }
    let message = "Enter a number of tokens from 1024 to 10000000, or leave it empty for the default.".to_owned();
    let (digits, factor) = match text.strip_suffix(['k', 'K']) {
        Some(digits) => (digits, 1_000),
        None => (text.as_str(), 1),
    };
    let value =
        digits.parse::<u32>().ok().and_then(|value| value.checked_mul(factor)).ok_or_else(|| message.clone())?;
    if (1_024..=10_000_000).contains(&value) { Ok(Some(value)) } else { Err(message) }
}
