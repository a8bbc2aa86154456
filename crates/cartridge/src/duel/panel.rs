//! What the panels of Checkers and Chak share: the head (the divider, whose turn and
//! whether a CPU plays it, a warning in reverse such as "Check!") and the foot (how
//! near the draws are, then what the buttons do). Each game draws its own middle.
//! A panel is drawn into its own area ([`Frame::cropped`]): (0, 0) is its top-left
//! corner, on the divider.

use alloc::format;

use chek_ui::catalog::seat_name;
use chek_ui::widgets::seat_line;
use chek_ui::widgets::{fill, line, panel_hints, text, text_centred, Hints, BOLD, INK, PAPER, SMALL};
use chek_ui::{Frame, View};

use super::{Board, Duel};
use embedded_graphics::prelude::*;

/// The panel's divider, whose turn it is (and whether a CPU plays that seat) and,
/// under it, `warning` in reverse across the panel.
pub fn head<B: Board>(f: &mut Frame, play: &Duel<B>, warning: Option<&str>) {
    let (x, width) = (MARGIN, f.size().width as i32 - 2 * MARGIN);
    line(f, Point::zero(), Point::new(0, f.size().height as i32 - 1), 1, INK);
    match play.seat_to_move() {
        Some(seat) => {
            let cpu = if play.kinds()[seat].is_cpu() { " (CPU)" } else { "" };
            seat_line(f, B::INFO, seat, &format!("{}'s turn{cpu}", seat_name(B::INFO, seat)), x, 3, BOLD);
        }
        None => {
            text(f, "Game over", x, 3, BOLD, INK);
        }
    }
    if let Some(warning) = warning {
        fill(f, x, 20, width as u32, 14, INK);
        text_centred(f, warning, x + width / 2, 21, BOLD, PAPER);
    }
}

/// The panel's text starts this far right of the divider.
pub const MARGIN: i32 = 4;

/// How near a two-seat game's draws are (K9, A7).
#[derive(Clone, Copy, Debug)]
pub struct Draws<'a> {
    /// What the quiet count counts ("No capture, no man").
    pub quiet_label: &'a str,
    /// The quiet count now.
    pub quiet: u8,
    /// The count is shown from here on.
    pub shown_from: u8,
    /// The count that draws.
    pub limit: u8,
    /// Whether the position now has been seen once before and a third time draws.
    pub twice: bool,
}

/// The foot of the panel from `y`: the draws when near, then the hints (if shown).
pub fn foot(f: &mut Frame, x: i32, mut y: i32, draws: Draws<'_>, hints: Hints, view: &View) {
    if draws.quiet >= draws.shown_from {
        text(f, &format!("{}: {}/{}", draws.quiet_label, draws.quiet, draws.limit), x, y, SMALL, INK);
        y += 11;
    }
    if draws.twice {
        text(f, "This position: twice", x, y, SMALL, INK);
    }
    if view.hints {
        panel_hints(f, x, hints, view.crank_docked);
    }
}
