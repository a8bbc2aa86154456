//! Chek's pictures: the four seats' pieces and Chek Nights' cards, the setup preview,
//! the strip under the title, and the rules' diagrams.

use chek_rules::{Rank, Seat, Seating, Setup, Square, Suit, Variant};
use chek_ui::widgets::{dither, fill, outline, text_centred, BOLD, INK, PAPER};
use chek_ui::Frame;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Circle, PrimitiveStyle, Rectangle};

/// A seat's piece: South a filled circle, West a ring, North a filled square, East an
/// open square with a dot (C3). `d` is the piece's diameter.
/// The piece of the game interface's `seat`, for the App's screens.
pub fn seat_piece(f: &mut Frame, seat: chek_engine::Seat, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
    piece(f, Seat::of_table(seat), centre, d, ink, paper);
}

/// `seat`'s piece: South a disc, West a ring, North a square, East an outlined square
/// with a dot.
pub fn piece(f: &mut Frame, seat: Seat, centre: Point, d: u32, ink: BinaryColor, paper: BinaryColor) {
    let halo = d + 4;
    let _ = Circle::with_center(centre, halo).into_styled(PrimitiveStyle::with_fill(paper)).draw(f);
    let stroke = (d / 6).max(1);
    let side = d.saturating_sub(2).max(1);
    let square = Rectangle::with_center(centre, Size::new(side, side));
    match seat {
        Seat::South => {
            let _ = Circle::with_center(centre, d).into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
        Seat::West => {
            let _ = Circle::with_center(centre, d).into_styled(PrimitiveStyle::with_stroke(ink, stroke)).draw(f);
        }
        Seat::North => {
            let _ = square.into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
        Seat::East => {
            let _ = square.into_styled(PrimitiveStyle::with_stroke(ink, stroke)).draw(f);
            let dot = (d / 4).max(1);
            let _ =
                Rectangle::with_center(centre, Size::new(dot, dot)).into_styled(PrimitiveStyle::with_fill(ink)).draw(f);
        }
    }
}

/// The suits' pips, 7×7, a row a byte (the high bit on the left).
const fn pip(suit: Suit) -> [u8; 7] {
    match suit {
        Suit::Spades => [0x10, 0x38, 0x7c, 0xfe, 0xfe, 0x10, 0x38],
        Suit::Hearts => [0x6c, 0xfe, 0xfe, 0x7c, 0x38, 0x10, 0x00],
        Suit::Clubs => [0x38, 0x38, 0xfe, 0xfe, 0xd6, 0x10, 0x38],
        Suit::Diamonds => [0x10, 0x38, 0x7c, 0xfe, 0x7c, 0x38, 0x10],
    }
}

/// Draws `suit`'s pip with its top-left at `at`.
pub fn suit_pip(f: &mut Frame, suit: Suit, at: Point, color: BinaryColor) {
    let rows = pip(suit);
    let dots = (0..7i32).flat_map(|y| (0..7i32).map(move |x| (x, y))).filter(|&(x, y)| rows[y as usize] & (0x80 >> x) != 0);
    let _ = f.draw_iter(dots.map(|(x, y)| Pixel(Point::new(at.x + x, at.y + y), color)));
}

/// How a rank reads on a card: `A`, `2`–`10`, `J`, `Q`, `K`.
pub fn rank_label(rank: Rank) -> &'static str {
    const LABELS: [&str; 13] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    LABELS.get(rank.number() as usize - 1).copied().unwrap_or("?")
}

/// A card of Chek Nights (N1), 22×24 around `centre`: its rank over its suit's pip.
/// The seats' cards differ as their pieces do: South's is black, West's white, North's
/// white in a thick frame, East's white in a double frame; a face card's rank stands in
/// a box of the other colour.
pub fn card(f: &mut Frame, seat: Seat, rank: Rank, seating: Seating, centre: Point) {
    let rect = Rectangle::with_center(centre, Size::new(22, 24));
    let (body, ink) = card_colours(seat);
    let _ = rect.into_styled(PrimitiveStyle::with_fill(body)).draw(f);
    outline(f, rect, 1, INK);
    match seat {
        Seat::North => outline(f, rect.offset(-1), 2, INK),
        Seat::East => outline(f, rect.offset(-2), 1, INK),
        _ => {}
    }
    let top = rect.top_left.y;
    let label = rank_label(rank);
    if rank.is_face() {
        fill(f, centre.x - 5, top + 2, 11, 14, ink);
        text_centred(f, label, centre.x + 1, top + 2, BOLD, body);
    } else {
        text_centred(f, label, centre.x + 1, top + 2, BOLD, ink);
    }
    suit_pip(f, Suit::of(seat, seating), Point::new(centre.x - 3, top + 16), ink);
}

/// A seat's card colours, the body and what is drawn on it: South's black, the
/// others' white.
fn card_colours(seat: Seat) -> (BinaryColor, BinaryColor) {
    if seat == Seat::South {
        (INK, PAPER)
    } else {
        (PAPER, INK)
    }
}

/// A card shrinking away: a blank card `d` pixels high in its seat's colours.
pub fn card_back(f: &mut Frame, seat: Seat, centre: Point, d: u32) {
    let rect = Rectangle::with_center(centre, Size::new(d * 22 / 24, d));
    let (body, _) = card_colours(seat);
    let _ = rect.into_styled(PrimitiveStyle::with_fill(body)).draw(f);
    outline(f, rect, 1, INK);
}

/// A small board preview of a setup's starting pieces, top-left at `at`; in Chek
/// Nights small cards, face down.
pub fn preview(f: &mut Frame, variant: usize, setup: usize, at: Point) {
    let cards = Variant::ALL.get(variant).is_some_and(|v| v.has_cards());
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
        match start.seat_at(sq) {
            Some(seat) if cards => card_back(f, seat, Point::new(px + cell / 2, py + cell / 2), 11),
            Some(seat) => piece(f, seat, Point::new(px + cell / 2, py + cell / 2), 9, INK, PAPER),
            None => {}
        }
    }
}

/// The four seats' pieces in a row under the title.
pub fn strip(f: &mut Frame, y: i32) {
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        piece(f, seat, Point::new(155 + i as i32 * 30, y), 19, INK, PAPER);
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
                piece(f, seat, centre, 13, INK, PAPER);
            } else if ch == 'x' {
                piece(f, Seat::North, centre, 13, INK, PAPER);
                outline(f, rect, 2, INK);
            }
        }
    }
    let w = rows.first().map_or(0, |r| r.len()) as u32 * cell as u32;
    let h = rows.len() as u32 * cell as u32;
    outline(f, Rectangle::new(Point::new(at.x - 1, at.y - 1), Size::new(w + 2, h + 2)), 1, INK);
}

/// A diagram of Chek Nights' cards: each row a list of two-character cards (`SK`, `N9`)
/// or `..` for an empty square, separated by spaces; a card written `*N9` is contested
/// (framed); the suits are those of a table of two. Top-left at `at`.
pub fn card_diagram(f: &mut Frame, rows: &[&str], at: Point) {
    let cell = 26;
    let mut width = 0;
    for (r, row) in rows.iter().enumerate() {
        for (c, token) in row.split(' ').enumerate() {
            width = width.max(c as i32 + 1);
            let px = at.x + c as i32 * cell;
            let py = at.y + r as i32 * cell;
            let rect = Rectangle::new(Point::new(px, py), Size::new(cell as u32, cell as u32));
            if (r + c) % 2 == 1 {
                dither(f, rect);
            }
            let framed = token.starts_with('*');
            let mut chars = token.trim_start_matches('*').chars();
            let (seat, rank) = (chars.next().and_then(Seat::from_char), chars.next().and_then(Rank::from_char));
            if let (Some(seat), Some(rank)) = (seat, rank) {
                card(f, seat, rank, Seating::Two, Point::new(px + cell / 2, py + cell / 2));
            }
            if framed {
                outline(f, rect, 2, INK);
            }
        }
    }
    let h = rows.len() as u32 * cell as u32;
    outline(f, Rectangle::new(Point::new(at.x - 1, at.y - 1), Size::new(width as u32 * cell as u32 + 2, h + 2)), 1, INK);
}
