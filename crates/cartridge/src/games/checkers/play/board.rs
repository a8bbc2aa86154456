//! Drawing the Checkers board: dark squares with their numbers, the pieces, the last
//! move, the pieces that must capture, and the move being entered.

use alloc::format;
use alloc::vec::Vec;

use chek_ui::layout::BoardLayout;
use chek_ui::widgets::{brackets, disc, hand, line, outline, text, text_centred, INK, PAPER, SMALL};
use chek_ui::{Frame, View};
use embedded_graphics::mono_font::ascii::FONT_4X6;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::super::art::{dark_square, piece};
use super::super::rules::{Board, Square};
use super::{CheckersPlay, Cell, Mode};

/// The board on the screen: 8×8 squares of 26 pixels.
pub const LAYOUT: BoardLayout = BoardLayout::fit(8, 8);
/// A piece's diameter on the board.
const PIECE: u32 = 20;

fn cell_rect(cell: Cell) -> Rectangle {
    LAYOUT.cell_rect(cell.file, cell.rank)
}

fn centre(square: Square) -> Point {
    LAYOUT.cell_centre(square.file(), square.rank())
}

/// Draws the board with everything on it.
pub fn draw(f: &mut Frame, play: &CheckersPlay, _view: &View) {
    let state = play.state();
    let aim = match &play.board.mode {
        Mode::Aim { from, path, .. } => Some((*from, path.clone())),
        Mode::Browse => None,
    };
    // The piece being moved is drawn where the path has taken it.
    let mut board = *state.board();
    let moving = aim.as_ref().and_then(|(from, path)| Some((*from, *path.last()?)));
    if let Some((from, to)) = moving {
        let (side, king) = board.at(from).unwrap_or((state.to_move(), false));
        *board.pieces_mut(side) = (board.pieces(side) & !from.bit()) | to.bit();
        if king {
            board.kings = (board.kings & !from.bit()) | to.bit();
        }
    }
    squares(f, &board);
    if aim.is_none() {
        last_move(f, play);
    }
    pieces(f, &board);
    match aim {
        Some((from, path)) => entering(f, play, from, &path),
        None if play.cpu.is_none() && state.must_capture() => {
            for sq in Square::each(state.movable()) {
                brackets(f, cell_rect(Cell::of(sq)), 6);
            }
        }
        None => {}
    }
    if !play.cpu_to_move() || play.cpu.as_ref().is_some_and(|c| c.decided.is_some()) {
        let tip = LAYOUT.cell_centre(play.board.hand.file, play.board.hand.rank);
        hand(f, Point::new(tip.x + 2, tip.y + 4));
    }
}

/// The squares, their numbers (on empty dark squares), the frame and the labels.
fn squares(f: &mut Frame, board: &Board) {
    for sq in Square::all() {
        let rect = cell_rect(Cell::of(sq));
        dark_square(f, rect);
        if board.at(sq).is_none() {
            let label = format!("{}", sq.number());
            let x = rect.top_left.x + 2;
            let y = rect.top_left.y + 2;
            let w = 4 * label.len() as u32 + 1;
            let _ = f.fill_solid(&Rectangle::new(Point::new(x - 1, y - 1), Size::new(w, 8)), PAPER);
            text(f, &label, x, y, &FONT_4X6, INK);
        }
    }
    outline(f, LAYOUT.board_rect().offset(1), 1, INK);
    let (cell, origin) = (LAYOUT.cell, LAYOUT.origin);
    for i in 0..8u8 {
        let file = format!("{}", char::from(b'a' + i));
        text_centred(f, &file, origin.x + i as i32 * cell + cell / 2, origin.y + 8 * cell + 2, SMALL, INK);
        let rank = format!("{}", char::from(b'8' - i));
        text(f, &rank, 3, origin.y + i as i32 * cell + 8, SMALL, INK);
    }
}

fn pieces(f: &mut Frame, board: &Board) {
    for sq in Square::each(board.occupied()) {
        if let Some((side, king)) = board.at(sq) {
            piece(f, side, king, centre(sq), PIECE, INK, PAPER);
        }
    }
}

/// The last move: a small square where the piece started, its path, and a cross where each
/// captured piece stood.
fn last_move(f: &mut Frame, play: &CheckersPlay) {
    let Some(mv) = play.record().last() else { return };
    let mut at = centre(mv.from());
    let mark = Rectangle::with_center(at, Size::new(11, 11));
    let _ = f.fill_solid(&mark, PAPER);
    outline(f, mark, 1, INK);
    for landing in mv.landings() {
        let to = centre(landing);
        dotted(f, at, to);
        at = to;
    }
    for sq in mv.captured_squares() {
        cross(f, centre(sq), 5);
    }
}

/// The move being entered: the start square, the path so far, the pieces it has
/// jumped (crossed out), where it can land next, and the selection.
fn entering(f: &mut Frame, play: &CheckersPlay, from: Square, path: &[Square]) {
    let home = centre(from);
    outline(f, cell_rect(Cell::of(from)).offset(-3), 1, INK);
    let mut at = home;
    for &landing in path {
        let to = centre(landing);
        line(f, at, to, 1, INK);
        at = to;
    }
    for sq in play.jumped(from, path) {
        cross(f, centre(sq), 7);
    }
    // The held piece on an ink square.
    let here = path.last().copied().unwrap_or(from);
    let (side, king) = play.state().board().at(from).unwrap_or((play.state().to_move(), false));
    let _ = f.fill_solid(&cell_rect(Cell::of(here)), INK);
    piece(f, side, king, centre(here), PIECE, INK, PAPER);
    let next = play.next_landings(from, path);
    for &sq in &next {
        disc(f, centre(sq), 11, PAPER);
        disc(f, centre(sq), 7, INK);
    }
    if let Some(sq) = play.selected_landing() {
        let r = cell_rect(Cell::of(sq)).offset(1);
        outline(f, r, 3, INK);
        outline(f, r.offset(-3), 1, PAPER);
    }
}

/// A dotted line from `a` to `b`: every third pixel.
fn dotted(f: &mut Frame, a: Point, b: Point) {
    let steps = (b.x - a.x).abs().max((b.y - a.y).abs()).max(1);
    let dots: Vec<Pixel<_>> = (0..=steps)
        .filter(|i| i % 3 == 0)
        .map(|i| Pixel(Point::new(a.x + (b.x - a.x) * i / steps, a.y + (b.y - a.y) * i / steps), INK))
        .collect();
    let _ = f.draw_iter(dots);
}

/// An X of half-size `r` on a paper ground.
fn cross(f: &mut Frame, c: Point, r: i32) {
    disc(f, c, 2 * r as u32 + 5, PAPER);
    line(f, c - Point::new(r, r), c + Point::new(r, r), 2, INK);
    line(f, c + Point::new(-r, r), c + Point::new(r, -r), 2, INK);
}
