//! Chek's pictures: the four seats' pieces, the setup preview, the strip under the
//! title, and the rules' diagrams.

use chek_rules::{Seat, Setup, Square};
use chek_ui::widgets::{dither, outline, INK, PAPER};
use chek_ui::Frame;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Circle, PrimitiveStyle, Rectangle};

/// A seat's piece: South a filled circle, West a ring, North a filled square, East an
/// open square with a dot (C3). `d` is the piece's diameter.
pub fn piece(f: &mut Frame, seat: u8, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
    let halo = d + 4;
    let _ = Circle::with_center(centre, halo).into_styled(PrimitiveStyle::with_fill(paper)).draw(f);
    let stroke = (d / 6).max(1);
    let side = d.saturating_sub(2).max(1);
    let square = Rectangle::with_center(centre, Size::new(side, side));
    match seat {
        0 => {
            let _ = Circle::with_center(centre, d).into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
        1 => {
            let _ = Circle::with_center(centre, d).into_styled(PrimitiveStyle::with_stroke(ink, stroke)).draw(f);
        }
        2 => {
            let _ = square.into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
        _ => {
            let _ = square.into_styled(PrimitiveStyle::with_stroke(ink, stroke)).draw(f);
            let dot = (d / 4).max(1);
            let _ =
                Rectangle::with_center(centre, Size::new(dot, dot)).into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
    }
}

/// A small board preview of a setup's starting pieces, top-left at `at`.
pub fn preview(f: &mut Frame, _variant: usize, setup: usize, at: Point) {
    let (x, y) = (at.x, at.y);
    let cell = 13;
    outline(f, Rectangle::new(Point::new(x - 1, y - 1), Size::new(8 * cell as u32 + 2, 8 * cell as u32 + 2)), 1, INK);
    let start = Setup::ALL.get(setup).copied().unwrap_or(Setup::Checkered).start();
    for sq in Square::all() {
        let px = x + sq.file() as i32 * cell;
        let py = y + (7 - sq.rank() as i32) * cell;
        if (sq.file() + sq.rank()) % 2 == 0 {
            dither(f, Rectangle::new(Point::new(px, py), Size::new(cell as u32, cell as u32)));
        }
        if let Some(seat) = start.seat_at(sq) {
            piece(f, seat as u8, Point::new(px + cell / 2, py + cell / 2), 9, INK, PAPER);
        }
    }
}

/// The four seats' pieces in a row under the title.
pub fn strip(f: &mut Frame, y: i32) {
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        piece(f, seat as u8, Point::new(155 + i as i32 * 30, y), 19, INK, PAPER);
    }
}

/// A tiny diagram for the rules: a board of `rows` written with `S`, `N`, `W`, `E`
/// pieces, `x` a contested North piece (framed) and `.` empty, top-left at `at`.
pub fn diagram(f: &mut Frame, rows: &[&str], at: Point) {
    let cell = 20;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let px = at.x + c as i32 * cell;
            let py = at.y + r as i32 * cell;
            let rect = Rectangle::new(Point::new(px, py), Size::new(cell as u32, cell as u32));
            if (r + c) % 2 == 1 {
                dither(f, rect);
            }
            let centre = Point::new(px + cell / 2, py + cell / 2);
            if let Some(seat) = Seat::from_char(ch) {
                piece(f, seat as u8, centre, 13, INK, PAPER);
            } else if ch == 'x' {
                piece(f, Seat::North as u8, centre, 13, INK, PAPER);
                outline(f, rect, 2, INK);
            }
        }
    }
    let w = rows.first().map_or(0, |r| r.len()) as u32 * cell as u32;
    let h = rows.len() as u32 * cell as u32;
    outline(f, Rectangle::new(Point::new(at.x - 1, at.y - 1), Size::new(w + 2, h + 2)), 1, INK);
}
