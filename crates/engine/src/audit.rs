//! Invariants every game keeps, checked after every step of random games (the generic
//! tests and the desktop's `soak`), plus the game's own ([`Game::check`],
//! [`Game::check_step`]).

use core::fmt::{self, Write};

use arrayvec::ArrayString;

use crate::{Game, Notation, Payoffs, Step, ToAct};

/// An invariant that failed, named in one line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Violation(pub &'static str);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// The longest position text the audit prints and parses back.
pub const MAX_TEXT: usize = 2048;

/// Checks a game step by step.
#[derive(Clone, Copy, Debug)]
pub struct Audit {
    steps: u64,
    limit: u64,
    /// Also print and parse back every legal action (slower: the soak leaves it to the
    /// tests).
    pub actions: bool,
}

/// How an audited playout went.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Playout {
    /// Steps played (decisions and chance outcomes).
    pub steps: u64,
    /// Chance outcomes among them.
    pub chance: u64,
}

impl Audit {
    /// An audit of a game starting at `start`.
    pub fn new<G: Game>(start: &G) -> Audit {
        Audit { steps: 0, limit: start.max_steps(), actions: true }
    }

    /// Checks one state on its own:
    /// - who acts agrees with the legal actions, the outcomes and the result;
    /// - no action or outcome is listed twice, and every weight is positive;
    /// - a result shares [`Payoffs::TOTAL`] among the seats at the table;
    /// - a printable state prints, parses back to itself and hashes the same;
    /// - every legal action prints and parses back to itself (when `actions`);
    /// - the game's own [`Game::check`].
    ///
    /// # Errors
    /// The first [`Violation`].
    pub fn check<G: Notation>(&self, state: &G) -> Result<(), Violation> {
        let legal = state.legal();
        let outcomes = state.outcomes();
        let payoffs = state.payoffs();
        match state.to_act() {
            ToAct::Seat(seat) => {
                if !state.seats().contains(seat) {
                    return Err(Violation("the seat to act is not at the table"));
                }
                if legal.is_empty() {
                    return Err(Violation("a seat is to act but has no legal action"));
                }
                if !outcomes.is_empty() || payoffs.is_some() {
                    return Err(Violation("a decision also has chance outcomes or a result"));
                }
                if has_duplicates(&legal) {
                    return Err(Violation("an action is listed twice"));
                }
            }
            ToAct::Chance => {
                if outcomes.is_empty() || !legal.is_empty() || payoffs.is_some() {
                    return Err(Violation("a chance node has no outcomes, or also decisions or a result"));
                }
                if outcomes.iter().any(|&(_, weight)| weight == 0) {
                    return Err(Violation("a chance outcome has weight 0"));
                }
                let outcomes_only: arrayvec::ArrayVec<G::Outcome, { crate::MAX_OUTCOMES }> =
                    outcomes.iter().map(|&(o, _)| o).collect();
                if has_duplicates(&outcomes_only) {
                    return Err(Violation("a chance outcome is listed twice"));
                }
            }
            ToAct::Over => {
                if !legal.is_empty() || !outcomes.is_empty() {
                    return Err(Violation("a finished game still has actions or outcomes"));
                }
                let Some(payoffs) = payoffs else {
                    return Err(Violation("a finished game has no result"));
                };
                check_payoffs(state, payoffs)?;
            }
        }
        if state.printable() {
            let text = print(state)?;
            match G::parse(&text) {
                Ok(back) if back == *state => {
                    if back.hash() != state.hash() {
                        return Err(Violation("equal states hash differently"));
                    }
                }
                Ok(_) => return Err(Violation("parse(print(state)) differs from the state")),
                Err(_) => return Err(Violation("a printed state does not parse")),
            }
        }
        if self.actions {
            for &action in legal.iter() {
                let text = print(&action)?;
                if state.parse_action(&text).ok() != Some(action) {
                    return Err(Violation("a legal action does not parse back from its text"));
                }
            }
        }
        state.check()
    }

    /// Checks the step from `before` to `after`: the step was allowed, the game has
    /// not outrun its bound, `after` passes [`Audit::check`], and the game's own
    /// [`Game::check_step`].
    ///
    /// # Errors
    /// The first [`Violation`].
    pub fn step<G: Notation>(
        &mut self,
        before: &G,
        step: Step<G::Action, G::Outcome>,
        after: &G,
    ) -> Result<(), Violation> {
        self.steps += 1;
        if self.steps > self.limit {
            return Err(Violation("the game did not end within its bound"));
        }
        let allowed = match step {
            Step::Act(action) => before.legal().contains(&action),
            Step::Chance(outcome) => before.outcomes().iter().any(|&(o, _)| o == outcome),
        };
        if !allowed {
            return Err(Violation("a step was played that was not offered"));
        }
        if after.seats() != before.seats() {
            return Err(Violation("the seats at the table changed"));
        }
        self.check(after)?;
        after.check_step(before, step)
    }

    /// Plays `state` to its end and checks every step: decisions take `choose(n) % n`
    /// of the `n` legal ones, chance outcomes are drawn by weight with `choose(total)`.
    ///
    /// # Errors
    /// The first [`Violation`] and the state it was found in.
    pub fn playout<G: Notation>(
        &mut self,
        state: &mut G,
        mut choose: impl FnMut(usize) -> usize,
    ) -> Result<Playout, (Violation, G)> {
        self.check(state).map_err(|v| (v, state.clone()))?;
        let mut playout = Playout::default();
        loop {
            let step = match state.to_act() {
                ToAct::Over => return Ok(playout),
                ToAct::Seat(_) => {
                    let legal = state.legal();
                    match legal.get(choose(legal.len().max(1)) % legal.len().max(1)) {
                        Some(&action) => Step::Act(action),
                        None => return Err((Violation("a seat is to act but has no legal action"), state.clone())),
                    }
                }
                ToAct::Chance => {
                    let outcomes = state.outcomes();
                    let total: usize = outcomes.iter().map(|&(_, w)| w as usize).sum();
                    match pick_weighted(&outcomes, choose(total.max(1)) % total.max(1)) {
                        Some(outcome) => {
                            playout.chance += 1;
                            Step::Chance(outcome)
                        }
                        None => return Err((Violation("a chance node has no outcomes"), state.clone())),
                    }
                }
            };
            let before = state.clone();
            state.apply(step);
            playout.steps += 1;
            self.step(&before, step, state).map_err(|v| (v, state.clone()))?;
        }
    }
}

/// The outcome at `point` of the weights laid end to end (`point` below their sum).
pub fn pick_weighted<O: Copy>(outcomes: &[(O, u16)], point: usize) -> Option<O> {
    let mut left = point;
    for &(outcome, weight) in outcomes {
        if left < weight as usize {
            return Some(outcome);
        }
        left -= weight as usize;
    }
    outcomes.last().map(|&(o, _)| o)
}

fn check_payoffs<G: Game>(state: &G, payoffs: Payoffs) -> Result<(), Violation> {
    let seats = state.seats();
    let mut total = 0u32;
    for (seat, &share) in payoffs.0.iter() {
        if share > 0 && !seats.contains(seat) {
            return Err(Violation("a seat not at the table has a share of the result"));
        }
        total += share as u32;
    }
    if total != Payoffs::TOTAL as u32 {
        return Err(Violation("the result's shares do not add up"));
    }
    Ok(())
}

fn has_duplicates<T: PartialEq>(items: &[T]) -> bool {
    items.iter().enumerate().any(|(i, a)| items[i + 1..].contains(a))
}

fn print(item: &impl fmt::Display) -> Result<ArrayString<MAX_TEXT>, Violation> {
    let mut text = ArrayString::new();
    write!(text, "{item}").map_err(|_| Violation("a state or action does not print within MAX_TEXT characters"))?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_laid_end_to_end() {
        let outcomes = [('a', 15), ('b', 21)];
        assert_eq!(pick_weighted(&outcomes, 0), Some('a'));
        assert_eq!(pick_weighted(&outcomes, 14), Some('a'));
        assert_eq!(pick_weighted(&outcomes, 15), Some('b'));
        assert_eq!(pick_weighted(&outcomes, 35), Some('b'));
        assert_eq!(pick_weighted::<char>(&[], 0), None);
    }
}
