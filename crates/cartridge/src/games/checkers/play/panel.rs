//! The Checkers side panel: whose turn, "must capture", the pieces, kings and
//! captures of both sides, the move being entered or the last one, how near a draw
//! is, and what A, B and the crank do; the last-move line; the score sheet.

use alloc::format;
use alloc::string::String;

use chek_ui::widgets::{seat_icon, seat_line};
use chek_ui::widgets::{Hints, rounded_box, text, text_right, BOLD, INK, PAPER, SMALL};
use chek_ui::{Frame, View};
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::super::rules::{Side, State, QUIET_DRAW_PLIES, REPETITION_DRAW};
use super::super::INFO;
use super::board::LAYOUT;
use super::{CheckersPlay, Mode};
use crate::duel::panel;

/// The quiet count is shown from here on (K9).
pub const QUIET_SHOWN_FROM: u8 = 20;

/// Draws the panel beside the board.
pub fn draw(f: &mut Frame, play: &CheckersPlay, view: &View) {
    let x = panel::MARGIN;
    let state = play.state();
    let warning = state.must_capture().then_some("Must capture!");
    panel::head(f, play, warning);
    sides(f, state, x, 40, x + 160);
    move_box(f, play, x, 92);
    let draws = panel::Draws {
        quiet_label: "No capture, no man",
        quiet: state.quiet(),
        shown_from: QUIET_SHOWN_FROM,
        limit: QUIET_DRAW_PLIES,
        twice: state.repetitions() + 1 == REPETITION_DRAW,
    };
    panel::foot(f, x, 160, draws, hints(play), view);
}

/// Each side's pieces, kings and captures, the table's right edge at `right`.
fn sides(f: &mut Frame, state: &State, x: i32, y: i32, right: i32) {
    text_right(f, "pieces kings taken", right, y, SMALL, INK);
    for (i, side) in Side::ALL.into_iter().enumerate() {
        let row = y + 13 + i as i32 * 14;
        seat_icon(f, &INFO, side.seat(), x, row);
        text(f, side.name(), x + 15, row + 1, SMALL, INK);
        let (pieces, kings, taken) = counts(state, side);
        text_right(f, &format!("{pieces:>2} {kings:>5} {taken:>5}"), right, row + 1, SMALL, INK);
    }
}

/// `side`'s pieces, kings, and the pieces it has taken (of the other side's 12).
fn counts(state: &State, side: Side) -> (u32, u32, u32) {
    let board = state.board();
    let own = board.pieces(side);
    (own.count_ones(), (own & board.kings).count_ones(), 12u32.saturating_sub(board.pieces(side.other()).count_ones()))
}

/// The move being entered (its path so far), or the last move.
fn move_box(f: &mut Frame, play: &CheckersPlay, x: i32, y: i32) {
    let rect = Rectangle::new(Point::new(x - 1, y), Size::new(LAYOUT.panel_width() as u32 - 6, 58));
    rounded_box(f, rect, PAPER);
    let (dx, dy) = (x + 6, y + 7);
    match &play.board.mode {
        Mode::Aim { from, path, .. } => {
            let capture = play.state().must_capture();
            text(f, if capture { "Capturing" } else { "Moving" }, dx, dy, BOLD, INK);
            let sep = if capture { "x" } else { "-" };
            let mut written = format!("{from}");
            for sq in path {
                written.push_str(&format!("{sep}{sq}"));
            }
            written.push_str(sep);
            written.push('?');
            text(f, &written, dx, dy + 17, SMALL, INK);
            if capture {
                let taken = play.jumped(*from, path).len();
                text(f, &format!("{taken} taken so far"), dx, dy + 30, SMALL, INK);
            }
        }
        Mode::Browse => match play.last_played() {
            Some((side, mv)) => {
                seat_line(f, &INFO, side.seat(), &format!("{} played", side.name()), dx, dy, BOLD);
                text(f, &format!("{mv}"), dx, dy + 17, SMALL, INK);
                if mv.is_capture() {
                    let n = mv.jumps();
                    text(f, &format!("took {n} piece{}", if n == 1 { "" } else { "s" }), dx, dy + 30, SMALL, INK);
                }
            }
            None => {
                let state = play.state();
                let first = format!("{} moves first.", state.rules().first().name());
                text(f, &first, dx, dy, SMALL, INK);
                text(f, "Captures are a must.", dx, dy + 13, SMALL, INK);
                if !state.rules().far_row_wins() {
                    text(f, "The far row wins nothing.", dx, dy + 26, SMALL, INK);
                }
            }
        },
    }
}

fn hints(play: &CheckersPlay) -> Hints {
    if let Some(cpu) = play.cpu_hints() {
        return cpu;
    }
    match &play.board.mode {
        Mode::Browse => Hints { progress: None,
            a: if play.hand_on_movable() { "pick up piece" } else { "(a piece that moves)" },
            b: "-",
            crank: "next piece",
            dpad: "move the hand",
        },
        Mode::Aim { from, path, .. } => {
            let back = if path.is_empty() { "put back" } else { "undo landing" };
            let done = play.selected_landing().is_some_and(|sq| {
                let mut longer = path.clone();
                let _ = longer.try_push(sq);
                play.completed(*from, &longer).is_some()
            });
            Hints { progress: None, a: if done { "move here" } else { "land here" }, b: back, crank: "next landing", dpad: "pick a landing" }
        }
    }
}

/// The line under the board: the last move.
pub fn draw_last_move(f: &mut Frame, play: &CheckersPlay) {
    let y = LAYOUT.line_y();
    let line: String = match play.last_played() {
        Some((side, mv)) => format!("Last: {} {mv}", side.name()),
        None => String::from("Last: -"),
    };
    text(f, &line, 3, y, SMALL, INK);
}

/// The score sheet: both sides' pieces, kings and captures.
pub fn score_sheet(f: &mut Frame, state: &State, at: Point) {
    text(f, "Checkers", at.x, at.y, SMALL, INK);
    sides(f, state, at.x, at.y, at.x + 170);
}
