//! Going down the tree: opening a state (its value at once, or a frame ready to
//! search), staging a frame's next action, and the null move.

use chek_engine::{Game, List, Step, ToAct};

use super::frame::{Frame, Kind, Null, Place, Retry, Stage};
use super::order::{generate, order_actions};
use super::{
    child_of, from_table, late_moves, late_reduction, terminal, AlphaBeta, FULL_DEPTH_ACTIONS, FUTILITY_DEPTH,
    IIR_DEPTH, INF, LATE_DEPTH, MAX_EVAL, NULL_REDUCTION,
};
use crate::evaluate::Evaluator;
use crate::tt::Bound;

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// Opens the state in `frames[index]` at `place`: its value at once (a finished
    /// game, a table hit, a leaf), or `None` with the frame ready to search.
    pub(super) fn enter(&mut self, index: usize, place: Place) -> Option<i32> {
        let Place { mut depth, ply, mut alpha, mut beta, quiescent, noisy_left, streak, after_null, .. } = place;
        let evaluator = &self.evaluator;
        let features = self.config.features;
        let frame = self.frames.get_mut(index)?;
        let seat = match frame.state.to_act() {
            ToAct::Over => return Some(terminal(&frame.state, self.me, ply)),
            ToAct::Chance => {
                frame.outcomes = frame.state.outcomes();
                frame.open(Kind::Chance, 0, place, 0);
                frame.total = frame.outcomes.iter().map(|&(_, w)| w as i64).sum::<i64>().max(1);
                return None;
            }
            ToAct::Seat(seat) => seat,
        };
        let kind = if seat == self.me { Kind::Max } else { Kind::Min };
        let key = frame.state.hash();
        let entry = self.table.probe(key);
        if let Some(e) = entry.filter(|e| ply > 0 && !quiescent && e.depth >= depth) {
            let value = from_table(e.value, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => value >= beta,
                Bound::Upper => value <= alpha,
            };
            if usable {
                return Some(value);
            }
        }
        let mut best = if kind == Kind::Max { -INF } else { INF };
        let Frame { state, actions, .. } = frame;
        let quiescent = quiescent || depth == 0;
        let (me, scores) = (self.me, &mut self.scores);
        let mut score = |state: &G| scores.get_or(key, || evaluator.score(state, me).clamp(-MAX_EVAL, MAX_EVAL));
        let mut null = Null::Skip;
        let mut stage = Stage::Rest;
        let mut table_action = None;
        let mut futile = false;
        let mut late = usize::MAX;
        if quiescent {
            // The stand-pat first: a leaf that already holds its bound needs no list.
            let forced = evaluator.forced(state);
            if !forced || noisy_left == 0 {
                let stand = score(state);
                match kind {
                    _ if noisy_left == 0 => return Some(stand),
                    Kind::Max if stand >= beta => return Some(stand),
                    Kind::Min if stand <= alpha => return Some(stand),
                    Kind::Max => alpha = alpha.max(stand),
                    _ => beta = beta.min(stand),
                }
                best = stand;
            }
            if !evaluator.noisy_into(state, actions) {
                state.legal_into(actions);
                actions.keep(|&a| evaluator.noisy(state, a));
            }
            if actions.is_empty() {
                return Some(score(state));
            }
        } else {
            let near_leaves = (features.futility || features.prune) && ply > 0 && depth <= FUTILITY_DEPTH;
            let margin = if near_leaves { evaluator.futility_margin().saturating_mul(i32::from(depth)) } else { 0 };
            let late_pruned = features.lmp && ply > 0 && depth <= LATE_DEPTH;
            let quiet = (margin > 0 || late_pruned) && !evaluator.extend(state) && !evaluator.forced(state);
            if late_pruned && quiet {
                late = late_moves(depth);
            }
            if margin > 0 && quiet {
                let stand = score(state);
                match kind {
                    Kind::Max if features.futility && stand.saturating_sub(margin) >= beta => {
                        return Some(stand - margin)
                    }
                    Kind::Min if features.futility && stand.saturating_add(margin) <= alpha => {
                        return Some(stand + margin)
                    }
                    Kind::Max => futile = features.prune && depth == 1 && stand.saturating_add(margin) <= alpha,
                    _ => futile = features.prune && depth == 1 && stand.saturating_sub(margin) >= beta,
                }
            }
            let first = entry.and_then(|e| e.action).filter(|_| ply > 0);
            if features.iir && ply > 0 && depth >= IIR_DEPTH && first.is_none() {
                depth -= 1;
            }
            match first {
                Some(action) if evaluator.is_legal(state, action) == Some(true) => {
                    actions.empty();
                    actions.add(action);
                    (stage, table_action) = (Stage::Table, Some(action));
                }
                _ if features.staged && ply > 0 && evaluator.noisy_into(state, actions) => stage = Stage::Noisy,
                _ => generate(evaluator, (state, self.me, streak), actions),
            }
            let null_window = beta.saturating_sub(alpha) <= 1;
            if features.null_move && null_window && ply > 0 && !after_null && depth > NULL_REDUCTION {
                let stand = score(state);
                let holds = if kind == Kind::Max { stand >= beta } else { stand <= alpha };
                if holds && evaluator.can_pass(state) {
                    null = Null::Pending;
                }
            }
        }
        if stage != Stage::Table {
            let first = entry.and_then(|e| e.action);
            let scratch = (&mut self.ranks, &mut self.spare);
            order_actions(evaluator, (&self.memory, features), scratch, (state, ply), actions, first);
        }
        frame.open(kind, key, Place { depth, alpha, beta, quiescent, ..place }, best);
        frame.null = null;
        (frame.stage, frame.table_action, frame.futile, frame.late) = (stage, table_action, futile, late);
        None
    }

    /// The top frame searched its stage's actions without a cut: the next stage's
    /// follow, generated and ordered now (the noisy ones after the table's action
    /// where the features stage them, then the rest), each without those searched
    /// before. False if there are none left.
    pub(super) fn unstage(&mut self, top: usize) -> bool {
        let features = self.config.features;
        let Some(frame) = self.frames.get_mut(top) else { return false };
        let Frame { state, actions, ply, stage, table_action, .. } = frame;
        let evaluator = &self.evaluator;
        loop {
            let searched = &mut self.spare;
            searched.clear();
            match *stage {
                Stage::Rest => return false,
                Stage::Table if features.staged && evaluator.noisy_into(state, actions) => *stage = Stage::Noisy,
                Stage::Table | Stage::Noisy => {
                    searched.extend(actions.iter().copied());
                    generate(evaluator, (&*state, self.me, frame.streak), actions);
                    *stage = Stage::Rest;
                }
            }
            actions.keep(|a| Some(*a) != *table_action && !searched.contains(a));
            if !actions.is_empty() {
                break;
            }
        }
        let scratch = (&mut self.ranks, &mut self.spare);
        order_actions(evaluator, (&self.memory, features), scratch, (state, *ply), actions, None);
        frame.next = 0;
        true
    }

    /// Visits the next child of the top frame (a null move first where one is
    /// pending), or closes it.
    pub(super) fn advance(&mut self) {
        let Some(top) = self.live.checked_sub(1) else {
            return;
        };
        let at_root = top == 0;
        let (exact_root, features) = (self.config.exact_root, self.config.features);
        let Some(frame) = self.frames.get_mut(top) else {
            return;
        };
        if frame.null == Null::Pending {
            frame.null = Null::Searching;
            return self.visit_null(top);
        }
        let cut = frame.kind != Kind::Chance && frame.alpha >= frame.beta;
        if !cut && frame.stage != Stage::Rest && frame.next >= frame.actions.len() && !self.unstage(top) {
            return self.close();
        }
        let Some(frame) = self.frames.get_mut(top) else {
            return;
        };
        let index = frame.next;
        let (step, window, reduce) = match frame.kind {
            Kind::Chance => match frame.outcomes.get(index) {
                Some(&(outcome, _)) if !cut => (Step::Chance(outcome), (-INF, INF), 0),
                _ => return self.close(),
            },
            _ => match frame.actions.get(index) {
                Some(&action)
                    if !cut
                        && ((frame.futile && frame.searched > 0) || frame.searched >= frame.late)
                        && self.memory.killer(frame.ply, action) == 0
                        && !self.evaluator.noisy(&frame.state, action) =>
                {
                    // Futile, or late: a quiet action here is not worth its search.
                    frame.next += 1;
                    return;
                }
                Some(&action) if !cut => {
                    let full = if at_root && exact_root { (-INF, INF) } else { (frame.alpha, frame.beta) };
                    let nth = frame.searched;
                    let scout = features.pvs
                        && nth > 0
                        && frame.retry != Retry::Full
                        && !frame.quiescent
                        && !(at_root && exact_root);
                    let window = match (scout, frame.kind) {
                        (false, _) => full,
                        (true, Kind::Max) => (frame.alpha, frame.alpha.saturating_add(1)),
                        (true, _) => (frame.beta.saturating_sub(1), frame.beta),
                    };
                    let reducible = features.reductions
                        && frame.retry == Retry::First
                        && !frame.quiescent
                        && frame.depth >= 3
                        && nth >= FULL_DEPTH_ACTIONS
                        && !(at_root && exact_root)
                        && self.memory.killer(frame.ply, action) == 0
                        && !self.evaluator.noisy(&frame.state, action)
                        && !self.evaluator.extend(&frame.state);
                    let reduce = match reducible {
                        false => 0,
                        true if features.deep_lmr => late_reduction(frame.depth, nth),
                        true => 1,
                    };
                    frame.scout = scout;
                    (Step::Act(action), window, reduce)
                }
                _ => return self.close(),
            },
        };
        frame.next += 1;
        self.deepening.nodes += 1;
        let (parent_mid_turn, is_chance) = (frame.state.mid_turn(), frame.kind == Kind::Chance);
        let (depth, ply, quiescent, noisy_left, mut extensions, streak) =
            (frame.depth, frame.ply, frame.quiescent, frame.noisy_left, frame.extensions, frame.streak);
        let child = child_of(&mut self.frames, self.live, top);
        child.apply(step);
        let mut reduced = false;
        let (child_depth, streak) = if child.mid_turn() {
            let streak = match (is_chance, parent_mid_turn) {
                (true, _) => streak,
                (false, true) => streak.saturating_add(1),
                (false, false) => 0,
            };
            (depth, streak)
        } else if !quiescent && extensions < self.config.extensions && self.evaluator.extend(child) {
            extensions += 1;
            (depth, 0)
        } else if reduce > 0 {
            reduced = true;
            (depth.saturating_sub(1 + reduce).max(1), 0)
        } else {
            (depth.saturating_sub(1), 0)
        };
        if let Some(frame) = self.frames.get_mut(top) {
            frame.reduced = reduced;
        }
        let noisy_left = if quiescent {
            noisy_left.saturating_sub(1)
        } else if child_depth == 0 {
            self.config.quiescence
        } else {
            noisy_left
        };
        let place = Place {
            depth: child_depth,
            ply: ply.saturating_add(1),
            alpha: window.0,
            beta: window.1,
            quiescent,
            noisy_left,
            extensions,
            streak,
            after_null: false,
        };
        match self.enter(self.live, place) {
            Some(value) => self.feed(value),
            None => self.live += 1,
        }
    }

    /// Searches the top frame's null move: its turn passed, a null window at its beta
    /// (alpha for a rival's node), `NULL_REDUCTION` turns shallower.
    pub(super) fn visit_null(&mut self, top: usize) {
        self.deepening.nodes += 1;
        let Some(frame) = self.frames.get_mut(top) else { return };
        let (alpha, beta, kind, depth, ply) = (frame.alpha, frame.beta, frame.kind, frame.depth, frame.ply);
        let extensions = frame.extensions;
        let Some(passed) = self.evaluator.pass(&frame.state) else {
            // Nothing to search after all: the node's own actions follow.
            frame.null = Null::Skip;
            return;
        };
        *child_of(&mut self.frames, self.live, top) = passed;
        let window = if kind == Kind::Max { (beta - 1, beta) } else { (alpha, alpha + 1) };
        let child_depth = depth.saturating_sub(1 + NULL_REDUCTION);
        let place = Place {
            depth: child_depth,
            ply: ply.saturating_add(1),
            alpha: window.0,
            beta: window.1,
            quiescent: false,
            noisy_left: if child_depth == 0 { self.config.quiescence } else { 0 },
            extensions,
            streak: 0,
            after_null: true,
        };
        match self.enter(self.live, place) {
            Some(value) => self.feed(value),
            None => self.live += 1,
        }
    }
}
