//! What the rule-by-rule tests share: positions and squares from text, the legal
//! actions as the notation prints them, and playing an action to its outcome.

// Each test file uses what it needs.
#![allow(dead_code)]

use chek_rules::{Next, Outcome, Position, Square};

pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// The legal actions as the notation prints them, sorted.
pub fn actions(p: &Position) -> Vec<String> {
    let mut list: Vec<String> = p.legal_actions().iter().map(|a| a.to_string()).collect();
    list.sort();
    list
}

/// The position after `action`, the conflict (if any) ending with `outcome`.
pub fn after_with(p: &Position, action: &str, outcome: Outcome) -> Position {
    match p.play(p.parse_action(action).unwrap_or_else(|e| panic!("{action} in {p}: {e}"))).unwrap() {
        Next::Position(next) => next,
        Next::Conflict(c) => c.resolve(outcome),
    }
}

/// The position after `action`, with the attacker winning any conflict.
pub fn after_winning(p: &Position, action: &str) -> Position {
    after_with(p, action, Outcome::AttackerWins)
}
