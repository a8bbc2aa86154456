//! Checkers' CPU: the levels decide legal moves and see wins, the baselines follow
//! their definitions, draw offers are judged by the score.

use chek_ai::Level;
use chek_cartridge::games::checkers::cpu::greedy;
use chek_cartridge::games::checkers::play::CheckersPlay;
use chek_cartridge::games::checkers::record::CheckersRecord;
use chek_cartridge::games::checkers::rules::{Draw, End, Move, Side, State, Win};
use chek_engine::Game;
use chek_ui::{Play, SeatKind};

use super::common::{decide, every_level_decides_legally};
use super::pos;

#[test]
fn every_level_decides_a_legal_move() {
    every_level_decides_legally(&sampled_positions(6));
}

/// Positions along random games from the start, one in every seven plies.
fn sampled_positions(games: u64) -> Vec<State> {
    super::common::sampled_positions(&State::start(), games, 7, 3, usize::MAX)
}

#[test]
fn every_level_takes_a_win_at_once() {
    // K8: the last man steps onto the far row; or the last dark piece is taken.
    for (text, how) in [("W:W6:B20,28", Win::FarRow), ("W:W22,K30:B18", Win::NoPieces)] {
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let mut state = pos(text);
            state.play(decide(level, &state, 1));
            assert_eq!(state.end(), Some(End::Win { winner: Side::Light, how }), "{level} in {text}");
        }
    }
}

#[test]
fn hard_runs_down_a_lone_man_before_it_reaches_the_far_row() {
    // Two kings against one man that is seven steps from crowning (and so from the
    // far-row win): Hard with Light takes it; Hard with Dark cannot escape.
    let mut state = pos("W:WK14,K15:B3");
    let mut plies = 0;
    while state.end().is_none() && plies < 40 {
        state.play(decide(Level::Hard, &state, plies));
        plies += 1;
    }
    assert_eq!(state.end(), Some(End::Win { winner: Side::Light, how: Win::NoPieces }), "after {plies} plies: {state}");
}

#[test]
fn greedy_takes_the_capture_that_removes_the_most_pieces() {
    // 21x14x5 takes two; 24x15 takes one.
    let state = pos("W:W21,24,31:B9,17,19");
    for seed in 0..20 {
        let mv = greedy(&state, &mut chek_ai::rng(seed)).unwrap();
        assert_eq!(mv.jumps(), 2, "seed {seed}");
    }
}

#[test]
fn greedy_without_a_capture_leaves_nothing_to_take_where_it_can() {
    let mut checked = 0;
    for (i, state) in sampled_positions(12).iter().enumerate() {
        if state.must_capture() {
            continue;
        }
        let safe = |mv: Move| {
            let mut after = state.clone();
            after.play(mv);
            !after.must_capture()
        };
        if !state.legal().iter().any(|&m| safe(m)) {
            continue;
        }
        let mv = greedy(state, &mut chek_ai::rng(i as u64)).unwrap();
        assert!(safe(mv), "greedy gave a piece away with {mv:?} in {state}");
        checked += 1;
    }
    assert!(checked > 20, "{checked}");
}

#[test]
fn easy_varies_its_openings_and_hard_does_not() {
    let start = State::start();
    let easy: std::collections::HashSet<Move> = (0..20).map(|s| decide(Level::Easy, &start, s)).collect();
    let hard: std::collections::HashSet<Move> = (0..4).map(|s| decide(Level::Hard, &start, s)).collect();
    assert!(easy.len() > 1, "Easy plays livelier: {easy:?}");
    assert_eq!(hard.len(), 1, "Hard takes its best: {hard:?}");
}

fn against_cpu(text: &str) -> CheckersPlay {
    let kinds = chek_engine::PerSeat([SeatKind::Human, SeatKind::Cpu(Level::Normal), SeatKind::Human, SeatKind::Human]);
    CheckersPlay::new(CheckersRecord::new(pos(text)), kinds, 1)
}

#[test]
fn the_cpu_declines_a_draw_when_ahead_and_accepts_otherwise() {
    // K9: a draw by agreement. Dark (CPU) a man up declines; level (the same men on
    // each side's back row), it accepts.
    let mut ahead = against_cpu("W:W30,31,32:B1,2,3,4");
    assert_eq!(ahead.end_by_agreement().unwrap_err(), "Dark (CPU) declines the draw");
    assert_eq!(ahead.state().end(), None, "nothing changed");
    let mut level = against_cpu("W:W30,31,32:B1,2,3");
    level.end_by_agreement().unwrap();
    assert_eq!(level.state().end(), Some(End::Draw(Draw::Agreement)));
    let mut behind = against_cpu("W:W29,30,31,32:B1,2,3");
    behind.end_by_agreement().unwrap();
    assert!(behind.is_over());
}

#[test]
fn a_fit_scores_quiet_positions_only() {
    use chek_cartridge::GameDef;
    type Def = chek_cartridge::games::checkers::Def;
    let weights = Def::tunable_weights();
    assert!(!weights.is_empty());
    // Light to move, and 22 can jump 18: not quiet.
    assert!(!Def::is_quiet(&pos("W:W22:B18")));
    assert!(Def::is_quiet(&pos("W:WK22:B1")));
    // Nothing to take: the score is the evaluation's, and a heavier king raises a
    // side's score that has one.
    let kings = pos("W:WK22:B1");
    let score = Def::score_with(&weights, &kings, chek_engine::Seat::FIRST).expect("a quiet position");
    let mut heavier = weights.clone();
    heavier[0] += 200;
    assert!(Def::score_with(&heavier, &kings, chek_engine::Seat::FIRST).expect("quiet") > score);
}

#[test]
fn a_search_sees_a_position_met_again_as_a_draw() {
    let start = pos("W:WK14:BK23");
    let round = "14-9 23-27 9-14 27-23";
    // K9 draws at the third time; a search's copy at the second.
    let repeated = |state: &State| state.end() == Some(End::Draw(Draw::Repetition));
    super::common::the_search_copy_draws_a_repeat(&start, round, State::for_search, repeated);
    // A search starts from the copy only when its weights switch it on.
    use chek_ai::Evaluator;
    use chek_cartridge::games::checkers::cpu::{CheckersEval, Weights};
    let switched = CheckersEval { weights: Weights { seen_again: 1, ..Weights::DEFAULT } };
    assert_eq!(super::after(&switched.search_root(&start), round).end(), Some(End::Draw(Draw::Repetition)));
    let plain = CheckersEval { weights: Weights::DEFAULT };
    assert_eq!(super::after(&plain.search_root(&start), round).end(), None);
}

#[test]
fn hard_counts_the_race_to_the_far_row_only_where_it_wins() {
    use chek_cartridge::games::checkers::cpu::{CheckersEval, Weights};
    use chek_cartridge::search::Tunable as _;
    let with = CheckersEval { weights: Weights::DEFAULT };
    let without = CheckersEval { weights: Weights { race: 0, ..Weights::DEFAULT } };
    let gap = |position: &State| with.score_for(position, Side::Light) - without.score_for(position, Side::Light);
    // Light's two men have 14 rows to go to the far row, Dark's one man 7: by the
    // rulebook (K8's third way) Light is 7 rows behind in the race...
    assert_eq!(gap(&pos("W:W30,31:B3")), -7 * Weights::DEFAULT.race);
    // ...and a step up takes a row off it.
    assert_eq!(gap(&pos("B:W26,31:B3")), -6 * Weights::DEFAULT.race);
    // In English draughts the far row wins nothing.
    assert_eq!(gap(&pos("W:W30,31:B3 rules:english")), 0);
    // Hard and Master race; Easy and Normal do not (as they give the far row no worth).
    for (level, races) in [(Level::Easy, false), (Level::Normal, false), (Level::Hard, true), (Level::Master, true)] {
        let spec = Weights::level_spec(level).expect("a searching level");
        assert_eq!(spec.weights.race > 0, races, "{level}");
    }
}

#[test]
fn a_capture_that_is_due_costs_the_search_no_ply() {
    use chek_cartridge::games::checkers::cpu::Weights;
    use chek_cartridge::search::Tunable as _;
    use chek_cartridge::GameDef;
    use chek_engine::Notation as _;
    type Def = chek_cartridge::games::checkers::Def;
    // Light wins the race in three plies: 22-18 gives a man away, Dark must take it
    // (15x22, K3), and 6-1 leaves Light's only piece on the far row (K8). A search two
    // plies deep sees it only if the forced capture deepens the line.
    let state = pos("W:W6,22:B15");
    let two_plies = |forced: u8| {
        let spec = format!("search:2:100000:12:0:1400:12:60:25:8:400:8:150:0:60:{forced}+killers");
        let player = Def::player(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        chek_ai::finish(Def::think(player, &state, 1)).expect("a move")
    };
    let step = |text: &str| state.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    assert_eq!(two_plies(8), step("22-18"));
    assert_eq!(two_plies(0), step("6-1"), "without the extension the win is out of sight");
    // Hard and Master extend; Easy and Normal, and every level of English draughts, do not.
    for (level, extends) in [(Level::Easy, false), (Level::Normal, false), (Level::Hard, true), (Level::Master, true)] {
        let spec = Weights::level_spec(level).expect("a searching level");
        assert_eq!((spec.weights.forced > 0, spec.config.extensions > 0), (extends, extends), "{level}");
        let english = chek_cartridge::games::checkers::cpu::english_levels(level, 0).expect("a searching level");
        assert_eq!((english.weights.forced, english.config.extensions), (0, 0), "{level}");
    }
}
