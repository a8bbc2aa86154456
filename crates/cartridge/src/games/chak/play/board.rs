//! Drawing the Chak board: the squares, the river and both temples, the pieces, the
//! last move, check, and the piece held with its targets.

use alloc::format;

use chek_ui::layout::BoardLayout;
use chek_ui::widgets::{brackets, disc, hand, outline, text, INK, PAPER, SMALL};
use chek_ui::{Frame, View};
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::super::art::{piece, temple};
use super::super::rules::{moves, Board, Side, Square};
use super::{ChakPlay, Mode, PICKER};

/// The board on the screen: 9×9 squares of 26 pixels.
pub const LAYOUT: BoardLayout = BoardLayout::fit(9, 9);

/// The square's rectangle on the screen.
pub fn cell_rect(sq: Square) -> Rectangle {
    LAYOUT.cell_rect(sq.file(), sq.rank())
}

fn centre(sq: Square) -> Point {
    LAYOUT.cell_centre(sq.file(), sq.rank())
}

/// Draws the board with everything on it.
pub fn draw(f: &mut Frame, play: &ChakPlay, _view: &View) {
    let state = play.state();
    // The piece held is drawn on its target, as it would arrive (its + form after
    // crossing, the picker's choice on the last rank).
    let mut board = *state.board();
    let held = match play.board.mode {
        Mode::Aim { from, .. } => Some((from, play.selected_target(), None)),
        Mode::Promote { from, to, index } => Some((from, Some(to), PICKER.get(index).copied())),
        Mode::Browse => None,
    };
    if let Some((from, Some(to), promotion)) = held {
        if let Some(p) = board.at(from) {
            board.put(Some(from), None);
            board.put(Some(to), Some(moves::arriving(p, from, to, promotion)));
        }
    }
    squares(f);
    if held.is_none() {
        last_move(f, play);
    }
    if let Some((from, ..)) = held {
        let _ = f.fill_solid(&cell_rect(from).offset(-2), INK);
    }
    if let Some(ajaw) = state.board().ajaw(state.to_move()).filter(|_| state.in_check()) {
        let at = if held.is_some_and(|(from, ..)| from == ajaw) { play.selected_target().unwrap_or(ajaw) } else { ajaw };
        check_mark(f, at);
    }
    pieces(f, &board);
    if let Some((from, target, _)) = held {
        targets(f, play, from, &board);
        match (target, play.cursor()) {
            (Some(to), _) => {
                let r = cell_rect(to).offset(1);
                outline(f, r, 3, INK);
                outline(f, r.offset(-3), 1, PAPER);
            }
            // The cursor off the targets: a thin frame (A does nothing there).
            (None, Some(at)) => {
                outline(f, cell_rect(at).offset(-1), 1, INK);
                outline(f, cell_rect(at).offset(-2), 1, PAPER);
            }
            (None, None) => {}
        }
    }
    if !play.cpu_to_move() || play.cpu_move().is_some() {
        let tip = centre(play.board.hand);
        hand(f, Point::new(tip.x + 4, tip.y + 6));
    }
}

/// The squares (every other one lightly dotted), the temples, the river, the frame and
/// the rank numbers.
fn squares(f: &mut Frame) {
    for sq in Square::all() {
        let rect = cell_rect(sq);
        if (sq.file() + sq.rank()) % 2 == 1 {
            let dots = rect.points().filter(|p| p.x % 3 == 0 && p.y % 3 == 0).map(|p| Pixel(p, INK));
            let _ = f.draw_iter(dots);
        }
    }
    for side in Side::ALL {
        temple(f, cell_rect(side.temple()));
    }
    outline(f, LAYOUT.board_rect().offset(1), 1, INK);
    river(f);
    let (cell, origin) = (LAYOUT.cell, LAYOUT.origin);
    for i in 0..9u8 {
        text(f, &format!("{}", 9 - i), 3, origin.y + i as i32 * cell + cell / 2 - 5, SMALL, INK);
        let x = origin.x + i as i32 * cell + cell / 2 - 2;
        text(f, &format!("{}", char::from(b'a' + i)), x, LAYOUT.letters_y(), SMALL, INK);
    }
}

/// The river between ranks 5 and 6 (A2): a wavy band across the board.
fn river(f: &mut Frame) {
    let y = LAYOUT.origin.y + 4 * LAYOUT.cell;
    let (x0, x1) = (LAYOUT.origin.x, LAYOUT.origin.x + 9 * LAYOUT.cell);
    let _ = f.fill_solid(&Rectangle::new(Point::new(x0, y - 2), Size::new((x1 - x0) as u32, 5)), PAPER);
    for x in x0..x1 {
        let wave = [0, 1, 1, 0, -1, -1][(x % 6) as usize];
        let _ = Pixel(Point::new(x, y - 1 + wave), INK).draw(f);
        let _ = Pixel(Point::new(x, y + 1 + wave), INK).draw(f);
    }
}

fn pieces(f: &mut Frame, board: &Board) {
    for sq in Square::all() {
        if let Some(p) = board.at(sq) {
            piece(f, p, centre(sq) + Point::new(0, 1), 1);
        }
    }
}

/// The last move: a hollow square where the piece started, corner ticks where it went.
fn last_move(f: &mut Frame, play: &ChakPlay) {
    let Some(mv) = play.record().last() else { return };
    let mark = Rectangle::with_center(centre(mv.from()), Size::new(9, 9));
    let _ = f.fill_solid(&mark, PAPER);
    outline(f, mark, 1, INK);
    brackets(f, cell_rect(mv.to()), 5);
}

/// The Ajaw in check (A5): its square framed twice.
fn check_mark(f: &mut Frame, sq: Square) {
    let r = cell_rect(sq);
    let _ = f.fill_solid(&r, INK);
    let _ = f.fill_solid(&r.offset(-2), PAPER);
    let dots = r.offset(-2).points().filter(|p| (p.x + p.y) % 2 == 0).map(|p| Pixel(p, INK));
    let _ = f.draw_iter(dots);
}

/// The targets of the piece held: a dot on an empty square, corners on a piece it
/// would take.
fn targets(f: &mut Frame, play: &ChakPlay, from: Square, board: &Board) {
    let selected = play.selected_target();
    for to in play.targets(from) {
        if Some(to) == selected {
            continue;
        }
        if board.at(to).is_some() {
            brackets(f, cell_rect(to), 7);
        } else {
            disc(f, centre(to), 9, PAPER);
            disc(f, centre(to), 5, INK);
        }
    }
}
