//! Checkers on the cartridge: one test per rule (K1–K10) on small positions, the rules
//! against an independent reference, and its CPU and saves.

mod cpu;
mod reference;
mod rules;
mod saves;

use chek_cartridge::games::checkers::rules::{Move, State};
use chek_engine::Notation;

/// The position written `text`.
pub fn pos(text: &str) -> State {
    State::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves of `state` as sorted text.
pub fn moves(state: &State) -> Vec<String> {
    reference::texts(state)
}

/// The legal move written `text` in `state`.
pub fn mv(state: &State, text: &str) -> Move {
    state.parse_move(text).unwrap_or_else(|e| panic!("{text} in {state}: {e}"))
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

/// The moves of `state` that take nothing, leave nothing to take, and (unless
/// `may_end`) do not end the game: a quiet walk of kings (K9).
pub fn quiet_moves(state: &State, may_end: bool) -> Vec<Move> {
    state
        .moves()
        .into_iter()
        .filter(|m| {
            let mut next = state.clone();
            next.play(*m);
            !m.is_capture() && !next.must_capture() && (may_end || next.end().is_none())
        })
        .collect()
}
