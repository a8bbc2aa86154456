//! What every two-seat game's rule tests write positions and actions with, through the
//! engine's interface. The including test crate names its game's state `Game`.

#![allow(dead_code)]

use chek_engine::{Game as _, Notation, Step};

type Game = super::Game;
type Action = <Game as chek_engine::Game>::Action;

/// The position written `text`.
pub fn pos(text: &str) -> Game {
    Game::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal actions of `state` as sorted text.
pub fn moves(state: &Game) -> Vec<String> {
    let mut texts: Vec<String> = state.legal().iter().map(|a| a.to_string()).collect();
    texts.sort();
    texts
}

/// The legal action written `text` in `state`.
pub fn act(state: &Game, text: &str) -> Action {
    state.parse_action(text).unwrap_or_else(|e| panic!("{text} in {state}: {e}"))
}

/// `state` after the actions written in `line`, one after another.
pub fn after(state: &Game, line: &str) -> Game {
    let mut state = state.clone();
    for text in line.split_whitespace() {
        let a = act(&state, text);
        state.apply(Step::Act(a));
    }
    state
}

/// `record` after the actions written in `line`, each played through the record.
pub fn record_after<R: chek_engine::Record<Game = Game>>(mut record: R, line: &str) -> R {
    for text in line.split_whitespace() {
        let a = act(&record.state(), text);
        record.play(a).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    record
}

/// Positions along `games` random games from `start` (game `g` seeded `g`), one in
/// every `every` plies from ply `first`, each game at most `plies` plies long.
pub fn sampled_positions(start: &Game, games: u64, every: usize, first: usize, plies: usize) -> Vec<Game> {
    let mut out = Vec::new();
    for game in 0..games {
        let mut rng = chek_ai::rng(game);
        let mut state = start.clone();
        for ply in 0..plies {
            if state.to_act() == chek_engine::ToAct::Over {
                break;
            }
            if ply % every == first {
                out.push(state.clone());
            }
            let list = state.legal();
            let Some(action) = chek_ai::pick(&mut rng, &list) else { break };
            state.apply(Step::Act(action));
        }
    }
    out
}

/// Each of `levels` decides a legal action by `decide` in each of `positions` (more
/// than 20 of them), seeded by the position's index.
pub fn every_level_decides_legally(
    positions: &[Game],
    levels: &[chek_ai::Level],
    decide: impl Fn(chek_ai::Level, &Game, u64) -> Action,
) {
    assert!(positions.len() > 20, "{}", positions.len());
    for (i, state) in positions.iter().enumerate() {
        for &level in levels {
            let action = decide(level, state, i as u64);
            assert!(state.legal().contains(&action), "{level} chose {action:?} in {state}");
        }
    }
}
