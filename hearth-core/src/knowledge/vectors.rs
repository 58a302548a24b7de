//! Embeddings stored as int8 with a scale, searched by cosine similarity, and
//! the fusion of several rankings.
//!
//! A vector is normalised to unit length before it is quantized
//! ([`quantize`]), so the cosine of two vectors is their dot product ([`dot`]).
//! Each value then becomes an `i8` of the vector's own scale (its largest
//! absolute value over 127): a quarter of the `f32` size, for a cosine off
//! by a few thousandths at most (under 0.001 at 768–1536 dimensions of
//! evenly spread values).
//!
//! [`VectorIndex`] keeps every vector of a knowledge base in one contiguous
//! byte arena (one row after another, all of the index's length) with a
//! small record per row (file, passage, scale), and searches it by brute
//! force: at 100,000 rows of 768 dimensions that is 77 million
//! multiply-adds, with no structure to build or keep consistent. Its inner
//! loop (in `packed`) does two of them per 64-bit multiply, as fast as a
//! plain loop can be made without SIMD, which the size-optimised builds
//! lack.
//! [`to_bytes`] and [`from_bytes`] store one file's vectors.
//!
//! [`fuse`] merges the full-text and vector rankings by reciprocal-rank
//! fusion, which needs no calibration between their scores.

mod packed;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

use super::Hit;
use packed::{PackedQuery, bias, biased_sum};

/// A unit-length vector stored as `i8` values: the real value at `i` is about
/// `values[i] as f32 * scale`.
#[derive(Debug, Clone, PartialEq)]
pub struct Quantized {
    /// What one step of a value is worth; 0 for a vector that had no direction
    /// (all zeros, or a NaN or infinite value).
    pub scale: f32,
    /// The values, from -127 to 127.
    pub values: Vec<i8>,
}

/// Why a vector could not be added or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VectorError {
    /// The vector's length is not the index's.
    #[error("The vector has {got} dimensions where {expected} were expected.")]
    Dimensions {
        /// The index's dimensions.
        expected: usize,
        /// The vector's.
        got: usize,
    },
    /// Stored bytes that are not vectors of this format.
    #[error("The stored vectors cannot be read: {0}")]
    Malformed(String),
    /// Stored bytes of a later format version than this one reads.
    #[error("The stored vectors are of version {0}, which this version of Hearth cannot read.")]
    UnknownVersion(u8),
}

/// Normalises `v` to unit length and stores it as `i8` values with a scale
/// (the largest absolute value over 127). A vector with a NaN or infinite
/// value, or of length zero, becomes all zeros with scale 0 (its dot product
/// with anything is 0).
pub fn quantize(v: &[f32]) -> Quantized {
    let zeros = || Quantized { scale: 0.0, values: vec![0; v.len()] };
    if v.iter().any(|x| !x.is_finite()) {
        return zeros();
    }
    let norm = v.iter().map(|x| f64::from(*x) * f64::from(*x)).sum::<f64>().sqrt();
    let largest = v.iter().map(|x| f64::from(x.abs())).fold(0.0, f64::max) / norm;
    if norm == 0.0 || !largest.is_finite() || largest == 0.0 {
        return zeros();
    }
    let step = largest / 127.0;
    let values = v
        .iter()
        // In range by construction (|x| / norm <= largest); the clamp keeps a
        // rounding slip from wrapping.
        .map(|x| (f64::from(*x) / norm / step).round().clamp(-127.0, 127.0) as i8)
        .collect();
    Quantized { scale: step as f32, values }
}

/// The dot product of two quantized vectors: the cosine of the vectors they
/// were made from, within about 0.01. Vectors of different lengths give 0.
pub fn dot(a: &Quantized, b: &Quantized) -> f32 {
    if a.values.len() != b.values.len() {
        return 0.0;
    }
    dot_i8(&a.values, &b.values) as f32 * a.scale * b.scale
}

/// The most products summed in an `i32` before it could overflow
/// (127 × 127 × 131,072 < 2³¹).
const CHUNK: usize = 1 << 17;

/// The integer dot product of two slices of the same length: `i32` sums
/// over chunks short enough not to overflow.
fn dot_i8(a: &[i8], b: &[i8]) -> i64 {
    a.chunks(CHUNK)
        .zip(b.chunks(CHUNK))
        .map(|(a, b)| i64::from(a.iter().zip(b).map(|(x, y)| i32::from(*x) * i32::from(*y)).sum::<i32>()))
        .sum()
}

/// One row of a [`VectorIndex`]: whose vector it is, its scale and the sum
/// of its biased values; the values are the row's slice of the arena.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Row {
    file: u32,
    passage: u32,
    scale: f32,
    sum: u64,
}

/// The vectors of a knowledge base, searched by cosine similarity.
///
/// All vectors have the index's dimensions. Their values are stored one row
/// after another in a single arena, so a search reads memory in order; each
/// `i8` is kept as the byte `x + 128`, which the search's inner loop reads.
#[derive(Debug, Clone, PartialEq)]
pub struct VectorIndex {
    dims: usize,
    values: Vec<u8>,
    rows: Vec<Row>,
}

impl VectorIndex {
    /// An empty index of vectors with `dims` dimensions.
    pub fn new(dims: usize) -> Self {
        Self { dims, values: Vec::new(), rows: Vec::new() }
    }

    /// The dimensions of its vectors.
    pub fn dims(&self) -> usize {
        self.dims
    }

    /// How many vectors it holds.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether it holds no vector.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Adds passage `passage` of file `file`. A vector of another length than
    /// [`dims`](Self::dims) is refused; one whose scale is NaN or infinite is
    /// kept as having no direction (it scores 0). Adding a passage twice keeps
    /// both rows: a file's vectors are replaced by
    /// [`remove_file`](Self::remove_file) first.
    pub fn add(&mut self, file: u32, passage: u32, v: &Quantized) -> Result<(), VectorError> {
        if v.values.len() != self.dims {
            return Err(VectorError::Dimensions { expected: self.dims, got: v.values.len() });
        }
        let start = self.values.len();
        self.values.extend(v.values.iter().map(|x| bias(*x)));
        let sum = biased_sum(&self.values[start..]);
        let scale = if v.scale.is_finite() { v.scale } else { 0.0 };
        self.rows.push(Row { file, passage, scale, sum });
        Ok(())
    }

    /// Removes every vector of `file`, keeping the others in their order.
    pub fn remove_file(&mut self, file: u32) {
        let dims = self.dims;
        let mut kept = 0;
        for at in 0..self.rows.len() {
            let row = self.rows[at];
            if row.file == file {
                continue;
            }
            if kept != at {
                self.rows[kept] = row;
                self.values.copy_within(at * dims..(at + 1) * dims, kept * dims);
            }
            kept += 1;
        }
        self.rows.truncate(kept);
        self.values.truncate(kept * dims);
    }

    /// The `k` vectors most similar to `query` (quantized like the stored
    /// ones) among the files `allow` accepts, best first; equal scores in
    /// order of (file, passage). The score is the cosine similarity. A query
    /// of the wrong length or without direction finds nothing.
    pub fn search(&self, query: &[f32], k: usize, allow: &dyn Fn(u32) -> bool) -> Vec<Hit> {
        if k == 0 || query.len() != self.dims {
            return Vec::new();
        }
        let query = quantize(query);
        if query.scale == 0.0 {
            return Vec::new();
        }
        let packed = PackedQuery::new(&query.values);
        let mut best = TopK::new(k);
        // Rows of one file are usually together: ask `allow` once per run.
        let mut last: Option<(u32, bool)> = None;
        for (at, row) in self.rows.iter().enumerate() {
            let allowed = match last {
                Some((file, allowed)) if file == row.file => allowed,
                _ => {
                    let allowed = allow(row.file);
                    last = Some((row.file, allowed));
                    allowed
                }
            };
            if !allowed {
                continue;
            }
            let values = &self.values[at * self.dims..(at + 1) * self.dims];
            let score = packed.dot(values, row.sum) as f32 * row.scale * query.scale;
            best.offer(Ranked { score, file: row.file, passage: row.passage });
        }
        best.into_hits()
    }

    /// Gives back the memory reserved beyond its vectors (after loading a
    /// base, whose arena grew by doubling).
    pub fn shrink_to_fit(&mut self) {
        self.values.shrink_to_fit();
        self.rows.shrink_to_fit();
    }

    /// About how many bytes it takes in memory.
    pub fn approx_bytes(&self) -> usize {
        std::mem::size_of::<Self>() + self.values.capacity() + self.rows.capacity() * std::mem::size_of::<Row>()
    }
}

/// A candidate of a ranking. Its order is by quality, best *smallest*: higher
/// score first, then lower (file, passage), so a max-heap keeps the worst on top.
#[derive(Debug, Clone, Copy)]
struct Ranked {
    score: f32,
    file: u32,
    passage: u32,
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        other.score.total_cmp(&self.score).then((self.file, self.passage).cmp(&(other.file, other.passage)))
    }
}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

/// The best `k` candidates offered, in a heap of at most `k`.
struct TopK {
    k: usize,
    heap: BinaryHeap<Ranked>,
}

impl TopK {
    fn new(k: usize) -> Self {
        Self { k, heap: BinaryHeap::with_capacity(k.min(1024) + 1) }
    }

    fn offer(&mut self, candidate: Ranked) {
        if self.heap.len() < self.k {
            self.heap.push(candidate);
        } else if self.heap.peek().is_some_and(|worst| candidate < *worst) {
            self.heap.pop();
            self.heap.push(candidate);
        }
    }

    /// Best first.
    fn into_hits(self) -> Vec<Hit> {
        self.heap
            .into_sorted_vec()
            .into_iter()
            .map(|r| Hit { file: r.file, passage: r.passage, score: r.score })
            .collect()
    }
}

/// The reciprocal-rank fusion constant: a hit at rank `r` (from 1) of a
/// ranking adds `1 / (RRF_K + r)` to its score.
pub const RRF_K: f32 = 60.0;

/// Merges rankings (each best first) by reciprocal-rank fusion: a passage
/// scores `Σ 1 / (60 + rank)` over the rankings it is in (rank from 1; only
/// its first place in a ranking counts). The best `k`, best first; equal
/// scores in order of (file, passage).
pub fn fuse(rankings: &[&[Hit]], k: usize) -> Vec<Hit> {
    let mut scores: HashMap<(u32, u32), f64> = HashMap::new();
    for ranking in rankings {
        let mut seen = std::collections::HashSet::new();
        for (at, hit) in ranking.iter().enumerate() {
            let key = (hit.file, hit.passage);
            if seen.insert(key) {
                *scores.entry(key).or_insert(0.0) += 1.0 / (f64::from(RRF_K) + at as f64 + 1.0);
            }
        }
    }
    let mut best = TopK::new(k);
    for ((file, passage), score) in scores {
        best.offer(Ranked { score: score as f32, file, passage });
    }
    best.into_hits()
}

/// The version of [`to_bytes`]' format.
const FORMAT_VERSION: u8 = 1;
/// The start of every stored vector list: `HV` and the version.
const MAGIC: [u8; 2] = *b"HV";
/// Magic, version, dimensions (u32) and row count (u32).
const HEADER: usize = 2 + 1 + 4 + 4;

/// One file's vectors as bytes: `HV`, a version byte (1), the dimensions and
/// the row count (`u32` little-endian each), then per row its passage number
/// (`u32`), its scale (`f32`, little-endian) and its values (one byte each).
/// All rows have the first row's length: a row of another length is left
/// out (it could not be searched with the others anyway).
pub fn to_bytes(rows: &[(u32, Quantized)]) -> Vec<u8> {
    let dims = rows.first().map_or(0, |(_, q)| q.values.len());
    let kept: Vec<&(u32, Quantized)> = rows.iter().filter(|(_, q)| q.values.len() == dims).collect();
    let mut out = Vec::with_capacity(HEADER + kept.len() * (8 + dims));
    out.extend_from_slice(&MAGIC);
    out.push(FORMAT_VERSION);
    out.extend_from_slice(&u32::try_from(dims).unwrap_or(u32::MAX).to_le_bytes());
    out.extend_from_slice(&u32::try_from(kept.len()).unwrap_or(u32::MAX).to_le_bytes());
    for (passage, q) in kept {
        out.extend_from_slice(&passage.to_le_bytes());
        out.extend_from_slice(&q.scale.to_le_bytes());
        out.extend(q.values.iter().map(|v| v.to_le_bytes()[0]));
    }
    out
}

/// Reads what [`to_bytes`] wrote. Anything else (cut short, too long, another
/// format, a scale that is negative or not finite) is an error, never a panic.
pub fn from_bytes(bytes: &[u8]) -> Result<Vec<(u32, Quantized)>, VectorError> {
    let malformed = |why: &str| VectorError::Malformed(why.to_owned());
    if bytes.len() < 3 || bytes[..2] != MAGIC {
        return Err(malformed("they do not start as stored vectors do"));
    }
    if bytes[2] != FORMAT_VERSION {
        return Err(VectorError::UnknownVersion(bytes[2]));
    }
    let (Some(dims), Some(count)) = (read_u32(bytes, 3), read_u32(bytes, 7)) else {
        return Err(malformed("the header is cut short"));
    };
    let (dims, count) = (dims as usize, count as usize);
    let expected =
        (8usize).checked_add(dims).and_then(|row| row.checked_mul(count)).and_then(|rows| rows.checked_add(HEADER));
    if expected != Some(bytes.len()) {
        return Err(malformed("their length does not match their header"));
    }
    let mut rows = Vec::with_capacity(count);
    for row in bytes[HEADER..].chunks_exact(8 + dims) {
        let (Some(passage), Some(scale)) = (read_u32(row, 0), read_u32(row, 4).map(f32::from_bits)) else {
            return Err(malformed("a row is cut short"));
        };
        if !scale.is_finite() || scale < 0.0 {
            return Err(malformed("a row's scale is not a finite positive number"));
        }
        let values = row[8..].iter().map(|b| i8::from_le_bytes([*b])).collect();
        rows.push((passage, Quantized { scale, values }));
    }
    Ok(rows)
}

/// The little-endian `u32` at `at`, when the bytes reach that far.
fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    let end = at.checked_add(4)?;
    let four: [u8; 4] = bytes.get(at..end)?.try_into().ok()?;
    Some(u32::from_le_bytes(four))
}
