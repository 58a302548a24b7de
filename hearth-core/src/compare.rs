//! Compare models: one prompt sent to 2–4 models at once, each answer a sibling
//! reply of the same user message (a *column*, see
//! [`columns`](crate::storage::columns)), streamed side by side.
//!
//! This module holds the rules the shell follows and does not decide alone:
//! how a merge is asked for ([`merge_instruction`], with a [`Recipe`] the user
//! can edit), what a column is estimated to cost ([`price_of`], [`cost_multiple`]),
//! how many requests go to one host at once ([`HostSlots`]), how long to wait
//! after a 429 ([`backoff_ms`]), and the blind mode's local tally of wins
//! ([`Tally`]). No IO, no clock.

use std::fmt::Write;

/// The fewest columns a compare turn has.
pub const MIN_COLUMNS: usize = 2;
/// The most columns a compare turn has.
pub const MAX_COLUMNS: usize = 4;

/// What a merge asks the model for; the user can edit the text before sending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// One answer that keeps the best of each.
    Combine,
    /// A table comparing the answers point by point.
    Table,
    /// The user's own instruction (starts empty).
    Own,
}

impl Recipe {
    /// Every recipe, in the order the picker lists them.
    pub const ALL: [Recipe; 3] = [Recipe::Combine, Recipe::Table, Recipe::Own];

    /// The recipe's name in the picker.
    pub fn label(self) -> &'static str {
        match self {
            Recipe::Combine => "Combine into one answer",
            Recipe::Table => "Compare in a table",
            Recipe::Own => "My own instruction",
        }
    }

    /// The instruction the merge request starts with (the user may edit it).
    pub fn instruction(self) -> &'static str {
        match self {
            Recipe::Combine => {
                "Several assistants answered my last message. Write one answer to it that keeps what is correct \
                 and useful in each, resolves where they disagree (say how), and leaves out repetition. Do not \
                 mention the assistants unless they disagree."
            }
            Recipe::Table => {
                "Several assistants answered my last message. Compare their answers in a Markdown table: one row \
                 per point that matters, one column per answer, then say in two or three sentences which answer \
                 is best and why."
            }
            Recipe::Own => "",
        }
    }
}

/// One answer a merge reads: who wrote it (as the user sees it) and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergeSource<'a> {
    /// Its column, from 0: the letter it is called by, as on screen.
    pub column: usize,
    /// How the answer is named: its model, or "model not shown" in blind mode.
    pub label: &'a str,
    /// The answer's text.
    pub text: &'a str,
}

/// The message a merge sends after the conversation: the recipe's
/// `instruction`, then each answer under a heading naming it by its column's
/// letter (a failed column left out leaves a gap: C stays C). The model
/// writes the merge from this; it is never the merge itself.
pub fn merge_instruction(instruction: &str, sources: &[MergeSource<'_>]) -> String {
    let mut message = instruction.trim().to_owned();
    for source in sources {
        let _ = write!(
            message,
            "\n\n## Answer {} ({})\n\n{}",
            column_letter(source.column),
            source.label,
            source.text.trim()
        );
    }
    message
}

/// The letter a column is called by in blind mode: A, B, C, D.
pub fn column_letter(column: usize) -> char {
    char::from(b'A' + u8::try_from(column % 26).unwrap_or(0))
}

/// What a model costs, in US dollars per million tokens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Price {
    /// Per million input (prompt) tokens.
    pub input: f64,
    /// Per million output tokens.
    pub output: f64,
}

/// Prices of well-known models as their providers' pricing pages listed them
/// (standard tier, per million tokens), by model id prefix; the longest
/// matching prefix wins. An estimate only: a model not listed has no price,
/// and the columns then show tokens without a cost.
const PRICES: &[(&str, f64, f64)] = &[
    ("gpt-4o", 2.5, 10.0),
    ("gpt-4o-mini", 0.15, 0.6),
    ("gpt-4.1", 2.0, 8.0),
    ("gpt-4.1-mini", 0.4, 1.6),
    ("gpt-4.1-nano", 0.1, 0.4),
    ("o3", 2.0, 8.0),
    ("o3-mini", 1.1, 4.4),
    ("o4-mini", 1.1, 4.4),
    ("claude-opus-4", 15.0, 75.0),
    ("claude-sonnet-4", 3.0, 15.0),
    ("claude-3-7-sonnet", 3.0, 15.0),
    ("claude-3-5-haiku", 0.8, 4.0),
    ("claude-haiku-4-5", 1.0, 5.0),
    ("gemini-2.5-pro", 1.25, 10.0),
    ("gemini-2.5-flash", 0.3, 2.5),
    ("gemini-2.0-flash", 0.1, 0.4),
];

/// The listed price of `model` (see [`PRICES`]); `None` when unknown.
pub fn price_of(model: &str) -> Option<Price> {
    let model = model.trim().to_ascii_lowercase();
    // A provider's path ("openai/gpt-4o") names the same model.
    let model = model.rsplit('/').next().unwrap_or(&model);
    PRICES
        .iter()
        .filter(|(prefix, _, _)| model.starts_with(prefix))
        .max_by_key(|(prefix, _, _)| prefix.len())
        .map(|&(_, input, output)| Price { input, output })
}

/// What `input` and `output` tokens cost at `price`, in US dollars.
pub fn cost(price: Price, input: u32, output: u32) -> f64 {
    (f64::from(input) * price.input + f64::from(output) * price.output) / 1_000_000.0
}

/// How many times the cost of one answer by the `usual` model the compare
/// turn is estimated at, for a request of `input` tokens and answers of about
/// `output` tokens: the sum of the columns' costs over the usual one when every
/// price is known, else the number of columns (each is a whole request).
pub fn cost_multiple(usual: Option<Price>, columns: &[Option<Price>], input: u32, output: u32) -> f64 {
    let count = columns.len() as f64;
    let Some(usual) = usual else { return count };
    let one = cost(usual, input, output);
    if one <= 0.0 {
        return count;
    }
    let mut total = 0.0;
    for price in columns {
        let Some(price) = price else { return count };
        total += cost(*price, input, output);
    }
    total / one
}

/// "≈ 3× the cost" (one decimal below 10 when it is not whole).
pub fn multiple_label(multiple: f64) -> String {
    let rounded = (multiple * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 || rounded >= 10.0 {
        format!("≈ {}× the cost", rounded.round())
    } else {
        format!("≈ {rounded:.1}× the cost")
    }
}

/// A cost in US dollars as a column shows it: "$0.0042", "< $0.0001".
pub fn cost_label(usd: f64) -> String {
    if usd < 0.0001 {
        "< $0.0001".to_owned()
    } else if usd < 1.0 {
        format!("${usd:.4}")
    } else {
        format!("${usd:.2}")
    }
}

/// How many requests go to one host at once; more wait for a free slot. A
/// compare turn of four columns on one provider sends three at once.
pub const PER_HOST: usize = 3;

/// The requests running per host, to keep each host at [`PER_HOST`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostSlots {
    running: Vec<(String, usize)>,
}

impl HostSlots {
    /// Takes a slot of `host` when one is free; says whether it did.
    pub fn try_take(&mut self, host: &str) -> bool {
        match self.running.iter_mut().find(|(known, _)| known == host) {
            Some((_, count)) if *count >= PER_HOST => false,
            Some((_, count)) => {
                *count += 1;
                true
            }
            None => {
                self.running.push((host.to_owned(), 1));
                true
            }
        }
    }

    /// Gives back a slot of `host`.
    pub fn release(&mut self, host: &str) {
        if let Some(at) = self.running.iter().position(|(known, _)| known == host) {
            self.running[at].1 = self.running[at].1.saturating_sub(1);
            if self.running[at].1 == 0 {
                self.running.remove(at);
            }
        }
    }

    /// How many requests run on `host`.
    pub fn running(&self, host: &str) -> usize {
        self.running.iter().find(|(known, _)| known == host).map_or(0, |(_, count)| *count)
    }
}

/// The host a request URL goes to, as slots count it: scheme, host and port
/// (`https://api.openai.com`); the whole URL when it has no path.
pub fn host_of(url: &str) -> &str {
    let rest_at = url.find("://").map_or(0, |at| at + 3);
    match url[rest_at..].find(['/', '?', '#']) {
        Some(end) => &url[..rest_at + end],
        None => url,
    }
}

/// How many times a request answered 429 (Too Many Requests) is tried in all.
pub const RATE_LIMIT_TRIES: u32 = 3;

/// The longest wait after a 429, in milliseconds, whatever the server says.
const LONGEST_WAIT_MS: u64 = 60_000;

/// How long to wait before trying again after the `failures`-th 429 in a row
/// (from 1), in milliseconds: the server's `Retry-After` when it gave one (at
/// most a minute), else 1 s, 2 s, 4 s…; `None` once [`RATE_LIMIT_TRIES`]
/// requests were made (the column then shows the error and its Retry).
pub fn backoff_ms(failures: u32, retry_after_secs: Option<u64>) -> Option<u64> {
    if failures == 0 || failures >= RATE_LIMIT_TRIES {
        return None;
    }
    let wait = match retry_after_secs {
        Some(secs) => secs.saturating_mul(1000),
        None => 1000u64 << (failures - 1).min(16),
    };
    Some(wait.min(LONGEST_WAIT_MS))
}

/// Blind mode's tally: how often each model's answer was picked without its
/// name shown, kept on this device only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// (model, wins), the most wins first (then by name).
    wins: Vec<(String, u32)>,
}

impl Tally {
    /// A tally from stored pairs (any order; a model listed twice adds up).
    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, u32)>) -> Self {
        let mut tally = Self::default();
        for (model, wins) in pairs {
            tally.add(&model, wins);
        }
        tally
    }

    /// Counts a win of `model`.
    pub fn win(&mut self, model: &str) {
        self.add(model, 1);
    }

    fn add(&mut self, model: &str, wins: u32) {
        let model = model.trim();
        if model.is_empty() {
            return;
        }
        match self.wins.iter_mut().find(|(known, _)| known == model) {
            Some((_, count)) => *count = count.saturating_add(wins),
            None => self.wins.push((model.to_owned(), wins)),
        }
        self.wins.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    }

    /// (model, wins), the most wins first.
    pub fn entries(&self) -> &[(String, u32)] {
        &self.wins
    }
}

#[cfg(test)]
mod tests;
