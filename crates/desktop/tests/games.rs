//! Whole games played through the App's inputs only, to the game-over screen.

mod common;

use chek_rules::{End, Record, Setup, Variant};
use common::{play_whole_game, play_whole_game_of, scores, Aim};

#[test]
fn a_two_player_game_with_the_crank_reaches_game_over_with_the_rules_scores() {
    let (game, shadow, decisions) = play_whole_game(Setup::Skirmish, 7, Aim::Crank);
    assert_eq!(game.position(), shadow.position());
    assert!(game.is_over());
    let scores = scores(&game);
    assert_eq!(scores, common::scores(&shadow));
    assert_eq!(scores.iter().map(|&s| s as u32).sum::<u32>(), 12, "2-seat scores add up (C17)");
    assert!(decisions > 10);
    // Pinned: the same seed and the same decisions always give the same game.
    assert_eq!(scores, [9, 3]);
    println!("skirmish: {decisions} decisions, scores {scores:?}, {:?}", game.end());
}

#[test]
fn a_four_player_game_with_buttons_only_reaches_game_over_with_the_rules_scores() {
    let (game, shadow, decisions) = play_whole_game(Setup::FourSides, 3, Aim::Buttons);
    assert_eq!(game.position(), shadow.position());
    assert!(matches!(game.end(), Some(End::LastSeatStanding(_) | End::Quiet)));
    assert_eq!(scores(&game), scores(&shadow));
    assert_eq!(scores(&game), [13, 5, 4, 2], "pinned");
    println!("four-sides: {decisions} decisions, scores {:?}, {:?}", scores(&game), game.end());
}

#[test]
fn a_checkered_game_with_the_crank_agrees_with_the_rules() {
    agrees(Setup::Checkered, Variant::Standard, 11, Aim::Crank);
}

#[test]
fn a_chek_simple_game_with_the_crank_agrees_with_the_rules() {
    let game = agrees(Setup::Skirmish, Variant::Simple, 4, Aim::Crank);
    assert_eq!(scores(&game).iter().map(|&s| s as u32).sum::<u32>(), 12, "2-seat scores add up (C17)");
    assert_eq!(scores(&game), [11, 1], "pinned");
}

#[test]
fn a_four_player_chek_basic_game_with_buttons_agrees_with_the_rules() {
    let game = agrees(Setup::FourCorners, Variant::Basic, 9, Aim::Buttons);
    assert_eq!(scores(&game), [3, 6, 9, 6], "pinned");
}

#[test]
fn a_four_player_chek_simple_game_with_the_crank_agrees_with_the_rules() {
    agrees(Setup::FourSides, Variant::Simple, 2, Aim::Crank);
}

#[test]
fn a_chek_nights_game_with_the_crank_agrees_with_the_rules() {
    agrees(Setup::Duel, Variant::Nights, 5, Aim::Crank);
}

#[test]
fn a_four_player_chek_nights_game_with_buttons_agrees_with_the_rules() {
    agrees(Setup::FourSides, Variant::Nights, 6, Aim::Buttons);
}

/// A whole game of `setup` and `variant` through the inputs, seeded: it ends, and the
/// App's record is the rules' own (the same deal, dice and end). The record, its
/// figures printed.
fn agrees(setup: Setup, variant: Variant, seed: u64, aim: Aim) -> Record {
    let (game, shadow, decisions) = play_whole_game_of(setup, variant, seed, aim);
    assert_eq!(game, shadow);
    assert_eq!(game.position().variant(), variant);
    assert!(game.is_over());
    println!("{setup:?}, {variant:?}: {decisions} decisions, scores {:?}, {:?}", scores(&game), game.end());
    game
}

/// Chek's lesson, every step played through the inputs (C4–C18, V1, V2): moves and
/// attacks by the D-pad, the link by the crank, the chain ended with B; the dice go
/// as each step says.
#[test]
fn the_lesson_plays_through_with_the_inputs() {
    common::play_lesson("chek", 0, |driver, decision| {
        let text = decision.expect("each Chek step asks for a decision");
        let position = *common::session(&driver.app).position();
        match chek_cartridge::games::chek::play::ChekStep::parse(&position, text) {
            Some(chek_cartridge::games::chek::play::ChekStep::Link(to)) => common::link(driver, Aim::Crank, to),
            Some(chek_cartridge::games::chek::play::ChekStep::Act(action)) => common::act(driver, action, Aim::Buttons),
            None => panic!("{text} is not legal in {position}"),
        }
    });
}
