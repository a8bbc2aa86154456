//! The Chak side panel: whose turn, check, the pieces each side has taken, the piece
//! held and its target, the promotion picker, the last move, how near a draw is, and
//! what A, B and the crank do; the last-move line; the score sheet.

use alloc::format;
use alloc::string::String;

use chek_ui::widgets::seat_line;
use chek_ui::widgets::{Hints, outline, rounded_box, text, BOLD, INK, PAPER, SMALL};
use chek_ui::{Frame, View};
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

use super::super::art::piece;
use super::super::cpu::eval::value;
use super::super::record::ChakRecord;
use super::super::rules::{Piece, Side, State, QUIET_DRAW_PLIES, REPETITION_DRAW};
use super::super::INFO;
use super::board::LAYOUT;
use super::{ChakPlay, Mode, PICKER};
use crate::duel::panel;

/// The quiet count is shown from here on (A7).
pub const QUIET_SHOWN_FROM: u8 = 40;

/// Draws the panel beside the board.
pub fn draw(f: &mut Frame, play: &ChakPlay, view: &View) {
    let x = panel::MARGIN;
    let state = play.state();
    let check = (state.in_check() && state.end().is_none()).then_some("Check!");
    panel::head(f, play, check);
    taken(f, play.record(), x, 40);
    move_box(f, play, x, 98);
    let draws = panel::Draws {
        quiet_label: "No capture, no pawn",
        quiet: state.quiet(),
        shown_from: QUIET_SHOWN_FROM,
        limit: QUIET_DRAW_PLIES,
        twice: state.repetitions() + 1 == REPETITION_DRAW,
    };
    panel::foot(f, x, 164, draws, hints(play), view);
}

/// The letters of the pieces a side has taken, most valuable first (`+` for a + form).
fn taken_letters(game: &ChakRecord, by: Side) -> String {
    let mut pieces: alloc::vec::Vec<Piece> = game.notes().iter().copied().filter(|p| p.side != by).collect();
    chek_ai::sort_by_key(&mut pieces, |p| -value(*p));
    let mut letters = String::new();
    for p in pieces {
        if p.plus {
            letters.push('+');
        }
        letters.push(char::from(p.kind.letter()));
    }
    letters
}

/// What each side has taken, and the material balance.
fn taken(f: &mut Frame, game: &ChakRecord, x: i32, y: i32) {
    text(f, "Taken", x, y, SMALL, INK);
    for (i, side) in Side::ALL.into_iter().enumerate() {
        let row = y + 12 + i as i32 * 22;
        seat_line(f, &INFO, side.seat(), side.name(), x, row, SMALL);
        let letters = taken_letters(game, side);
        let shown = if letters.is_empty() { String::from("-") } else { letters };
        let (first, rest) = shown.split_at(shown.len().min(26));
        text(f, first, x + 2, row + 11, SMALL, INK);
        if !rest.is_empty() {
            text(f, "...", x + 2 + 4 * 26, row + 11, SMALL, INK);
        }
    }
}

/// The piece held and its target, the picker, or the last move.
fn move_box(f: &mut Frame, play: &ChakPlay, x: i32, y: i32) {
    let rect = Rectangle::new(Point::new(x - 1, y), Size::new(LAYOUT.panel_width() as u32 - 6, 62));
    rounded_box(f, rect, PAPER);
    let (dx, dy) = (x + 6, y + 6);
    let board = play.state().board();
    match play.board.mode {
        Mode::Aim { from, .. } => {
            let name = board.at(from).map_or("", |p| p.kind.name());
            text(f, &format!("{name} {from}"), dx, dy, BOLD, INK);
            if play.selected_target().is_none() {
                text(f, "(not a target)", dx, dy + 17, SMALL, INK);
            }
            if let Some(to) = play.selected_target() {
                let what = match board.at(to) {
                    Some(p) => format!("to {to}, takes {}", p.kind.name()),
                    None => format!("to {to}"),
                };
                text(f, &what, dx, dy + 17, SMALL, INK);
                let crosses = board.at(from).is_some_and(|p| {
                    !p.plus && p.kind != super::super::rules::Kind::Pawn
                        && super::super::rules::moves::crosses(p.side, from, to)
                });
                if crosses {
                    text(f, "crosses: becomes +", dx, dy + 30, SMALL, INK);
                }
            }
        }
        Mode::Promote { to, index, .. } => {
            text(f, &format!("Pawn to {to} becomes"), dx, dy, SMALL, INK);
            let side = play.state().to_move();
            for (i, kind) in PICKER.into_iter().enumerate() {
                let c = Point::new(dx + 12 + i as i32 * 30, dy + 26);
                piece(f, Piece { side, kind, plus: true }, c, 1);
                if i == index {
                    outline(f, Rectangle::with_center(c, Size::new(27, 27)), 2, INK);
                }
            }
            let name = PICKER.get(index).map_or("", |k| k.name());
            text(f, &format!("{name}+"), dx, dy + 41, SMALL, INK);
        }
        Mode::Browse => match play.last_played() {
            Some((side, mv)) => {
                seat_line(f, &INFO, side.seat(), &format!("{} played", side.name()), dx, dy, BOLD);
                text(f, &format!("{mv}"), dx, dy + 17, SMALL, INK);
            }
            None => {
                text(f, "White moves first.", dx, dy, SMALL, INK);
                text(f, "Cross the river: +.", dx, dy + 12, SMALL, INK);
                text(f, "Win by mate, or by", dx, dy + 24, SMALL, INK);
                text(f, "+K on the temple.", dx, dy + 36, SMALL, INK);
            }
        },
    }
}

fn hints(play: &ChakPlay) -> Hints {
    if let Some(cpu) = play.cpu_hints() {
        return cpu;
    }
    match play.board.mode {
        Mode::Browse => Hints { progress: None,
            a: if play.hand_on_movable() { "pick up piece" } else { "(a piece that moves)" },
            b: "-",
            crank: "next piece",
            dpad: "move the hand",
        },
        Mode::Aim { .. } => Hints { progress: None,
            a: if play.selected_target().is_some() { "move here" } else { "-" },
            b: "put back",
            crank: "next target",
            dpad: "move the cursor",
        },
        Mode::Promote { .. } => Hints { progress: None, a: "promote", b: "back", crank: "next choice", dpad: "next choice" },
    }
}

/// The line under the board, when there is room: the last move.
pub fn draw_last_move(f: &mut Frame, play: &ChakPlay) {
    if !LAYOUT.room_under {
        return;
    }
    let line: String = match play.last_played() {
        Some((side, mv)) => format!("Last: {} {mv}", side.name()),
        None => String::from("Last: -"),
    };
    text(f, &line, 3, LAYOUT.line_y(), SMALL, INK);
}

/// The score sheet: each side's material on the board.
pub fn score_sheet(f: &mut Frame, state: &State, at: Point) {
    text(f, "Chak: pieces (worth in pawns)", at.x, at.y, SMALL, INK);
    for (i, side) in Side::ALL.into_iter().enumerate() {
        let row = at.y + 13 + i as i32 * 14;
        let worth: i32 = state.board().pieces(side).map(|(_, p)| value(p)).sum();
        let count = state.board().pieces(side).count();
        let line = format!("{}: {count} ({}.{})", side.name(), worth / 100, worth % 100 / 10);
        seat_line(f, &INFO, side.seat(), &line, at.x, row, SMALL);
    }
}
