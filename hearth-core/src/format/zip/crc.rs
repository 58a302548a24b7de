//! The checksum ZIP keeps for each entry (CRC-32): written when an archive is
//! stored, checked when one is read.

/// CRC-32 (IEEE 802.3, as ZIP uses it) of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFF_u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}
