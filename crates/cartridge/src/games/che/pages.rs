//! Che's rules pages (H1–H9 in a player's words), with the tiles drawn large.

use chek_ui::widgets::{text, INK, SMALL};
use chek_ui::{Frame, Line, RulePage};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics::primitives::Rectangle;

use super::art::{mini_tiling, plain_tile};
use super::rules::{Kind, TILES};
use Line::{Made, Text};

/// The four kinds large, each with its name.
fn kinds_picture(f: &mut Frame, at: Point) {
    for (i, kind) in Kind::ALL.into_iter().enumerate() {
        let x = at.x + 2 + i as i32 * 28;
        plain_tile(f, kind, Point::new(x, at.y + 8), 24);
        let frame = Rectangle::new(Point::new(x - 1, at.y + 7), Size::new(26, 26));
        chek_ui::widgets::outline(f, frame, 1, INK);
        text(f, kind.name(), x + 6, at.y + 38, SMALL, INK);
    }
}

fn example_picture(f: &mut Frame, at: Point) {
    mini_tiling(f, &super::art::example(), 24, at, 96);
}

fn pool() -> alloc::string::String {
    alloc::format!("Two players share a pool of {TILES}")
}

static PAGES: [RulePage; 5] = [
    RulePage {
        title: "The tiles",
        lines: &[
            Text("Each tile has two corner caps"),
            Text("and a band between them. Caps"),
            Text("and band have opposite colours:"),
            Text("White (plain) or Blue (dotted)."),
            Text("A tile's colour is its band's:"),
            Text("WL WR are White, BL BR Blue;"),
            Text("L has caps top-right and bottom-"),
            Text("left, R top-left, bottom-right."),
        ],
        picture: Some(kinds_picture),
    },
    RulePage {
        title: "Placing",
        lines: &[
            Made(pool),
            Text("tiles. White places one first;"),
            Text("then each move is two tiles."),
            Text("A tile goes on an empty cell"),
            Text("beside a tile, and colours must"),
            Text("match along every edge it shares."),
            Text("The two need not touch."),
        ],
        picture: None,
    },
    RulePage {
        title: "Closing a region",
        lines: &[
            Text("A region is an area of one colour"),
            Text("across tiles. It is closed when"),
            Text("tiles surround it on every side."),
            Text("Close one of your colour to win."),
            Text("Close the other colour's and that"),
            Text("player wins. Close both at once"),
            Text("with one tile and you lose."),
        ],
        picture: Some(example_picture),
    },
    RulePage {
        title: "Out of tiles",
        lines: &[
            Text("If all tiles are placed and no"),
            Text("region closed, the larger region"),
            Text("wins: its size is the number of"),
            Text("tiles whose band lies in it."),
            Text("Equal largest regions: a draw."),
            Text(""),
            Text("A threat is a cell where one tile"),
            Text("would close a region: block the"),
            Text("other's, make two of your own."),
        ],
        picture: None,
    },
    RulePage {
        title: "Controls",
        lines: &[
            Text("D-pad: move the hand (the view"),
            Text("follows); the crank jumps between"),
            Text("free cells. A: take a tile there."),
            Text("Crank or up/down turns it through"),
            Text("the kinds that fit; A places it."),
            Text("B: put it back; after your first"),
            Text("tile, B lifts that tile again."),
            Text("B with nothing held: show threats."),
            Text("Dock the crank to pause and save."),
        ],
        picture: None,
    },
];

/// The pages (Che has one variant).
pub fn pages(_variant: usize) -> &'static [RulePage] {
    &PAGES
}
