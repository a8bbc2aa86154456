//! Drawing Chek's board: squares, pieces, the marks of what the hand is doing, and the
//! show of a conflict.

use alloc::string::String;
use alloc::vec::Vec;

use chek_rules::{Action, BySeat, Position, Seat, Square, SquareSet};
use chek_ui::layout::BoardLayout;
use chek_ui::widgets::{brackets, disc, dither, hand, outline, text, text_centred, INK, PAPER, SMALL};
use chek_ui::{Frame, View};
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::{ChainOption, ChekPlay, Mode, Show, CAPTURE_MS};
use crate::games::chek::art::{card, card_back, piece};

/// Chek's board on the screen: 8×8 squares of 26 pixels.
pub const LAYOUT: BoardLayout = BoardLayout::fit(8, 8);

/// A square's area.
pub fn square_rect(sq: Square) -> Rectangle {
    LAYOUT.cell_rect(sq.file(), sq.rank())
}

/// A square's centre pixel.
pub fn square_centre(sq: Square) -> Point {
    LAYOUT.cell_centre(sq.file(), sq.rank())
}

/// What to draw on the board besides the pieces.
#[derive(Default)]
pub struct Marks {
    hand: Option<Square>,
    selection: Option<Square>,
    active: Option<Square>,
    moves: Vec<Square>,
    attacks: Vec<Square>,
    links: Vec<Square>,
}

/// A piece shrinking away: its square, its seat, its size now (0: blinked out).
pub type Fading = (Square, Seat, u32);

/// Draws the board of `position` with its pieces (or cards, N1) but those in `pieces`
/// only, the `marks`, and maybe a piece fading out.
pub fn draw(f: &mut Frame, position: &Position, pieces: BySeat<SquareSet>, marks: &Marks, fading: Option<Fading>) {
    // Squares: a1 is dark.
    for sq in Square::all() {
        if (sq.file() + sq.rank()) % 2 == 0 {
            dither(f, square_rect(sq));
        }
    }
    outline(f, LAYOUT.board_rect().offset(1), 1, INK);
    let (cell, origin) = (LAYOUT.cell, LAYOUT.origin);
    for i in 0..8u8 {
        let file: String = [char::from(b'a' + i)].iter().collect();
        text_centred(f, &file, origin.x + i as i32 * cell + cell / 2, origin.y + 8 * cell + 2, SMALL, INK);
        let rank: String = [char::from(b'8' - i)].iter().collect();
        text(f, &rank, 3, origin.y + i as i32 * cell + 8, SMALL, INK);
    }
    // The active piece in a spotlight: the square black to its corners, a white disc,
    // the piece in its own colours on it (an inverted piece would read as another
    // seat's, or as an empty frame).
    if let Some(sq) = marks.active {
        let _ = f.fill_solid(&square_rect(sq), INK);
        disc(f, square_centre(sq), LAYOUT.cell as u32 - 1, PAPER);
    }
    for seat in Seat::ALL {
        for sq in pieces[seat] {
            match position.card_at(sq) {
                Some(rank) => card(f, seat, rank, position.seating(), square_centre(sq)),
                None => piece(f, seat, square_centre(sq), 19, INK, PAPER),
            }
        }
    }
    if let Some((sq, seat, d)) = fading {
        match (d, position.card_at(sq)) {
            (0, _) => {}
            (d, Some(_)) => card_back(f, seat, square_centre(sq), d + 5),
            (d, None) => piece(f, seat, square_centre(sq), d, INK, PAPER),
        }
    }
    for &sq in &marks.moves {
        disc(f, square_centre(sq), 11, PAPER);
        disc(f, square_centre(sq), 7, INK);
    }
    for &sq in &marks.attacks {
        brackets(f, square_rect(sq), 7);
    }
    for &sq in &marks.links {
        let r = square_rect(sq).offset(-2);
        let dots = r.points().filter(|p| {
            let edge = p.x == r.top_left.x
                || p.y == r.top_left.y
                || p.x == r.top_left.x + r.size.width as i32 - 1
                || p.y == r.top_left.y + r.size.height as i32 - 1;
            edge && (p.x + p.y) % 3 == 0
        });
        let _ = f.draw_iter(dots.map(|p| Pixel(p, INK)));
    }
    if let Some(sq) = marks.selection {
        let r = square_rect(sq).offset(1);
        outline(f, r, 3, INK);
        outline(f, r.offset(-3), 1, PAPER);
    }
    if let Some(sq) = marks.hand {
        let c = square_centre(sq);
        hand(f, Point::new(c.x + 2, c.y + 4));
    }
}

/// The marks of the board screen's current mode.
pub fn marks(play: &ChekPlay) -> Marks {
    let mut marks = Marks::default();
    let position = play.position();
    // The CPU's chain decision: its target, from whichever piece of the group.
    if let (Some(chain), Some(action)) = (position.chain(), play.cpu_action()) {
        marks.active = Some(chain.active);
        marks.hand = action.from();
        marks.selection = action.to();
        return marks;
    }
    match play.mode {
        Mode::Browse => marks.hand = Some(play.hand),
        Mode::Aim { from, .. } => {
            marks.hand = Some(from);
            for action in play.aim_actions(from) {
                match action {
                    Action::Move { to, .. } => marks.moves.push(to),
                    Action::Attack { to, .. } | Action::Take { to, .. } => marks.attacks.push(to),
                    Action::End | Action::Pass => {}
                }
            }
            marks.selection = play.aimed_action().and_then(Action::to);
        }
        Mode::Chain { .. } => {
            marks.active = position.chain().map(|c| c.active);
            for option in play.chain_options() {
                match option {
                    ChainOption::Attack(action) => marks.attacks.extend(action.to()),
                    ChainOption::Link(sq) => marks.links.push(sq),
                }
            }
            marks.selection = play.chosen_option().map(ChainOption::square);
        }
    }
    marks
}

/// The board during a conflict: the position before it while the dice roll, then the
/// losing piece shrinking away (blinking too, unless reduce flashing is on). Drawn from
/// the pieces, so every capture shows: a lost chain attack, a chain's last capture, a
/// seat losing its last piece.
pub fn draw_show(f: &mut Frame, show: &Show, view: &View) {
    let elapsed = view.now.wrapping_sub(show.start_ms);
    let before = show.played.before;
    let marks = Marks { selection: show.played.action.to(), ..Marks::default() };
    let pieces = before.raw().pieces;
    let Some((loser, square)) = show.played.loss() else {
        draw(f, &before, pieces, &marks, None);
        return;
    };
    if elapsed < show.roll_ms() {
        draw(f, &before, pieces, &marks, None);
        return;
    }
    let mut without = pieces;
    without[loser] = pieces[loser].without(square);
    let progress = (elapsed - show.roll_ms()).min(CAPTURE_MS);
    let size = 19 - (19 * progress / CAPTURE_MS);
    let blink_off = !view.reduce_flashing && (progress / 80) % 2 == 1;
    draw(f, &before, without, &marks, Some((square, loser, if blink_off { 0 } else { size })));
}
