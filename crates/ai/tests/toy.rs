//! The searches on toy games whose values brute force can check: tic-tac-toe for
//! alpha-beta, a small dice race for expectimax.

use std::fmt;

use arrayvec::ArrayVec;
use chek_ai::alphabeta::{self, AlphaBeta, SCORE_UNIT, WIN};
use chek_ai::expectimax::{self, Expectimax};
use chek_ai::{Evaluator, Values};
use chek_engine::{Game, Outcomes, Payoffs, PerSeat, Seat, Seats, Step, ToAct};

/// The seat a toy's `to_move` (0 or 1) names.
fn seat(i: u8) -> Seat {
    Seat::ALL[i as usize & 1]
}

// ------------------------------------------------------------------ tic-tac-toe

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Ttt {
    cells: [u8; 9],
    to_move: u8,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Cell(u8);

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

impl Ttt {
    fn winner(&self) -> Option<u8> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]];
            (c != 0 && c == self.cells[l[1]] && c == self.cells[l[2]]).then(|| c - 1)
        })
    }
}

impl Game for Ttt {
    type Action = Cell;
    type Outcome = ();
    type Actions = ArrayVec<Cell, 9>;

    fn to_act(&self) -> ToAct {
        if self.payoffs().is_some() {
            ToAct::Over
        } else {
            ToAct::Seat(seat(self.to_move))
        }
    }
    fn legal(&self) -> Self::Actions {
        if self.payoffs().is_some() {
            return ArrayVec::new();
        }
        (0..9).filter(|&i| self.cells[i as usize] == 0).map(Cell).collect()
    }
    fn outcomes(&self) -> Outcomes<()> {
        Outcomes::new()
    }
    fn apply(&mut self, step: Step<Cell, ()>) {
        if let Step::Act(Cell(i)) = step {
            self.cells[i as usize] = self.to_move + 1;
            self.to_move ^= 1;
        }
    }
    fn payoffs(&self) -> Option<Payoffs> {
        match self.winner() {
            Some(w) => Some(Payoffs::winner(seat(w))),
            None if self.cells.iter().all(|&c| c != 0) => Some(Payoffs::shared(Seats::TWO)),
            None => None,
        }
    }
    fn mid_turn(&self) -> bool {
        false
    }
    fn hash(&self) -> u64 {
        chek_engine::hash_of(self)
    }
}

/// Knows nothing: every unfinished game is even.
struct Blind;

impl<G: Game> Evaluator<G> for Blind {
    fn values(&self, _: &G) -> Values {
        PerSeat([0.5; 4])
    }
}

/// Knows nothing either, but gives each cell a history slot, so that the search's
/// history ordering has something to learn.
struct BlindWithHistory;

impl Evaluator<Ttt> for BlindWithHistory {
    fn values(&self, _: &Ttt) -> Values {
        PerSeat([0.5; 4])
    }
    fn history_slots(&self) -> usize {
        9
    }
    fn history_slot(&self, _: &Ttt, action: Cell) -> Option<usize> {
        Some(action.0 as usize)
    }
    fn is_legal(&self, state: &Ttt, action: Cell) -> Option<bool> {
        Some(state.legal().contains(&action))
    }
}

/// +1 win, 0 draw, −1 loss for `me`, by brute force.
fn minimax(state: &Ttt, me: u8) -> i32 {
    if let Some(p) = state.payoffs() {
        return (p.share(seat(me)) as i32 - 6).signum();
    }
    let legal = state.legal();
    let values = legal.iter().map(|&a| {
        let mut child = *state;
        child.apply(Step::Act(a));
        minimax(&child, me)
    });
    if state.to_move == me {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

fn positions(count: usize) -> Vec<Ttt> {
    let mut out = vec![];
    let mut seed = 7u64;
    while out.len() < count {
        let mut s = Ttt { cells: [0; 9], to_move: 0 };
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let plies = (seed >> 33) % 7;
        for k in 0..plies {
            let legal = s.legal();
            if legal.is_empty() {
                break;
            }
            s.apply(Step::Act(legal[((seed >> (k * 3 + 5)) as usize) % legal.len()]));
        }
        if s.to_act() != ToAct::Over && s.legal().len() > 1 {
            out.push(s);
        }
    }
    out
}

fn config(table_bytes: usize, exact_root: bool) -> alphabeta::Config {
    alphabeta::Config {
        max_depth: 9,
        max_nodes: u32::MAX,
        quiescence: 0,
        extensions: 0,
        table_bytes,
        exact_root,
        features: alphabeta::Features::NONE,
    }
}

fn sign(score: f32) -> i32 {
    let raw = (score * SCORE_UNIT) as i32;
    if raw > WIN / 2 {
        1
    } else if raw < -WIN / 2 {
        -1
    } else {
        0
    }
}

/// The search of `state` with `config` and `eval`, run to its end.
fn searched<E: Evaluator<Ttt>>(state: Ttt, config: alphabeta::Config, eval: E) -> AlphaBeta<Ttt, E> {
    let mut search = AlphaBeta::new(state, config, eval);
    while !search.step(1000) {}
    search
}

/// The search's best score is the minimax value `truth` of `state`, and its best
/// action really is worth that.
fn assert_best_is_worth<E: Evaluator<Ttt>>(search: &AlphaBeta<Ttt, E>, state: Ttt, truth: i32, table: usize) {
    let best = search.progress().scores().iter().map(|&(_, v)| v).fold(f32::MIN, f32::max);
    assert_eq!(sign(best), truth, "{state:?} table {table}");
    let (action, _) = *search.progress().scores().iter().find(|&&(_, v)| v == best).unwrap();
    let mut child = state;
    child.apply(Step::Act(action));
    assert_eq!(minimax(&child, state.to_move), truth, "{state:?} table {table}: {action}");
}

/// Each root action's score is its own minimax value (an exact root).
fn assert_each_score_exact<E: Evaluator<Ttt>>(search: &AlphaBeta<Ttt, E>, state: Ttt) {
    for &(action, score) in search.progress().scores() {
        let mut child = state;
        child.apply(Step::Act(action));
        assert_eq!(sign(score), minimax(&child, state.to_move), "{state:?} {action}");
    }
}

#[test]
fn alpha_beta_finds_the_minimax_value_with_and_without_a_table() {
    for state in positions(300) {
        let truth = minimax(&state, state.to_move);
        for table in [0, 1 << 14] {
            let search = searched(state, config(table, false), Blind);
            assert_best_is_worth(&search, state, truth, table);
        }
    }
}

#[test]
fn the_refinements_that_keep_values_find_the_minimax_value() {
    // Principal-variation search, killers, history, an aspiration window (every value
    // of a blind search falls outside the window around 0 at first, so the root is
    // searched again) and a two-way table: only the order and the windows change.
    for state in positions(300) {
        let truth = minimax(&state, state.to_move);
        for table in [0, 1 << 10, 1 << 14] {
            let config = alphabeta::Config { features: alphabeta::Features::EXACT, ..config(table, false) };
            assert_best_is_worth(&searched(state, config, BlindWithHistory), state, truth, table);
        }
        // With every action scored exactly, each keeps its own value.
        let config = alphabeta::Config { features: alphabeta::Features::EXACT, ..config(1 << 12, true) };
        assert_each_score_exact(&searched(state, config, BlindWithHistory), state);
    }
}

#[test]
fn the_refinements_search_fewer_nodes_for_the_same_value() {
    let state = Ttt { cells: [0; 9], to_move: 0 };
    let nodes = |features| {
        let config = alphabeta::Config { features, ..config(1 << 14, false) };
        let mut search = AlphaBeta::new(state, config, BlindWithHistory);
        while !search.step(1000) {}
        let best = search.progress().scores().iter().map(|&(_, v)| v).fold(f32::MIN, f32::max);
        (sign(best), search.progress().nodes())
    };
    let (plain, refined) = (nodes(alphabeta::Features::NONE), nodes(alphabeta::Features::EXACT));
    assert_eq!(plain.0, 0);
    assert_eq!(refined.0, 0);
    assert!(refined.1 < plain.1, "{refined:?} against {plain:?}");
}

/// Scores X's open lines less O's, and counts how often it is asked.
struct Lines {
    asked: std::rc::Rc<std::cell::Cell<u32>>,
}

impl Evaluator<Ttt> for Lines {
    fn values(&self, state: &Ttt) -> Values {
        self.asked.set(self.asked.get() + 1);
        let open = |seat: u8| LINES.iter().filter(|l| l.iter().all(|&i| state.cells[i] != 2 - seat)).count() as f32;
        let lead = (open(0) - open(1)) / 16.0;
        PerSeat([0.5 + lead, 0.5 - lead, 0.0, 0.0])
    }
}

#[test]
fn a_score_cache_scores_a_leaf_met_again_once_and_changes_no_value() {
    // Three plies from a corner opening: X's two cells in either order meet again.
    let state = Ttt { cells: [1, 0, 0, 0, 0, 0, 0, 0, 0], to_move: 1 };
    let run = |score_cache| {
        let features = alphabeta::Features { score_cache, ..alphabeta::Features::NONE };
        let config = alphabeta::Config { max_depth: 3, features, ..config(1 << 12, true) };
        let asked = std::rc::Rc::new(std::cell::Cell::new(0));
        let search = searched(state, config, Lines { asked: asked.clone() });
        (search.progress().scores().to_vec(), asked.get())
    };
    let ((plain, plain_asked), (cached, cached_asked)) = (run(false), run(true));
    assert_eq!(cached, plain);
    assert!(cached_asked < plain_asked, "{cached_asked} scores against {plain_asked}");
}

#[test]
fn an_exact_root_scores_every_action_exactly() {
    for state in positions(60) {
        let search = searched(state, config(1 << 12, true), Blind);
        assert_eq!(search.progress().scores().len(), state.legal().len());
        assert_each_score_exact(&search, state);
    }
}

#[test]
fn a_quicker_win_scores_higher() {
    // X (seat 0) can win now at 2, or later.
    let state = Ttt { cells: [1, 1, 0, 2, 2, 0, 0, 0, 0], to_move: 0 };
    let mut search = AlphaBeta::new(state, config(0, true), Blind);
    while !search.step(100) {}
    let best = search.progress().scores().iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert_eq!(best.0, Cell(2));
}

#[test]
fn slices_of_any_size_give_the_same_scores() {
    let state = positions(1)[0];
    let whole = {
        let mut s = AlphaBeta::new(state, config(1 << 12, false), Blind);
        while !s.step(u32::MAX) {}
        s.progress().scores().to_vec()
    };
    let mut s = AlphaBeta::new(state, config(1 << 12, false), Blind);
    let mut slices = 0;
    while !s.step(3) {
        slices += 1;
    }
    assert_eq!(s.progress().scores(), whole.as_slice());
    assert!(slices > 10);
}

#[test]
fn a_node_budget_keeps_the_last_completed_depth() {
    let state = Ttt { cells: [0; 9], to_move: 0 };
    let budget = alphabeta::Config { max_nodes: 2_000, ..config(0, false) };
    let mut s = AlphaBeta::new(state, budget, Blind);
    while !s.step(100) {}
    assert!(s.progress().depth() >= 2 && s.progress().depth() < 9, "depth {}", s.progress().depth());
    assert!(s.progress().nodes() < 2_200);
    assert_eq!(s.progress().scores().len(), 9);
}

#[test]
fn the_progress_climbs_with_the_nodes_and_ends_at_a_hundred() {
    let state = Ttt { cells: [0; 9], to_move: 0 };
    let budget = alphabeta::Config { max_nodes: 2_000, ..config(0, false) };
    let search = chek_ai::Search::AlphaBeta(AlphaBeta::new(state, budget, Blind));
    let mut thinker = chek_ai::Thinker::searching(&state, search, 0.0, chek_ai::rng(1));
    assert_eq!(thinker.progress(), 0);
    let mut seen = vec![];
    while thinker.step(200).is_none() {
        seen.push(thinker.progress());
    }
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert!(seen.iter().all(|&p| p < 100) && seen.iter().any(|&p| p >= 50), "{seen:?}");
    assert_eq!(thinker.progress(), 100);
}

// ------------------------------------------------------------------ a dice race

/// Two seats race to 3 points. On its turn a seat takes 1 point for sure, or rolls:
/// 2 points with weight 1, none with weight 2. After six turns the leader wins.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Race {
    points: [u8; 2],
    to_move: u8,
    rolling: bool,
    turns: u8,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Choice {
    Sure,
    Roll,
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl Game for Race {
    type Action = Choice;
    type Outcome = u8;
    type Actions = ArrayVec<Choice, 2>;

    fn to_act(&self) -> ToAct {
        if self.payoffs().is_some() {
            ToAct::Over
        } else if self.rolling {
            ToAct::Chance
        } else {
            ToAct::Seat(seat(self.to_move))
        }
    }
    fn legal(&self) -> Self::Actions {
        match self.to_act() {
            ToAct::Seat(_) => [Choice::Sure, Choice::Roll].into_iter().collect(),
            _ => ArrayVec::new(),
        }
    }
    fn outcomes(&self) -> Outcomes<u8> {
        match self.to_act() {
            ToAct::Chance => [(2, 1), (0, 2)].into_iter().collect(),
            _ => Outcomes::new(),
        }
    }
    fn apply(&mut self, step: Step<Choice, u8>) {
        let seat = self.to_move as usize;
        match step {
            Step::Act(Choice::Sure) => {
                self.points[seat] += 1;
                self.to_move ^= 1;
                self.turns += 1;
            }
            Step::Act(Choice::Roll) => self.rolling = true,
            Step::Chance(gain) => {
                self.points[seat] += gain;
                self.rolling = false;
                self.to_move ^= 1;
                self.turns += 1;
            }
        }
    }
    fn payoffs(&self) -> Option<Payoffs> {
        let [a, b] = self.points;
        match (a >= 3 || b >= 3 || self.turns >= 6, a.cmp(&b)) {
            (false, _) => None,
            (true, std::cmp::Ordering::Greater) => Some(Payoffs::winner(Seat::FIRST)),
            (true, std::cmp::Ordering::Less) => Some(Payoffs::winner(Seat::SECOND)),
            (true, std::cmp::Ordering::Equal) => Some(Payoffs::shared(Seats::TWO)),
        }
    }
    fn mid_turn(&self) -> bool {
        self.rolling
    }
    fn hash(&self) -> u64 {
        chek_engine::hash_of(self)
    }
}

/// Seat `me`'s chance of winning with both seats at their best, by brute force.
fn expected(state: &Race, me: Seat) -> f32 {
    match state.to_act() {
        ToAct::Over => state.payoffs().unwrap().value(me),
        ToAct::Chance => {
            let outcomes = state.outcomes();
            let total: f32 = outcomes.iter().map(|&(_, w)| w as f32).sum();
            outcomes
                .iter()
                .map(|&(o, w)| {
                    let mut child = *state;
                    child.apply(Step::Chance(o));
                    w as f32 / total * expected(&child, me)
                })
                .sum()
        }
        ToAct::Seat(seat) => {
            let legal = state.legal();
            let values = legal.iter().map(|&a| {
                let mut child = *state;
                child.apply(Step::Act(a));
                (expected(&child, seat), expected(&child, me))
            });
            values.max_by(|a, b| a.0.total_cmp(&b.0)).unwrap().1
        }
    }
}

#[test]
fn expectimax_with_rivals_at_their_best_finds_the_expected_win_chance() {
    for points in [[0, 0], [1, 0], [0, 2], [2, 2], [1, 1]] {
        for to_move in 0..2 {
            let state = Race { points, to_move, rolling: false, turns: 0 };
            let config = expectimax::Config { max_turns: 12, max_nodes: u32::MAX, rival_best: 1.0 };
            let mut search = Expectimax::new(state, config, Blind);
            while !search.step(1000) {}
            for &(action, value) in search.progress().scores() {
                let mut child = state;
                child.apply(Step::Act(action));
                let truth = expected(&child, seat(to_move));
                assert!((value - truth).abs() < 1e-5, "{state:?} {action}: {value} vs {truth}");
            }
        }
    }
}

#[test]
fn alpha_beta_averages_a_chance_node() {
    let state = Race { points: [1, 2], to_move: 0, rolling: false, turns: 0 };
    // A sure point leaves 2-2 and the rival's sure point wins; a roll wins one time in
    // three (2 points), else the rival wins all the same.
    let mut search = AlphaBeta::new(state, config(0, true), Blind);
    while !search.step(100) {}
    let scores = search.progress().scores();
    let sure = scores.iter().find(|s| s.0 == Choice::Sure).unwrap().1;
    let roll = scores.iter().find(|s| s.0 == Choice::Roll).unwrap().1;
    assert_eq!(sign(sure), -1, "a sure loss: {sure}");
    let third = (WIN as f32 / 3.0) / SCORE_UNIT;
    assert!((roll + third).abs() < 0.01, "a third of a win, two thirds of a loss: {roll}");
}

#[test]
fn a_kept_table_makes_the_same_seats_next_decision_cheaper_and_leaves_its_value() {
    let keeping = alphabeta::Config {
        features: alphabeta::Features { keep: true, ..alphabeta::Features::NONE },
        ..config(1 << 20, false)
    };
    let start = Ttt { cells: [0; 9], to_move: 0 };
    let mut first = searched(start, keeping, Blind);
    let kept = first.keep_table();
    assert!(kept.is_some());
    // X takes the centre, O a corner: X decides again.
    let mut later = start;
    later.apply(Step::Act(Cell(4)));
    later.apply(Step::Act(Cell(0)));
    let fresh = searched(later, keeping, Blind);
    let mut warm = AlphaBeta::new(later, keeping, Blind);
    warm.reuse_table(kept.unwrap());
    while !warm.step(1000) {}
    let best = |s: &AlphaBeta<Ttt, Blind>| s.progress().scores().iter().map(|&(_, v)| v).fold(f32::MIN, f32::max);
    assert_eq!(sign(best(&warm)), sign(best(&fresh)));
    assert!(
        warm.progress().nodes() < fresh.progress().nodes() / 2,
        "{} vs {}",
        warm.progress().nodes(),
        fresh.progress().nodes()
    );
    // Without the feature, nothing is kept.
    let mut plain = searched(start, config(1 << 14, false), Blind);
    assert!(plain.keep_table().is_none());
    // The other seat's table is not taken over (its values are the other seat's).
    let mut o_side = start;
    o_side.apply(Step::Act(Cell(4)));
    let mut o_search = AlphaBeta::new(o_side, keeping, Blind);
    let mut again = searched(start, keeping, Blind);
    o_search.reuse_table(again.keep_table().unwrap());
    while !o_search.step(1000) {}
    assert_eq!(o_search.progress().nodes(), searched(o_side, keeping, Blind).progress().nodes());
}

/// [`Lines`] with a futility margin of a fifth of a line's worth a turn.
struct LinesNearLeaves;

impl Evaluator<Ttt> for LinesNearLeaves {
    fn values(&self, state: &Ttt) -> Values {
        Lines { asked: Default::default() }.values(state)
    }
    fn futility_margin(&self) -> i32 {
        250
    }
}

#[test]
fn futility_cuts_nodes_near_the_leaves_and_still_takes_a_win_or_blocks_a_loss() {
    let run = |state: Ttt, futility: bool, prune: bool| {
        let features = alphabeta::Features { futility, prune, ..alphabeta::Features::NONE };
        let config = alphabeta::Config { max_depth: 5, features, ..config(1 << 12, false) };
        let search = searched(state, config, LinesNearLeaves);
        let scores = search.progress().scores();
        let best = scores.iter().map(|&(_, v)| v).fold(f32::MIN, f32::max);
        let action = scores.iter().find(|&&(_, v)| v == best).map(|&(a, _)| a);
        (action, search.progress().nodes())
    };
    let start = Ttt { cells: [0; 9], to_move: 0 };
    let (plain, cut, pruned) = (run(start, false, false).1, run(start, true, false).1, run(start, false, true).1);
    assert!(cut < plain, "reverse futility: {cut} nodes against {plain}");
    assert!(pruned < plain, "futility pruning: {pruned} nodes against {plain}");
    // X wins at 2 at once; with O to move, O must block at 2.
    let win = Ttt { cells: [1, 1, 0, 2, 2, 0, 0, 0, 0], to_move: 0 };
    let block = Ttt { cells: [1, 1, 0, 2, 0, 0, 0, 0, 0], to_move: 1 };
    for (futility, prune) in [(true, false), (false, true), (true, true)] {
        assert_eq!(run(win, futility, prune).0, Some(Cell(2)));
        assert_eq!(run(block, futility, prune).0, Some(Cell(2)));
    }
}
