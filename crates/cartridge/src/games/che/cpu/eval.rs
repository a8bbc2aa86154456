//! Che's evaluation: threats and near-threats. A **threat** of a colour is an empty
//! cell where one tile would close a region of that colour alone (the seed's "immediate
//! threat"); the side to move with a threat wins on its next tile, and a side facing
//! more threats than it has tiles left to block them loses. A **near-threat** (the
//! seed's ears, counted loosely) is a tile that would leave a region of that colour
//! one or two edge halves from closed: the stuff of the next move's threats. Hard and
//! Master count the cells that hold one, the first release's levels every such tile
//! and region.

use chek_ai::alphabeta::MAX_EVAL;
use chek_ai::{Evaluator, Values};
use chek_engine::List;
use chek_engine::Seat;

use alloc::vec::Vec;
use arrayvec::ArrayVec;

use super::super::rules::{Across, Cell, Probe, Side, State, Tile, TileList, Tiling};

/// How much each feature weighs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights {
    /// A threat of one's own over the opponent's.
    pub threat: i32,
    /// A near-threat (a tile that leaves a region 1 or 2 halves from closed).
    pub near: i32,
    /// 1: count near-threat cells (a cell once a colour, however many of its tiles and
    /// regions make it one: one tile blocks them all); 0: every near-threat tile and
    /// region, as the first release did.
    pub cells: i32,
    /// How many tiles the search looks at in a position (the rest are not tried).
    pub breadth: i32,
    /// 1: the search's nodes are a frontier of [`REFERENCE_FRONTIER`] cells', and a
    /// root with a larger frontier (dearer nodes) searches fewer, a smaller one more
    /// ([`node_cost`]); 0: the nodes as given, as the first release searched.
    pub by_frontier: i32,
    /// How many tiles the search looks at in the root's position and the one after it
    /// (where a tile left out costs the most); 0: [`Weights::breadth`] there too.
    pub root_breadth: i32,
}

impl Weights {
    /// The levels' weights.
    pub const DEFAULT: Weights = Weights { threat: 400, near: 12, cells: 0, breadth: 12, by_frontier: 0, root_breadth: 0 };
}

/// The frontier a level's nodes are counted at ([`Weights::by_frontier`]): about the
/// frontier of a game's tenth to fifteenth tile, where games between good players are
/// decided.
pub const REFERENCE_FRONTIER: usize = 16;

/// What a node of Hard costs in instructions, by its root's frontier (every node
/// probes each frontier cell's two kinds, for the threats or the tile order): 7,400
/// and 540 a cell, fitted to Hard's decisions on 39 positions of 6 to 37 tiles
/// (`scripts/bench/che.txt` and Hard's own games), within 12% of each; the first
/// tiles' nodes cost about 10,000, as five cells' would.
pub const fn node_cost(frontier: usize) -> u64 {
    let cells = if frontier < 5 { 5 } else { frontier as u64 };
    7_400 + 540 * cells
}

/// Each colour's threat cells and near-threats in a tiling.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Threats {
    /// Threat cells, by colour (index: `Side as usize`).
    pub cells: [u32; 2],
    /// Near-threat tiles (and regions), by colour.
    pub near: [u32; 2],
    /// Cells with a near-threat, by colour.
    pub near_cells: [u32; 2],
}

/// The cells where a tile would close a region of `side`'s colour only, at most `N`.
pub fn threat_cells<const N: usize>(tiling: &Tiling, side: Side) -> ArrayVec<Cell, N> {
    let mut cells = ArrayVec::new();
    let kinds = tiling.kinds_by_parity();
    for (k, &cell) in tiling.frontier().iter().enumerate() {
        let across = tiling.across_frontier(k);
        if kinds[cell.parity() as usize].into_iter().any(|k| {
            let p = tiling.probe_across(&across, k);
            p.closes(side) && !p.closes(side.other())
        }) && cells.try_push(cell).is_err()
        {
            break;
        }
    }
    cells
}

/// Counts both colours' threats and near-threats.
pub fn threats(tiling: &Tiling) -> Threats {
    let mut t = Threats::default();
    let kinds = tiling.kinds_by_parity();
    for (k, &cell) in tiling.frontier().iter().enumerate() {
        // By colour: a tile here closes it alone; a tile here leaves it nearly closed.
        let (mut here, mut near_here) = ([false; 2], [false; 2]);
        let across = tiling.across_frontier(k);
        for kind in kinds[cell.parity() as usize] {
            let p = tiling.probe_across(&across, kind);
            let mut closes = [false; 2];
            for &(colour, open, _) in p.groups.get(..p.len as usize).unwrap_or_default() {
                let c = colour as usize & 1;
                closes[c] |= open == 0;
                if (1..=2).contains(&open) {
                    t.near[c] += 1;
                    near_here[c] = true;
                }
            }
            here[0] |= closes[0] && !closes[1];
            here[1] |= closes[1] && !closes[0];
        }
        for c in 0..2 {
            t.cells[c] += here[c] as u32;
            t.near_cells[c] += near_here[c] as u32;
        }
    }
    t
}

/// A score for the side to move, by the threats: a threat of its own wins; more of
/// the opponent's than it has tiles to block loses, nearly surely.
pub fn score_for_mover(state: &State, weights: &Weights) -> i32 {
    let me = state.to_move();
    let them = me.other();
    let t = threats(state.tiling());
    let (mine, theirs) = (me as usize, them as usize);
    if t.cells[mine] > 0 {
        return 60_000;
    }
    let left = state.tiles_this_move() as u32;
    if t.cells[theirs] > left {
        return -40_000 + 100 * (left as i32);
    }
    let near = if weights.cells > 0 { t.near_cells } else { t.near };
    let near = (near[mine] as i32 - near[theirs] as i32) * weights.near;
    (near - weights.threat * t.cells[theirs] as i32).clamp(-MAX_EVAL / 2, MAX_EVAL / 2)
}

/// How good a tile looks for the side `me` to move before searching it, from what it
/// does (`probe`) and whether its cell is an opponent's threat (`blocks`): a win
/// first, then blocking, then tiles that bring its own regions near closing and keep
/// the opponent's open. Losing tiles (closing the opponent's colour) come last.
pub fn tile_score(probe: &Probe, me: Side, blocks: bool) -> i32 {
    let (mine, theirs) = (probe.closes(me), probe.closes(me.other()));
    if mine && !theirs {
        return 1_000_000;
    }
    if theirs {
        return -1_000_000;
    }
    let mut score = if blocks { 100_000 } else { 0 };
    for (colour, open, _) in probe.groups() {
        let v = match open {
            1 => 40,
            2 => 30,
            3 => 12,
            4 => 4,
            _ => 0,
        };
        score += if colour == me { v } else { -v / 2 };
    }
    score
}

/// Scores every tile of `actions` for the side to move, in their order (the tiles of
/// a cell come together, as [`State::moves`] lists them, so a cell's neighbours are
/// looked up once).
pub fn scored(state: &State, actions: &[Tile]) -> Vec<i32> {
    let me = state.to_move();
    let tiling = state.tiling();
    let mut out = Vec::with_capacity(actions.len());
    let frontier = tiling.frontier();
    let (mut i, mut k) = (0, 0);
    while i < actions.len() {
        let cell = actions[i].cell;
        let end = actions[i..].iter().position(|t| t.cell != cell).map_or(actions.len(), |n| i + n);
        // The tiles come in the frontier's order: look for their cell from the last.
        let at = frontier.get(k..).and_then(|rest| rest.iter().position(|&c| c == cell)).map(|n| k + n);
        let at = at.or_else(|| frontier.iter().position(|&c| c == cell));
        let across = match at {
            Some(at) => {
                k = at;
                tiling.across_frontier(at)
            }
            None => Across::from(&tiling.around(cell)),
        };
        let probes: ArrayVec<Probe, 4> = actions[i..end].iter().map(|t| tiling.probe_across(&across, t.kind)).collect();
        let blocks = probes.iter().any(|p| p.closes(me.other()) && !p.closes(me));
        out.extend(probes.iter().map(|p| tile_score(p, me, blocks)));
        i = end;
    }
    out
}

/// Che's evaluator for the search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CheEval {
    /// The weights.
    pub weights: Weights,
    /// The tiles of the search's root ([`Evaluator::for_root`]): how far a node is
    /// from it, for [`Weights::root_breadth`].
    root_tiles: usize,
}

impl From<Weights> for CheEval {
    fn from(weights: Weights) -> CheEval {
        CheEval { weights, root_tiles: 0 }
    }
}

impl Default for CheEval {
    fn default() -> CheEval {
        CheEval::from(Weights::DEFAULT)
    }
}

impl Evaluator<State> for CheEval {
    /// With [`Weights::by_frontier`] on, `max_nodes` are a frontier of
    /// [`REFERENCE_FRONTIER`] cells', and the root's own frontier sets how many it
    /// can afford: every decision then costs about the same.
    fn nodes_from(&self, root: &State, max_nodes: u32) -> u32 {
        if self.weights.by_frontier == 0 {
            return max_nodes;
        }
        let nodes = u64::from(max_nodes) * node_cost(REFERENCE_FRONTIER) / node_cost(root.tiling().frontier().len());
        u32::try_from(nodes).unwrap_or(u32::MAX)
    }

    fn values(&self, state: &State) -> Values {
        let s = score_for_mover(state, &self.weights) as f32 / 100_000.0;
        let mut v = Values::default();
        let me = state.to_move();
        v[me.seat()] = 0.5 + s / 2.0;
        v[me.other().seat()] = 0.5 - s / 2.0;
        v
    }

    fn score(&self, state: &State, seat: Seat) -> i32 {
        let s = score_for_mover(state, &self.weights);
        if state.to_move().seat() == seat {
            s
        } else {
            -s
        }
    }

    /// Remembers the root's tiles, for [`Weights::root_breadth`].
    fn for_root(self, root: &State) -> CheEval {
        CheEval { root_tiles: root.tiling().len(), ..self }
    }

    /// The best `breadth` tiles by [`tile_score`] (`root_breadth` in the root's
    /// position and the next), best first, every winning and blocking tile among
    /// them: the search then tries them in this order.
    fn considered(&self, state: &State, _me: Seat, _streak: u8, actions: &mut TileList) {
        // On the heap: a frontier's worth of scores is too much for the device's small
        // stack.
        let scores = scored(state, actions);
        let (mut ranks, mut spare) = (Vec::new(), Vec::new());
        chek_ai::order_by_key(actions, |i, _| scores.get(i).copied().unwrap_or(i32::MIN), &mut ranks, &mut spare);
        let near_root = state.tiling().len() < self.root_tiles + 2;
        let breadth = if near_root && self.weights.root_breadth > 0 { self.weights.root_breadth } else { self.weights.breadth };
        let keep = (breadth.max(1) as usize).max(scores.iter().filter(|&&s| s >= 100_000).count());
        let mut kept = 0;
        actions.keep(|_| {
            kept += 1;
            kept <= keep
        });
    }
}
