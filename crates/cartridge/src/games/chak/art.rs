//! Chak's pictures: a 1-bit glyph for each of the six kinds (16×16, drawn for the
//! 26-pixel square), the + forms' badge, the river and the temples, the setup preview,
//! the strip under the title and the rules' diagrams. White pieces are white shapes
//! with a black rim, Black pieces black shapes with a white rim; details are drawn in
//! the other colour. A + form carries a badge, a black square with a white plus, at
//! its top right.

use chek_ui::widgets::{INK, PAPER};
use chek_ui::Frame;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::rules::{Board, Kind, Piece, Side, Square};

/// A glyph: 16 rows of 16 pixels, `#` the shape, `o` a detail in the other colour.
type Glyph = [&'static str; 16];

const AJAW: Glyph = [
    "................",
    ".#.....##.....#.",
    ".##...####...##.",
    ".###..####..###.",
    ".####.####.####.",
    ".##############.",
    ".##############.",
    ".#oo##oooo##oo#.",
    ".##############.",
    "..############..",
    "..#oooooooooo#..",
    "..############..",
    "...##########...",
    "....########....",
    "................",
    "................",
];

const SHAMAN: Glyph = [
    ".......##.......",
    "...#..####..#...",
    "...##.####.##...",
    "....########....",
    "......####......",
    ".....######.....",
    "....########....",
    "....#oo##oo#....",
    "....########....",
    "....###oo###....",
    ".....######.....",
    "......####......",
    ".....######.....",
    "....########....",
    "...##########...",
    "................",
];

const VULTURE: Glyph = [
    "................",
    "......####......",
    ".....##o###.....",
    ".....########...",
    "......####......",
    "#.....####.....#",
    "##...######...##",
    "###.########.###",
    "################",
    ".######oo######.",
    "..####.##.####..",
    "...##..##..##...",
    ".......##.......",
    "......####......",
    ".....##..##.....",
    "................",
];

const SERPENT: Glyph = [
    "................",
    ".....######.....",
    "....########....",
    "...###o##o###...",
    "...####..####...",
    "...###....##....",
    "....#######.....",
    ".....########...",
    "..........####..",
    "...........###..",
    "..###......###..",
    "..####....####..",
    "...##########...",
    "....########....",
    "................",
    "................",
];

const JAGUAR: Glyph = [
    "................",
    "..##........##..",
    "..###......###..",
    "..####....####..",
    "..############..",
    ".##############.",
    ".###oo####oo###.",
    ".###oo####oo###.",
    ".##############.",
    ".######oo######.",
    "..#####oo#####..",
    "..###o####o###..",
    "...##########...",
    "....########....",
    ".....######.....",
    "................",
];

const PAWN: Glyph = [
    "................",
    "......####......",
    ".....######.....",
    ".....######.....",
    "......####......",
    ".......##.......",
    ".....######.....",
    "......####......",
    "......####......",
    "......####......",
    ".....######.....",
    "....########....",
    "...##########...",
    "...##########...",
    "................",
    "................",
];

const fn glyph(kind: Kind) -> &'static Glyph {
    match kind {
        Kind::Ajaw => &AJAW,
        Kind::Shaman => &SHAMAN,
        Kind::Vulture => &VULTURE,
        Kind::Serpent => &SERPENT,
        Kind::Jaguar => &JAGUAR,
        Kind::Pawn => &PAWN,
    }
}

/// Whether the glyph has its shape at (x, y) (outside is empty).
fn shape(g: &Glyph, x: i32, y: i32) -> Option<u8> {
    if !(0..16).contains(&x) || !(0..16).contains(&y) {
        return None;
    }
    g[y as usize].as_bytes().get(x as usize).copied().filter(|&c| c != b'.')
}

/// Draws `piece` centred on `centre`, each glyph pixel `scale` pixels wide: the
/// shape, its one-pixel rim, its details, and the + badge.
pub fn piece(f: &mut Frame, piece: Piece, centre: Point, scale: i32) {
    let g = glyph(piece.kind);
    let (body, rim) = match piece.side {
        Side::White => (PAPER, INK),
        Side::Black => (INK, PAPER),
    };
    let origin = centre - Point::new(8 * scale, 8 * scale);
    let cell = |x: i32, y: i32, color: BinaryColor, f: &mut Frame| {
        let r = Rectangle::new(origin + Point::new(x * scale, y * scale), Size::new(scale as u32, scale as u32));
        let _ = f.fill_solid(&r, color);
    };
    // The rim: every empty pixel next to the shape (and for Black a second, outer one
    // in ink, so the white rim reads on any ground).
    for y in -2..18 {
        for x in -2..18 {
            if shape(g, x, y).is_some() {
                continue;
            }
            let near = |d: i32| (-d..=d).any(|dy| (-d..=d).any(|dx| shape(g, x + dx, y + dy).is_some()));
            if near(1) {
                cell(x, y, rim, f);
            } else if piece.side == Side::Black && near(2) {
                cell(x, y, INK, f);
            }
        }
    }
    for y in 0..16 {
        for x in 0..16 {
            match shape(g, x, y) {
                Some(b'o') => cell(x, y, rim, f),
                Some(_) => cell(x, y, body, f),
                None => {}
            }
        }
    }
    if piece.plus {
        badge(f, centre + Point::new(6 * scale, -7 * scale), scale);
    }
}

/// The + forms' badge centred on `c`: a black square with a white plus, in a white rim.
pub fn badge(f: &mut Frame, c: Point, scale: i32) {
    let s = 3 * scale;
    let _ = f.fill_solid(&Rectangle::with_center(c, Size::new((2 * s + 3) as u32, (2 * s + 3) as u32)), PAPER);
    let _ = f.fill_solid(&Rectangle::with_center(c, Size::new((2 * s + 1) as u32, (2 * s + 1) as u32)), INK);
    let _ = f.fill_solid(&Rectangle::with_center(c, Size::new((2 * s - 1) as u32, scale as u32)), PAPER);
    let _ = f.fill_solid(&Rectangle::with_center(c, Size::new(scale as u32, (2 * s - 1) as u32)), PAPER);
}

/// A temple's mark in the square `rect` (A6): a wall just inside the square with a
/// stepped block at each corner, seen around any piece standing there.
pub fn temple(f: &mut Frame, rect: Rectangle) {
    chek_ui::widgets::outline(f, rect.offset(-1), 1, INK);
    let (x0, y0) = (rect.top_left.x + 1, rect.top_left.y + 1);
    let far = rect.size.width as i32 - 3;
    for (x, y) in [(x0, y0), (x0 + far - 3, y0), (x0, y0 + far - 3), (x0 + far - 3, y0 + far - 3)] {
        let _ = f.fill_solid(&Rectangle::new(Point::new(x, y), Size::new(4, 4)), INK);
    }
}

/// The seat icon of the App: a pawn of the seat's side (0 White, 1 Black), `d` pixels.
pub fn seat_piece(f: &mut Frame, seat: u8, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
    let side = Side::of_seat(seat).unwrap_or(Side::White);
    let r = Rectangle::with_center(centre, Size::new(d, d));
    let _ = f.fill_solid(&r, ink);
    let fill = if side == Side::White { paper } else { ink };
    let _ = f.fill_solid(&Rectangle::with_center(centre, Size::new(d.saturating_sub(2), d.saturating_sub(2))), fill);
    if side == Side::Black {
        let _ = f.fill_solid(&Rectangle::with_center(centre, Size::new(d / 3, d / 3)), paper);
    }
}

/// A small board of `board`, `cell` pixels a square, top-left at `at`: pieces as their
/// letters' squares (white or black), the river as a line.
pub fn mini_board(f: &mut Frame, board: &Board, cell: i32, at: Point) {
    let size = 9 * cell as u32;
    chek_ui::widgets::outline(f, Rectangle::new(at - Point::new(1, 1), Size::new(size + 2, size + 2)), 1, INK);
    let river = at.y + 4 * cell;
    let _ = f.fill_solid(&Rectangle::new(Point::new(at.x, river - 1), Size::new(size, 2)), INK);
    for sq in Square::all() {
        let x = at.x + sq.file() as i32 * cell;
        let y = at.y + (8 - sq.rank() as i32) * cell;
        if let Some(p) = board.at(sq) {
            seat_piece(f, p.side.seat(), Point::new(x + cell / 2, y + cell / 2), cell as u32 - 3, INK, PAPER);
        }
    }
}

/// The preview of the start.
pub fn preview(f: &mut Frame, _variant: usize, _setup: usize, at: Point) {
    mini_board(f, &Board::start(), 11, at);
}

/// The six kinds in a row under the title, White and Black alternating.
pub fn strip(f: &mut Frame, y: i32) {
    for (i, kind) in Kind::ALL.into_iter().enumerate() {
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        piece(f, Piece { side, kind, plus: kind == Kind::Ajaw }, Point::new(125 + i as i32 * 30, y), 1);
    }
}
