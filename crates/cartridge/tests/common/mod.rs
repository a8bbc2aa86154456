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
