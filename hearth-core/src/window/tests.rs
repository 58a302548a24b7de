//! Tests of the windowed list's arithmetic.

use super::{DEFAULT_ROW_PX, Span, estimate, gaps, mounted, rows_in, rows_to_mount};

#[test]
fn the_estimate_is_the_mean_of_measured_rows() {
    assert_eq!(estimate(std::iter::empty()), DEFAULT_ROW_PX);
    assert_eq!(estimate([100.0, 200.0, 300.0].into_iter()), 200.0);
}

#[test]
fn rows_in_a_band_are_those_overlapping_it() {
    let heights = [100.0; 10];
    assert_eq!(rows_in(&heights, 0.0, 100.0), Span::new(0, 1));
    assert_eq!(rows_in(&heights, 150.0, 350.0), Span::new(1, 4));
    // A band above the list starts at the first row, one below it ends at the last.
    assert_eq!(rows_in(&heights, -500.0, 50.0), Span::new(0, 1));
    assert_eq!(rows_in(&heights, 950.0, 5000.0), Span::new(9, 10));
    assert_eq!(rows_in(&heights, 2000.0, 3000.0), Span::new(9, 10));
    assert_eq!(rows_in(&[], 0.0, 100.0), Span::new(0, 0));
}

#[test]
fn rows_of_uneven_heights() {
    let heights = [10.0, 500.0, 10.0, 10.0];
    assert_eq!(rows_in(&heights, 100.0, 200.0), Span::new(1, 2));
    assert_eq!(rows_in(&heights, 505.0, 515.0), Span::new(1, 3));
}

#[test]
fn the_mounted_rows_stay_while_they_cover_the_viewport_and_half_the_margin() {
    let heights = vec![100.0; 2000];
    // Opened at the bottom: the last viewport plus a margin above.
    let bottom = 2000.0 * 100.0 - 800.0;
    let first = rows_to_mount(&heights, Span::default(), bottom, 800.0, 800.0);
    assert_eq!(first, Span::new(1984, 2000));
    // A small scroll keeps the same rows (no re-render)…
    assert_eq!(rows_to_mount(&heights, first, bottom - 300.0, 800.0, 800.0), first);
    // …a larger one moves the window, with a whole margin again.
    let moved = rows_to_mount(&heights, first, bottom - 500.0, 800.0, 800.0);
    assert_eq!(moved, Span::new(1979, 2000));
    // Jumping to the top mounts only the top.
    assert_eq!(rows_to_mount(&heights, moved, 0.0, 800.0, 800.0), Span::new(0, 16));
}

#[test]
fn a_stale_span_past_the_end_is_replaced() {
    let heights = vec![100.0; 10];
    assert_eq!(rows_to_mount(&heights, Span::new(0, 50), 0.0, 300.0, 200.0), Span::new(0, 5));
}

#[test]
fn gaps_add_up_to_the_rows_left_out() {
    let heights = [10.0, 20.0, 30.0, 40.0, 50.0];
    assert_eq!(gaps(&heights, &[2, 3]), vec![30.0, 0.0, 50.0]);
    assert_eq!(gaps(&heights, &[0, 4]), vec![0.0, 90.0, 0.0]);
    assert_eq!(gaps(&heights, &[]), vec![150.0]);
    // Mounted rows plus gaps are the whole list's height.
    let rows = [1, 3];
    let total: f64 = gaps(&heights, &rows).iter().sum::<f64>() + rows.iter().map(|&i| heights[i]).sum::<f64>();
    assert_eq!(total, 150.0);
}

#[test]
fn a_focused_row_outside_the_span_stays_mounted_in_order() {
    assert_eq!(mounted(Span::new(5, 8), Some(1), 10), vec![1, 5, 6, 7]);
    assert_eq!(mounted(Span::new(5, 8), Some(9), 10), vec![5, 6, 7, 9]);
    assert_eq!(mounted(Span::new(5, 8), Some(6), 10), vec![5, 6, 7]);
    assert_eq!(mounted(Span::new(5, 8), Some(12), 10), vec![5, 6, 7]);
    // A span longer than the list is cut to it.
    assert_eq!(mounted(Span::new(8, 20), None, 10), vec![8, 9]);
}
