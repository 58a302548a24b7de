//! Full-text search over a knowledge base's passages, ranked with Okapi
//! BM25.
//!
//! Each file's passages are indexed once, when it is added: a [`FileIndex`]
//! holds each passage's length in terms and, per term, its postings (the
//! passages it occurs in, with how often). It is stored as compact bytes
//! ([`FileIndex::to_bytes`]) beside the file's passages and read back with
//! [`FileIndex::from_bytes`], which refuses anything it did not write.
//!
//! An [`Index`] is the files of the bases a search may look in, merged in
//! memory: one dictionary of terms, each with its postings over all the
//! passages (numbered in the order files were added), kept as LEB128
//! varints of the gaps between passage numbers, each followed by the term's
//! frequency: about four bytes a posting. Removing a file marks its
//! passages dead; they are skipped by searches and dropped when more than
//! half of all passages are dead. A search scores only the passages that
//! hold a query term, in one pass over each term's postings, so its cost is
//! the length of those postings (a few milliseconds at 100,000 passages).
//!
//! The score of a passage `d` for a query `q` (its terms, repeats counted
//! once) is
//! `Σ_{t∈q} idf(t) · tf(t,d) · (k1 + 1) / (tf(t,d) + k1 · (1 − b + b · |d| / avgdl))`
//! with [`K1`] = 1.2, [`B`] = 0.75 and
//! `idf(t) = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))`, where `N` is the
//! number of passages in the index and `df(t)` how many of them hold `t`,
//! over every file of the index, the ones a search leaves out included (so
//! a file's scores do not depend on which others are chosen).
//!
//! A passage's terms are those of its text and of its headings (see
//! [`tokens`](super::tokens)), so a heading's words find the passages under it.
//!
//! The byte format (version 1): the byte `0xB7`, the version `1`; the
//! number of passages and each one's length in terms; the number of terms;
//! then, terms in ascending byte order, each as its UTF-8 length and bytes,
//! its number of postings, and for each posting the gap from the previous
//! posting's passage (the first: the passage itself) and the term's
//! frequency there. Every number is an unsigned LEB128 varint.

#[cfg(test)]
pub(crate) mod tests;

use std::collections::HashMap;

use super::tokens::for_each_term;
use super::{Hit, Passage};

/// BM25's term-frequency saturation.
pub const K1: f32 = 1.2;
/// BM25's length normalisation.
pub const B: f32 = 0.75;

const MAGIC: u8 = 0xB7;
const VERSION: u8 = 1;

/// Why bytes are not a [`FileIndex`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IndexError {
    /// They do not start with the format's mark.
    #[error("these bytes are not a search index")]
    NotAnIndex,
    /// A version of the format this code does not read.
    #[error("search index version {0} is not read")]
    Version(u8),
    /// They end before the index does.
    #[error("the search index is cut short")]
    Truncated,
    /// They break the format.
    #[error("the search index is damaged: {0}")]
    Invalid(&'static str),
}

/// One file's passages indexed: each passage's length in terms and each
/// term's postings (see the module documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileIndex {
    /// Each passage's number of terms.
    lengths: Vec<u32>,
    /// Terms in ascending order, each with (passage, frequency) in
    /// ascending passage order.
    terms: Vec<(String, Vec<(u32, u32)>)>,
}

/// `n` as a u32, saturated.
fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl FileIndex {
    /// Indexes `passages` (their text and headings), numbered from 0.
    pub fn build(passages: &[Passage]) -> FileIndex {
        // Terms are numbered as they come, so a passage's terms are sorted
        // and counted as numbers.
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut postings: Vec<(String, Vec<(u32, u32)>)> = Vec::new();
        let mut lengths = Vec::with_capacity(passages.len());
        let mut found: Vec<u32> = Vec::new();
        for (number, passage) in passages.iter().enumerate() {
            found.clear();
            let mut intern = |term: &str| {
                let id = match ids.get(term) {
                    Some(&id) => id,
                    None => {
                        let id = saturate(postings.len());
                        ids.insert(term.to_owned(), id);
                        postings.push((term.to_owned(), Vec::new()));
                        id
                    }
                };
                found.push(id);
            };
            for_each_term(&passage.text, &mut intern);
            for heading in &passage.at.headings {
                for_each_term(heading, &mut intern);
            }
            lengths.push(saturate(found.len()));
            found.sort_unstable();
            for run in found.chunk_by(|a, b| a == b) {
                if let Some((_, list)) = run.first().and_then(|&id| postings.get_mut(id as usize)) {
                    list.push((saturate(number), saturate(run.len())));
                }
            }
        }
        postings.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        FileIndex { lengths, terms: postings }
    }

    /// How many passages it indexes.
    pub fn passage_count(&self) -> u32 {
        saturate(self.lengths.len())
    }

    /// How many distinct terms it holds.
    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// The index as bytes (see the module documentation for the format).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![MAGIC, VERSION];
        write_varint(&mut out, self.lengths.len() as u64);
        for &length in &self.lengths {
            write_varint(&mut out, u64::from(length));
        }
        write_varint(&mut out, self.terms.len() as u64);
        for (term, postings) in &self.terms {
            write_varint(&mut out, term.len() as u64);
            out.extend_from_slice(term.as_bytes());
            write_varint(&mut out, postings.len() as u64);
            let mut previous = 0;
            for &(passage, frequency) in postings {
                write_varint(&mut out, u64::from(passage.saturating_sub(previous)));
                write_varint(&mut out, u64::from(frequency));
                previous = passage;
            }
        }
        out
    }

    /// An index from [`FileIndex::to_bytes`]'s bytes. Anything else (cut
    /// short, damaged, random) is an error, never a panic: terms must be
    /// UTF-8, non-empty and in order, postings in order and within the
    /// passages, frequencies at least 1 and adding up to each passage's
    /// length, and nothing may follow.
    pub fn from_bytes(bytes: &[u8]) -> Result<FileIndex, IndexError> {
        let mut reader = Reader { bytes, at: 0 };
        match reader.take(2)? {
            [MAGIC, VERSION] => {}
            [MAGIC, version] => return Err(IndexError::Version(*version)),
            _ => return Err(IndexError::NotAnIndex),
        }
        let passages = reader.count()?;
        let mut lengths = Vec::with_capacity(passages);
        for _ in 0..passages {
            lengths.push(reader.varint()?);
        }
        let term_count = reader.count()?;
        let mut terms: Vec<(String, Vec<(u32, u32)>)> = Vec::with_capacity(term_count);
        let mut sums = vec![0u64; passages];
        for _ in 0..term_count {
            let len = reader.count()?;
            let term =
                std::str::from_utf8(reader.take(len)?).map_err(|_| IndexError::Invalid("a term is not UTF-8"))?;
            if term.is_empty() {
                return Err(IndexError::Invalid("a term is empty"));
            }
            if terms.last().is_some_and(|(previous, _)| previous.as_str() >= term) {
                return Err(IndexError::Invalid("the terms are out of order"));
            }
            let count = reader.count()?;
            if count == 0 || count > passages {
                return Err(IndexError::Invalid("a term's postings are miscounted"));
            }
            let mut postings = Vec::with_capacity(count);
            let mut passage = 0u32;
            for index in 0..count {
                let gap = reader.varint()?;
                if index > 0 && gap == 0 {
                    return Err(IndexError::Invalid("a term's postings are out of order"));
                }
                passage = passage.checked_add(gap).ok_or(IndexError::Invalid("a posting is out of range"))?;
                let slot = sums.get_mut(passage as usize).ok_or(IndexError::Invalid("a posting is out of range"))?;
                let frequency = reader.varint()?;
                if frequency == 0 {
                    return Err(IndexError::Invalid("a posting's frequency is 0"));
                }
                *slot = slot.saturating_add(u64::from(frequency));
                postings.push((passage, frequency));
            }
            terms.push((term.to_owned(), postings));
        }
        if reader.at != bytes.len() {
            return Err(IndexError::Invalid("bytes follow the index"));
        }
        if lengths.iter().zip(&sums).any(|(&length, &sum)| u64::from(length) != sum) {
            return Err(IndexError::Invalid("a passage's length does not match its terms"));
        }
        Ok(FileIndex { lengths, terms })
    }
}

/// Appends `value` as an unsigned LEB128 varint.
fn write_varint(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Reads an unsigned LEB128 varint of at most 32 bits from `bytes` at
/// `*at`, moving `*at` past it. `None` when the bytes end inside it, or it
/// is too large or written longer than it needs (a last byte of 0 after
/// others), so that every number has one encoding.
fn read_varint(bytes: &[u8], at: &mut usize) -> Option<u32> {
    let mut value: u64 = 0;
    for shift in 0..5 {
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << (7 * shift);
        if byte & 0x80 == 0 {
            return u32::try_from(value).ok().filter(|_| byte != 0 || shift == 0);
        }
    }
    None
}

/// Reads a [`FileIndex`]'s bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn varint(&mut self) -> Result<u32, IndexError> {
        let start = self.at;
        read_varint(self.bytes, &mut self.at).ok_or_else(|| {
            // Out of bytes while every byte said more follows: cut short.
            let rest = self.bytes.get(start..).unwrap_or_default();
            if rest.len() < 5 && rest.iter().all(|byte| byte & 0x80 != 0) {
                IndexError::Truncated
            } else {
                IndexError::Invalid("a number is too large or written too long")
            }
        })
    }

    /// A count of things that each take at least a byte: more than the
    /// bytes left is damage (and no allocation is made for it).
    fn count(&mut self) -> Result<usize, IndexError> {
        let count = self.varint()? as usize;
        if count > self.bytes.len() - self.at.min(self.bytes.len()) {
            return Err(IndexError::Truncated);
        }
        Ok(count)
    }

    fn take(&mut self, len: usize) -> Result<&'a [u8], IndexError> {
        let end = self.at.checked_add(len).ok_or(IndexError::Truncated)?;
        let taken = self.bytes.get(self.at..end).ok_or(IndexError::Truncated)?;
        self.at = end;
        Ok(taken)
    }
}

/// One term's postings in an [`Index`]: (gap, frequency) varint pairs.
#[derive(Debug, Clone, Default)]
struct Postings {
    bytes: Vec<u8>,
    /// The last passage (index-wide number) added.
    last: u32,
    /// How many postings, live or dead.
    count: u32,
}

impl Postings {
    fn push(&mut self, doc: u32, frequency: u32) {
        let gap = if self.count == 0 { doc } else { doc.saturating_sub(self.last) };
        write_varint(&mut self.bytes, u64::from(gap));
        write_varint(&mut self.bytes, u64::from(frequency));
        self.last = doc;
        self.count += 1;
    }

    /// Calls `each` with each (passage, frequency), in order.
    fn for_each(&self, mut each: impl FnMut(u32, u32)) {
        let mut at = 0;
        let mut doc = 0u32;
        while at < self.bytes.len() {
            let (Some(gap), Some(frequency)) = (read_varint(&self.bytes, &mut at), read_varint(&self.bytes, &mut at))
            else {
                return;
            };
            doc = doc.saturating_add(gap);
            each(doc, frequency);
        }
    }
}

/// A passage of an [`Index`].
#[derive(Debug, Clone, Copy)]
struct Doc {
    file: u32,
    passage: u32,
    length: u32,
    live: bool,
}

/// Where a file's passages are in an [`Index`].
#[derive(Debug, Clone, Copy)]
struct Span {
    first: u32,
    count: u32,
}

/// Many files' [`FileIndex`]es merged for searching; see the module
/// documentation.
#[derive(Debug, Clone, Default)]
pub struct Index {
    terms: HashMap<Box<str>, u32>,
    postings: Vec<Postings>,
    docs: Vec<Doc>,
    files: HashMap<u32, Span>,
    live_docs: usize,
    live_length: u64,
    dead_docs: usize,
}

impl Index {
    /// An empty index.
    pub fn new() -> Index {
        Index::default()
    }

    /// Adds the file numbered `file` (the caller's number for it), replacing
    /// what was added for it before.
    pub fn add(&mut self, file: u32, index: &FileIndex) {
        self.remove(file);
        let first = self.docs.len();
        let (Ok(first_id), Ok(_)) = (u32::try_from(first), u32::try_from(first + index.lengths.len())) else {
            return; // over 4 billion passages: not indexed
        };
        for (passage, &length) in index.lengths.iter().enumerate() {
            self.docs.push(Doc { file, passage: saturate(passage), length, live: true });
            self.live_length += u64::from(length);
        }
        for (term, postings) in &index.terms {
            let id = match self.terms.get(term.as_str()) {
                Some(&id) => id,
                None => {
                    let id = saturate(self.postings.len());
                    self.terms.insert(term.as_str().into(), id);
                    self.postings.push(Postings::default());
                    id
                }
            };
            if let Some(list) = self.postings.get_mut(id as usize) {
                for &(passage, frequency) in postings {
                    list.push(first_id + passage, frequency);
                }
            }
        }
        let count = saturate(index.lengths.len());
        self.files.insert(file, Span { first: first_id, count });
        self.live_docs += index.lengths.len();
    }

    /// Removes the file numbered `file` (nothing when it is not there).
    pub fn remove(&mut self, file: u32) {
        let Some(span) = self.files.remove(&file) else { return };
        let range = span.first as usize..span.first as usize + span.count as usize;
        for doc in self.docs.get_mut(range).unwrap_or_default() {
            if doc.live {
                doc.live = false;
                self.live_length = self.live_length.saturating_sub(u64::from(doc.length));
                self.live_docs = self.live_docs.saturating_sub(1);
                self.dead_docs += 1;
            }
        }
        if self.dead_docs > self.live_docs {
            self.compact();
        }
    }

    /// Whether the file numbered `file` is in the index.
    pub fn contains(&self, file: u32) -> bool {
        self.files.contains_key(&file)
    }

    /// How many files it holds.
    pub fn files(&self) -> usize {
        self.files.len()
    }

    /// How many passages it holds (those of removed files not counted).
    pub fn passages(&self) -> usize {
        self.live_docs
    }

    /// Drops removed files' passages and renumbers the rest.
    fn compact(&mut self) {
        let mut renumbered = Vec::with_capacity(self.docs.len());
        let mut docs = Vec::with_capacity(self.live_docs);
        for doc in &self.docs {
            renumbered.push(saturate(docs.len()));
            if doc.live {
                docs.push(*doc);
            }
        }
        let mut terms = HashMap::with_capacity(self.terms.len());
        let mut postings = Vec::with_capacity(self.postings.len());
        for (term, &id) in &self.terms {
            let mut list = Postings::default();
            if let Some(old) = self.postings.get(id as usize) {
                old.for_each(|doc, frequency| {
                    if self.docs.get(doc as usize).is_some_and(|doc| doc.live) {
                        list.push(renumbered.get(doc as usize).copied().unwrap_or(u32::MAX), frequency);
                    }
                });
            }
            if list.count > 0 {
                list.bytes.shrink_to_fit();
                terms.insert(term.clone(), saturate(postings.len()));
                postings.push(list);
            }
        }
        for span in self.files.values_mut() {
            span.first = renumbered.get(span.first as usize).copied().unwrap_or(u32::MAX);
        }
        self.terms = terms;
        self.postings = postings;
        self.docs = docs;
        self.dead_docs = 0;
    }

    /// The `k` passages that best match `query` (by BM25, see the module
    /// documentation) among the files `allow` accepts, best first, ties in
    /// ascending (file, passage) order. Passages sharing no term with the
    /// query are never hits.
    pub fn search(&self, query: &str, k: usize, allow: &dyn Fn(u32) -> bool) -> Vec<Hit> {
        if k == 0 || self.live_docs == 0 {
            return Vec::new();
        }
        let mut query_terms: Vec<String> = Vec::new();
        for_each_term(query, |term| {
            if !query_terms.iter().any(|seen| seen == term) {
                query_terms.push(term.to_owned());
            }
        });
        let total = self.live_docs as f32;
        let average = (self.live_length as f64 / self.live_docs as f64).max(1e-9) as f32;
        let mut scores = vec![0f32; self.docs.len()];
        let mut touched: Vec<u32> = Vec::new();
        for term in &query_terms {
            let Some(list) = self.terms.get(term.as_str()).and_then(|&id| self.postings.get(id as usize)) else {
                continue;
            };
            let df = if self.dead_docs == 0 { list.count } else { self.live_count(list) };
            if df == 0 {
                continue;
            }
            let df = df as f32;
            let idf = (1.0 + (total - df + 0.5) / (df + 0.5)).ln();
            list.for_each(|doc, frequency| {
                let (Some(info), Some(score)) = (self.docs.get(doc as usize), scores.get_mut(doc as usize)) else {
                    return;
                };
                if !info.live {
                    return;
                }
                let tf = frequency as f32;
                let norm = K1 * (1.0 - B + B * info.length as f32 / average);
                if *score == 0.0 {
                    touched.push(doc);
                }
                *score += idf * tf * (K1 + 1.0) / (tf + norm);
            });
        }
        // In passage order, a file's passages come together: `allow` is
        // asked once a file. Many candidates are read in place, few sorted.
        if touched.len() > self.docs.len() / 16 {
            touched = (0..saturate(self.docs.len())).filter(|&doc| scores.get(doc as usize) > Some(&0.0)).collect();
        } else {
            touched.sort_unstable();
        }
        let mut last: Option<(u32, bool)> = None;
        let mut hits: Vec<Hit> = Vec::new();
        for doc in touched {
            let (Some(info), Some(&score)) = (self.docs.get(doc as usize), scores.get(doc as usize)) else { continue };
            let allowed = match last {
                Some((file, allowed)) if file == info.file => allowed,
                _ => allow(info.file),
            };
            last = Some((info.file, allowed));
            if allowed {
                hits.push(Hit { file: info.file, passage: info.passage, score });
            }
        }
        top(hits, k)
    }

    /// How many live passages `list` holds.
    fn live_count(&self, list: &Postings) -> u32 {
        let mut count = 0;
        list.for_each(|doc, _| {
            if self.docs.get(doc as usize).is_some_and(|doc| doc.live) {
                count += 1;
            }
        });
        count
    }

    /// About how many bytes of memory it takes.
    pub fn approx_bytes(&self) -> usize {
        use std::mem::size_of;
        // A hash table entry: its key and value, a control byte, and spare
        // capacity (about an eighth).
        let entry = |payload: usize| (payload + 1) * 9 / 8;
        let terms: usize = self.terms.keys().map(|term| term.len() + entry(size_of::<(Box<str>, u32)>())).sum();
        let postings: usize = self.postings.iter().map(|list| list.bytes.capacity()).sum::<usize>()
            + self.postings.capacity() * size_of::<Postings>();
        let docs = self.docs.capacity() * size_of::<Doc>();
        let files = self.files.len() * entry(size_of::<(u32, Span)>());
        size_of::<Index>() + terms + postings + docs + files
    }
}

/// The `k` best of `hits`, best first, ties in ascending (file, passage).
fn top(mut hits: Vec<Hit>, k: usize) -> Vec<Hit> {
    let order =
        |a: &Hit, b: &Hit| b.score.total_cmp(&a.score).then(a.file.cmp(&b.file)).then(a.passage.cmp(&b.passage));
    if k == 0 {
        return Vec::new();
    }
    if hits.len() > k {
        hits.select_nth_unstable_by(k - 1, order);
        hits.truncate(k);
    }
    hits.sort_unstable_by(order);
    hits
}
