//! What the crate's tests share: a small deterministic generator for the
//! tests that cut, corrupt or chunk their inputs at random places (no `rand`
//! crate). Compiled for tests only.

/// A xorshift64 generator: the same seed gives the same sequence.
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    /// The next number.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }
}
