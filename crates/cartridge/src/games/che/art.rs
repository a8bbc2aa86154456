//! Che's pictures: a tile with its two arcs in two 1-bit fills (White plain white,
//! Blue a dense dither), drawn a row at a time; the seat icons, the setup preview, the
//! strip under the title and the rules' diagrams.

use chek_engine::Seat;
use chek_ui::widgets::{INK, PAPER};
use chek_ui::Frame;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::rules::{Cell, Kind, Orientation, Part, Side, State, Tile};

/// How an area is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// White plain, Blue a dense dither.
    Normal,
    /// Standing out (a closed or largest region): White plain, Blue solid black.
    Strong,
    /// Stepping back (everything else at the end): White lightly dotted, Blue a
    /// half-tone.
    Faded,
}

/// Blue's dense dither: three pixels of four, staggered from row to row.
fn blue_pattern(y: usize) -> u8 {
    if y.is_multiple_of(2) {
        0xee
    } else {
        0xbb
    }
}

/// Paints `len` pixels of row `y` from `x` in `side`'s fill.
fn run(f: &mut Frame, x: i32, y: i32, len: i32, side: Side, style: Style) {
    if len <= 0 {
        return;
    }
    let r = Rectangle::new(Point::new(x, y), Size::new(len as u32, 1));
    let _ = f.fill_solid(&r, PAPER);
    let pattern = match (side, style) {
        (Side::White, Style::Normal | Style::Strong) => return,
        (Side::White, Style::Faded) => |y: usize| if y.is_multiple_of(4) { 0x88 } else { 0 },
        (Side::Blue, Style::Normal) => blue_pattern,
        (Side::Blue, Style::Strong) => |_| 0xff,
        (Side::Blue, Style::Faded) => |y: usize| if y.is_multiple_of(2) { 0xaa } else { 0x55 },
    };
    f.fill_pattern(&r, pattern, INK);
}

/// The half-width of a cap's quarter disc `dy` pixels (from the pixel's centre, in
/// halves) from its corner's row, radius `r`.
fn cap_width(r: i32, dy2: i32) -> i32 {
    // Pixels whose centres lie within r of the corner: x + ½ < sqrt(r² − (dy)²).
    let r2 = 4 * r * r;
    if dy2 * dy2 >= r2 {
        return 0;
    }
    let mut w = 0;
    while (2 * w + 1) * (2 * w + 1) + dy2 * dy2 < r2 {
        w += 1;
    }
    w
}

/// Draws `kind` as a `size`-pixel square with its top-left at `at`, each area in its
/// style (indexed by [`Part`]), and its arcs as thin lines.
pub fn tile(f: &mut Frame, kind: Kind, at: Point, size: i32, styles: [Style; 3]) {
    let r = size / 2;
    let band = kind.band();
    let cap = band.other();
    for j in 0..size {
        let y = at.y + j;
        // Twice the distance from the top and from the bottom edge, to the row's centre.
        let from_top = 2 * j + 1;
        let from_bottom = 2 * (size - j) - 1;
        let top = cap_width(r, from_top);
        let bottom = cap_width(r, from_bottom);
        // Caps: A is the northern one (NE for L, NW for R), B the southern.
        let (left, right, left_part, right_part) = match kind.orientation() {
            Orientation::L => (bottom, top, Part::CapB, Part::CapA),
            Orientation::R => (top, bottom, Part::CapA, Part::CapB),
        };
        run(f, at.x, y, left, cap, styles[left_part as usize]);
        run(f, at.x + left, y, size - left - right, band, styles[Part::Band as usize]);
        run(f, at.x + size - right, y, right, cap, styles[right_part as usize]);
        // The arcs: the pixel on each side of the band.
        if left > 0 {
            let _ = Pixel(Point::new(at.x + left - 1, y), INK).draw(f);
        }
        if right > 0 {
            let _ = Pixel(Point::new(at.x + size - right, y), INK).draw(f);
        }
    }
    // Close the arcs where they run flat along the edges.
    for (x, y) in arc_points(kind.orientation(), size) {
        let _ = Pixel(Point::new(at.x + x, at.y + y), INK).draw(f);
    }
}

/// The points of the arcs a row-by-row walk misses (where they run nearly level):
/// for each column, the first pixel of the cap.
fn arc_points(orientation: Orientation, size: i32) -> impl Iterator<Item = (i32, i32)> {
    let r = size / 2;
    (0..r).flat_map(move |i| {
        let h = cap_width(r, 2 * i + 1);
        let (near, far) = (h - 1, size - h);
        match orientation {
            // L: NE cap (columns at the right, rows from the top), SW cap.
            Orientation::L => [(size - 1 - i, near.max(0)), (i, far.min(size - 1))],
            Orientation::R => [(i, near.max(0)), (size - 1 - i, far.min(size - 1))],
        }
        .into_iter()
        .filter(move |_| h > 0)
    })
}

/// A whole tile in the normal fills.
pub fn plain_tile(f: &mut Frame, kind: Kind, at: Point, size: i32) {
    tile(f, kind, at, size, [Style::Normal; 3]);
}

/// The seat icon of the App: a square of the seat's colour (0 White, 1 Blue).
pub fn seat_colour(f: &mut Frame, seat: Seat, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
    let r = Rectangle::with_center(centre, Size::new(d, d));
    let _ = f.fill_solid(&r, ink);
    let inner = Rectangle::with_center(centre, Size::new(d.saturating_sub(2), d.saturating_sub(2)));
    let _ = f.fill_solid(&inner, paper);
    if seat == Side::Blue.seat() {
        f.fill_pattern(&inner, blue_pattern, ink);
    }
}

/// A small tiling of `state` with `cell`-pixel tiles centred in a `box_size` square
/// whose top-left is `at` (only what fits).
pub fn mini_tiling(f: &mut Frame, state: &State, cell: i32, at: Point, box_size: i32) {
    let Some((x0, y0, x1, y1)) = state.tiling().bounds() else { return };
    let (w, h) = ((x1 - x0 + 1) as i32 * cell, (y1 - y0 + 1) as i32 * cell);
    let left = at.x + (box_size - w) / 2;
    let top = at.y + (box_size - h) / 2;
    for t in state.tiling().tiles() {
        let x = left + (t.cell.x - x0) as i32 * cell;
        let y = top + (y1 - t.cell.y) as i32 * cell;
        if x >= at.x && y >= at.y && x + cell <= at.x + box_size && y + cell <= at.y + box_size {
            plain_tile(f, t.kind, Point::new(x, y), cell);
        }
    }
}

/// A small example tiling for the rules: four tiles around a corner whose White caps
/// make a closed region, a disc (H6).
pub fn example() -> State {
    let tiles = [
        Tile::new(Cell { x: 0, y: 0 }, Kind::BR),
        Tile::new(Cell { x: 1, y: 0 }, Kind::BL),
        Tile::new(Cell { x: 1, y: -1 }, Kind::BR),
        Tile::new(Cell { x: 0, y: -1 }, Kind::BL),
    ];
    State::from_tiles(&tiles).unwrap_or_default()
}

/// The preview of the start: the four kinds.
pub fn preview(f: &mut Frame, _variant: usize, _setup: usize, at: Point) {
    for (i, kind) in Kind::ALL.into_iter().enumerate() {
        let (col, row) = (i as i32 % 2, i as i32 / 2);
        plain_tile(f, kind, at + Point::new(6 + col * 50, 6 + row * 50), 44);
        chek_ui::widgets::outline(
            f,
            Rectangle::new(at + Point::new(5 + col * 50, 5 + row * 50), Size::new(46, 46)),
            1,
            INK,
        );
    }
}

/// The four kinds in a row under the title.
pub fn strip(f: &mut Frame, y: i32) {
    for (i, kind) in [Kind::WL, Kind::BR, Kind::WR, Kind::BL, Kind::WL, Kind::BR].into_iter().enumerate() {
        plain_tile(f, kind, Point::new(110 + i as i32 * 30, y - 12), 24);
    }
    chek_ui::widgets::outline(f, Rectangle::new(Point::new(109, y - 13), Size::new(182, 26)), 1, INK);
}
