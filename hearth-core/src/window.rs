//! Which rows of a long list to keep in the page (a "windowed" list).
//!
//! The conversation view mounts only the messages near the viewport; the rest
//! are stood in for by spacers whose heights are the rows' measured heights (or
//! an estimate for rows never shown), so the scrollbar tells the truth. This
//! module holds the arithmetic, free of the page: given every row's height,
//! where the viewport is and how much margin to keep, which rows to mount and
//! how tall the gaps between them are.

#[cfg(test)]
mod tests;

/// A row height used before any row was measured, in CSS pixels.
pub const DEFAULT_ROW_PX: f64 = 120.0;

/// The estimate for rows never measured: the mean of those measured so far,
/// else [`DEFAULT_ROW_PX`].
pub fn estimate(measured: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = measured.fold((0.0, 0u32), |(sum, count), h| (sum + h, count + 1));
    if count == 0 { DEFAULT_ROW_PX } else { sum / f64::from(count) }
}

/// A half-open range of row indices, `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// The first row in it.
    pub start: usize,
    /// One past the last row in it.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Self { start, end: end.max(start) }
    }

    /// Whether `other` lies within this span.
    pub fn covers(self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    /// Whether row `index` is in this span.
    pub fn contains(self, index: usize) -> bool {
        self.start <= index && index < self.end
    }
}

/// The rows that overlap the pixel band `from..to` (measured from the top of
/// the first row), given every row's height: always at least one row when
/// there are rows, clamped to the list.
pub fn rows_in(heights: &[f64], from: f64, to: f64) -> Span {
    let mut top = 0.0;
    let mut start = None;
    let mut end = heights.len();
    for (index, height) in heights.iter().enumerate() {
        let bottom = top + height;
        if start.is_none() && bottom > from {
            start = Some(index);
        }
        if top >= to {
            end = index;
            break;
        }
        top = bottom;
    }
    let start = start.unwrap_or(heights.len().saturating_sub(1));
    Span::new(start, end.max((start + 1).min(heights.len())))
}

/// The rows to mount for a viewport showing `top..top + height` (pixels from
/// the first row's top), keeping `current` while it still covers the viewport
/// and half of `margin` on either side; otherwise the viewport with a whole
/// `margin` on either side. The hysteresis means scrolling re-renders the list
/// once per half margin, not per scroll event.
pub fn rows_to_mount(heights: &[f64], current: Span, top: f64, height: f64, margin: f64) -> Span {
    let needed = rows_in(heights, top - margin / 2.0, top + height + margin / 2.0);
    if !heights.is_empty() && current.end <= heights.len() && current.covers(needed) {
        return current;
    }
    rows_in(heights, top - margin, top + height + margin)
}

/// The pixel height of the gap before each mounted row and after the last one:
/// `mounted` are the mounted rows' indices in increasing order; the result has
/// one more entry than `mounted` (the last is the gap after the last mounted
/// row).
pub fn gaps(heights: &[f64], mounted: &[usize]) -> Vec<f64> {
    let mut gaps = Vec::with_capacity(mounted.len() + 1);
    let mut next = 0;
    for &index in mounted {
        let index = index.min(heights.len());
        gaps.push(heights[next.min(index)..index].iter().sum());
        next = (index + 1).max(next);
    }
    gaps.push(heights.get(next..).map_or(0.0, |rest| rest.iter().sum()));
    gaps
}

/// The rows to mount: those of `span`, plus `keep` (a row that holds the
/// keyboard focus) when it is outside it, in increasing order.
pub fn mounted(span: Span, keep: Option<usize>, len: usize) -> Vec<usize> {
    let span = Span::new(span.start.min(len), span.end.min(len));
    let mut rows: Vec<usize> = (span.start..span.end).collect();
    if let Some(keep) = keep.filter(|&k| k < len && !span.contains(k)) {
        let at = rows.partition_point(|&row| row < keep);
        rows.insert(at, keep);
    }
    rows
}
