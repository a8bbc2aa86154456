//! A plain Monte Carlo tree search over any of the cartridge's games: UCT with
//! uniformly random playouts, knowing nothing of the game but its rules. The arena
//! plays it as `mcts:N` (N playouts a decision), a stand-in for the outside engines
//! the levels are measured against. It is a desktop tool: no level plays it, and it
//! never runs on the console (it allocates freely and searches by recursion-free
//! loops over a `Vec` of nodes).

use chek_engine::audit::pick_weighted;
use chek_engine::{Game, Seat, Step, ToAct, MAX_SEATS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// UCT's exploration constant, for values in [0, 1] (√2, the textbook's).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// The most steps a playout takes before it is scored as a draw between the seats.
const PLAYOUT_STEPS: u64 = 1_000;

/// A node of the tree: the state reached by `step` from `parent`.
struct Node<A, O> {
    step: Option<Step<A, O>>,
    parent: usize,
    to_act: ToAct,
    /// A chance outcome's weight (0 for a decision).
    weight: u16,
    children: Vec<usize>,
    /// A decision node's actions not yet in the tree.
    untried: Vec<A>,
    visits: u32,
    /// The playouts' values summed, by seat.
    value: [f64; MAX_SEATS],
}

impl<A: Copy, O> Node<A, O> {
    fn new<G: Game<Action = A, Outcome = O>>(state: &G, parent: usize, step: Option<Step<A, O>>, weight: u16) -> Self {
        let to_act = state.to_act();
        let untried = match to_act {
            ToAct::Seat(_) => state.legal().to_vec(),
            _ => Vec::new(),
        };
        Node { step, parent, to_act, weight, children: Vec::new(), untried, visits: 0, value: [0.0; MAX_SEATS] }
    }
}

/// The action UCT chooses for the seat to act in `state` after `playouts` playouts
/// (the most visited), or `None` if no seat is to act.
pub fn decide<G: Game>(state: &G, playouts: u32, seed: u64) -> Option<G::Action> {
    let ToAct::Seat(_) = state.to_act() else { return None };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut tree = vec![Node::new(state, 0, None, 0)];
    for _ in 0..playouts.max(1) {
        let mut here = state.clone();
        let mut node = 0;
        // Down the tree to a node with an untried action, adding its child.
        loop {
            let to_act = tree[node].to_act;
            match to_act {
                ToAct::Over => break,
                ToAct::Chance => {
                    if tree[node].children.is_empty() {
                        for (outcome, weight) in here.outcomes() {
                            let mut next = here.clone();
                            next.apply(Step::Chance(outcome));
                            let child = Node::new(&next, node, Some(Step::Chance(outcome)), weight);
                            tree.push(child);
                            let id = tree.len() - 1;
                            tree[node].children.push(id);
                        }
                    }
                    let weighted: Vec<(usize, u16)> =
                        tree[node].children.iter().map(|&c| (c, tree[c].weight)).collect();
                    let Some(chosen) = draw(&weighted, &mut rng) else { break };
                    if let Some(step) = tree[chosen].step {
                        here.apply(step);
                    }
                    node = chosen;
                }
                ToAct::Seat(seat) => {
                    if !tree[node].untried.is_empty() {
                        let i = rng.random_range(0..tree[node].untried.len());
                        let action = tree[node].untried.swap_remove(i);
                        here.apply(Step::Act(action));
                        let child = Node::new(&here, node, Some(Step::Act(action)), 0);
                        tree.push(child);
                        let id = tree.len() - 1;
                        tree[node].children.push(id);
                        node = id;
                        break;
                    }
                    let Some(chosen) = best_child(&tree, node, seat) else { break };
                    if let Some(step) = tree[chosen].step {
                        here.apply(step);
                    }
                    node = chosen;
                }
            }
        }
        let values = playout(here, &mut rng);
        // Up the path, adding the playout's values.
        loop {
            let n = &mut tree[node];
            n.visits += 1;
            for (sum, v) in n.value.iter_mut().zip(values) {
                *sum += v;
            }
            if node == 0 {
                break;
            }
            node = n.parent;
        }
    }
    let root = &tree[0];
    let best = root.children.iter().max_by_key(|&&c| tree[c].visits)?;
    match tree[*best].step {
        Some(Step::Act(action)) => Some(action),
        _ => None,
    }
}

/// One of `weighted` drawn by its weight (`None` if there are none).
fn draw<T: Copy>(weighted: &[(T, u16)], rng: &mut SmallRng) -> Option<T> {
    let total: u32 = weighted.iter().map(|&(_, w)| w as u32).sum();
    pick_weighted(weighted, rng.random_range(0..total.max(1)) as usize)
}

/// The child of decision node `node` with the best upper confidence bound for `seat`.
fn best_child<A, O>(tree: &[Node<A, O>], node: usize, seat: Seat) -> Option<usize> {
    let parent = &tree[node];
    let log_n = (parent.visits.max(1) as f64).ln();
    let bound = |c: usize| {
        let child = &tree[c];
        let n = child.visits.max(1) as f64;
        child.value[seat.index()] / n + EXPLORATION * (log_n / n).sqrt()
    };
    parent.children.iter().copied().max_by(|&a, &b| bound(a).total_cmp(&bound(b)))
}

/// Plays `state` out with uniformly random actions (and chance by its weights); each
/// seat's value at the end (a draw between the seats if it runs too long).
fn playout<G: Game>(mut state: G, rng: &mut SmallRng) -> [f64; MAX_SEATS] {
    let mut actions = G::Actions::default();
    for _ in 0..PLAYOUT_STEPS.min(state.max_steps()) {
        match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let Some(outcome) = draw(&state.outcomes(), rng) else { break };
                state.apply(Step::Chance(outcome));
            }
            ToAct::Seat(_) => {
                state.legal_into(&mut actions);
                if actions.is_empty() {
                    break;
                }
                let action = actions[rng.random_range(0..actions.len())];
                state.apply(Step::Act(action));
            }
        }
    }
    match state.payoffs() {
        Some(payoffs) => payoffs.values().0.map(f64::from),
        None => {
            let seats = state.seats();
            let share = 1.0 / seats.count().max(1) as f64;
            core::array::from_fn(|seat| if Seat::new(seat).is_some_and(|s| seats.contains(s)) { share } else { 0.0 })
        }
    }
}
