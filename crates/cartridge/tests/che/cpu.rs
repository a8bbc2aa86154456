//! Che's CPU: legal decisions at every level, wins taken, threats blocked, and the
//! greedy baseline as defined.

use chek_ai::Level;
use chek_cartridge::games::che::cpu::{greedy, Player};
use chek_cartridge::games::che::rules::{End, Side, State};

use super::{after, pos, random_positions, CAP};

fn decide(level: Level, state: &State, seed: u64) -> String {
    super::common::decide(level, state, seed).to_string()
}

#[test]
fn every_level_decides_a_legal_tile() {
    let positions = random_positions(3, 5);
    for level in Level::ALL {
        for state in positions.iter().filter(|s| s.end().is_none()).step_by(7) {
            let t = decide(level, state, 1);
            assert!(super::moves(state).contains(&t), "{level}: {t} in {state}");
        }
    }
}

#[test]
fn every_search_level_takes_a_win_in_one_tile() {
    for level in [Level::Greedy, Level::Easy, Level::Normal, Level::Hard] {
        assert_eq!(decide(level, &pos(CAP), 3), "0,-1,BL", "{level}");
    }
}

#[test]
fn hard_and_greedy_block_a_single_threat() {
    // Blue to move, White threatens 0,-1: the tile there that does not close White's
    // region blocks it.
    let state = after(&pos(CAP), "2,0,BR 3,0,BL");
    for level in [Level::Greedy, Level::Hard] {
        let t = decide(level, &state, 4);
        assert_eq!(t, "0,-1,WR", "{level}");
        let blocked = after(&state, &t);
        assert_eq!(blocked.end(), None);
    }
}

#[test]
fn hard_wins_a_two_tile_combination() {
    // Hard against greedy ends in a closed region of Hard's colour most of the time;
    // here every game is played out and Hard must win by closing, not by the count.
    let mut closed_wins = 0;
    for seed in 0..6 {
        let mut state = State::start();
        let hard = if seed % 2 == 0 { Side::White } else { Side::Blue };
        while state.end().is_none() {
            let level = if state.to_move() == hard { Level::Hard } else { Level::Greedy };
            let mut rng = chek_ai::rng(seed);
            let t = if level == Level::Greedy {
                greedy(&state, &mut rng).unwrap()
            } else {
                super::common::decide(level, &state, seed)
            };
            state.play(t);
        }
        if matches!(state.end(), Some(End::Closed { winner, .. }) if winner == hard) {
            closed_wins += 1;
        }
    }
    assert!(closed_wins >= 5, "{closed_wins} of 6");
}

#[test]
fn player_specs_parse_and_print_back() {
    let p = Player::parse("search:3:900:8:0.1:300:10:1:1:24").unwrap();
    assert_eq!(p.to_string(), "search:3:900:8:0.1:300:10:1:1:24");
    // Weights left out keep the first release's: near-threats by the tile, the nodes
    // as given.
    let p = Player::parse("search:3:900:8:0.1:300:10").unwrap();
    assert_eq!(p.to_string(), "search:3:900:8:0.1:300:10:0:0:0");
    let e = Player::parse("search:3").unwrap_err();
    assert!(e.starts_with("level: ") && e.contains("search:DEPTH:NODES:BREADTH"), "{e}");
}

#[test]
fn hard_counts_its_nodes_at_a_reference_frontier_and_frames_within_budget() {
    use chek_ai::Evaluator;
    use chek_cartridge::games::che::cpu::eval::REFERENCE_FRONTIER;
    use chek_cartridge::games::che::cpu::{node_cost, slice_nodes, CheEval, Weights};
    let counted = CheEval::from(Weights { by_frontier: 1, ..Weights::DEFAULT });
    let as_given = CheEval::default();
    let budget = 7_000 * node_cost(REFERENCE_FRONTIER);
    let mut by_frontier: Vec<(usize, u32)> = Vec::new();
    for state in random_positions(3, 5).iter().filter(|s| s.end().is_none()) {
        let frontier = state.tiling().frontier().len();
        let nodes = counted.nodes_from(state, 7_000);
        // The first release's levels search the nodes they are given.
        assert_eq!(as_given.nodes_from(state, 7_000), 7_000);
        // Hard spends about the same on every decision: within a node of the budget.
        assert!((u64::from(nodes) * node_cost(frontier)).abs_diff(budget) <= node_cost(frontier), "{state}");
        // A frame's slice stays within two thirds of its 1.5M budget, by the same costs.
        let slice = u64::from(slice_nodes(state));
        assert!(slice >= 8 && slice * node_cost(frontier) <= 1_000_000, "{slice} nodes a slice in {state}");
        by_frontier.push((frontier, nodes));
    }
    by_frontier.sort();
    assert!(by_frontier.windows(2).all(|w| w[0].1 >= w[1].1), "more nodes for a larger frontier: {by_frontier:?}");
    let (small, large) = (by_frontier[0], by_frontier[by_frontier.len() - 1]);
    assert!(small.1 > 7_000 && large.1 < 7_000, "{small:?} {large:?}");
}

#[test]
fn hard_tries_more_tiles_at_the_root_and_the_next_position_than_deeper() {
    use chek_ai::Evaluator;
    use chek_cartridge::games::che::cpu::eval::threats;
    use chek_cartridge::games::che::cpu::{CheEval, Weights};
    use chek_engine::Game;
    // Quiet positions (no threat: no tile is kept for winning or blocking) with many
    // tiles, by their tile count.
    let quiet: Vec<State> = random_positions(8, 7)
        .into_iter()
        .filter(|s| s.end().is_none() && s.legal().len() >= 24 && threats(s.tiling()).cells == [0, 0])
        .collect();
    let eval = CheEval::from(Weights { breadth: 4, root_breadth: 9, ..Weights::DEFAULT });
    let kept = |eval: &CheEval, s: &State| {
        let mut tiles = s.legal();
        eval.considered(s, chek_engine::Seat::FIRST, 0, &mut tiles);
        tiles.len()
    };
    let mut checked = 0;
    for root in &quiet {
        let n = root.tiling().len();
        let rooted = eval.for_root(root);
        assert_eq!(kept(&rooted, root), 9, "{root}");
        for s in quiet.iter().filter(|s| s.tiling().len() > n) {
            let want = if s.tiling().len() == n + 1 { 9 } else { 4 };
            assert_eq!(kept(&rooted, s), want, "{s} from a root of {n} tiles");
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked}");
    // Without a root, the breadth everywhere past the first two tiles.
    let deep = quiet.iter().find(|s| s.tiling().len() > 2).unwrap();
    assert_eq!(kept(&eval, deep), 4);
}

#[test]
fn hard_counts_a_near_threat_cell_once_whatever_makes_it_one() {
    // The first release counts each tile and region that a tile leaves one or two
    // halves from closed; Hard counts the cells where some tile does, a colour once.
    use chek_cartridge::games::che::cpu::eval::threats;
    let mut fewer = 0;
    for state in random_positions(4, 11).iter().filter(|s| s.end().is_none()) {
        let tiling = state.tiling();
        let t = threats(tiling);
        for side in [Side::White, Side::Blue] {
            let cells = tiling
                .frontier()
                .iter()
                .filter(|&&cell| {
                    tiling.kinds_fitting(cell).any(|kind| {
                        tiling.probe(cell, kind).groups().any(|(c, open, _)| c == side && (1..=2).contains(&open))
                    })
                })
                .count() as u32;
            let s = side as usize;
            assert_eq!(t.near_cells[s], cells, "{state}");
            assert!(t.near_cells[s] <= t.near[s], "{state}");
            fewer += (t.near_cells[s] < t.near[s]) as u32;
        }
    }
    assert!(fewer > 0, "no position where the counts differ");
}
