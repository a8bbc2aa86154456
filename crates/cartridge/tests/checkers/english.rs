//! English draughts, the second rule set (KE1–KE3): Dark first, no far-row win, and
//! everything else as the rulebook's game; the rules carried by the position's text,
//! its share code and a save.

use chek_cartridge::duel::Coded as _;
use chek_cartridge::games::checkers::rules::{Rules, Side, State, Win};
use chek_cartridge::games::checkers::Def;
use chek_cartridge::GameDef;
use chek_engine::{perft, Game, Notation, ToAct};

use super::{after, moves, pos};

const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 rules:english";

#[test]
fn ke2_dark_moves_first_from_the_same_start() {
    let start = State::start_of(Rules::English);
    assert_eq!(start.to_string(), START);
    assert_eq!(start.to_act(), ToAct::Seat(Side::Dark.seat()));
    assert_eq!(moves(&start), ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    // The anchors of KE2: the same counts as the rulebook's start, by symmetry.
    let counts: Vec<u64> = (1..=6).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [7, 49, 302, 1_469, 7_361, 36_768]);
}

#[test]
fn ke1_reaching_the_far_row_wins_nothing() {
    // By the rulebook this step wins (K8's third way); in English draughts the game
    // goes on, and Dark moves.
    let rulebook = after(&pos("W:WK6:BK23,K24"), "6-1");
    assert!(matches!(rulebook.end(), Some(chek_cartridge::games::checkers::rules::End::Win { how: Win::FarRow, .. })));
    let english = after(&pos("W:WK6:BK23,K24 rules:english"), "6-1");
    assert_eq!(english.end(), None);
    assert_eq!(english.to_act(), ToAct::Seat(Side::Dark.seat()));
    // A position that would already be won by the far row is not over either.
    assert_eq!(pos("B:WK1,K3:B28 rules:english").end(), None);
}

#[test]
fn ke1_the_other_wins_and_the_draws_hold() {
    let taken = after(&pos("W:W22:B18 rules:english"), "22x15");
    assert_eq!(taken.winner(), Some(Side::Light));
    let blocked = after(&pos("W:W8,11,30:B4 rules:english"), "30-26");
    assert_eq!(blocked.winner(), Some(Side::Light));
}

#[test]
fn the_rules_travel_with_the_text_the_code_and_the_save() {
    let english = pos("B:W21,K30:B1,2 rules:english");
    assert_eq!(english.rules(), Rules::English);
    assert_eq!(State::parse(&english.to_string()).unwrap(), english);
    // Anything else after the position is named.
    let error = State::parse("B:W21:B1 rules:draughts").unwrap_err().to_string();
    assert!(error.starts_with("rules:"), "{error}");
    // The code says which rules.
    let code = english.share_code().unwrap();
    assert_eq!(chek_cartridge::read_code::<Def>(&code).unwrap().value, english);
    let rulebook = pos("B:W21,K30:B1,2");
    assert_eq!(
        chek_cartridge::read_code::<Def>(&rulebook.share_code().unwrap()).unwrap().value.rules(),
        Rules::Rulebook
    );
    assert_eq!(code.chars().next(), Some('X'), "both rules share Checkers' head; the payload says which");
    // The game's definition starts either, each opened by the seat its rules name
    // (KE2: Dark, seat 1; K1: Light, seat 0).
    assert_eq!(Def::start(1, 0, chek_engine::Seat::SECOND), Some(State::start_of(Rules::English)));
    assert_eq!(Def::start(1, 0, chek_engine::Seat::FIRST), None);
    assert_eq!(Def::start(0, 0, chek_engine::Seat::FIRST), Some(State::start()));
    assert_eq!(Def::start(0, 0, chek_engine::Seat::SECOND), None);
    assert_eq!(Def::start(2, 0, chek_engine::Seat::SECOND), None);
}
