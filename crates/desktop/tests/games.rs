//! Whole games played through the App's inputs only, to the game-over screen.

mod common;

use chek_rules::{End, Setup};
use common::{play_whole_game, scores, Aim};

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
    let (game, shadow, _) = play_whole_game(Setup::Checkered, 11, Aim::Crank);
    assert_eq!(game, shadow);
}
