//! Tests of how numbers are written (digits grouped, sizes). `tests/support.rs` is
//! what the crate's tests share.

pub(crate) mod support;

use super::{grouped, size_label};

#[test]
fn groups_of_three_digits_from_the_right() {
    assert_eq!(grouped(0), "0");
    assert_eq!(grouped(999), "999");
    assert_eq!(grouped(1000), "1,000");
    assert_eq!(grouped(8192), "8,192");
    assert_eq!(grouped(128_000), "128,000");
    assert_eq!(grouped(1_000_000), "1,000,000");
    assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
}

#[test]
fn sizes_in_kilobytes_then_megabytes() {
    assert_eq!(size_label(0), "0 KB");
    assert_eq!(size_label(1), "1 KB");
    assert_eq!(size_label(1024 * 1024 - 1), "1024 KB");
    assert_eq!(size_label(1024 * 1024), "1.0 MB");
    assert_eq!(size_label(2 * 1024 * 1024 * 1024), "2048.0 MB");
}
