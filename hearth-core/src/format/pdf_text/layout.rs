//! Where runs of text go (ISO 32000-1 §9.4.4): reading order is the content
//! stream's order. A run that starts well off the previous run's baseline
//! starts a new line (a blank one before it when the gap is much larger than
//! the text); one that starts along the line farther from where the previous
//! run ended than a fraction of the font size gets a space before it.
//! Positions are compared in device space, along the text's own direction.

/// Characters of text kept per page.
const MAX_PAGE_TEXT: usize = 4 << 20;

/// A 2D affine matrix `[a b c d e f]`.
pub(super) type Matrix = [f64; 6];
pub(super) const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `m` then `n`: the product `m × n` of PDF's row-vector convention.
pub(super) fn concat(m: Matrix, n: Matrix) -> Matrix {
    let [a, b, c, d, e, f] = m;
    let [na, nb, nc, nd, ne, nf] = n;
    [a * na + b * nc, a * nb + b * nd, c * na + d * nc, c * nb + d * nd, e * na + f * nc + ne, e * nb + f * nd + nf]
}

pub(super) fn translate(x: f64, y: f64) -> Matrix {
    [1.0, 0.0, 0.0, 1.0, x, y]
}

/// Where the last run of text ended, in device space.
#[derive(Debug, Clone, Copy)]
struct Mark {
    x: f64,
    y: f64,
    size: f64,
}

/// What the interpreter has read of a page.
#[derive(Debug, Default)]
pub(super) struct Sink {
    text: String,
    last: Option<Mark>,
}

impl Sink {
    /// The page's text: lines trimmed, runs of spaces made one, runs of
    /// blank lines made one, none at the start or end.
    pub(super) fn finish(self) -> String {
        let mut out = String::with_capacity(self.text.len());
        let mut blank = false;
        for line in self.text.lines().map(str::trim) {
            if line.is_empty() {
                blank = !out.is_empty();
                continue;
            }
            if !out.is_empty() {
                out.push_str(if blank { "\n\n" } else { "\n" });
            }
            blank = false;
            let mut space = false;
            for c in line.chars() {
                if c == ' ' && space {
                    continue;
                }
                space = c == ' ';
                out.push(c);
            }
        }
        out
    }

    /// Appends `text`, first a newline or space if it does not follow on from
    /// the previous run.
    pub(super) fn place(&mut self, text: &str, start: Matrix, end: Matrix, size: f64) {
        let sink = self;
        if sink.text.len() > MAX_PAGE_TEXT {
            return;
        }
        // The text's direction and its "up", in device space.
        let length = start[0].hypot(start[1]);
        let (ux, uy) = if length > 0.0 { (start[0] / length, start[1] / length) } else { (1.0, 0.0) };
        if let Some(last) = sink.last {
            let (dx, dy) = (start[4] - last.x, start[5] - last.y);
            let along = dx * ux + dy * uy;
            let across = dy * ux - dx * uy;
            let larger = size.max(last.size);
            if across.abs() > 0.6 * larger {
                sink.text.push('\n');
                if across < -1.7 * larger {
                    sink.text.push('\n');
                }
            } else if along.abs() > 0.15 * larger
                && !sink.text.ends_with([' ', '\n'])
                && !text.starts_with(' ')
                && !sink.text.is_empty()
            {
                sink.text.push(' ');
            }
        }
        sink.text.push_str(text);
        sink.last = Some(Mark { x: end[4], y: end[5], size });
    }

    /// Moves the end of the last run to `end`, past glyphs that an
    /// `/ActualText` already stood for.
    pub(super) fn cover(&mut self, end: Matrix) {
        if let Some(last) = self.last.as_mut() {
            (last.x, last.y) = (end[4], end[5]);
        }
    }
}
