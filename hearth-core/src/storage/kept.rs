//! A list in a stored record that is read only where it is shown: [`Kept`].
//!
//! A message record's sources, citation marks, provider tools and unreadable
//! parts are kept as the JSON they were stored as, and turned into their types
//! only by the code that shows, exports or records them. Reading a record then
//! never needs those types' readers, so they stay out of the app's first load,
//! which reads every record of the open conversation.
//!
//! The stored JSON is the same as a typed list's: an array, left out when
//! empty. A list that cannot be read as its type reads as empty, and is kept
//! as it was when the record is written again, so nothing is dropped. Objects
//! in the list are written with their keys in order of name.

use std::fmt;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// A list of `T` kept as stored JSON (see the module documentation).
pub struct Kept<T> {
    value: Value,
    of: PhantomData<fn() -> T>,
}

impl<T> Kept<T> {
    /// Whether there is nothing in the list (absent, `null` or `[]`). Anything
    /// else stored there is kept, even when it is not a list.
    pub fn is_empty(&self) -> bool {
        self.value.is_null() || self.value.as_array().is_some_and(Vec::is_empty)
    }

    /// How many items the list has (none when it is not a list).
    pub fn len(&self) -> usize {
        self.value.as_array().map_or(0, Vec::len)
    }
}

impl<T: DeserializeOwned> Kept<T> {
    /// The list's items; none when it cannot be read as `T`s.
    pub fn items(&self) -> Vec<T> {
        if self.is_empty() {
            return Vec::new();
        }
        serde_json::from_value(self.value.clone()).unwrap_or_default()
    }
}

impl<T: Serialize> Kept<T> {
    /// A list holding `items`.
    pub fn new(items: &[T]) -> Self {
        let value = if items.is_empty() { Value::Null } else { serde_json::to_value(items).unwrap_or(Value::Null) };
        Self { value, of: PhantomData }
    }
}

impl<T: Serialize> From<Vec<T>> for Kept<T> {
    fn from(items: Vec<T>) -> Self {
        Self::new(&items)
    }
}

impl<T: Serialize> FromIterator<T> for Kept<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        Self::new(&items.into_iter().collect::<Vec<T>>())
    }
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Self { value: Value::Null, of: PhantomData }
    }
}

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Self {
        Self { value: self.value.clone(), of: PhantomData }
    }
}

/// Two lists are equal when their JSON is (an empty list equals an absent one).
impl<T> PartialEq for Kept<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.is_empty() && other.is_empty()) || self.value == other.value
    }
}

impl<T> fmt::Debug for Kept<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

impl<T> Serialize for Kept<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

impl<'de, T> Deserialize<'de> for Kept<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self { value: Value::deserialize(deserializer)?, of: PhantomData })
    }
}

#[cfg(test)]
mod tests;
