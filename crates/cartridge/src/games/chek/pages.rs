//! Chek's rules pages, one set per variant. Numbers the rules define (odds, the quiet
//! count) are made from the rules' own constants.

use alloc::format;
use alloc::string::String;

use chek_rules::{Bonus, Variant, QUIET_END_TURNS};
use chek_ui::{Frame, Line, RulePage};
use embedded_graphics::prelude::Point;

use super::art::{card_diagram, diagram};
use Line::{Made, Text};

/// The attacker's chance to win with `bonus`, in whole per cent (C9), as the panel
/// shows it.
pub fn win_percent(bonus: Bonus) -> u32 {
    (bonus.attacker_wins_in_36() as u32 * 100 + 18) / 36
}

fn odds(modifiers: u8) -> String {
    let bonuses = [
        Bonus::dice(false, false),
        Bonus::dice(true, false),
        Bonus::dice(true, true),
    ];
    let mut line = String::from("Odds to win:");
    for (i, bonus) in bonuses.iter().take(modifiers as usize + 1).enumerate() {
        let sep = if i == 0 { "" } else { "," };
        line.push_str(&format!("{sep} +{i} {}%", win_percent(*bonus)));
    }
    line.push('.');
    line
}

fn odds_to_two() -> String {
    odds(2)
}

fn odds_to_one() -> String {
    odds(1)
}

fn quiet_line() -> String {
    format!("left, after {QUIET_END_TURNS} turns without a")
}

fn turn_picture(f: &mut Frame, at: Point) {
    diagram(f, &["....", ".SN.", "...."], at);
}

fn conflict_picture(f: &mut Frame, at: Point) {
    diagram(f, &[".S..", ".Sx.", "...."], at);
}

fn chain_picture(f: &mut Frame, at: Point) {
    diagram(f, &["..N.", ".S..", "SS.N"], at);
}

fn winning_picture(f: &mut Frame, at: Point) {
    diagram(f, &["S...", "....", "...N"], at);
}

const TURN: RulePage = RulePage {
    title: "Your turn",
    lines: &[
        Text("Move one of your pieces one square"),
        Text("up, down, left or right onto an"),
        Text("empty square, or attack a neighbour"),
        Text("the same way."),
        Text(""),
        Text("2 players: South and North."),
        Text("4 players: South, West, North,"),
        Text("East, taking turns clockwise."),
        Text("Seats with no pieces are skipped."),
    ],
    picture: Some(turn_picture),
};

const WINNING: RulePage = RulePage {
    title: "Winning",
    lines: &[
        Text("Score = pieces you took + your"),
        Text("pieces still on the board."),
        Text("The game ends when one seat is"),
        Made(quiet_line),
        Text("conflict, or when you agree to"),
        Text("stop (dock the crank: End game)."),
        Text("Ties are allowed."),
    ],
    picture: Some(winning_picture),
};

/// The dice conflict (C6), as far as Chek and Chek Basic have it; each adds its
/// modifiers and odds before the last line.
macro_rules! conflict {
    ($($line:expr),+ $(,)?) => {
        RulePage {
            title: "Conflict",
            lines: &[
                Text("Both sides roll one die; the"),
                Text("attacker needs a higher roll."),
                Text("Ties go to the defender."),
                Text(""),
                $($line,)+
                Text("The winner takes the loser's piece."),
            ],
            picture: Some(conflict_picture),
        }
    };
}

/// The controls, as far as every variant has them; each variant's page adds its chain.
macro_rules! controls {
    ($chain:literal, $end:literal) => {
        RulePage {
            title: "Controls",
            lines: &[
                Text("D-pad: move the hand. A: pick up"),
                Text("a piece. Crank or D-pad: choose"),
                Text("the target. A: go. B: put back."),
                Text($chain),
                Text($end),
                Text("Pause (dock the crank, or Menu:"),
                Text("game menu): take back, share, end."),
            ],
            picture: None,
        }
    };
}

const CONTROLS: RulePage = controls!("In a chain: A attacks the target or", "links to the ally; B ends it.");
const CONTROLS_BASIC: RulePage = controls!("In a chain: A attacks the target;", "B ends the chain.");
const CONTROLS_SIMPLE: RulePage = controls!("In a chain: A takes the piece or", "links to the ally; B ends it.");

/// Chek (C1–C19).
static STANDARD: [RulePage; 5] = [
    TURN,
    conflict!(
        Text("Bully +1: two or more of your"),
        Text("pieces touch the contested square"),
        Text("(diagonals count)."),
        Made(odds_to_two),
    ),
    RulePage {
        title: "Chain and link",
        lines: &[
            Text("Whoever wins a conflict takes"),
            Text("control, even on the other's turn,"),
            Text("and may attack again in any of 8"),
            Text("directions with Chain +1,"),
            Text("or link through touching allies to"),
            Text("attack from them. B ends the chain."),
            Text("The turn then passes to the seat"),
            Text("after the last winner."),
        ],
        picture: Some(chain_picture),
    },
    WINNING,
    CONTROLS,
];

/// Chek Basic (V1): no bully, no link.
static BASIC: [RulePage; 5] = [
    TURN,
    conflict!(Text("Chek Basic has no bully bonus:"), Text("an attack is +0, a chain attack +1."), Made(odds_to_one)),
    RulePage {
        title: "Chain",
        lines: &[
            Text("Whoever wins a conflict takes"),
            Text("control, even on the other's turn,"),
            Text("and may attack again with the same"),
            Text("piece in any of 8 directions, at +1."),
            Text("Chek Basic has no links."),
            Text("B ends the chain."),
            Text("The turn then passes to the seat"),
            Text("after the last winner."),
        ],
        picture: Some(chain_picture),
    },
    WINNING,
    CONTROLS_BASIC,
];

/// Chek Simple (V2): support instead of dice.
static SIMPLE: [RulePage; 5] = [
    TURN,
    RulePage {
        title: "Support",
        lines: &[
            Text("No dice. Count the support around"),
            Text("the contested square: your pieces"),
            Text("on its 8 neighbours (the attacker"),
            Text("too), against the defender and its"),
            Text("pieces there. More support takes"),
            Text("the piece; otherwise no attack."),
            Text("A seat left with one piece retires"),
            Text("it: it counts as a point."),
        ],
        picture: Some(conflict_picture),
    },
    RulePage {
        title: "Chain and link",
        lines: &[
            Text("Whoever takes a piece holds control"),
            Text("and may take again in any of 8"),
            Text("directions, with +1 support, or"),
            Text("link through touching allies to"),
            Text("take from them. B ends the chain."),
            Text("A seat with no move and no take"),
            Text("passes its turn."),
        ],
        picture: Some(chain_picture),
    },
    WINNING,
    CONTROLS_SIMPLE,
];

/// Chek Nights' odds by the net modifier (N4), as the panel shows them.
fn nights_odds() -> String {
    let mut line = String::from("Win");
    for (edge, chain) in [
        (chek_rules::Edge::DefenderDouble, false),
        (chek_rules::Edge::Defender, false),
        (chek_rules::Edge::Even, false),
        (chek_rules::Edge::Attacker, false),
        (chek_rules::Edge::AttackerDouble, false),
        (chek_rules::Edge::AttackerDouble, true),
    ] {
        line.push_str(&format!(" {}", win_percent(Bonus::cards(chain, edge))));
    }
    line.push_str("% (-2..+3).");
    line
}

fn cards_picture(f: &mut Frame, at: Point) {
    card_diagram(f, &["SA S7 ..", ".. SK ..", "NQ .. N9"], at);
}

fn moves_picture(f: &mut Frame, at: Point) {
    card_diagram(f, &[".. .. .. ..", ".. S5 .. ..", ".. .. .. ..", ".. SJ S2 .."], at);
}

fn strength_picture(f: &mut Frame, at: Point) {
    card_diagram(f, &["N4 .. ..", ".. *N9 ..", "SK S7 .."], at);
}

fn nights_chain_picture(f: &mut Frame, at: Point) {
    card_diagram(f, &[".. .. NQ", "N5 S9 ..", "S3 S8 .."], at);
}

/// Chek Nights (V3, N1–N6): cards, their moves, strength and values.
static NIGHTS: [RulePage; 5] = [
    RulePage {
        title: "Cards",
        lines: &[
            Text("A pack of cards replaces the"),
            Text("pieces, dealt at random. Each"),
            Text("seat plays a suit: South spades,"),
            Text("West hearts, North clubs, East"),
            Text("diamonds (two players: South"),
            Text("spades, North hearts)."),
            Text("A card is worth its number: A is 1,"),
            Text("10 J Q K are 10 each."),
        ],
        picture: Some(cards_picture),
    },
    RulePage {
        title: "Your turn",
        lines: &[
            Text("Do one of these:"),
            Text("- step a face card (J Q K) once"),
            Text("  up, down, left or right;"),
            Text("- step a number card once, or"),
            Text("  twice in a line over an empty"),
            Text("  square; after one step another"),
            Text("  number card may step too (B: no);"),
            Text("- attack a neighbour with any card."),
        ],
        picture: Some(moves_picture),
    },
    RulePage {
        title: "Strength",
        lines: &[
            Text("Both roll a die; ties defend."),
            Text("Attack: your two best cards around"),
            Text("the defender. Defence: its value"),
            Text("plus its best ally around it."),
            Text("Stronger +1 to its roll, twice as"),
            Text("strong +2. A chain attack +1."),
            Made(nights_odds),
            Text("Here: K+7 = 17 against 9+4 = 13."),
        ],
        picture: Some(strength_picture),
    },
    RulePage {
        title: "Chain and score",
        lines: &[
            Text("Whoever wins takes control and may"),
            Text("chain and link as in Chek."),
            Text("A card you take scores its value."),
            Text("At the end each seat adds the cards"),
            Text("it still has on the board."),
            Text("The game ends when one seat is"),
            Made(quiet_line),
            Text("conflict, or when you agree."),
        ],
        picture: Some(nights_chain_picture),
    },
    CONTROLS_NIGHTS,
];

const CONTROLS_NIGHTS: RulePage = RulePage {
    title: "Controls",
    lines: &[
        Text("D-pad: move the hand. A: pick up"),
        Text("a card. D-pad or crank: choose the"),
        Text("square (press twice for 2 steps)."),
        Text("A: go. B: put back; after a first"),
        Text("step, B ends the turn. In a chain,"),
        Text("A attacks or links; B ends it."),
        Text("Pause (dock the crank, or Menu):"),
        Text("take back, share, end."),
    ],
    picture: None,
};

/// The pages of `variant` (an index of [`Variant::ALL`]).
pub fn pages(variant: usize) -> &'static [RulePage] {
    match Variant::ALL.get(variant) {
        Some(Variant::Basic) => &BASIC,
        Some(Variant::Simple) => &SIMPLE,
        Some(Variant::Nights) => &NIGHTS,
        _ => &STANDARD,
    }
}
