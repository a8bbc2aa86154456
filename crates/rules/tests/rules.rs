//! One test per rule (C4–C19), each on a small hand-made position.

use chek_rules::*;

mod common;

use common::{actions, pos, sq};

fn conflict(p: &Position, action: &str) -> Conflict {
    match p.play(p.parse_action(action).unwrap()).unwrap() {
        Next::Conflict(c) => c,
        Next::Position(_) => panic!("{action} is not an attack"),
    }
}

fn after(p: &Position, action: &str) -> Position {
    match p.play(p.parse_action(action).unwrap()).unwrap() {
        Next::Position(next) => next,
        Next::Conflict(_) => panic!("{action} is an attack"),
    }
}

#[test]
fn c4_a_turn_is_one_4_way_move_or_attack() {
    let p = pos("7N/8/8/4N3/3S4/8/8/8 SN S 0,0");
    // e5 is diagonal: not attackable at the start of a turn.
    assert_eq!(actions(&p), ["d4-c4", "d4-d3", "d4-d5", "d4-e4"]);
    let p = pos("7N/8/8/3N4/3S4/8/8/8 SN S 0,0");
    assert_eq!(actions(&p), ["d4-c4", "d4-d3", "d4-e4", "d4xd5 +0"]);
    let next = after(&p, "d4-c4");
    assert_eq!(next.to_string(), "7N/8/8/3N4/2S5/8/8/8 SN N 0,0 quiet:1");
}

#[test]
fn c4_in_four_player_every_other_seat_is_an_opponent() {
    let p = pos("7N/8/8/8/2WSE3/8/8/8 SWNE S 0,0,0,0");
    assert_eq!(actions(&p), ["d4-d3", "d4-d5", "d4xc4 +0", "d4xe4 +0"]);
}

#[test]
fn c4_own_pieces_block_moves() {
    let p = pos("7N/8/8/8/2SS4/8/8/8 SN S 0,0");
    assert_eq!(actions(&p), ["c4-b4", "c4-c3", "c4-c5", "d4-d3", "d4-d5", "d4-e4"]);
}

#[test]
fn c5_seats_that_are_out_are_skipped() {
    // West has no pieces: South's turn passes to North.
    let p = pos("7N/8/8/8/3S4/8/8/7E SWNE S 0,0,0,0");
    assert!(p.is_out(Seat::West));
    assert_eq!(after(&p, "d4-d5").to_move(), Seat::North);
    // East's turn passes over South-less... South plays; with West out too it goes to S.
    let p = pos("7N/8/8/8/3S4/8/8/7E SWNE E 0,0,0,0");
    assert_eq!(after(&p, "h1-g1").to_move(), Seat::South);
    // A seat to move must have pieces: its turn would have been skipped.
    assert_eq!("7N/8/8/8/3S4/8/8/7E SWNE W 0,0,0,0".parse::<Position>(), Err(PositionError::ToMoveIsOut(Seat::West)));
}

#[test]
fn c5_a_seat_with_pieces_always_has_an_action() {
    // Even hemmed in by its own pieces and the edges, some piece borders a free or
    // enemy square; a pass never happens.
    let p = pos("SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSN SN S 0,0");
    assert_eq!(actions(&p), ["g1xh1 +1", "h2xh1 +1"]);
}

#[test]
fn c6_the_attacker_wins_only_by_beating_the_defenders_roll() {
    let p = pos("7N/8/8/3N4/3S4/8/8/8 SN S 0,0");
    let c = conflict(&p, "d4xd5 +0");
    assert_eq!(c.attacker(), Seat::South);
    assert_eq!(c.defender(), Seat::North);
    let tie = Roll { attacker: 3, defender: 3, bonus: c.bonus() };
    assert_eq!(tie.outcome(), Outcome::DefenderWins);
    let high = Roll { attacker: 4, defender: 3, bonus: c.bonus() };
    assert_eq!(high.outcome(), Outcome::AttackerWins);
}

#[test]
fn c7_bully_needs_two_attackers_around_the_contested_square() {
    // c5 touches d5 (diagonally): bully.
    let p = pos("7N/8/8/2SN4/3S4/8/8/8 SN S 0,0");
    assert!(actions(&p).contains(&"d4xd5 +1".to_string()));
    assert!(p.bully(Seat::South, sq("d5")));
    // c3 touches the attacker but not the contested square: no bully.
    let p = pos("7N/8/8/3N4/3S4/2S5/8/8 SN S 0,0");
    assert!(actions(&p).contains(&"d4xd5 +0".to_string()));
    // The defender's friends do not matter.
    let p = pos("7N/8/3N4/3N4/3S4/8/8/8 SN S 0,0");
    assert!(actions(&p).contains(&"d4xd5 +0".to_string()));
}

#[test]
fn c8_chain_attacks_get_plus_one_and_bully_stacks_to_plus_two() {
    let p = pos("7N/8/4N3/3S4/8/8/8/8 SN S 0,0 chain:S@d5");
    assert_eq!(actions(&p), ["d5xe6 +1", "end"]);
    // f7 touches e6 (bully) but is not in d5's group: only d5 chains.
    let p = pos("7N/5S2/4N3/3S4/8/8/8/8 SN S 0,0 chain:S@d5");
    assert_eq!(actions(&p), ["d5xe6 +2", "end"]);
}

#[test]
fn c9_win_chances_are_15_21_26_out_of_36() {
    let p = pos("7N/8/8/3N4/3S4/8/8/8 SN S 0,0");
    assert_eq!(conflict(&p, "d4xd5 +0").attacker_wins_in_36(), 15);
    let p = pos("7N/8/8/2SN4/3S4/8/8/8 SN S 0,0");
    assert_eq!(conflict(&p, "d4xd5 +1").attacker_wins_in_36(), 21);
    let p = pos("7N/5S2/4N3/3S4/8/8/8/8 SN S 0,0 chain:S@d5");
    let c = conflict(&p, "d5xe6 +2");
    assert_eq!(c.attacker_wins_in_36(), 26);
    assert_eq!(c.weight_in_36(Outcome::DefenderWins), 10);
}

#[test]
fn c10_the_winner_scores_and_takes_control_with_the_piece_on_the_contested_square() {
    let p = pos("N7/8/4N3/3N4/3S4/8/8/8 SN S 0,0");
    let c = conflict(&p, "d4xd5 +0");
    // The attacker wins: it moves onto d5 and scores; e6 is next to d5, so the chain
    // goes on with d5 active.
    let won = c.resolve(Outcome::AttackerWins);
    assert_eq!(won.to_string(), "N7/8/4N3/3S4/8/8/8/8 SN S 1,0 chain:S@d5");
    // The defender wins: the attacker's piece is removed; North scores and holds
    // control in South's turn, its d5 piece active.
    // The defender wins: the attacker's piece is removed and North scores. Here that was
    // South's last piece, so North is the last seat standing (and the turn, skipping
    // South, comes back to North); c14 shows control changing hands mid-turn.
    let lost = c.resolve(Outcome::DefenderWins);
    assert_eq!(lost.to_string(), "N7/8/4N3/3N4/8/8/8/8 SN N 0,1");
    assert_eq!(lost.end(), Some(End::LastSeatStanding(Seat::North)));
}

#[test]
fn c11_a_chain_attack_reaches_8_way_neighbours_of_the_active_piece() {
    let p = pos("7N/8/2N1N3/3S4/2N1N3/8/8/8 SN S 0,0 chain:S@d5");
    assert_eq!(actions(&p), ["d5xc4 +1", "d5xc6 +1", "d5xe4 +1", "d5xe6 +1", "end"]);
    assert_eq!(p.active_targets().len(), 4);
}

#[test]
fn c12_links_walk_the_active_group_and_chains_start_from_any_piece_of_it() {
    // The group d5-e5-f6-g7 is 8-way connected; h8 is North. b4 is South but not
    // connected to the group.
    let p = pos("7N/6S1/5S2/3SS3/1S6/8/8/N7 SN S 0,0 chain:S@d5");
    let group: SquareSet = ["d5", "e5", "f6", "g7"].iter().map(|s| sq(s)).collect();
    assert_eq!(p.active_group(), group);
    assert_eq!(actions(&p), ["end", "g7xh8 +1"]);
    assert_eq!(p.link_targets(), sq("e5").set());
    assert!(p.active_targets().is_empty());
    // One LINK step at a time: d5 → e5 → f6 → g7, which touches the target.
    let p = p.link(sq("e5")).unwrap();
    assert_eq!(p.link(sq("b4")), None, "not a neighbour of the active piece");
    let p = p.link(sq("f6")).unwrap().link(sq("g7")).unwrap();
    assert_eq!(p.to_string(), "7N/6S1/5S2/3SS3/1S6/8/8/N7 SN S 0,0 chain:S@g7");
    assert_eq!(p.active_targets(), sq("h8").set());
    // Links do not change the options.
    assert_eq!(actions(&p), ["end", "g7xh8 +1"]);
}

#[test]
fn c12_the_same_target_from_two_group_pieces_is_two_actions() {
    let p = pos("7N/8/8/3SN3/3S4/8/8/8 SN S 0,0 chain:S@d5");
    assert_eq!(actions(&p), ["d4xe5 +2", "d5xe5 +2", "end"]);
    let from_d4 = conflict(&p, "d4xe5 +2").resolve(Outcome::AttackerWins);
    assert_eq!(from_d4.pieces(Seat::South), [sq("d5"), sq("e5")].into_iter().collect());
}

#[test]
fn c13_the_chain_ends_by_itself_when_the_group_has_no_one_to_attack() {
    // South wins on d5; no North piece touches its group: the turn is over.
    let p = pos("7N/8/8/3N4/3S4/8/8/8 SN S 0,0");
    let next = conflict(&p, "d4xd5 +0").resolve(Outcome::AttackerWins);
    assert_eq!(next.chain(), None);
    assert_eq!(next.to_string(), "7N/8/8/3S4/8/8/8/8 SN N 1,0");
    // A chain state that would already have ended is not a position.
    assert_eq!("7N/8/8/3S4/8/8/8/8 SN S 1,0 chain:S@d5".parse::<Position>(), Err(PositionError::ChainOver));
    // The controller may also end it at will.
    let p = pos("7N/8/4N3/3S4/8/8/8/8 SN S 1,0 chain:S@d5");
    assert_eq!(after(&p, "end").to_string(), "7N/8/4N3/3S4/8/8/8/8 SN N 1,0");
}

#[test]
fn c14_the_turn_passes_after_the_final_winner() {
    // The rules' example: South attacks and loses, North chains or ends, South moves
    // next.
    let p = pos("7N/8/8/2SN4/3S4/8/8/8 SN S 0,0");
    let north_won = conflict(&p, "d4xd5 +1").resolve(Outcome::DefenderWins);
    assert_eq!(north_won.to_string(), "7N/8/8/2SN4/8/8/8/8 SN S 0,1 chain:N@d5");
    assert_eq!(north_won.in_control(), Seat::North);
    assert_eq!(north_won.to_move(), Seat::South);
    assert_eq!(actions(&north_won), ["d5xc5 +1", "end"]);
    assert_eq!(after(&north_won, "end").to_move(), Seat::South);
    // Four seats: South attacks West and loses; after West ends, North plays.
    let p = pos("7N/8/8/8/2WS4/8/8/7E SWNE S 0,0,0,0");
    let west_won = conflict(&p, "d4xc4 +0").resolve(Outcome::DefenderWins);
    // South's only piece is gone; the chain ends by itself and the turn passes after
    // West, skipping nobody: North.
    assert_eq!(west_won.to_string(), "7N/8/8/8/2W5/8/8/7E SWNE N 0,1,0,0");
}

#[test]
fn c15_the_game_ends_when_one_seat_is_left() {
    let p = pos("8/8/8/3N4/3S4/8/8/8 SN S 0,0");
    assert!(!p.is_over());
    let won = conflict(&p, "d4xd5 +0").resolve(Outcome::AttackerWins);
    assert_eq!(won.end(), Some(End::LastSeatStanding(Seat::South)));
    assert!(won.legal_actions().is_empty());
    // Four seats: the game goes on while two seats have pieces.
    let p = pos("8/8/8/3W4/3S4/8/8/7E SWNE S 0,0,0,0");
    let next = conflict(&p, "d4xd5 +0").resolve(Outcome::AttackerWins);
    assert_eq!(next.end(), None);
    assert_eq!(next.to_move(), Seat::East);
}

#[test]
fn c16_players_may_end_the_game_by_agreement() {
    let mut game = Record::new(Setup::Duel.start(), 1);
    assert_eq!(game.end(), None);
    game.end_by_agreement();
    assert_eq!(game.end(), Some(End::Agreement));
    let action = Setup::Duel.start().legal_actions()[0];
    assert!(game.play(action).is_err(), "no more actions once ended");
    assert_eq!(game.scores()[Seat::South], 12);
}

#[test]
fn c17_score_is_captures_plus_pieces_left_and_ties_are_allowed() {
    let p = pos("7N/8/8/8/3SS3/8/8/8 SN N 3,2");
    assert_eq!(p.score(Seat::South), 5);
    assert_eq!(p.score(Seat::North), 3);
    let mut game = Record::from_parts(pos("7N/8/8/8/3S4/8/8/8 SN N 3,3"), Dice::new(0).state(), true);
    assert_eq!(game.leaders().collect::<Vec<_>>(), [Seat::South, Seat::North]);
    game.end_by_agreement();
    assert_eq!(game.scores()[Seat::South], game.scores()[Seat::North]);
}

#[test]
fn c18_sixty_quiet_turns_end_the_game() {
    let p = pos("7N/8/8/8/3S4/8/8/8 SN S 0,0 quiet:59");
    assert!(!p.is_over());
    let next = after(&p, "d4-d5");
    assert_eq!(next.quiet(), 60);
    assert_eq!(next.end(), Some(End::Quiet));
    assert!(next.legal_actions().is_empty());
    // A conflict resets the count, even one that ends the turn at once.
    let p = pos("N7/8/8/3N4/3S4/8/8/8 SN S 0,0 quiet:59");
    let next = conflict(&p, "d4xd5 +0").resolve(Outcome::DefenderWins);
    assert_eq!(next.quiet(), 0);
    // Ending a chain is not a quiet turn.
    let p = pos("7N/8/4N3/3S4/8/8/8/8 SN S 1,0 chain:S@d5");
    assert_eq!(after(&p, "end").quiet(), 0);
    assert!("7N/8/8/8/3S4/8/8/8 SN S 0,0 quiet:61".parse::<Position>().is_err());
}

#[test]
fn c19_a_game_replays_from_its_seed_and_a_restored_game_rolls_the_same() {
    let play = |game: &mut Record, n: usize| -> Vec<String> {
        let mut log = Vec::new();
        for _ in 0..n {
            let Some(&action) = game
                .position()
                .legal_actions()
                .iter()
                .find(|a| a.is_attack())
                .or(game.position().legal_actions().first())
            else {
                break;
            };
            let played = game.play(action).unwrap();
            log.push(format!("{} {:?}", action, played.conflict.map(|(_, roll, _)| (roll.attacker, roll.defender))));
        }
        log
    };
    let mut a = Record::new(Setup::Checkered.start(), 99);
    let mut b = Record::new(Setup::Checkered.start(), 99);
    assert_eq!(play(&mut a, 30), play(&mut b, 30));
    // Save mid-game and resume: the same next rolls.
    let mut resumed = Record::from_parts(*a.position(), a.dice(), a.agreed_end());
    assert_eq!(play(&mut a, 30), play(&mut resumed, 30));
}
