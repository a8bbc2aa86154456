//! Checkers' pictures: the men and kings of both sides, the setup preview, the strip
//! under the title, and the rules' diagrams. In one bit: Light is a white disc with a
//! black rim, Dark a black disc with a white inner ring; a king carries a crown.

use chek_engine::Seat;
use chek_ui::widgets::{disc, ring, INK, PAPER};
use chek_ui::Frame;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle, Triangle};

use super::rules::{Board, Side, Square};

/// A man of `seat` (0 Light, 1 Dark), `d` pixels across, at `centre` (the App's seat
/// icon). `ink` and `paper` swap for a highlighted piece.
pub fn seat_piece(f: &mut Frame, seat: Seat, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
    piece(f, Side::of_seat(seat).unwrap_or(Side::Light), false, centre, d, ink, paper);
}

/// A piece: its side, whether it is a king, its size and colours.
pub fn piece(f: &mut Frame, side: Side, king: bool, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
    disc(f, centre, d + 2, paper);
    let rim = (d / 8).max(1);
    let (body, mark) = match side {
        Side::Light => (paper, ink),
        Side::Dark => (ink, paper),
    };
    disc(f, centre, d, ink);
    disc(f, centre, d.saturating_sub(2 * rim), body);
    if side == Side::Dark && d >= 11 {
        ring(f, centre, d * 2 / 3, 1, mark);
    }
    if king {
        crown(f, centre, d, mark);
    }
}

/// A crown over the centre of a piece `d` pixels across: a band with three points.
fn crown(f: &mut Frame, centre: Point, d: u32, color: BinaryColor) {
    let w = (d as i32 * 11 / 20).max(5) | 1;
    let h = (d as i32 * 2 / 5).max(3);
    let (left, right) = (centre.x - w / 2, centre.x + w / 2);
    let (top, bottom) = (centre.y - h / 2, centre.y + h / 2);
    let band = (h / 3).max(1);
    let style = PrimitiveStyle::with_fill(color);
    let _ = Rectangle::new(Point::new(left, bottom - band + 1), Size::new(w as u32, band as u32))
        .into_styled(style)
        .draw(f);
    for tip in [left, centre.x, right] {
        let half = (w / 4).max(1);
        let _ = Triangle::new(
            Point::new(tip - half, bottom - band + 1),
            Point::new(tip + half, bottom - band + 1),
            Point::new(tip, top),
        )
        .into_styled(style)
        .draw(f);
    }
}

/// A dark square's shading: every other pixel of every other row.
pub fn dark_square(f: &mut Frame, rect: Rectangle) {
    let pixels = rect.points().filter(|p| p.x % 2 == 0 && p.y % 2 == 0).map(|p| Pixel(p, INK));
    let _ = f.draw_iter(pixels);
}

/// A small board of `board`, `cell` pixels a square, top-left at `at`.
pub fn mini_board(f: &mut Frame, board: &Board, cell: i32, at: Point) {
    let size = 8 * cell as u32;
    chek_ui::widgets::outline(f, Rectangle::new(at - Point::new(1, 1), Size::new(size + 2, size + 2)), 1, INK);
    for sq in Square::all() {
        let x = at.x + sq.file() as i32 * cell;
        let y = at.y + (7 - sq.rank() as i32) * cell;
        dark_square(f, Rectangle::new(Point::new(x, y), Size::new(cell as u32, cell as u32)));
        if let Some((side, king)) = board.at(sq) {
            piece(f, side, king, Point::new(x + cell / 2, y + cell / 2), cell as u32 - 3, INK, PAPER);
        }
    }
}

/// The preview of the start (one variant, one setup).
pub fn preview(f: &mut Frame, _variant: usize, _setup: usize, at: Point) {
    mini_board(f, &Board::START, 13, at);
}

/// Men and kings of both sides in a row under the title.
pub fn strip(f: &mut Frame, y: i32) {
    let pieces = [(Side::Light, false), (Side::Light, true), (Side::Dark, true), (Side::Dark, false)];
    for (i, (side, king)) in pieces.into_iter().enumerate() {
        piece(f, side, king, Point::new(155 + i as i32 * 30, y), 21, INK, PAPER);
    }
}

/// A diagram for the rules: rows of `l`/`d` men, `L`/`D` kings, `.` a dark square,
/// `o` a dark square marked as a landing, ` ` a light square; top-left at `at`.
pub fn diagram(f: &mut Frame, rows: &[&str], at: Point) {
    let cell = 20;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let rect = Rectangle::new(
                Point::new(at.x + c as i32 * cell, at.y + r as i32 * cell),
                Size::new(cell as u32, cell as u32),
            );
            if ch != ' ' {
                dark_square(f, rect);
            }
            let centre = rect.center();
            match ch {
                'l' => piece(f, Side::Light, false, centre, 15, INK, PAPER),
                'L' => piece(f, Side::Light, true, centre, 15, INK, PAPER),
                'd' => piece(f, Side::Dark, false, centre, 15, INK, PAPER),
                'D' => piece(f, Side::Dark, true, centre, 15, INK, PAPER),
                'o' => {
                    disc(f, centre, 9, PAPER);
                    disc(f, centre, 5, INK);
                }
                _ => {}
            }
        }
    }
    let w = rows.iter().map(|r| r.len()).max().unwrap_or(0) as u32 * cell as u32;
    let h = rows.len() as u32 * cell as u32;
    chek_ui::widgets::outline(f, Rectangle::new(at - Point::new(1, 1), Size::new(w + 2, h + 2)), 1, INK);
}
