//! Checkers' rules pages (K1–K10 in a player's words, and what English draughts
//! changes, KE1–KE2), with diagrams.

use alloc::format;
use alloc::string::String;

use chek_ui::{Frame, Line, RulePage};
use embedded_graphics::prelude::Point;

use super::art::diagram;
use super::rules::QUIET_DRAW_PLIES;
use crate::duel::pages::{DOCK, OFFER_DRAW, PICK_UP};
use Line::{Made, Text};

fn moving_picture(f: &mut Frame, at: Point) {
    diagram(f, &["o o ", " l .", ". . "], at);
}

fn capturing_picture(f: &mut Frame, at: Point) {
    diagram(f, &[". . o", " . d ", ". o .", " d . ", "l . ."], at);
}

fn kings_picture(f: &mut Frame, at: Point) {
    diagram(f, &["o o", " L ", "o o"], at);
}

fn winning_picture(f: &mut Frame, at: Point) {
    diagram(f, &["L L ", " . .", ". d "], at);
}

/// Dark's last man cannot move: its step and its jump both land on Light's men.
fn blocked_picture(f: &mut Frame, at: Point) {
    diagram(f, &[" . d", ". l ", " l ."], at);
}

fn quiet_line() -> String {
    format!("after {} moves each without a", QUIET_DRAW_PLIES / 2)
}

const MOVING: RulePage = RulePage {
    title: "Moving",
    lines: &[
        Text("Light moves first, then turns"),
        Text("alternate. A man moves one square"),
        Text("diagonally forward, onto an empty"),
        Text("dark square."),
        Text(""),
        Text("The dark squares are numbered"),
        Text("1-32 from Light's side: 1 is b8,"),
        Text("32 is g1. Moves are written 11-15."),
    ],
    picture: Some(moving_picture),
};

static ENGLISH_PAGES: [RulePage; 6] = [
    RulePage {
        title: "English draughts",
        lines: &[
            Text("The game as clubs play it:"),
            Text("Dark moves first, then turns"),
            Text("alternate. A man moves one square"),
            Text("diagonally forward, onto an empty"),
            Text("dark square. The dark squares are"),
            Text("numbered 1-32 from Light's side:"),
            Text("1 is b8, 32 is g1. Moves are"),
            Text("written 11-15."),
        ],
        picture: Some(moving_picture),
    },
    PAGES[1],
    PAGES[2],
    RulePage {
        title: "Winning",
        lines: &[
            Text("You win when, after your move:"),
            Text("- the other side has no pieces, or"),
            Text("- the other side cannot move."),
            Text(""),
            Text("Reaching the far row wins nothing"),
            Text("by itself here: that is the"),
            Text("rulebook's game."),
        ],
        picture: Some(blocked_picture),
    },
    PAGES[4],
    PAGES[5],
];

static PAGES: [RulePage; 6] = [
    MOVING,
    RulePage {
        title: "Capturing",
        lines: &[
            Text("Jump an enemy piece next to yours"),
            Text("onto the empty square beyond: it"),
            Text("is taken. If you can capture, you"),
            Text("must (any capture you choose)."),
            Text("After a jump the same piece jumps"),
            Text("again while it can, changing"),
            Text("direction if need be. Men jump"),
            Text("forward only. Written 18x11x4."),
        ],
        picture: Some(capturing_picture),
    },
    RulePage {
        title: "Kings",
        lines: &[
            Text("A man that reaches the far row is"),
            Text("crowned: a crown marks a king."),
            Text("Crowned by a capture, it stops"),
            Text("there for this move."),
            Text(""),
            Text("A king moves and jumps one square"),
            Text("diagonally either way, forward and"),
            Text("back in the same capture."),
        ],
        picture: Some(kings_picture),
    },
    RulePage {
        title: "Winning",
        lines: &[
            Text("You win when, after your move:"),
            Text("- the other side has no pieces,"),
            Text("- the other side cannot move, or"),
            Text("- every piece you have left stands"),
            Text("  on the other side's back row"),
            Text("  (four squares: so four pieces"),
            Text("  or fewer)."),
        ],
        picture: Some(winning_picture),
    },
    RulePage {
        title: "Draws",
        lines: &[
            OFFER_DRAW,
            Text("The game is drawn by itself"),
            Made(quiet_line),
            Text("capture or a man moving, or when"),
            Text("the same position, same side to"),
            Text("move, comes a third time."),
        ],
        picture: None,
    },
    RulePage {
        title: "Controls",
        lines: &[
            PICK_UP,
            Text("where it lands, and A confirms:"),
            Text("a multi-jump one landing at a time."),
            Text("B takes back the last landing, or"),
            Text("puts the piece back."),
            DOCK,
        ],
        picture: None,
    },
];

/// The pages of a variant: the rulebook's game, or English draughts.
pub fn pages(variant: usize) -> &'static [RulePage] {
    match variant {
        1 => &ENGLISH_PAGES,
        _ => &PAGES,
    }
}
