//! Chek's CPU: depth, nodes, and decisions on small positions.

use chek_ai::expectimax::{self, Expectimax};
use chek_ai::{Level, Values};
use chek_cartridge::games::chek::cpu::eval::{closeness_of_three, gap, win_chances, ChekEval, Weights};
use chek_cartridge::games::chek::cpu::{level_spec, release_spec, think, Player, Spec};
use chek_rules::{Action, Seat, Setup, SquareSet, State};

use super::{choice, decide, hard_choices, pos};

#[test]
fn hard_reaches_two_turns_from_the_start() {
    let config = expectimax::Config { max_turns: 2, max_nodes: 40_000, rival_best: 0.5 };
    let eval: ChekEval = Spec::new(2, 40_000, 4, Weights::DEFAULT).eval;
    let mut search = Expectimax::new(State::from(Setup::Duel.start()), config, eval);
    while !search.step(1000) {}
    println!("depth {} nodes {}", search.progress().depth(), search.progress().nodes());
    assert_eq!(search.progress().depth(), 2);
    assert!(search.progress().nodes() > 100);
}

#[test]
fn the_searching_levels_attack_when_waiting_loses_for_sure() {
    // South is behind 1-2 and the next quiet turn ends the game (C18): any move loses,
    // the attack (+0, 15/36) is the only chance.
    let p = pos("8/8/8/3N4/3S4/8/8/7N SN S 0,0 quiet:59");
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        for seed in 0..5 {
            let action = decide(&p, level, seed).unwrap();
            assert_eq!(action.to_string(), "d4xd5 +0", "{level}");
        }
    }
    // The greedy baseline only attacks at a positive expected gain, so it walks into
    // the loss.
    assert!(!decide(&p, Level::Greedy, 0).unwrap().is_attack());
}

#[test]
fn thinking_in_slices_gives_the_same_decision() {
    let p = Setup::Checkered.start();
    for seed in 0..3 {
        let whole = decide(&p, Level::Hard, seed);
        let mut thinker = think(Player::Level(Level::Hard), &State::from(p), seed);
        let mut slices = 0;
        let sliced = loop {
            slices += 1;
            if let Some(action) = thinker.step(7) {
                break Some(action);
            }
        };
        assert_eq!(sliced, whole);
        assert!(slices > 10, "{slices} slices");
    }
}

/// A three-turn search on Hard's budget with a plain steep win chance (no `behind`,
/// no `engage`) that looks at every action, rivals at `rival_best`.
fn steep_three_turns(rival_best: f32) -> Spec {
    let mut spec = Spec::new(3, 100_000, 4, Weights { steepness: 2.0, ..Weights::DEFAULT });
    spec.config.rival_best = rival_best;
    spec.eval.rival_best_attacking = rival_best;
    spec
}

#[test]
fn a_trailing_seat_with_time_left_does_not_gamble_at_poor_odds() {
    // South is a piece behind with 30 quiet turns to go; d4xd5 is a +0 attack
    // (15/36). With a symmetric win chance, being behind looks nearly lost and the
    // gamble looks best; Hard's `behind` factor keeps it patient: it moves, and
    // attacks later with bully.
    let p = pos("1NNNNNN1/1NN1NNN1/8/8/3N4/3S4/1SS1SSS1/1SSSSSS1 SN S 0,1 quiet:30");
    assert_eq!(choice(&p, steep_three_turns(0.5)).to_string(), "d3xd4 +0");
    for action in hard_choices(&p) {
        assert!(matches!(action, Action::Move { .. }), "{action}");
    }
}

#[test]
fn the_gap_is_the_4_way_distance_between_the_nearest_pieces() {
    let p = pos("1NNNNNN1/1NNNNNN1/8/8/8/8/1SSSSSS1/1SSSSSS1 SN S 0,0");
    assert_eq!(gap(p.pieces(Seat::South), p.pieces(Seat::North)), 5);
    let p = pos("8/8/8/3N4/3S4/8/8/8 SN S 0,0");
    assert_eq!(gap(p.pieces(Seat::South), p.pieces(Seat::North)), 1);
    let p = pos("7N/8/8/8/8/8/8/S7 SN S 0,0");
    assert_eq!(gap(p.pieces(Seat::South), p.pieces(Seat::North)), 14);
    assert!(gap(p.pieces(Seat::South), SquareSet::EMPTY) > 14);
}

/// The values of the same two-a-side position with the sides near each other and far
/// apart, at `scores` (e.g. "0,0").
fn near_and_far(weights: &Weights, scores: &str) -> (Values, Values) {
    let near = pos(&format!("8/8/8/1NN5/8/1SS5/8/8 SN S {scores}"));
    let far = pos(&format!("1NN5/8/8/8/8/8/8/1SS5 SN S {scores}"));
    (win_chances(&near, weights), win_chances(&far, weights))
}

#[test]
fn with_the_scores_level_hard_values_closing_in() {
    // `engage` adds to both seats' values when they are closer, and not at all once
    // the scores differ.
    let w = Weights { engage: 0.02, ..Weights::DEFAULT };
    let (vn, vf) = near_and_far(&w, "0,0");
    assert!(vn.0[0] > vf.0[0] && vn.0[2] > vf.0[2], "{vn:?} {vf:?}");
    let (an, af) = near_and_far(&w, "1,0");
    assert!((an.0[0] + an.0[2] - 1.0).abs() < 1e-6 && (af.0[0] + af.0[2] - 1.0).abs() < 1e-6);
}

#[test]
fn the_livelier_levels_value_closing_in_whatever_the_score() {
    let w = Weights { approach: 0.3, ..Weights::DEFAULT };
    let (vn, vf) = near_and_far(&w, "1,0");
    assert!(vn.0[0] > vf.0[0] && vn.0[2] > vf.0[2], "{vn:?} {vf:?}");
}

#[test]
fn closeness_counts_the_three_pieces_nearest_the_enemy() {
    let sets = |text: &str| {
        let p = pos(text);
        (p.pieces(Seat::South), p.pieces(Seat::North))
    };
    // Three pieces touching d5: the most there is; a fourth one far away adds nothing.
    let (s, n) = sets("8/8/8/2SNS3/3S4/8/8/S7 SN S 0,0");
    assert_eq!(closeness_of_three(s, n), 1.0);
    // One of the three a step further back: 13 + 13 + 12 out of 39.
    let (s, n) = sets("8/8/8/2SNS3/8/3S4/8/8 SN S 0,0");
    assert_eq!(closeness_of_three(s, n), 38.0 / 39.0);
    // One piece, in the far corner: 0 + nothing.
    let (s, n) = sets("7N/8/8/8/8/8/8/S7 SN S 0,0");
    assert_eq!(closeness_of_three(s, n), 0.0);
}

#[test]
fn a_seat_that_is_not_ahead_values_bringing_its_pieces_up() {
    let w = Weights { support: 0.05, ..Weights::DEFAULT };
    let plain = Weights::DEFAULT;
    // North leads 1-0: South (behind) gains from being near; North (ahead) does not.
    let (vn, vf) = near_and_far(&w, "0,1");
    let (pn, pf) = near_and_far(&plain, "0,1");
    assert!(vn.0[0] - pn.0[0] > vf.0[0] - pf.0[0], "{vn:?} {vf:?}");
    assert_eq!((vn.0[2], vf.0[2]), (pn.0[2], pf.0[2]));
    // Level: both do.
    let (vn, vf) = near_and_far(&w, "0,0");
    let (pn, pf) = near_and_far(&plain, "0,0");
    assert!(vn.0[0] - pn.0[0] > vf.0[0] - pf.0[0] && vn.0[2] - pn.0[2] > vf.0[2] - pf.0[2], "{vn:?} {vf:?}");
}

#[test]
fn hard_does_not_step_into_a_bully_attack_hoping_the_rival_looks_away() {
    // d4-d5 would threaten d6 with bully next turn, but North's d6 attacks d5 with bully
    // first (e6 stands by). A rival modelled as half average often "forgets" to; Hard
    // expects a rival holding an attack with a modifier to play its best.
    let p = pos("8/8/3NN3/2S5/3S4/8/8/8 SN S 0,0");
    // (Hard's three turns before its leaves weighed attacks, which see it either way.)
    let (mut hedged, _) = level_spec(Level::Hard, 2, chek_rules::Variant::Standard).unwrap();
    hedged.eval.rival_best_attacking = 0.5;
    hedged.eval.settle_attacks = false;
    hedged.eval.near = 0;
    hedged.config.max_turns = 3;
    assert_eq!(choice(&p, hedged).to_string(), "d4-d5");
    for action in hard_choices(&p) {
        assert_ne!(action.to_string(), "d4-d5");
    }
}

/// Two-seat Hard flattens its win chance less while behind than the first release
/// did, in Chek and in Chek Nights; `hard@1` and Chek Basic (its own weights) keep
/// theirs, and Master is Hard's search deeper with the same weights.
#[test]
fn hard_is_less_patient_behind_than_the_first_release() {
    use chek_rules::Variant::{Basic, Nights, Standard};
    let behind =
        |level, variant, release| release_spec(level, 2, variant, release).map(|(spec, _)| spec.eval.weights.behind);
    assert_eq!(behind(Level::Hard, Standard, 0), Some(0.3));
    assert_eq!(behind(Level::Master, Standard, 0), Some(0.3));
    assert_eq!(behind(Level::Hard, Standard, 1), Some(0.05));
    assert_eq!(behind(Level::Master, Standard, 1), Some(0.05));
    assert_eq!(behind(Level::Hard, Nights, 0), Some(0.3));
    assert_eq!(behind(Level::Hard, Nights, 1), Some(0.05));
    assert_eq!(behind(Level::Hard, Basic, 0), behind(Level::Hard, Basic, 1));
    assert_eq!(
        level_spec(Level::Hard, 2, Standard).map(|(spec, _)| spec),
        release_spec(Level::Hard, 2, Standard, 0).map(|(spec, _)| spec)
    );
}

#[test]
fn a_runaway_lead_in_four_seats_still_gets_a_decision() {
    // South's lead is so large that a naive softmax of the scores overflows (found by
    // an arena game that never finished): the win chances must stay finite, and every
    // level must still decide.
    let position = pos("S7/8/8/8/8/8/1E6/W6N SWNE S 20,0,0,0 quiet:40");
    let steep = Weights { steepness: 2.0, ..Weights::DEFAULT };
    let values = win_chances(&position, &steep);
    assert!(values.values().iter().all(|v| v.is_finite()), "{values:?}");
    assert!((values.values().iter().sum::<f32>() - 1.0).abs() < 1e-4, "{values:?}");
    assert!(values.0[0] > 0.99, "{values:?}");
    for level in Level::ALL {
        let action = decide(&position, level, 7);
        assert!(action.is_some_and(|a| position.legal_actions().contains(&a)), "{level}: {action:?}");
    }
}

#[test]
fn in_four_seats_hard_leaves_plain_attacks_alone_until_the_quiet_end_nears() {
    // West stepped into the corner next to North's b8. b8xa8 is a plain attack
    // (15/36): the softmax win chance is convex, so a search that looks at it likes
    // the gamble; Hard does not look at it this early in the quiet count (C18).
    let p = pos("WNNNNNN1/7E/W6E/W6E/W6E/W6E/W6E/1SSSSSS1 SWNE N 0,0,0,0 quiet:2");
    let all = steep_three_turns(0.0);
    let gamble = choice(&p, all);
    assert_eq!(gamble.to_string(), "b8xa8 +0");
    let mut patient = all;
    patient.eval.plain_attacks_from_quiet = 40;
    assert_ne!(choice(&p, patient), gamble);
    for action in hard_choices(&p) {
        assert!(!matches!(action, Action::Attack { .. }), "{action}");
    }
}

/// Two-seat Hard's leaves weigh the attacks of the seat to act by their dice: the seat
/// takes the best, for itself, of not attacking (its chances with the initiative of
/// its best attack, as every leaf had them) and each attack's two outcomes weighed by
/// the dice. Only today's Hard (and Master) in Chek does it.
#[test]
fn hard_weighs_at_its_leaves_the_attacks_the_seat_to_act_holds() {
    use chek_ai::Evaluator;
    use chek_engine::{Game, Step};
    use chek_rules::Variant::{self, Basic, Nights, Standard};
    let (spec, _) = level_spec(Level::Hard, 2, Standard).unwrap();
    let settled = ChekEval::for_root(&pos("8/8/8/8/8/8/8/S6N SN S 0,0"), spec.eval);
    assert!(settled.settle_attacks);
    let plain = ChekEval { settle_attacks: false, ..settled };
    let north = Seat::North;
    // North to move; `attack` is its best attack, whose value for North is `expected`.
    let weigh = |text: &str, attack: &str| {
        let state = State::from(pos(text));
        let mut conflict = state;
        conflict.apply(Step::Act(state.position().parse_action(attack).unwrap()));
        let mut expected = 0.0;
        for &(outcome, weight) in conflict.outcomes().iter() {
            let mut after = conflict;
            after.apply(Step::Chance(outcome));
            expected += weight as f32 / 36.0 * plain.values(&after)[north];
        }
        (settled.values(&state), plain.values(&state), expected)
    };
    // A bully attack (+1, 21/36) whose loss hands South a chain: not attacking, with
    // the initiative the attack gives, is worth more.
    let (value, stand, expected) = weigh("8/8/8/3NN3/3S4/8/2S5/8 SN N 0,0", "d5xd4 +1");
    assert!(expected < stand[north], "{expected} {stand:?}");
    assert_eq!(value, stand);
    // A lone piece against two, a point behind: its plain attack (15/36) is its chance.
    let (value, stand, expected) = weigh("8/8/8/3N4/3S4/8/2S5/8 SN N 0,0", "d5xd4 +0");
    assert!(expected > stand[north] + 0.2, "{expected} {stand:?}");
    assert!((value[north] - expected).abs() < 1e-4, "{value:?} {expected}");
    let settles =
        |level, variant: Variant, release| release_spec(level, 2, variant, release).unwrap().0.eval.settle_attacks;
    assert!(settles(Level::Master, Standard, 0));
    assert!(!settles(Level::Hard, Standard, 1));
    assert!(
        !settles(Level::Hard, Basic, 0) && !settles(Level::Hard, Nights, 0) && !settles(Level::Normal, Standard, 0)
    );
    assert!(!release_spec(Level::Hard, 4, Standard, 0).unwrap().0.eval.settle_attacks);
}

/// Past the root, two-seat Hard in Chek looks only at the moves of pieces within two
/// steps of an enemy (attacks always), which buys it a fourth turn; at the root, and
/// where no piece is that near, it looks at every move.
#[test]
fn past_the_root_hard_moves_only_the_pieces_near_the_enemy() {
    use chek_ai::Evaluator;
    use chek_engine::Game;
    use chek_rules::{ActionList, Variant};
    let (spec, _) = level_spec(Level::Hard, 2, Variant::Standard).unwrap();
    assert_eq!((spec.config.max_turns, spec.eval.near), (4, 2));
    let root = pos("8/8/8/8/8/8/8/S6N SN S 0,0");
    let eval = ChekEval::for_root(&root, spec.eval);
    let considered = |state: &State| {
        let mut actions = ActionList::new();
        state.legal_into(&mut actions);
        eval.considered(state, Seat::South.at_table(), 0, &mut actions);
        actions.iter().map(|a| a.to_string()).collect::<Vec<_>>()
    };
    // South's d4 is two steps from North's d6 and its b1 far: b1 waits, d4 moves.
    let near = State::from(pos("8/8/3N4/8/3S4/8/8/1S6 SN S 0,0"));
    assert_eq!(considered(&near), ["d4-d3", "d4-c4", "d4-e4", "d4-d5"]);
    // The root itself, and a board where nothing is near, keep every move.
    assert_eq!(considered(&State::from(root)).len(), 2);
    let far = State::from(pos("3N4/8/8/8/8/8/8/1S6 SN S 0,0"));
    assert_eq!(considered(&far).len(), 3);
    // An attack is always looked at.
    let contact = State::from(pos("8/8/8/3N4/3S4/8/8/1S6 SN S 0,0"));
    assert!(considered(&contact).iter().any(|a| a.starts_with("d4xd5")));
    assert!(!considered(&contact).iter().any(|a| a.starts_with("b1")));
}
