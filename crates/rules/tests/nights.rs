//! V3 Chek Nights, rule by rule (N1–N6), on small hand-made positions.

use chek_rules::*;

mod common;

use common::{actions, after_winning as after, after_with, pos, sq};

fn has(p: &Position, action: &str) -> bool {
    actions(p).iter().any(|a| a == action)
}

// ------------------------------------------------------------------ N1 Cards

#[test]
fn n1_a_card_scores_its_face_value_and_ten_for_a_face() {
    let values: Vec<u8> = (1..=13).map(|n| Rank::new(n).unwrap().value()).collect();
    assert_eq!(values, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]);
    let chars: String = (1..=13).map(|n| Rank::new(n).unwrap().char()).collect();
    assert_eq!(chars, "A23456789TJQK");
    assert!(Rank::new(11).unwrap().is_face() && !Rank::new(10).unwrap().is_face());
    assert_eq!(Rank::new(0), None);
    assert_eq!(Rank::new(14), None);
}

#[test]
fn n1_each_seat_plays_its_own_suit() {
    use Seating::*;
    assert_eq!(Suit::of(Seat::South, Four), Suit::Spades);
    assert_eq!(Suit::of(Seat::West, Four), Suit::Hearts);
    assert_eq!(Suit::of(Seat::North, Four), Suit::Clubs);
    assert_eq!(Suit::of(Seat::East, Four), Suit::Diamonds);
    assert_eq!(Suit::of(Seat::North, Two), Suit::Hearts);
}

// ------------------------------------------------------------------ N2 Deal

#[test]
fn n2_the_deal_fills_the_setup_with_distinct_cards_from_the_seed() {
    for setup in Setup::ALL {
        let mut seen_first = std::collections::BTreeSet::new();
        for seed in 0..60 {
            let p = setup.dealt(Variant::Nights, Seat::South, &mut Dice::new(seed)).unwrap();
            assert_eq!(p.occupied(), setup.start().occupied(), "{setup}");
            for &seat in p.seating().seats() {
                let mut ranks: Vec<u8> = p.pieces(seat).iter().map(|s| p.card_at(s).unwrap().number()).collect();
                ranks.sort_unstable();
                ranks.dedup();
                assert_eq!(ranks.len(), p.pieces(seat).len() as usize, "{p}");
            }
            let again = setup.dealt(Variant::Nights, Seat::South, &mut Dice::new(seed)).unwrap();
            assert_eq!(p, again, "the same seed deals the same cards");
            // The first square in reading order of South's: what it was dealt.
            let first = p.pieces(Seat::South).iter().max_by_key(|s| (s.rank(), 7 - s.file())).unwrap();
            seen_first.insert(p.card_at(first).unwrap().number());
        }
        assert!(seen_first.len() >= 10, "{setup}: the deal varies with the seed ({seen_first:?})");
    }
}

#[test]
fn n2_a_game_record_deals_from_its_own_dice() {
    let a = Record::dealt(Setup::Duel, Variant::Nights, Seat::South, 3).unwrap();
    let b = Record::dealt(Setup::Duel, Variant::Nights, Seat::South, 4).unwrap();
    assert_ne!(a.position(), b.position());
    assert_eq!(a, Record::dealt(Setup::Duel, Variant::Nights, Seat::South, 3).unwrap());
    // Outside Chek Nights there is nothing to deal: the record starts from the setup.
    let plain = Record::dealt(Setup::Duel, Variant::Standard, Seat::South, 3).unwrap();
    assert_eq!(plain, Record::new(Setup::Duel.start(), 3));
}

#[test]
fn n2_a_seat_never_holds_a_rank_twice() {
    let err = "8/8/8/8/8/8/NK7/SKSK6 SN S 0,0 rules:nights".parse::<Position>().unwrap_err();
    assert_eq!(err, PositionError::DoubledRank { seat: Seat::South, rank: Rank::KING });
    assert_eq!(err.to_string(), "board: S holds two cards of rank K (N2)");
    // Two seats may each hold a king.
    pos("8/8/8/8/8/8/NK7/SK7 SN S 0,0 rules:nights");
}

// ------------------------------------------------------------------ N3 Moves

#[test]
fn n3_a_face_card_steps_one_square() {
    let p = pos("7NA/8/8/8/3SK4/8/8/8 SN S 0,0 rules:nights");
    assert_eq!(actions(&p), ["d4-c4", "d4-d3", "d4-d5", "d4-e4"]);
    // A face card's step ends the turn.
    assert_eq!(after(&p, "d4-d5").to_move(), Seat::North);
}

#[test]
fn n3_a_number_card_steps_one_or_two_in_a_line_over_empty_squares() {
    let p = pos("7NA/8/3N24/8/3S74/8/8/8 SN S 0,0 rules:nights");
    let list = actions(&p);
    for two in ["d4-b4", "d4-f4", "d4-d2"] {
        assert!(list.iter().any(|a| a == two), "{two} in {list:?}");
    }
    // d6 is taken: no jump over d5 onto it, and no step past it.
    assert!(!has(&p, "d4-d6"));
    assert!(has(&p, "d4-d5"));
    let two = after(&p, "d4-b4");
    assert_eq!(two.card_at(sq("b4")), Rank::new(7));
    assert_eq!(two.to_move(), Seat::North);
}

#[test]
fn n3_two_number_cards_step_one_each_in_one_turn() {
    let p = pos("7NA/8/8/8/3S72S31/8/8/8 SN S 0,0 rules:nights");
    let first = after(&p, "d4-d5");
    assert_eq!(first.first_step(), Some(FirstStep { from: sq("d4"), to: sq("d5") }));
    assert_eq!(first.to_move(), Seat::South, "the turn goes on");
    assert_eq!(actions(&first), ["end", "g4-f4", "g4-g3", "g4-g5", "g4-h4"]);
    let both = after(&first, "g4-g5");
    assert_eq!(both.to_string(), "7NA/8/8/3S72S31/8/8/8/8 SN N 0,0 quiet:1 rules:nights");
    // `end` makes it the one-card move.
    let one = after(&first, "end");
    assert_eq!(one.to_string(), "7NA/8/8/3S74/6S31/8/8/8 SN N 0,0 quiet:1 rules:nights");
}

#[test]
fn n3_the_two_card_move_is_one_action_played_in_reading_order() {
    // c4 comes before e4 in reading order; both orders are legal, so only c4 first.
    let p = pos("7NA/8/8/8/2S31S53/8/8/8 SN S 0,0 rules:nights");
    let c_first = after(&p, "c4-c5");
    assert!(has(&c_first, "e4-e5"));
    let e_first = after(&p, "e4-e5");
    assert!(!has(&e_first, "c4-c5"), "{:?}", actions(&e_first));
    // The screen's way back: the same two steps in the rules' order.
    let in_order = e_first.two_card_move_in_order(sq("c4"), sq("c5")).unwrap();
    assert_eq!(in_order.map(|a| a.to_string()), ["c4-c5", "e4-e5"]);
}

#[test]
fn n3_the_second_card_may_step_into_the_square_the_first_left() {
    // d4 reads after c4, but after c4-c5 it may step into c4 only second.
    let p = pos("7NA/8/8/8/2S3S54/8/8/8 SN S 0,0 rules:nights");
    let first = after(&p, "d4-d5");
    assert!(has(&first, "c4-d4"), "into the square d4 left: {:?}", actions(&first));
    assert!(!has(&first, "c4-c5"), "the other order comes first");
    // Not onto the first card's new square, and the first card does not step again.
    assert!(!has(&first, "c4-c5") && !has(&first, "d5-d6") && !has(&first, "d5-e5"));
}

#[test]
fn n3_a_lone_number_cards_step_ends_the_turn_by_itself() {
    let p = pos("7NA/8/8/8/3S74/8/8/8 SN S 0,0 rules:nights");
    let next = after(&p, "d4-d5");
    assert_eq!(next.first_step(), None);
    assert_eq!(next.to_move(), Seat::North);
}

#[test]
fn n3_any_card_attacks_one_step_4_way() {
    let p = pos("7NA/8/8/3N94/3SK4/8/8/8 SN S 0,0 rules:nights");
    assert!(has(&p, "d4xd5 +1:+0"));
    // No attack from two away, nor diagonally.
    let q = pos("7NA/8/4N93/8/3S74/8/8/8 SN S 0,0 rules:nights");
    assert!(actions(&q).iter().all(|a| !a.contains('x')));
}

// ------------------------------------------------------------------ N4 Conflict

#[test]
fn n4_strength_is_two_highest_around_against_card_plus_best_ally() {
    // Around d5: South's d4 (7), c4 (K) and e6 (3); North's d5 (9) with c6 (4).
    let p = pos("7NA/8/2N41S33/3N94/2SKS74/8/8/8 SN S 0,0 rules:nights");
    assert_eq!(p.attack_strength(Seat::South, sq("d5")), 17);
    assert_eq!(p.defence_strength(sq("d5")), 13);
    // 17 against 13: +1 to the attacker.
    assert!(has(&p, "d4xd5 +1:+0"));
}

#[test]
fn n4_twice_the_strength_adds_two_and_the_defender_can_have_it() {
    // A lone ace attacks a king with a queen beside it: 1 against 20.
    let p = pos("8/8/2NQ5/3NK4/3SA4/8/8/8 SN S 0,0 rules:nights");
    assert!(has(&p, "d4xd5 +0:+2"));
    let attack = p.parse_action("d4xd5 +0:+2").unwrap();
    let Next::Conflict(c) = p.play(attack).unwrap() else { panic!() };
    assert_eq!(c.attacker_wins_in_36(), 6, "net -2");
    // Even strength adds nothing: a 5 against a 5.
    let even = pos("7NA/8/8/3N54/3S54/8/8/8 SN S 0,0 rules:nights");
    assert!(has(&even, "d4xd5 +0:+0"));
    // At least twice: 10 against 5 is +2, 9 against 5 +1.
    let twice = pos("7NA/8/8/3N54/3ST4/8/8/8 SN S 0,0 rules:nights");
    assert!(has(&twice, "d4xd5 +2:+0"));
    let more = pos("7NA/8/8/3N54/3S94/8/8/8 SN S 0,0 rules:nights");
    assert!(has(&more, "d4xd5 +1:+0"));
}

#[test]
fn n4_the_odds_of_each_net_modifier_are_counted_from_the_dice() {
    for (net, wins) in [(-2i8, 6u8), (-1, 10), (0, 15), (1, 21), (2, 26), (3, 30)] {
        let edge = match net {
            -2 => Edge::DefenderDouble,
            -1 => Edge::Defender,
            0 => Edge::Even,
            1 => Edge::Attacker,
            _ => Edge::AttackerDouble,
        };
        let bonus = Bonus::cards(net == 3, edge);
        assert_eq!(bonus.net(), net);
        let counted = (1..=6u8)
            .flat_map(|a| (1..=6u8).map(move |d| Roll { attacker: a, defender: d, bonus }))
            .filter(|r| r.outcome() == Outcome::AttackerWins)
            .count();
        assert_eq!(counted, wins as usize, "net {net}");
        assert_eq!(bonus.attacker_wins_in_36(), wins, "net {net}");
    }
}

#[test]
fn n4_a_third_seats_cards_count_for_neither_side() {
    // West's king beside d5 changes nothing between South and North.
    let with = pos("8/8/2WK5/3N54/3S54/8/8/7EA SWNE S 0,0,0,0 rules:nights");
    assert!(has(&with, "d4xd5 +0:+0"));
}

#[test]
fn n4_the_chain_bonus_adds_to_the_attacker_and_bully_does_not_apply() {
    // South takes d5 and chains on e6 (North's 6 with its 5 on f7): 9 from d5's card
    // plus c4's 8 … only cards around e6 count: d5 (9) and nothing else of South's.
    let p = pos("8/5N52/4N63/3N34/2S8S94/8/8/7NA SN S 0,0 rules:nights");
    // c4 and d4 both touch d5, yet no bully: strength 17 against 3+6=9 is +1.
    assert!(has(&p, "d4xd5 +1:+0"));
    let chain = after(&p, "d4xd5 +1:+0");
    assert_eq!(chain.chain().map(|c| c.active), Some(sq("d5")));
    // e6: South's d5 (9) alone against 6 + 5 = 11: +1 for the defender, +1 for the chain.
    assert!(has(&chain, "d5xe6 +1:+1"), "{:?}", actions(&chain));
}

// ------------------------------------------------------------------ N5 Score

#[test]
fn n5_a_capture_scores_the_cards_value_and_the_board_counts_values() {
    let p = pos("7NA/8/8/3NQ4/3S94/8/8/8 SN S 0,0 rules:nights");
    let won = after_with(&p, "d4xd5 +0:+1", Outcome::AttackerWins);
    assert_eq!(won.captured(Seat::South), 10, "a queen is worth 10");
    assert_eq!(won.score(Seat::South), 19);
    let lost = after_with(&p, "d4xd5 +0:+1", Outcome::DefenderWins);
    assert_eq!(lost.captured(Seat::North), 9);
    assert_eq!(lost.score(Seat::North), 9 + 10 + 1);
    assert_eq!(lost.card_at(sq("d4")), None);
}

// ------------------------------------------------------------------ N6 Notation

#[test]
fn n6_positions_round_trip_with_cards_and_the_first_step() {
    for text in [
        "1NKNTNQN9NAN81/W96E4/WT6E3/W56EK/WK6E9/W66EJ/WQ6E2/1S9S7S8STSAS21 SWNE S 0,0,0,0 rules:nights",
        "7NA/8/8/3S74/6S31/8/8/8 SN S 0,0 quiet:4 step:d4-d5 rules:nights",
        "7NA/8/8/3SQ4/8/8/8/8 SN S 120,85 rules:nights",
    ] {
        assert_eq!(pos(text).to_string(), text);
    }
}

#[test]
fn n6_bad_positions_name_what_is_wrong() {
    let cases = [
        (
            "7N/8/8/8/3S74/8/8/8 SN S 0,0 rules:nights",
            "board: in rank 8 a seat letter is not followed by a card's rank",
        ),
        ("7NA/8/8/8/3SX4/8/8/8 SN S 0,0 rules:nights", "board: in rank 4 a seat letter is not followed"),
        ("7NA/8/8/8/3S74/8/8/8 SN S 0,0 step:d4-d6 rules:nights", "step: expected step:<from>-<to>"),
        ("7NA/8/8/8/3S74/8/8/8 SN S 0,0 step:d3-d4 rules:nights", "step: no second number card"),
        ("7NA/8/8/3SK4/3S24/8/8/8 SN S 0,0 step:d4-d5 rules:nights", "step: the square stepped onto"),
        ("7N/8/8/8/3S4/8/8/8 SN S 0,0 step:d3-d4", "step: the square stepped onto"),
    ];
    for (text, message) in cases {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(err.starts_with(message), "{text}: {err}");
    }
}

#[test]
fn n6_attacks_print_both_modifiers_and_parse_only_so() {
    let p = pos("8/8/2NQ5/3NK4/3SA4/8/8/8 SN S 0,0 rules:nights");
    assert!(p.parse_action("d4xd5 +0:+2").is_ok());
    let wrong = p.parse_action("d4xd5 +0:+1").unwrap_err();
    assert_eq!(wrong.to_string(), "action: this attack carries +0:+2 here (attacker's then defender's, N6)");
    assert!(p.parse_action("d4xd5 +0").is_err(), "the defender's modifier is always written");
    let two = pos("7NA/8/8/8/2S31S53/8/8/8 SN S 0,0 rules:nights");
    assert_eq!(two.parse_action("c4-c5,e4-e5"), Err(ActionError::TwoCards));
}

#[test]
fn n6_perft_counts_each_two_card_move_once() {
    // Two number cards apart, four steps each: 4 + 4 one-card moves, the two-step
    // moves, and each pair of steps once.
    let p = pos("7NA/8/8/8/2S31S53/8/8/8 SN S 0,0 rules:nights");
    // c4: c5 c3 b4 d4 and c6 c2 a4; e4: e5 e3 d4 f4 and e6 e2 g4. Pairs of single
    // steps: 4 × 4, less c4-d4 with e4-d4 (one square), and e4-d4 then c4-… is not a
    // pair of its own: each pair once.
    let (singles, doubles) = (8, 6);
    let pairs = 4 * 4 - 1;
    assert_eq!(perft(&p, 1), (singles + doubles + pairs) as u64);
}

#[test]
fn the_late_edge_proposal_moves_each_edge_one_step_the_attackers_way() {
    // Measured for the balance report (feature `proposal-late-edge`), not a rule: each
    // edge one step up the ladder, the attacker's +2 its top, no edge outside Nights.
    let ladder = [Edge::DefenderDouble, Edge::Defender, Edge::Even, Edge::Attacker, Edge::AttackerDouble];
    for pair in ladder.windows(2) {
        assert_eq!(pair[0].towards_attacker(), pair[1]);
    }
    assert_eq!(Edge::AttackerDouble.towards_attacker(), Edge::AttackerDouble);
    assert_eq!(Edge::Off.towards_attacker(), Edge::Off);
    // Without the feature N4 stands however long the quiet count (even strengths, +0).
    let late = pos("7NA/8/8/8/3S5N53/8/8/8 SN S 0,0 quiet:50 rules:nights");
    assert_eq!(late.edge(Seat::South, sq("e4")), Edge::Even);
}
