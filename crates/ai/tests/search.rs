//! The search: depth, nodes, and decisions on small positions.

use chek_ai::search::{Config, Search};
use chek_ai::{decide, Level};
use chek_rules::{Position, Setup};

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

#[test]
fn hard_reaches_two_turns_from_the_start() {
    let config = Config {
        max_turns: 2,
        max_nodes: 40_000,
        max_chain: 4,
        rival_best: 0.5,
        weights: chek_ai::eval::Weights::DEFAULT,
    };
    let mut search = Search::new(Setup::Duel.start(), config);
    while !search.step(1000) {}
    println!("depth {} nodes {}", search.depth(), search.nodes());
    assert_eq!(search.depth(), 2);
    assert!(search.nodes() > 100);
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
        let mut thinker = chek_ai::Thinker::new(&p, Level::Hard, seed);
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
