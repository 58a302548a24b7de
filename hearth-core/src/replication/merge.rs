//! A conflict merged field by field, without loss.
//!
//! When two devices changed the same document apart, CouchDB keeps both
//! revisions and names one the winner (the same on every device). The shell
//! shows the winner at once and merges the other leaf into it ([`merge`]),
//! record field by record field, with the body both started from (the
//! *base*) when it is known:
//! - equal on both sides: kept;
//! - one side still has the base's value: the other side changed it, and
//!   its value is taken;
//! - both changed it (or there is no base and they differ, so neither can be
//!   said not to have changed it): it is *contested*. The winner's value stays
//!   in the merged body and the field is listed ([`Contested`]) so the user
//!   is asked, with both values; their pick is applied with [`resolve`].
//!   Two kinds of field are never asked about, being times of events that
//!   both happened: [`LATEST_WINS`] (the later time is taken: the latest
//!   pick at a fork, the latest edit) and [`EARLIEST_WINS`] (the earlier
//!   time: a record created on two devices, such as a built-in agent, was
//!   created when it first was). Nor are [`WINNER_KEEPS`], which describe
//!   something each side made for itself that either side's is as good as
//!   (a knowledge file's embeddings): the winner's stays.
//!
//! A field missing on one side is a value like any other (its removal). The
//! merged body's `changed` holds, per field, the change time of the side
//! taken (the later of the two when both sides agree).

#[cfg(test)]
mod tests;

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::doc::{Body, CHANGED, RECORD, TYPE};
use crate::Millis;

/// Fields that are the time of the latest of some event (a pick at a fork,
/// an edit, any change): when both sides changed one, the later time is
/// taken without asking.
pub const LATEST_WINS: [&str; 3] = ["chosen_at", "edited_at", "updated_at"];

/// Fields that are the time something first happened (its creation): when
/// both sides differ, the earlier time is taken without asking.
pub const EARLIEST_WINS: [&str; 1] = ["created_at"];

/// Fields of a knowledge file (`kfile`) where either side's value serves
/// (each made it for itself from the same thing): when both changed one, the
/// winner's stays without asking.
pub const WINNER_KEEPS: [&str; 1] = ["vectors"];

/// A field both sides changed to different values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Contested {
    /// The record field (as the record's JSON names it).
    pub field: String,
    /// The winner's value, kept in the merged body for now (`null`: the
    /// winner has no such field).
    pub winner: Value,
    /// The other side's value (`null`: it has no such field).
    pub loser: Value,
    /// When the winner changed it, when known.
    pub winner_changed: Option<Millis>,
    /// When the other side changed it, when known.
    pub loser_changed: Option<Millis>,
}

/// The outcome of [`merge`].
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    /// The merged body: the winner's, with every field merged.
    pub body: Body,
    /// The fields to ask the user about, in field order.
    pub contested: Vec<Contested>,
}

impl Merged {
    /// Whether nothing needs the user.
    pub fn is_clean(&self) -> bool {
        self.contested.is_empty()
    }
}

/// Which side of a merge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Winner,
    Loser,
}

/// A record field of `body`.
fn field<'a>(body: &'a Body, name: &str) -> Option<&'a Value> {
    body.get(RECORD).and_then(Value::as_object).and_then(|record| record.get(name))
}

/// When `body` says its field `name` changed.
fn changed(body: &Body, name: &str) -> Option<Millis> {
    body.get(CHANGED).and_then(Value::as_object).and_then(|times| times.get(name)).and_then(Value::as_i64)
}

fn keys(body: &Body, part: &str) -> Vec<String> {
    body.get(part).and_then(Value::as_object).map(|map| map.keys().cloned().collect()).unwrap_or_default()
}

/// A time field's value for comparing: `Some(None)` when absent or null,
/// `None` when it is not a number (the field is then asked about).
fn time_of(value: Option<&Value>) -> Option<Option<f64>> {
    match value {
        None | Some(Value::Null) => Some(None),
        Some(value) => value.as_f64().map(Some),
    }
}

/// The side whose time is taken for a [`LATEST_WINS`] or [`EARLIEST_WINS`]
/// field, or `None` when the values are not times.
fn by_time(name: &str, winner: Option<&Value>, loser: Option<&Value>) -> Option<Side> {
    let (ours, theirs) = (time_of(winner)?, time_of(loser)?);
    if LATEST_WINS.contains(&name) {
        // Absent is earliest: a pick beats no pick.
        let later = match (ours, theirs) {
            (Some(ours), Some(theirs)) => theirs > ours,
            (None, Some(_)) => true,
            _ => false,
        };
        return Some(if later { Side::Loser } else { Side::Winner });
    }
    if EARLIEST_WINS.contains(&name) {
        // Absent is no time at all: the side that has one.
        let earlier = match (ours, theirs) {
            (Some(ours), Some(theirs)) => theirs < ours,
            (None, Some(_)) => true,
            _ => false,
        };
        return Some(if earlier { Side::Loser } else { Side::Winner });
    }
    None
}

/// Merges the conflicting leaf `loser` into `winner`, field by field, with
/// `base` (their last common revision's body) when known: see the module's
/// rules. The merged body keeps the winner's other top-level fields (its
/// `type`).
pub fn merge(base: Option<&Body>, winner: &Body, loser: &Body) -> Merged {
    let names: BTreeSet<String> =
        [keys(winner, RECORD), keys(loser, RECORD), keys(winner, CHANGED), keys(loser, CHANGED)]
            .into_iter()
            .flatten()
            .collect();
    let mut record = Map::new();
    let mut times = Map::new();
    let mut contested = Vec::new();
    let knowledge_file = winner.get(TYPE).and_then(Value::as_str) == Some("kfile");
    for name in names {
        let (ours, theirs) = (field(winner, &name), field(loser, &name));
        let (ours_at, theirs_at) = (changed(winner, &name), changed(loser, &name));
        let from_base = base.map(|base| field(base, &name));
        let side = if ours == theirs {
            None
        } else if from_base == Some(ours) {
            Some(Side::Loser)
        } else if from_base == Some(theirs) || (knowledge_file && WINNER_KEEPS.contains(&name.as_str())) {
            Some(Side::Winner)
        } else if let Some(side) = by_time(&name, ours, theirs) {
            Some(side)
        } else {
            contested.push(Contested {
                field: name.clone(),
                winner: ours.cloned().unwrap_or(Value::Null),
                loser: theirs.cloned().unwrap_or(Value::Null),
                winner_changed: ours_at,
                loser_changed: theirs_at,
            });
            Some(Side::Winner)
        };
        let (value, at) = match side {
            None => (ours, ours_at.max(theirs_at)),
            Some(Side::Winner) => (ours, ours_at),
            Some(Side::Loser) => (theirs, theirs_at),
        };
        if let Some(value) = value {
            record.insert(name.clone(), value.clone());
        }
        if let Some(at) = at {
            times.insert(name, Value::from(at));
        }
    }
    let mut body = winner.clone();
    body.insert(RECORD.to_owned(), Value::Object(record));
    body.insert(CHANGED.to_owned(), Value::Object(times));
    Merged { body, contested }
}

/// The user's pick for a contested field.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// The winner's value (the one shown).
    Winner,
    /// The other side's value.
    Loser,
    /// A value of their own (`null`: no value, the field's default).
    Value(Value),
}

/// `merged`'s body with the user's pick for `field`, changed at `now` (so
/// the pick wins over both sides when it meets them again). A `null` pick
/// removes the field (the record's default). Picking a side for a field that
/// is not contested leaves its value as merged (and still dates it `now`).
pub fn resolve(merged: &Merged, field_name: &str, choice: Choice, now: Millis) -> Body {
    let contested = merged.contested.iter().find(|contested| contested.field == field_name);
    let current = || field(&merged.body, field_name).cloned().unwrap_or(Value::Null);
    let value = match choice {
        Choice::Winner => contested.map_or_else(current, |contested| contested.winner.clone()),
        Choice::Loser => contested.map_or_else(current, |contested| contested.loser.clone()),
        Choice::Value(value) => value,
    };
    let mut body = merged.body.clone();
    if let Some(record) = body.entry(RECORD).or_insert_with(|| Value::Object(Map::new())).as_object_mut() {
        if value.is_null() {
            record.remove(field_name);
        } else {
            record.insert(field_name.to_owned(), value);
        }
    }
    if let Some(times) = body.entry(CHANGED).or_insert_with(|| Value::Object(Map::new())).as_object_mut() {
        times.insert(field_name.to_owned(), Value::from(now));
    }
    body
}
