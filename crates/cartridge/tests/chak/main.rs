//! Chak on the cartridge: one test per rule (A1–A9) on small positions, the rules
//! against an independent reference, and its CPU and saves.

mod cpu;
mod reference;
mod rules;
mod saves;

use chek_cartridge::games::chak::rules::{Move, State};
use chek_engine::Notation;

/// The start's text (A8).
pub const START: &str = "rjvsksvjr/1ppppppp1/9/9/9/9/9/1PPPPPPP1/RJVSKSVJR w";

/// The position written `text`.
pub fn pos(text: &str) -> State {
    State::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves of `state` as sorted text.
pub fn moves(state: &State) -> Vec<String> {
    let mut texts: Vec<String> = state.moves().iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

/// The legal move written `text` in `state`.
pub fn mv(state: &State, text: &str) -> Move {
    state.parse_action(text).unwrap_or_else(|e| panic!("{text} in {state}: {e}"))
}

/// `state` after the moves written in `line`, one after another.
pub fn after(state: &State, line: &str) -> State {
    let mut state = state.clone();
    for text in line.split_whitespace() {
        let m = mv(&state, text);
        state.play(m);
    }
    state
}
