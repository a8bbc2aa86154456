//! Chak's evaluation for alpha-beta: material (the + forms worth more), the river
//! crossed, the Ajaw's safety and the temple race (A6), each a small function scored
//! for one side, the total as that side's less the other's.

use chek_engine::Seat;
use chek_ai::{Evaluator, Values};

use super::super::rules::board::{count_up_to, PIECES};
use super::super::rules::{moves, Board, Kind, Move, MoveList, Piece, Side, Square, State};

/// The weights of the score, in score units (a pawn is worth 100).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights {
    /// Per rank a pawn has come from its start, and per piece standing across the
    /// river (A2).
    pub advance: i32,
    /// Per enemy piece (not a pawn) within two squares of the side's Ajaw, less one
    /// per own piece next to it (A5).
    pub exposed: i32,
    /// Per square a Warrior Ajaw has come towards the opponent's temple (A6).
    pub temple: i32,
    /// A Warrior Ajaw one step from the temple, which the opponent does not guard: it
    /// wins unless stopped at once (twice this standing on the temple).
    pub unstoppable: i32,
    /// 1: the search scores a position met again as a draw ([`State::for_search`]);
    /// 0: only A7's third repetition draws. A switch, kept with the weights so that
    /// the arena's specs can set it.
    pub seen_again: i32,
    /// 1: the level's nodes are those of a full board, and a board with fewer pieces
    /// gets more ([`ChakEval::nodes_from`]); 0: the same nodes everywhere. A switch,
    /// like `seen_again`.
    pub by_pieces: i32,
    /// 1: past its depth the search leaves out the captures that look like losing
    /// material (a piece taking a cheaper one on a square the other side guards); 0:
    /// every capture. A switch, like `seen_again`.
    pub losing: i32,
    /// Per turn of depth left, how far a quiet position's score may be from what a
    /// search of it finds: where the search's `futility` refinement is on, a node
    /// within three turns of the leaves is cut at once when its score stands past its
    /// bound by this much a turn.
    pub futility: i32,
    /// Per square the side's sliding pieces reach along their lines beyond the
    /// other side's ([`Board::slider_reach`]): pieces with room to move.
    pub mobility: i32,
}

impl Weights {
    /// The weights every level plays with (Hard and Master turn `by_pieces` on).
    pub const DEFAULT: Weights =
        Weights { advance: 6, exposed: 12, temple: 25, unstoppable: 3000, seen_again: 0, by_pieces: 0, losing: 0, futility: 120, mobility: 0 };
}

/// What a node costs, in units of 20 Thumb instructions: about 162 units whatever the
/// board, and one per piece on it (the check test and the quiet moves walk every
/// piece). Fitted to the instructions a node of Hard retires on the device
/// (`cargo xtask device think --game chak`, `scripts/bench/chak.txt`'s positions:
/// 3,230 + 20 a piece, within 8%).
const fn node_cost(pieces: u32) -> u64 {
    162 + pieces as u64
}

/// A piece's material value (A3, A4): the + forms move more, and are worth more.
pub const fn value(piece: Piece) -> i32 {
    match (piece.kind, piece.plus) {
        (Kind::Ajaw, _) => 0,
        (Kind::Pawn, _) => 100,
        (Kind::Shaman, false) => 250,
        (Kind::Shaman, true) => 320,
        (Kind::Vulture, false) => 330,
        (Kind::Vulture, true) => 470,
        (Kind::Serpent, false) => 480,
        (Kind::Serpent, true) => 620,
        (Kind::Jaguar, false) => 620,
        (Kind::Jaguar, true) => 1000,
    }
}

/// Chak's evaluation.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ChakEval {
    /// Its weights.
    pub weights: Weights,
}

impl From<Weights> for ChakEval {
    fn from(weights: Weights) -> ChakEval {
        ChakEval { weights }
    }
}

/// Chebyshev distance: king steps between two squares.
fn steps_between(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

impl ChakEval {
    /// `side`'s part of the score besides material: advance, the Ajaw's safety, the
    /// temple. Worked out from the board's counts and bit sets, not piece by piece: it
    /// is asked at every leaf of the search.
    fn side_score(&self, board: &Board, side: Side) -> i32 {
        let w = &self.weights;
        // Pawns by how far they have come from their start rank...
        let count = i32::from(board.count(Piece::new(side, Kind::Pawn)));
        let ranks = i32::from(board.pawn_ranks(side));
        let come = match side {
            Side::White => ranks - count,
            Side::Black => 7 * count - ranks,
        };
        // ...and the other pieces (not the Ajaw) standing across the river.
        let ajaw = board.ajaw(side);
        let ajaw_across = ajaw.is_some_and(|sq| sq.half() != side) as i32;
        let crossed = i32::from(board.across(side)) - ajaw_across;
        let mut score = w.advance * (come + crossed);
        let Some(ajaw) = ajaw else { return score };
        score -= w.exposed * exposed(board, ajaw, side);
        if board.at(ajaw).is_some_and(|p| p.plus) {
            score += self.temple_race(board, ajaw, side);
        }
        score
    }

    /// The temple race of `side`'s Warrior Ajaw on `ajaw` (A6): nearer is better, and
    /// one free step from an unguarded temple is nearly a win.
    fn temple_race(&self, board: &Board, ajaw: Square, side: Side) -> i32 {
        let temple = side.other().temple();
        let distance = steps_between(ajaw, temple);
        let mut score = self.weights.temple * (8 - distance);
        let free = board.at(temple).is_none_or(|p| p.side != side);
        if distance == 0 {
            // On the temple: it wins after the reply unless the reply ends the game.
            score += 2 * self.weights.unstoppable;
        } else if distance == 1 && free && !board.attacked(temple, side.other()) {
            score += self.weights.unstoppable;
        }
        score
    }

    /// The score for `side`: its material and its sliders' reach less the other's,
    /// and its part less the other's.
    pub fn score_for(&self, board: &Board, side: Side) -> i32 {
        let mobility = self.weights.mobility;
        let white = material_balance(board) + if mobility != 0 { mobility * board.slider_reach() } else { 0 };
        let balance = match side {
            Side::White => white,
            Side::Black => -white,
        };
        balance + self.side_score(board, side) - self.side_score(board, side.other())
    }
}

/// The worth of each board byte's piece ([`value`]; 0 for an empty square).
const BYTE_VALUES: [i32; 25] = {
    let mut table = [0; 25];
    let mut byte = 1;
    while byte < 25 {
        if let Some(piece) = PIECES[byte] {
            table[byte] = value(piece);
        }
        byte += 1;
    }
    table
};

/// White's material less Black's: each board byte's count against its worth, White's
/// bytes counting for and Black's against, one fixed sum over the 25 bytes that the
/// compiler unrolls (it is asked at every leaf).
fn material_balance(board: &Board) -> i32 {
    board.counts().iter().zip(&SIGNED_VALUES).map(|(&count, &worth)| i32::from(count) * worth).sum()
}

/// [`BYTE_VALUES`] with Black's pieces' negative.
const SIGNED_VALUES: [i32; 25] = {
    let mut table = BYTE_VALUES;
    let mut byte = 13;
    while byte < 25 {
        table[byte] = -table[byte];
        byte += 1;
    }
    table
};

/// The worth of the piece of a board byte ([`BYTE_VALUES`]).
fn worth(byte: u8) -> i32 {
    BYTE_VALUES.get(byte as usize).copied().unwrap_or(0)
}

/// For each square, the squares within `n` king steps of it (itself left out).
const fn around(n: i32) -> [u128; 81] {
    let mut masks = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let (f, r) = (sq % 9, sq / 9);
        let mut other = 0;
        while other < 81 {
            let (df, dr): (i32, i32) = ((other % 9) - f, (other / 9) - r);
            if other != sq && df.abs() <= n && dr.abs() <= n {
                masks[sq as usize] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    masks
}

const NEAR: [u128; 81] = around(1);
const REGION: [u128; 81] = around(2);

/// The danger around `side`'s Ajaw on `ajaw`: enemy pieces (not pawns) within two
/// squares, less the own pieces next to it that shield it.
fn exposed(board: &Board, ajaw: Square, side: Side) -> i32 {
    let at = ajaw.index() as usize;
    let attackers = count_up_to(board.occupied(side.other()) & !board.pawns() & REGION[at], 24) as i32;
    let shield = count_up_to(board.occupied(side) & NEAR[at], 3) as i32;
    2 * attackers - shield
}

impl Evaluator<State> for ChakEval {
    /// With [`Weights::by_pieces`] on, `max_nodes` are a full board's (32 pieces), and
    /// a board with fewer pieces gets as many more as its cheaper nodes allow: an
    /// endgame of 8 pieces about a third more.
    fn nodes_from(&self, root: &State, max_nodes: u32) -> u32 {
        if self.weights.by_pieces == 0 {
            return max_nodes;
        }
        let board = root.board();
        let pieces = (board.occupied(Side::White) | board.occupied(Side::Black)).count_ones();
        let nodes = u64::from(max_nodes) * node_cost(32) / node_cost(pieces);
        u32::try_from(nodes).unwrap_or(u32::MAX)
    }

    /// With [`Weights::seen_again`] on, the search's copy of the root
    /// ([`State::for_search`]): a position met again is a draw.
    fn search_root(&self, state: &State) -> State {
        crate::search::search_root(state, self.weights.seen_again, State::for_search)
    }

    fn values(&self, state: &State) -> Values {
        let white = self.score_for(state.board(), Side::White) as f32;
        let p = 1.0 / (1.0 + libm::expf(-white / 400.0));
        chek_engine::PerSeat([p, 1.0 - p, 0.0, 0.0])
    }

    fn score(&self, state: &State, seat: Seat) -> i32 {
        let side = Side::of_seat(seat).unwrap_or(Side::White);
        self.score_for(state.board(), side)
    }

    /// Captures and a pawn's promotion are searched past the depth (quiescence).
    fn noisy(&self, state: &State, mv: Move) -> bool {
        mv.promotion().is_some() || state.board().byte(mv.to()) != 0
    }

    /// A move of the table is checked by walking its piece's moves alone.
    fn is_legal(&self, state: &State, mv: Move) -> Option<bool> {
        Some(state.is_legal(mv))
    }

    /// The captures and promotions, generated alone (with [`Weights::losing`] on,
    /// those that look like losing material left out).
    fn noisy_into(&self, state: &State, out: &mut MoveList) -> bool {
        state.noisy_into(out);
        if self.weights.losing != 0 {
            let board = state.board();
            let guard = state.to_move().other();
            out.retain(|mv| !looks_losing(board, guard, *mv));
        }
        true
    }

    /// The most valuable piece taken by the least valuable taker first, then
    /// promotions, then crossing the river.
    fn order(&self, state: &State, mv: Move) -> i32 {
        let board = state.board();
        let taken = worth(board.byte(mv.to()));
        let mover = board.byte(mv.from());
        if taken > 0 {
            return 10_000 + taken * 10 - worth(mover) / 10;
        }
        let promoted = mv.promotion().map_or(0, |k| value(Piece { side: state.to_move(), kind: k, plus: true }));
        let crossing = PIECES
            .get(mover as usize)
            .copied()
            .flatten()
            .is_some_and(|p| !p.plus && moves::crosses(p.side, mv.from(), mv.to())) as i32;
        promoted * 5 + crossing * 50
    }

    /// A move that gives check is looked at a ply further (A5).
    fn extend(&self, state: &State) -> bool {
        state.end().is_none() && state.in_check()
    }

    fn futility_margin(&self) -> i32 {
        self.weights.futility
    }

    /// A move's history slot: its from and to squares.
    fn history_slots(&self) -> usize {
        81 * 81
    }

    fn history_slot(&self, _: &State, mv: Move) -> Option<usize> {
        Some(mv.from().index() as usize * 81 + mv.to().index() as usize)
    }

    /// Not in check, and with a piece besides the Ajaw and the pawns: with those
    /// alone, passing can beat every move (zugzwang).
    fn can_pass(&self, state: &State) -> bool {
        let side = state.to_move();
        !state.in_check()
            && state.board().pieces(side).any(|(_, p)| !matches!(p.kind, Kind::Ajaw | Kind::Pawn))
    }

    fn pass(&self, state: &State) -> Option<State> {
        state.passed()
    }
}

/// Whether `mv` (a capture or a promotion) looks like losing material: a piece
/// takes a cheaper one where `guard` can take it back. Promotions never do.
fn looks_losing(board: &Board, guard: Side, mv: Move) -> bool {
    mv.promotion().is_none()
        && worth(board.byte(mv.from())) > worth(board.byte(mv.to()))
        && board.attacked(mv.to(), guard)
}

/// Whether `side` judges itself not ahead in `state` (and so accepts a draw, A7): its
/// score is below half a pawn.
pub fn not_ahead(state: &State, side: Side) -> bool {
    ChakEval { weights: Weights::DEFAULT }.score_for(state.board(), side) < 50
}
