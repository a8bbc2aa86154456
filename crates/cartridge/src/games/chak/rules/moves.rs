//! Chak's moves (A3–A5): generating them, crossing the river, a pawn's promotion, and
//! the check test that makes a move legal. Generation is pseudo-legal, then each move
//! is made on the board, the mover's Ajaw tested, and the move unmade.

use core::fmt;

use arrayvec::ArrayVec;

use super::board::{Board, Kind, Piece, Side, Square};
use super::board::moves_of;
use super::piece::{DIAGONAL, ORTHOGONAL};
use super::square::{each_bit, nearest, reach_and_delta, LINES, NEIGHBOURS, RAYS};

/// A move: from, to, and what a pawn on the last rank becomes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move {
    from: Square,
    to: Square,
    promotion: Option<Kind>,
}

/// The most legal moves a Chak position is given room for: a Jaguar+ reaches 32
/// squares, and pawns on the seventh rank promote four ways on up to three squares.
pub const MAX_MOVES: usize = 224;

/// A list of moves without heap.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

impl Move {
    /// A move from `from` to `to`; `promotion` for a pawn reaching the last rank.
    pub const fn new(from: Square, to: Square, promotion: Option<Kind>) -> Move {
        Move { from, to, promotion }
    }

    /// Where the piece starts.
    pub const fn from(self) -> Square {
        self.from
    }

    /// Where it ends.
    pub const fn to(self) -> Square {
        self.to
    }

    /// What a pawn becomes (the + form of this kind), if it promotes.
    pub const fn promotion(self) -> Option<Kind> {
        self.promotion
    }
}

impl fmt::Display for Move {
    /// A8: `b2b3`, and a pawn's promotion with the piece's letter, `e8e9s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(kind) = self.promotion {
            write!(f, "{}", char::from(kind.letter().to_ascii_lowercase()))?;
        }
        Ok(())
    }
}

/// Whether a move from `from` to `to` crosses the river for `side` (A2): it starts in
/// the side's own half and ends in the other.
pub const fn crosses(side: Side, from: Square, to: Square) -> bool {
    from.half() as u8 == side as u8 && to.half() as u8 != side as u8
}

/// The piece that stands on `to` after `piece` moves there from `from` (A4): a piece
/// that crosses becomes its + form; a pawn on the last rank becomes the + form of the
/// kind chosen.
pub fn arriving(piece: Piece, from: Square, to: Square, promotion: Option<Kind>) -> Piece {
    match (piece.kind, promotion) {
        (Kind::Pawn, Some(kind)) => Piece { side: piece.side, kind, plus: true },
        (Kind::Pawn, None) => piece,
        _ if crosses(piece.side, from, to) => Piece { plus: true, ..piece },
        _ => piece,
    }
}

/// What changes on the board when a move is made, to unmake it.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    moved: Option<Piece>,
    taken: Option<Piece>,
}

/// Makes `mv` on `board`; [`unmake`] with the result puts it back.
pub fn make(board: &mut Board, mv: Move) -> Undo {
    let moved = board.at(mv.from);
    let taken = board.at(mv.to);
    board.put(Some(mv.from), None);
    board.put(Some(mv.to), moved.map(|p| arriving(p, mv.from, mv.to, mv.promotion)));
    Undo { moved, taken }
}

/// Unmakes a move [`make`] made.
pub fn unmake(board: &mut Board, mv: Move, undo: Undo) {
    board.put(Some(mv.to), undo.taken);
    board.put(Some(mv.from), undo.moved);
}

/// Which moves to generate: all of them, or only the captures and promotions a search
/// looks at past its depth.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wanted {
    /// Every legal move.
    All,
    /// The legal captures and promotions.
    Noisy,
}

/// What A5 allows a side beyond A3, worked out once per position: which pieces' moves
/// need the full check test (the Ajaw's, a pinned piece's), and where the others may
/// go (anywhere; in check, onto the checking piece or between it and the Ajaw; in a
/// double check, nowhere).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Limits {
    /// The squares of the pieces whose every move is tested.
    pub test: u128,
    /// Where the other pieces' moves may end.
    pub evasion: u128,
}

impl Limits {
    /// No limits worked out yet (a position's are set before any move is generated).
    pub const NONE: Limits = Limits { test: 0, evasion: ALL_SQUARES };

    /// The limits of `side` on `board`. (A frame of its own: inlined, its locals sat
    /// in `State::decide` beside the move test's deepest calls, past the device's
    /// stack budget.)
    #[inline(never)]
    pub fn of(board: &Board, side: Side) -> Limits {
        let ajaw = board.ajaw(side).map_or(0, |sq| 1u128 << sq.index());
        let (pinned, evasion) = board.pins_and_evasions(side);
        Limits { test: pinned | ajaw, evasion }
    }

    /// Whether these limits are those of a side in check.
    pub fn in_check(&self) -> bool {
        self.evasion != ALL_SQUARES
    }
}

/// Every square of the board as a bit set.
pub const ALL_SQUARES: u128 = (1 << 81) - 1;

/// The byte of each side's pawn on the board.
const PAWNS: [u8; 2] = [Piece::new(Side::White, Kind::Pawn).byte(), Piece::new(Side::Black, Kind::Pawn).byte()];

/// Hands each legal move of `side` (all, or the noisy ones) to `visit`, in the order of
/// the squares, a piece's moves direction by direction; stops when `visit` says false.
fn each_move(board: &Board, side: Side, limits: Limits, wanted: Wanted, visit: &mut impl FnMut(Move) -> bool) {
    match wanted {
        Wanted::All => each_move_of(board.occupied(side), board, side, limits, visit),
        Wanted::Noisy => each_noisy(board, side, limits, visit),
    }
}

/// A piece about to have its moves offered, and what A5 asks of them.
struct Mover {
    from: Square,
    /// Whether it is a pawn (its moves onto the last rank are promotions).
    pawn: bool,
    /// A pawn's square straight ahead (its step onto an empty square, A3), if on the
    /// board.
    ahead: Option<usize>,
    /// Whether each of its moves is made on a copy and the Ajaw asked after.
    tested: bool,
    /// Whether its moves must end in `limits.evasion` (in check, a piece not tested).
    evading: bool,
}

impl Mover {
    /// The piece of `side` on square index `at` (the square of `bit`).
    fn at(board: &Board, side: Side, limits: &Limits, at: usize, bit: u128) -> Option<Mover> {
        let byte = board.cells().get(at).copied().unwrap_or(0);
        let tested = limits.test & bit != 0;
        let pawn = byte == PAWNS[side as usize];
        // Straight ahead is north for White, south for Black.
        let ahead = |forward| match reach_and_delta(at, forward) {
            (0, _) => None,
            (_, delta) => Some((at as isize + delta) as usize),
        };
        Some(Mover {
            from: Square::from_index(at as u8)?,
            pawn,
            ahead: if pawn { ahead(if side == Side::Black { 4 } else { 0 }) } else { None },
            tested,
            evading: !tested && limits.in_check(),
        })
    }

    /// Offers the move to square index `to` to `visit` if A5 allows it (a pawn's onto
    /// the last rank as its four promotions); false once the visit should stop.
    #[inline(always)]
    fn offer(&self, board: &Board, side: Side, limits: &Limits, to: usize, visit: &mut impl FnMut(Move) -> bool) -> bool {
        if self.evading && limits.evasion >> to & 1 == 0 {
            return true;
        }
        let Some(to) = Square::from_index(to as u8) else { return true };
        let mv = Move::new(self.from, to, None);
        if self.tested && !is_safe(board, side, mv) {
            return true;
        }
        if self.pawn && to.rank() == side.last_rank() {
            return Kind::PROMOTIONS.iter().all(|&kind| visit(Move::new(self.from, to, Some(kind))));
        }
        visit(mv)
    }
}

/// Every legal move of the pieces on the squares of `pieces` (`side`'s) only, in the
/// order of [`each_move`]. The walk reads the board's bytes directly and visits only
/// the directions a piece has.
fn each_move_of(pieces: u128, board: &Board, side: Side, limits: Limits, visit: &mut impl FnMut(Move) -> bool) {
    let cells = board.cells();
    let black = side == Side::Black;
    // Each square's owner: 0 empty, 1 own, 2 the enemy's.
    let owner = |at: usize| match cells.get(at).copied().unwrap_or(0) {
        0 => 0u8,
        b if (b > 12) == black => 1,
        _ => 2,
    };
    for (at, bit) in each_bit(pieces & board.occupied(side)) {
        let Some(mover) = Mover::at(board, side, &limits, at, bit) else { return };
        let mut offer = |to: usize| mover.offer(board, side, &limits, to, visit);
        if mover.ahead.is_some_and(|ahead| owner(ahead) == 0 && !offer(ahead)) {
            return;
        }
        let (steps, slides) = moves_of(cells.get(at).copied().unwrap_or(0));
        let mut dirs = steps | slides;
        while dirs != 0 {
            let dir = dirs.trailing_zeros() as usize;
            let bit = dirs & dirs.wrapping_neg();
            dirs ^= bit;
            let (reach, delta) = reach_and_delta(at, dir);
            if slides & bit != 0 {
                let mut next = at as isize;
                for _ in 0..reach {
                    next += delta;
                    let going = match owner(next as usize) {
                        0 => offer(next as usize),
                        1 => break,
                        _ => {
                            if !offer(next as usize) {
                                return;
                            }
                            break;
                        }
                    };
                    if !going {
                        return;
                    }
                }
            } else if reach > 0 {
                let next = (at as isize + delta) as usize;
                // A pawn's steps are its captures only.
                let going = match owner(next) {
                    2 => offer(next),
                    0 if !mover.pawn => offer(next),
                    _ => true,
                };
                if !going {
                    return;
                }
            }
        }
    }
}

/// The legal captures and promotions of `side`, in the order of [`each_move`]. Most
/// positions a search looks at past its depth have few, so the walk asks the bit sets
/// first: only the pieces that slide, stand next to an enemy or are pawns a step from
/// the last rank can have one; a step is looked at only towards an enemy next to the
/// piece, a slide only along a line with an enemy on it, and then only its first piece.
fn each_noisy(board: &Board, side: Side, limits: Limits, visit: &mut impl FnMut(Move) -> bool) {
    let cells = board.cells();
    let theirs = board.occupied(side.other());
    let occupied = theirs | board.occupied(side);
    let last = side.last_rank() as usize;
    let promoting = RANKS.get(if side == Side::Black { 1 } else { 7 }).copied().unwrap_or(0);
    let pieces = board.occupied(side) & (board.sliding() | next_to(theirs) | board.pawns() & promoting);
    for (at, bit) in each_bit(pieces) {
        let Some(mover) = Mover::at(board, side, &limits, at, bit) else { return };
        let mut offer = |to: usize| mover.offer(board, side, &limits, to, visit);
        // A4: the step forward onto the empty last rank promotes.
        let promotes = |ahead: usize| ahead / 9 == last && occupied >> ahead & 1 == 0;
        if mover.ahead.is_some_and(|ahead| promotes(ahead) && !offer(ahead)) {
            return;
        }
        let (steps, slides) = moves_of(cells.get(at).copied().unwrap_or(0));
        let next_to_enemy = NEIGHBOURS.get(at).is_some_and(|&near| near & theirs != 0);
        let mut dirs = if next_to_enemy { steps | slides } else { slides };
        // A slide takes only along a line with an enemy on it (and a step onto an
        // enemy next to the piece is on that line too).
        for (line, kind) in [(0, ORTHOGONAL), (1, DIAGONAL)] {
            if slides & kind != 0 && LINES.get(line).and_then(|l| l.get(at)).is_some_and(|&l| l & theirs == 0) {
                dirs &= !(slides & kind);
            }
        }
        while dirs != 0 {
            let dir = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let ray = RAYS.get(dir).and_then(|rays| rays.get(at)).copied().unwrap_or(0);
            if ray & theirs == 0 {
                continue;
            }
            let target = if slides >> dir & 1 != 0 {
                nearest(ray & occupied, dir) as usize
            } else {
                (at as isize + reach_and_delta(at, dir).1) as usize
            };
            if theirs >> target & 1 != 0 && !offer(target) {
                return;
            }
        }
    }
}

/// Each rank's squares as a bit set, rank 1 first.
const RANKS: [u128; 9] = {
    let mut ranks = [0u128; 9];
    let mut rank = 0;
    while rank < 9 {
        ranks[rank] = 0x1ff << (9 * rank);
        rank += 1;
    }
    ranks
};

/// The squares of file a as a bit set.
const FILE_A: u128 = {
    let mut file = 0u128;
    let mut rank = 0;
    while rank < 9 {
        file |= 1 << (9 * rank);
        rank += 1;
    }
    file
};

/// The squares next to any square of `bits` (and those of `bits`).
fn next_to(bits: u128) -> u128 {
    let row = bits | (bits & !(FILE_A << 8)) << 1 | (bits & !FILE_A) >> 1;
    (row | row << 9 | row >> 9) & ALL_SQUARES
}

/// Whether `mv` leaves `side`'s own Ajaw unattacked (A5). The Ajaw's own moves are
/// tested where it would stand, with its square left empty; any other piece's by
/// making the move on a copy of the board.
pub fn is_safe(board: &Board, side: Side, mv: Move) -> bool {
    if board.ajaw(side) == Some(mv.from) {
        return !board.attacked_past(mv.to, side.other(), Some(mv.from));
    }
    let mut after = *board;
    make(&mut after, mv);
    !after.in_check(side)
}

/// The legal moves of `side` into `list` (cleared first), all or the noisy ones,
/// within `limits` ([`Limits::of`]).
pub fn generate(board: &Board, side: Side, limits: Limits, wanted: Wanted, list: &mut MoveList) {
    list.clear();
    each_move(board, side, limits, wanted, &mut |mv| list.try_push(mv).is_ok());
}

/// Whether `mv` is a legal move of `side` within `limits`: the moves of the piece on
/// its square alone are walked.
pub fn is_legal(board: &Board, side: Side, limits: Limits, mv: Move) -> bool {
    let mut found = false;
    each_move_of(1u128 << mv.from.index(), board, side, limits, &mut |m| {
        found = m == mv;
        !found
    });
    found
}

/// Whether `side` has a legal move at all, within `limits` ([`Limits::of`]). Out of
/// check, a piece that needs no test has a move as soon as one of its directions is
/// open next to it (a pawn's straight step onto an empty square, its diagonals onto
/// an enemy); otherwise the moves are walked until the first.
pub fn has_move(board: &Board, side: Side, limits: Limits) -> bool {
    if !limits.in_check() && has_open_piece(board, side, limits.test) {
        return true;
    }
    let mut found = false;
    each_move(board, side, limits, Wanted::All, &mut |_| {
        found = true;
        false
    });
    found
}

/// Whether a piece of `side` not in `test` has a direction open next to it.
fn has_open_piece(board: &Board, side: Side, test: u128) -> bool {
    let cells = board.cells();
    let black = side == Side::Black;
    let forward = if black { 4 } else { 0 };
    let mut pieces = board.occupied(side) & !test;
    while pieces != 0 {
        let at = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let byte = cells.get(at).copied().unwrap_or(0);
        let (steps, slides) = moves_of(byte);
        let pawn = byte == PAWNS[side as usize];
        let mut dirs = steps | slides | if pawn { 1 << forward } else { 0 };
        while dirs != 0 {
            let dir = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let (reach, delta) = reach_and_delta(at, dir);
            if reach == 0 {
                continue;
            }
            let byte = cells.get((at as isize + delta) as usize).copied().unwrap_or(0);
            let open = match (byte, pawn) {
                (0, true) => dir == forward,
                (0, false) => true,
                (b, true) => (b > 12) != black && dir != forward,
                (b, false) => (b > 12) != black,
            };
            if open {
                return true;
            }
        }
    }
    false
}
