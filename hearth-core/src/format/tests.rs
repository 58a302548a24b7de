//! Tests of how numbers are written (digits grouped). `tests/support.rs` is
//! what the crate's tests share.

pub(crate) mod support;

use super::grouped;

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
