//! A plain dice-aware player for the arena, written apart from the levels' search so
//! that tuning against it is not tuning against ourselves: an expectimax of two whole
//! turns (the seat's own and the next seat's) through every legal action and every
//! chance outcome, each seat playing its own best (max-n), scored by win chances. The
//! arena plays it as `dice:NODES`: the two turns always complete; a third starts if the
//! budget allows and is dropped if it runs past NODES nodes.
//!
//! Its leaf is each seat's chance of winning from its margin (the game's
//! [`GameDef::margin`]: its score less its best rival's) through a logistic, where the
//! seat to act may also open any conflict it holds: each such action is weighed over
//! its outcomes by their odds, and the seat takes the best of those and standing
//! still. It is a desktop tool (it recurses and allocates freely); no level plays it.

use chek_cartridge::GameDef;
use chek_engine::{Game, Step, ToAct, MAX_SEATS};

/// How sure a one-point lead is: the logistic's slope.
const SLOPE: f64 = 0.8;

/// The turns always searched.
const TURNS: u8 = 2;

type Values = [f64; MAX_SEATS];

/// A search of one decision.
struct Search {
    nodes: u64,
    limit: u64,
}

/// The action the player chooses for the seat to act in `state` within about `nodes`
/// nodes past its first two turns, or `None` if no seat is to act.
pub fn decide<D: GameDef>(state: &D::State, nodes: u64) -> Option<<D::State as Game>::Action> {
    let ToAct::Seat(seat) = state.to_act() else { return None };
    let actions = state.legal();
    if actions.len() <= 1 {
        return actions.first().copied();
    }
    let mut chosen = None;
    let mut search = Search { nodes: 0, limit: u64::MAX };
    for turns in TURNS..=TURNS + 1 {
        if turns > TURNS {
            // A deeper iteration runs in what is left, and counts only if it completes.
            search.limit = nodes;
        }
        let mut best: Option<(f64, <D::State as Game>::Action)> = None;
        for &action in actions.iter() {
            let Some(value) = search.after::<D>(state, Step::Act(action), turns) else {
                return chosen;
            };
            if best.is_none_or(|(b, _)| value[seat.index()] > b) {
                best = Some((value[seat.index()], action));
            }
        }
        chosen = best.map(|(_, a)| a);
        if search.nodes >= nodes {
            break;
        }
    }
    chosen
}

impl Search {
    /// The values after `step` from `state` with `turns` turns left before it.
    fn after<D: GameDef>(
        &mut self,
        state: &D::State,
        step: Step<<D::State as Game>::Action, <D::State as Game>::Outcome>,
        turns: u8,
    ) -> Option<Values> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let mut child = state.clone();
        child.apply(step);
        let turns = if child.mid_turn() { turns } else { turns.saturating_sub(1) };
        self.value::<D>(&child, turns)
    }

    /// The values of `state` with `turns` whole turns left to search.
    fn value<D: GameDef>(&mut self, state: &D::State, turns: u8) -> Option<Values> {
        match state.to_act() {
            ToAct::Over => Some(payoffs(state)),
            ToAct::Chance => {
                let outcomes = state.outcomes();
                let total: f64 = outcomes.iter().map(|&(_, w)| w as f64).sum::<f64>().max(1.0);
                let mut sum = [0.0; MAX_SEATS];
                for &(outcome, weight) in outcomes.iter() {
                    let v = self.after::<D>(state, Step::Chance(outcome), turns)?;
                    add(&mut sum, &v, weight as f64 / total);
                }
                Some(sum)
            }
            ToAct::Seat(seat) if turns == 0 => Some(leaf::<D>(state, seat)),
            ToAct::Seat(seat) => {
                let mut best: Option<Values> = None;
                for &action in state.legal().iter() {
                    let v = self.after::<D>(state, Step::Act(action), turns)?;
                    if best.is_none_or(|b| v[seat.index()] > b[seat.index()]) {
                        best = Some(v);
                    }
                }
                Some(best.unwrap_or_else(|| still::<D>(state)))
            }
        }
    }
}

fn add(sum: &mut Values, v: &Values, w: f64) {
    for (s, x) in sum.iter_mut().zip(v) {
        *s += w * x;
    }
}

/// Each seat's share of a finished game.
fn payoffs<G: Game>(state: &G) -> Values {
    state.payoffs().unwrap_or_default().values().0.map(f64::from)
}

/// The values at a leaf where `seat` is to act: standing still, or the best for it of
/// the conflicts it can open, each weighed over its outcomes.
fn leaf<D: GameDef>(state: &D::State, seat: chek_engine::Seat) -> Values {
    let mut best = still::<D>(state);
    for &action in state.legal().iter() {
        let mut conflict = state.clone();
        conflict.apply(Step::Act(action));
        if conflict.to_act() != ToAct::Chance {
            continue;
        }
        let outcomes = conflict.outcomes();
        let total: f64 = outcomes.iter().map(|&(_, w)| w as f64).sum::<f64>().max(1.0);
        let mut sum = [0.0; MAX_SEATS];
        for &(outcome, weight) in outcomes.iter() {
            let mut after = conflict.clone();
            after.apply(Step::Chance(outcome));
            let v = if after.to_act() == ToAct::Over { payoffs(&after) } else { still::<D>(&after) };
            add(&mut sum, &v, weight as f64 / total);
        }
        if sum[seat.index()] > best[seat.index()] {
            best = sum;
        }
    }
    best
}

/// Each seat's win chance from its margin alone, the seats' chances adding up to one.
fn still<D: GameDef>(state: &D::State) -> Values {
    if state.to_act() == ToAct::Over {
        return payoffs(state);
    }
    let mut values = [0.0; MAX_SEATS];
    let seats = state.seats();
    for seat in chek_engine::Seat::ALL.into_iter().filter(|&s| seats.contains(s)) {
        let margin = D::margin(state, seat) as f64;
        values[seat.index()] = 1.0 / (1.0 + (-SLOPE * margin).exp());
    }
    let total: f64 = values.iter().sum();
    if total > 0.0 {
        values.iter_mut().for_each(|v| *v /= total);
    }
    values
}
