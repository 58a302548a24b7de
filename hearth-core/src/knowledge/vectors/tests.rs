//! Tests of the int8 vectors: quantizing against `f32` cosine, the index's
//! top-k against a naive ranking, removal, the stored bytes (and garbage), and
//! reciprocal-rank fusion; plus an ignored timing of a 100,000 × 768 search.

use super::packed::{PackedQuery, bias, biased_sum};
use super::{Quantized, VectorError, VectorIndex, dot, from_bytes, fuse, quantize, to_bytes};
use crate::knowledge::Hit;

/// A deterministic stream of numbers in [-1, 1) (xorshift64*).
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let bits = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40;
        (bits as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }

    fn vector(&mut self, dims: usize) -> Vec<f32> {
        (0..dims).map(|_| self.next()).collect()
    }
}

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let dot: f64 = a.iter().zip(b).map(|(x, y)| f64::from(*x) * f64::from(*y)).sum();
    let na: f64 = a.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    let nb: f64 = b.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    (dot / (na * nb)) as f32
}

#[test]
fn quantized_dot_is_close_to_the_f32_cosine() {
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    for dims in [3, 16, 384, 768, 1536] {
        for _ in 0..40 {
            let a = noise.vector(dims);
            // Half the pairs correlated, so cosines near 1 are checked too.
            let b: Vec<f32> = if noise.next() > 0.0 {
                a.iter().map(|x| x + 0.3 * noise.next()).collect()
            } else {
                noise.vector(dims)
            };
            let error = (dot(&quantize(&a), &quantize(&b)) - cosine(&a, &b)).abs();
            assert!(error < 0.02, "dims {dims}: error {error}");
        }
    }
}

#[test]
fn quantize_normalises_and_scales_to_127() {
    let q = quantize(&[3.0, -4.0]);
    assert_eq!(q.values, vec![95, -127]);
    assert!((q.scale - 0.8 / 127.0).abs() < 1e-7);
    assert!((dot(&q, &q) - 1.0).abs() < 0.01);
    // Scaling a vector does not change it once normalised.
    assert_eq!(quantize(&[300.0, -400.0]), q);
}

#[test]
fn a_vector_without_direction_is_all_zeros() {
    for v in [vec![0.0; 4], vec![1.0, f32::NAN, 2.0, 3.0], vec![f32::INFINITY, 0.0, 0.0, 1.0]] {
        let q = quantize(&v);
        assert_eq!(q, Quantized { scale: 0.0, values: vec![0; 4] }, "{v:?}");
        assert_eq!(dot(&q, &quantize(&[1.0, 2.0, 3.0, 4.0])), 0.0);
    }
    assert_eq!(quantize(&[]), Quantized { scale: 0.0, values: vec![] });
    // The largest finite values do not overflow the norm.
    let big = quantize(&[f32::MAX, f32::MAX]);
    assert_eq!(big.values, vec![127, 127]);
}

#[test]
fn dot_of_different_lengths_is_zero() {
    assert_eq!(dot(&quantize(&[1.0, 0.0]), &quantize(&[1.0, 0.0, 0.0])), 0.0);
}

#[test]
fn opposite_vectors_have_cosine_minus_one() {
    let a = quantize(&[0.5, 0.25, -1.0]);
    let b = quantize(&[-0.5, -0.25, 1.0]);
    assert!((dot(&a, &b) + 1.0).abs() < 0.01);
}

fn plain_dot(a: &[i8], b: &[i8]) -> i64 {
    a.iter().zip(b).map(|(x, y)| i64::from(*x) * i64::from(*y)).sum()
}

fn packed_dot(row: &[i8], query: &[i8]) -> i64 {
    let biased: Vec<u8> = row.iter().map(|x| bias(*x)).collect();
    PackedQuery::new(query).dot(&biased, biased_sum(&biased))
}

#[test]
fn the_packed_dot_product_is_exact() {
    assert_eq!(bias(-128), 0);
    assert_eq!(bias(-127), 1);
    assert_eq!(bias(0), 128);
    assert_eq!(bias(127), 255);
    let mut noise = Noise(11);
    for len in [0, 1, 7, 8, 9, 15, 16, 17, 768, 1536, 1541] {
        for _ in 0..20 {
            let a: Vec<i8> = (0..len).map(|_| (noise.next() * 128.0).floor() as i8).collect();
            let b: Vec<i8> = (0..len).map(|_| (noise.next() * 128.0).floor() as i8).collect();
            assert_eq!(packed_dot(&a, &b), plain_dot(&a, &b), "length {len}");
        }
    }
    // The extremes, over more values than one accumulator sums (32,768).
    for len in [32_768, 32_776, 70_003] {
        for (x, y) in [(127, 127), (-128, -128), (-128, 127), (127, -127), (0, -128)] {
            let (a, b) = (vec![x; len], vec![y; len]);
            assert_eq!(packed_dot(&a, &b), plain_dot(&a, &b), "length {len}, {x} × {y}");
        }
    }
}

/// Rows of `files` files with `per_file` passages each, as (file, passage, vector).
fn rows(noise: &mut Noise, files: u32, per_file: u32, dims: usize) -> Vec<(u32, u32, Vec<f32>)> {
    (0..files).flat_map(|file| (0..per_file).map(move |p| (file, p))).map(|(f, p)| (f, p, noise.vector(dims))).collect()
}

fn index_of(rows: &[(u32, u32, Vec<f32>)], dims: usize) -> VectorIndex {
    let mut index = VectorIndex::new(dims);
    for (file, passage, v) in rows {
        index.add(*file, *passage, &quantize(v)).expect("right dims");
    }
    index
}

#[test]
fn search_top_k_matches_a_naive_f32_ranking() {
    let dims = 64;
    let mut noise = Noise(42);
    let rows = rows(&mut noise, 6, 10, dims);
    let index = index_of(&rows, dims);
    assert_eq!(index.len(), 60);
    for _ in 0..10 {
        let query = noise.vector(dims);
        let mut naive: Vec<(f32, u32, u32)> = rows.iter().map(|(f, p, v)| (cosine(&query, v), *f, *p)).collect();
        naive.sort_by(|a, b| b.0.total_cmp(&a.0));
        let hits = index.search(&query, 5, &|_| true);
        assert_eq!(hits.len(), 5);
        let got: Vec<(u32, u32)> = hits.iter().map(|h| (h.file, h.passage)).collect();
        let want: Vec<(u32, u32)> = naive.iter().take(5).map(|(_, f, p)| (*f, *p)).collect();
        // Quantization may swap two hits whose cosines are within its error.
        for (at, (got, want)) in got.iter().zip(&want).enumerate() {
            if got != want {
                let gap = (naive[at].0 - naive.iter().find(|n| (n.1, n.2) == *got).map_or(9.0, |n| n.0)).abs();
                assert!(gap < 0.02, "rank {at}: {got:?} instead of {want:?}, cosines {gap} apart");
            }
        }
        for (hit, (cos, _, _)) in hits.iter().zip(&naive) {
            assert!((hit.score - cos).abs() < 0.03, "score {} vs cosine {cos}", hit.score);
        }
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score), "best first");
    }
}

#[test]
fn search_respects_the_filter_k_and_the_query_length() {
    let dims = 8;
    let mut noise = Noise(7);
    let rows = rows(&mut noise, 4, 3, dims);
    let index = index_of(&rows, dims);
    let query = noise.vector(dims);
    let hits = index.search(&query, 100, &|file| file % 2 == 1);
    assert_eq!(hits.len(), 6, "only files 1 and 3, k larger than the rows");
    assert!(hits.iter().all(|h| h.file % 2 == 1));
    assert!(index.search(&query, 0, &|_| true).is_empty());
    assert!(index.search(&query[..7], 3, &|_| true).is_empty(), "wrong length");
    assert!(index.search(&[0.0; 8], 3, &|_| true).is_empty(), "no direction");
    assert!(VectorIndex::new(8).search(&query, 3, &|_| true).is_empty());
}

#[test]
fn equal_scores_are_ordered_by_file_then_passage() {
    let mut index = VectorIndex::new(2);
    let same = quantize(&[1.0, 1.0]);
    for (file, passage) in [(3, 0), (1, 2), (1, 0), (2, 5), (0, 9)] {
        index.add(file, passage, &same).expect("right dims");
    }
    index.add(9, 0, &quantize(&[1.0, 0.0])).expect("right dims");
    let hits = index.search(&[2.0, 2.0], 4, &|_| true);
    let order: Vec<(u32, u32)> = hits.iter().map(|h| (h.file, h.passage)).collect();
    assert_eq!(order, vec![(0, 9), (1, 0), (1, 2), (2, 5)]);
}

#[test]
fn a_row_with_a_scale_that_is_not_finite_scores_zero() {
    let mut index = VectorIndex::new(2);
    index.add(0, 0, &Quantized { scale: f32::NAN, values: vec![127, 0] }).expect("right dims");
    index.add(0, 1, &Quantized { scale: f32::INFINITY, values: vec![127, 0] }).expect("right dims");
    index.add(1, 0, &quantize(&[1.0, 0.1])).expect("right dims");
    let hits = index.search(&[1.0, 0.0], 3, &|_| true);
    assert_eq!((hits[0].file, hits[0].passage), (1, 0));
    assert_eq!(hits[1].score, 0.0);
    assert_eq!(hits[2].score, 0.0);
}

#[test]
fn add_refuses_other_dimensions() {
    let mut index = VectorIndex::new(3);
    assert_eq!(index.dims(), 3);
    assert_eq!(index.add(0, 0, &quantize(&[1.0, 2.0])), Err(VectorError::Dimensions { expected: 3, got: 2 }));
    assert!(index.is_empty());
}

#[test]
fn remove_file_keeps_the_other_rows_and_their_values() {
    let dims = 16;
    let mut noise = Noise(99);
    let rows = rows(&mut noise, 3, 4, dims);
    let mut index = index_of(&rows, dims);
    assert!(index.approx_bytes() >= 12 * 16);
    index.remove_file(1);
    assert_eq!(index.len(), 8);
    index.remove_file(7);
    assert_eq!(index.len(), 8);
    // Each remaining row still finds itself first.
    for (file, passage, v) in rows.iter().filter(|r| r.0 != 1) {
        let hit = index.search(v, 1, &|_| true)[0];
        assert_eq!((hit.file, hit.passage), (*file, *passage));
        assert!(hit.score > 0.98);
    }
    assert!(index.search(&rows[4].2, 12, &|_| true).iter().all(|h| h.file != 1));
    let before = index.approx_bytes();
    index.shrink_to_fit();
    assert!(index.approx_bytes() < before, "the removed rows' room is given back");
    assert_eq!(index, index_of(&rows.iter().filter(|r| r.0 != 1).cloned().collect::<Vec<_>>(), dims));
}

#[test]
fn bytes_round_trip() {
    let rows = vec![(0, quantize(&[1.0, -2.0, 0.5])), (7, quantize(&[0.0, 0.0, 0.0])), (3, quantize(&[3.0, 1.0, 2.0]))];
    let bytes = to_bytes(&rows);
    assert_eq!(bytes.len(), 11 + 3 * (8 + 3));
    assert_eq!(&bytes[..3], b"HV\x01");
    assert_eq!(from_bytes(&bytes), Ok(rows));
    assert_eq!(from_bytes(&to_bytes(&[])), Ok(vec![]));
}

#[test]
fn rows_of_another_length_are_left_out_of_the_bytes() {
    let rows = vec![(0, quantize(&[1.0, 2.0])), (1, quantize(&[1.0, 2.0, 3.0])), (2, quantize(&[2.0, 1.0]))];
    let read = from_bytes(&to_bytes(&rows)).expect("readable");
    assert_eq!(read.iter().map(|(p, _)| *p).collect::<Vec<_>>(), vec![0, 2]);
}

#[test]
fn garbage_bytes_are_errors_not_panics() {
    let good = to_bytes(&[(5, quantize(&[1.0, 2.0, 3.0, 4.0]))]);
    assert!(matches!(from_bytes(&[]), Err(VectorError::Malformed(_))));
    assert!(matches!(from_bytes(b"XX\x01"), Err(VectorError::Malformed(_))));
    assert_eq!(from_bytes(b"HV\x02rest"), Err(VectorError::UnknownVersion(2)));
    for cut in 0..good.len() {
        assert!(from_bytes(&good[..cut]).is_err(), "cut at {cut}");
    }
    let mut longer = good.clone();
    longer.push(0);
    assert!(from_bytes(&longer).is_err());
    // A header claiming huge sizes is refused without allocating them.
    let mut huge = b"HV\x01".to_vec();
    huge.extend_from_slice(&u32::MAX.to_le_bytes());
    huge.extend_from_slice(&u32::MAX.to_le_bytes());
    assert!(from_bytes(&huge).is_err());
    // A scale that is NaN or negative.
    for scale in [f32::NAN, -1.0, f32::INFINITY] {
        let mut bad = good.clone();
        bad[15..19].copy_from_slice(&scale.to_le_bytes());
        assert!(matches!(from_bytes(&bad), Err(VectorError::Malformed(_))), "scale {scale}");
    }
    // Every byte flipped, one at a time: an error or some rows, never a panic.
    let mut noise = Noise(3);
    for at in 0..good.len() {
        let mut flipped = good.clone();
        flipped[at] ^= (noise.next().to_bits() as u8) | 1;
        let _ = from_bytes(&flipped);
    }
}

fn hit(file: u32, passage: u32) -> Hit {
    Hit { file, passage, score: 0.0 }
}

#[test]
fn fuse_adds_reciprocal_ranks() {
    let text = [hit(1, 0), hit(2, 0), hit(3, 0)];
    let vector = [hit(2, 0), hit(4, 0), hit(1, 0)];
    let fused = fuse(&[&text, &vector], 10);
    let order: Vec<(u32, u32)> = fused.iter().map(|h| (h.file, h.passage)).collect();
    // (2,0): 1/62 + 1/61; (1,0): 1/61 + 1/63; (4,0): 1/62; (3,0): 1/63.
    assert_eq!(order, vec![(2, 0), (1, 0), (4, 0), (3, 0)]);
    let want = [1.0 / 62.0 + 1.0 / 61.0, 1.0 / 61.0 + 1.0 / 63.0, 1.0 / 62.0, 1.0 / 63.0];
    for (hit, want) in fused.iter().zip(want) {
        assert!((hit.score - want as f32).abs() < 1e-7, "{} vs {want}", hit.score);
    }
    assert_eq!(fuse(&[&text, &vector], 2).len(), 2);
    assert!(fuse(&[], 5).is_empty());
    assert!(fuse(&[&text], 0).is_empty());
}

#[test]
fn fuse_breaks_ties_by_file_and_passage_and_counts_a_repeat_once() {
    let a = [hit(5, 1), hit(2, 3)];
    let b = [hit(2, 3), hit(5, 1)];
    let order: Vec<(u32, u32)> = fuse(&[&a, &b], 5).iter().map(|h| (h.file, h.passage)).collect();
    assert_eq!(order, vec![(2, 3), (5, 1)]);
    let repeated = [hit(1, 1), hit(1, 1), hit(0, 0)];
    let fused = fuse(&[&repeated], 5);
    assert!((fused[0].score - 1.0 / 61.0).abs() < 1e-7);
    assert_eq!((fused[1].file, fused[1].passage), (0, 0));
    assert!((fused[1].score - 1.0 / 63.0).abs() < 1e-7, "the repeat keeps its rank");
}

/// Times a brute-force search of 100,000 × 768: run with
/// `cargo test --release -p hearth-core -- --ignored vectors --nocapture`.
#[test]
#[ignore = "a timing, for release builds"]
fn vectors_search_timing_100k_by_768() {
    let dims = 768;
    let mut noise = Noise(2026);
    let mut index = VectorIndex::new(dims);
    for row in 0..100_000u32 {
        index.add(row / 50, row % 50, &quantize(&noise.vector(dims))).expect("right dims");
    }
    index.shrink_to_fit();
    let query = noise.vector(dims);
    let mut best = std::time::Duration::MAX;
    for _ in 0..10 {
        let start = std::time::Instant::now();
        let hits = index.search(&query, 10, &|_| true);
        best = best.min(start.elapsed());
        assert_eq!(hits.len(), 10);
    }
    println!("100,000 × 768 search: best of 10 {best:?}, index {} MB", index.approx_bytes() / 1_000_000);
}
