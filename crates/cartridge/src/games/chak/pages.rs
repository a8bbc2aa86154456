//! Chak's rules pages (A1–A8 in a player's words), with the pieces drawn large.

use chek_ui::widgets::{text, INK, SMALL};
use chek_ui::{Frame, Line, RulePage};
use embedded_graphics::prelude::Point;

use super::art::piece;
use crate::duel::pages::{DOCK, OFFER_DRAW, PICK_UP};
use super::rules::{Kind, Piece, Side};
use Line::Text;

/// Three kinds large (16×16 glyphs at twice the size), base form over + form, each
/// with its letter.
fn kinds_picture(f: &mut Frame, at: Point, kinds: [Kind; 3]) {
    for (i, kind) in kinds.into_iter().enumerate() {
        let x = at.x + 16 + i as i32 * 36;
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        piece(f, Piece { side, kind, plus: false }, Point::new(x, at.y + 18), 2);
        piece(f, Piece { side, kind, plus: true }, Point::new(x, at.y + 62), 2);
        let letter = char::from(kind.letter());
        text(f, &alloc::format!("{letter} {letter}+"), x - 8, at.y + 84, SMALL, INK);
    }
}

fn royal_picture(f: &mut Frame, at: Point) {
    kinds_picture(f, at, [Kind::Ajaw, Kind::Shaman, Kind::Pawn]);
}

fn fliers_picture(f: &mut Frame, at: Point) {
    kinds_picture(f, at, [Kind::Vulture, Kind::Serpent, Kind::Jaguar]);
}

fn board_picture(f: &mut Frame, at: Point) {
    super::art::mini_board(f, &super::rules::Board::start(), 11, at);
}

static PAGES: [RulePage; 7] = [
    RulePage {
        title: "The board",
        lines: &[
            Text("9x9. White (ranks 1-2) moves"),
            Text("first, then turns alternate."),
            Text("The river runs between ranks 5"),
            Text("and 6: White's half is ranks 1-5,"),
            Text("Black's ranks 6-9. The temples"),
            Text("are e1 (White's) and e9 (Black's)."),
            Text("Moves are written b2b3."),
        ],
        picture: Some(board_picture),
    },
    RulePage {
        title: "Ajaw, Shaman, Pawn",
        lines: &[
            Text("Ajaw: one step any way."),
            Text("Shaman: one step diagonally, or"),
            Text("straight forward. Shaman+: also"),
            Text("one step straight back."),
            Text("Pawn: one step forward onto an"),
            Text("empty square; takes one step"),
            Text("diagonally forward."),
            Text("+ forms wear the badge (below)."),
        ],
        picture: Some(royal_picture),
    },
    RulePage {
        title: "Vulture, Serpent, Jaguar",
        lines: &[
            Text("Vulture: slides diagonally."),
            Text("  Vulture+: also 1 step straight."),
            Text("Serpent: slides straight."),
            Text("  Serpent+: also 1 step diagonal."),
            Text("Jaguar: slides straight, or one"),
            Text("step diagonally."),
            Text("  Jaguar+: slides any way."),
            Text("Sliders stop at the first piece."),
        ],
        picture: Some(fliers_picture),
    },
    RulePage {
        title: "Crossing the river",
        lines: &[
            Text("A piece that crosses the river"),
            Text("into the other half becomes its"),
            Text("+ form at once, for good; the"),
            Text("Ajaw becomes the Warrior Ajaw."),
            Text(""),
            Text("Pawns do not change as they"),
            Text("cross. A pawn on the last rank"),
            Text("becomes a Shaman+, Vulture+,"),
            Text("Serpent+ or Jaguar+: you choose."),
        ],
        picture: None,
    },
    RulePage {
        title: "Check and the temple",
        lines: &[
            Text("No move may leave your own Ajaw"),
            Text("attacked, so the Ajaws never"),
            Text("touch. Checkmate wins; no move"),
            Text("and not in check is a draw."),
            Text(""),
            Text("A Warrior Ajaw that steps onto"),
            Text("the other side's temple wins if"),
            Text("it still stands there after the"),
            Text("opponent's reply (unless that"),
            Text("reply mates or draws)."),
        ],
        picture: None,
    },
    RulePage {
        title: "Draws",
        lines: &[
            OFFER_DRAW,
            Text("The game is drawn by itself after"),
            Text("50 moves each without a capture"),
            Text("or a pawn move, or when the same"),
            Text("position, same side to move,"),
            Text("comes a third time."),
        ],
        picture: None,
    },
    RulePage {
        title: "Controls",
        lines: &[
            PICK_UP,
            Text("its target, A moves there, B puts"),
            Text("it back. A pawn on the last rank:"),
            Text("the crank or D-pad picks what it"),
            Text("becomes, A confirms."),
            DOCK,
        ],
        picture: None,
    },
];

/// The pages (Chak has one variant).
pub fn pages(_variant: usize) -> &'static [RulePage] {
    &PAGES
}
