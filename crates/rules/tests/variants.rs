//! The designer's variants, rule by rule: V1 Chek Basic and V2 Chek Simple, each on a
//! small hand-made position, beside what Chek's standard rules do there.

use chek_rules::*;

mod common;

use common::{actions, after_winning as after, pos};

// ------------------------------------------------------------------ V1 Chek Basic

#[test]
fn v1_basic_has_no_bully() {
    // c5 and d4 both touch d5: +1 by bully in Chek, +0 in Basic.
    let standard = pos("7N/8/8/2SN4/3S4/8/8/8 SN S 0,0");
    let basic = pos("7N/8/8/2SN4/3S4/8/8/8 SN S 0,0 rules:basic");
    assert!(actions(&standard).contains(&"d4xd5 +1".to_string()));
    assert!(actions(&basic).contains(&"d4xd5 +0".to_string()));
    assert!(actions(&basic).contains(&"c5xd5 +0".to_string()));
    assert!(!basic.bully(Seat::South, "d5".parse().unwrap()));
}

#[test]
fn v1_basic_chains_only_from_the_active_piece_at_plus_one() {
    // South's active d5 touches North's e6; its ally c4 touches North's b4.
    let text = "8/8/4N3/3S4/1NS5/8/8/8 SN N 1,0 chain:S@d5";
    let standard = pos(text);
    let basic = pos(&format!("{text} rules:basic"));
    assert_eq!(actions(&standard), ["c4xb4 +1", "d5xe6 +1", "end"], "a link reaches c4 in Chek");
    assert_eq!(actions(&basic), ["d5xe6 +1", "end"], "no link in Basic");
    assert_eq!(standard.link_targets().len(), 1);
    assert!(basic.link_targets().is_empty());
    assert_eq!(basic.link("c4".parse().unwrap()), None);
}

#[test]
fn v1_a_basic_chain_ends_when_the_active_piece_has_no_opponent_left() {
    // South takes d5; its ally c4 still touches North's b3, but the active piece does
    // not: Chek's chain goes on through the link, Basic's ends by itself.
    let standard = after(&pos("8/8/8/3N4/2SS4/1N6/8/7N SN S 0,0"), "d4xd5 +1");
    assert_eq!(standard.to_string(), "8/8/8/3S4/2S5/1N6/8/7N SN S 1,0 chain:S@d5");
    let basic = after(&pos("8/8/8/3N4/2SS4/1N6/8/7N SN S 0,0 rules:basic"), "d4xd5 +0");
    assert_eq!(basic.to_string(), "8/8/8/3S4/2S5/1N6/8/7N SN N 1,0 rules:basic");
    // And a chain state whose active piece has no opponent is refused.
    let err = "8/8/8/3S4/2S5/1N6/8/7N SN S 1,0 chain:S@d5 rules:basic".parse::<Position>().unwrap_err();
    assert_eq!(err, PositionError::ChainOver);
}

#[test]
fn v1_basic_conflicts_keep_the_odds_of_their_modifier() {
    let basic = pos("7N/8/8/2SN4/3S4/8/8/8 SN S 0,0 rules:basic");
    let Ok(Next::Conflict(c)) = basic.play(basic.parse_action("d4xd5 +0").unwrap()) else { panic!("a conflict") };
    assert_eq!(c.attacker_wins_in_36(), 15);
}

// ------------------------------------------------------------------ V2 Chek Simple

#[test]
fn v2_an_attack_needs_more_support_than_the_defence() {
    // d4 alone (1) against d5 (1): no take.
    let even = pos("7N/6N1/8/3N4/3S4/8/8/S7 SN S 0,0 rules:simple");
    assert_eq!(actions(&even), ["a1-a2", "a1-b1", "d4-c4", "d4-d3", "d4-e4"]);
    // With c5 beside it (2 against 1): both c5 and d4 may take d5.
    let more = pos("7N/6N1/8/2SN4/3S4/8/8/S7 SN S 0,0 rules:simple");
    assert!(actions(&more).contains(&"c5xd5".to_string()));
    assert!(actions(&more).contains(&"d4xd5".to_string()));
    assert_eq!(more.attack_support(Seat::South, "d5".parse().unwrap(), false), 2);
    assert_eq!(more.defence_support("d5".parse().unwrap()), 1);
    // North's d6 behind d5 (2 against 2): no take again.
    let held = pos("7N/8/3N4/2SN4/3S4/8/8/S7 SN S 0,0 rules:simple");
    assert!(!actions(&held).iter().any(|a| a.contains('x')), "{:?}", actions(&held));
}

#[test]
fn v2_a_take_always_wins_scores_and_holds_control() {
    let p = pos("6NN/8/8/2SN4/3S4/8/8/S7 SN S 0,0 rules:simple");
    let Ok(Next::Position(next)) = p.play(p.parse_action("d4xd5").unwrap()) else { panic!("no chance node in V2") };
    // North's g8 and h8 are far: the chain ends by itself and North moves next.
    assert_eq!(next.to_string(), "6NN/8/8/2SS4/8/8/8/S7 SN N 1,0 rules:simple");
}

#[test]
fn v2_a_chain_take_adds_one_to_the_support() {
    // d5 (1) + chain (1) = 2 against e6 (1): the chain take is legal.
    let p = pos("8/8/4N3/3S4/8/8/8/S6N SN N 1,0 chain:S@d5 rules:simple");
    assert_eq!(actions(&p), ["d5xe6", "end"]);
    assert_eq!(p.attack_support(Seat::South, "e6".parse().unwrap(), true), 2);
    // With f7 behind e6 (2 against 2) there is no chain take, so the chain has ended
    // (C13): Chek keeps the chain, Simple refuses it.
    assert!("8/5N2/4N3/3S4/8/8/8/S6N SN N 1,0 chain:S@d5".parse::<Position>().is_ok());
    let err = "8/5N2/4N3/3S4/8/8/8/S6N SN N 1,0 chain:S@d5 rules:simple".parse::<Position>().unwrap_err();
    assert_eq!(err, PositionError::ChainOver);
}

#[test]
fn v2_a_seat_left_with_one_piece_is_out_and_keeps_it_as_a_point() {
    // South's a1, b1 and b2 (3) against West's a2 and b3 (2).
    let p = pos("7N/7N/8/8/8/1W6/WS1S3E/SS5E SWNE S 0,0,0,0 rules:simple");
    let next = after(&p, "b2xa2");
    // West's b3 retires as West's point; the chain ends; West is skipped: North moves.
    assert_eq!(next.to_string(), "7N/7N/8/8/8/8/S2S3E/SS5E SWNE N 1,1,0,0 rules:simple");
    assert!(next.is_out(Seat::West));
    assert_eq!(next.score(Seat::West), 1);
    assert!(!next.is_over(), "three seats are still in");
    assert_eq!(next.next_seat_after(Seat::South), Seat::North);
}

#[test]
fn v2_the_last_seat_with_pieces_ends_the_game() {
    let p = pos("8/8/3N4/3N4/2SSS3/8/8/8 SN S 0,0 rules:simple");
    let next = after(&p, "d4xd5");
    assert_eq!(next.end(), Some(End::LastSeatStanding(Seat::South)));
    assert_eq!((next.score(Seat::South), next.score(Seat::North)), (4, 1), "3 on the board + 1 taken; 1 retired");
}

#[test]
fn v2_a_lone_piece_cannot_stand_in_a_position() {
    let err = "7N/8/8/8/8/8/8/SS6 SN S 0,0 rules:simple".parse::<Position>().unwrap_err();
    assert_eq!(err, PositionError::LonePiece(Seat::North));
    assert_eq!(err.to_string(), "board: N has one piece, and in Chek Simple a lone piece is out (V2)");
    assert!("7N/8/8/8/8/8/8/SS6 SN S 0,0".parse::<Position>().is_ok(), "fine in Chek");
}

#[test]
fn c5_a_simple_seat_without_a_move_or_a_take_passes() {
    // South's a1 and b1 touch only North's a2, b2 and c1, which outnumber them.
    let p = pos("7N/8/8/8/8/8/NN6/SSN5 SN S 0,0 rules:simple");
    assert_eq!(actions(&p), ["pass"]);
    let next = after(&p, "pass");
    assert_eq!(next.to_string(), "7N/8/8/8/8/8/NN6/SSN5 SN N 0,0 quiet:1 rules:simple");
    assert_eq!(perft(&p, 1), 1);
    // Chek's standard rules never pass: South attacks.
    assert!(!actions(&pos("7N/8/8/8/8/8/NN6/SSN5 SN S 0,0")).contains(&"pass".to_string()));
}

#[test]
fn v2_takes_print_without_a_modifier() {
    let p = pos("7N/6N1/8/2SN4/3S4/8/8/S7 SN S 0,0 rules:simple");
    assert_eq!(p.parse_action("d4xd5").unwrap().to_string(), "d4xd5");
    assert_eq!(p.parse_action("d4xd5 +1").unwrap_err(), ActionError::NoModifier);
    assert_eq!(p.parse_action("pass").unwrap_err(), ActionError::NotLegal);
    let standard = pos("7N/6N1/8/2SN4/3S4/8/8/S7 SN S 0,0");
    assert_eq!(standard.parse_action("d4xd5").unwrap_err(), ActionError::Syntax);
}

#[test]
fn v2_perft_counts_each_take_as_one_branch() {
    // After either take the chain ends by itself (g8 and h7 are far): one leaf each.
    let p = pos("7N/6N1/8/2SN4/3S4/8/8/S7 SN S 0,0 rules:simple");
    assert_eq!(perft(&p, 1), p.legal_actions().len() as u64);
    // In Chek each attack is two leaves (the two outcomes).
    let standard = pos("7N/6N1/8/2SN4/3S4/8/8/S7 SN S 0,0");
    let attacks = standard.legal_actions().iter().filter(|a| a.is_attack()).count() as u64;
    assert!(perft(&standard, 1) > standard.legal_actions().len() as u64 + attacks - 1);
}

// ------------------------------------------------------------------ the token

#[test]
fn the_rules_token_comes_last_and_names_a_variant() {
    for text in [
        "7N/8/8/2SN4/3S4/8/8/8 SN S 0,0 rules:basic",
        "7N/8/8/2SN4/3S4/8/8/8 SN S 0,0 quiet:7 rules:basic",
        "8/8/4N3/3S4/1NS5/8/8/8 SN N 1,0 chain:S@d5 rules:basic",
        "7N/6N1/8/2SN4/3S4/8/8/S7 SN S 0,0 quiet:59 rules:simple",
    ] {
        assert_eq!(pos(text).to_string(), text);
    }
    let err = |t: &str| t.parse::<Position>().unwrap_err();
    assert_eq!(err("7N/8/8/8/3S4/8/8/8 SN S 0,0 rules:standard"), PositionError::Rules);
    assert_eq!(err("7N/8/8/8/3S4/8/8/8 SN S 0,0 rules:hard"), PositionError::Rules);
    assert_eq!(err("7N/8/8/8/3S4/8/8/8 SN S 0,0 rules:basic quiet:3"), PositionError::Extra);
    assert_eq!(pos("6NN/8/8/8/3S4/8/8/7S SN S 0,0 rules:simple").variant(), Variant::Simple);
    for setup in Setup::ALL {
        for variant in Variant::ALL {
            let start = setup.position_in(variant, Seat::South).unwrap();
            assert_eq!(start.variant(), variant);
            assert_eq!(pos(&start.to_string()), start);
        }
    }
}
