//! Chak's pictures: a 1-bit glyph for each of the six kinds (16×16, drawn for the
//! 26-pixel square), the + forms' badge, the river and the temples, the setup preview,
//! the strip under the title and the rules' diagrams. White pieces are white shapes
//! with a black rim, Black pieces black shapes with a white rim; details are drawn in
//! the other colour. A + form carries a badge, a black square with a white plus, at
//! its top right.

use chek_engine::Seat;
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

/// A glyph as bit rows over a 20×20 field, the glyph at 2..18 so that both rims fit:
/// its shape (every pixel not `.`) and its details (`o`). Drawing by rows of bits
/// fills a run of pixels at once; the emulated Cortex-M7 showed the pixel-by-pixel
/// drawing to cost over 2M instructions a Chak board.
struct Masks {
    shape: [u32; 20],
    detail: [u32; 20],
}

impl Masks {
    fn of(g: &Glyph) -> Masks {
        let mut masks = Masks { shape: [0; 20], detail: [0; 20] };
        for (y, row) in g.iter().enumerate() {
            for (x, c) in row.bytes().enumerate().take(16) {
                let bit = 1u32 << (x + 2);
                match c {
                    b'.' => {}
                    b'o' => {
                        masks.shape[y + 2] |= bit;
                        masks.detail[y + 2] |= bit;
                    }
                    _ => masks.shape[y + 2] |= bit,
                }
            }
        }
        masks
    }
}

/// `rows` grown by one pixel in all eight directions.
fn dilated(rows: &[u32; 20]) -> [u32; 20] {
    let wide = rows.map(|r| r | r << 1 | r >> 1);
    core::array::from_fn(|y| {
        wide[y] | if y > 0 { wide[y - 1] } else { 0 } | if y < 19 { wide[y + 1] } else { 0 }
    })
}

/// Fills the pixels of `rows` in `color`, a rectangle per run of set bits, each bit
/// `scale` pixels square from `origin` (bit 0 of row 0).
fn fill_rows(f: &mut Frame, rows: &[u32; 20], origin: Point, scale: i32, color: BinaryColor) {
    for (y, &row) in rows.iter().enumerate() {
        let mut rest = row;
        while rest != 0 {
            let start = rest.trailing_zeros();
            let len = (rest >> start).trailing_ones();
            rest &= !(((1u64 << len) - 1) << start) as u32;
            let at = origin + Point::new(start as i32 * scale, y as i32 * scale);
            let size = Size::new(len * scale as u32, scale as u32);
            let _ = f.fill_solid(&Rectangle::new(at, size), color);
        }
    }
}

/// Draws `piece` centred on `centre`, each glyph pixel `scale` pixels wide: the
/// shape, its one-pixel rim, its details, and the + badge.
pub fn piece(f: &mut Frame, piece: Piece, centre: Point, scale: i32) {
    let masks = Masks::of(glyph(piece.kind));
    let (body, rim) = match piece.side {
        Side::White => (PAPER, INK),
        Side::Black => (INK, PAPER),
    };
    let origin = centre - Point::new(10 * scale, 10 * scale);
    // The rim: every empty pixel next to the shape (and for Black a second, outer one
    // in ink, so the white rim reads on any ground).
    let once = dilated(&masks.shape);
    let ring: [u32; 20] = core::array::from_fn(|y| once[y] & !masks.shape[y]);
    fill_rows(f, &ring, origin, scale, rim);
    if piece.side == Side::Black {
        let twice = dilated(&once);
        let outer: [u32; 20] = core::array::from_fn(|y| twice[y] & !once[y]);
        fill_rows(f, &outer, origin, scale, INK);
    }
    let plain: [u32; 20] = core::array::from_fn(|y| masks.shape[y] & !masks.detail[y]);
    fill_rows(f, &plain, origin, scale, body);
    fill_rows(f, &masks.detail, origin, scale, rim);
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
pub fn seat_piece(f: &mut Frame, seat: Seat, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
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
