//! Chak's moves (A3–A5): generating them, crossing the river, a pawn's promotion, and
//! the check test that makes a move legal. Generation is pseudo-legal, then each move
//! is made on the board, the mover's Ajaw tested, and the move unmade.

use core::fmt;

use arrayvec::ArrayVec;

use super::board::{ray, Board, Kind, Piece, Side, Square};

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

/// The moves of the piece on `from` as A3 gives them, before the check test, each
/// handed to `out` (no list on the stack: the device's is small).
pub fn piece_moves(board: &Board, from: Square, piece: Piece, out: &mut impl FnMut(Move)) {
    // Each square's owner: 0 empty, 1 own, 2 the enemy's.
    let owner = |sq: Square| match board.byte(sq) {
        0 => 0u8,
        b if (b > 12) == (piece.side == Side::Black) => 1,
        _ => 2,
    };
    let promotes = piece.kind == Kind::Pawn;
    let mut push = |to: Square| {
        if promotes && to.rank() == piece.side.last_rank() {
            for kind in Kind::PROMOTIONS {
                out(Move::new(from, to, Some(kind)));
            }
        } else {
            out(Move::new(from, to, None));
        }
    };
    if promotes {
        if let Some(ahead) = from.offset(0, piece.side.forward()) {
            if owner(ahead) == 0 {
                push(ahead);
            }
        }
    }
    let (steps, slides) = (piece.steps(), piece.slides());
    for dir in 0..8 {
        let bit = 1u8 << dir;
        if slides & bit != 0 {
            for next in ray(from, dir) {
                match owner(next) {
                    0 => push(next),
                    1 => break,
                    _ => {
                        push(next);
                        break;
                    }
                }
            }
        } else if steps & bit != 0 {
            if let Some(next) = from.step(dir) {
                // A pawn's steps are its captures only.
                let owner = owner(next);
                if owner == 2 || (owner == 0 && !promotes) {
                    push(next);
                }
            }
        }
    }
}

/// Whether `mv` leaves `side`'s own Ajaw unattacked (A5).
pub fn is_safe(board: &mut Board, side: Side, mv: Move) -> bool {
    let undo = make(board, mv);
    let safe = !board.in_check(side);
    unmake(board, mv, undo);
    safe
}

/// The squares whose pieces' moves need the full check test (A5): every piece's when
/// `side` is in check, else the Ajaw's and the pinned pieces' (no other move can
/// expose the Ajaw).
pub fn needs_test(board: &Board, side: Side, in_check: bool) -> u128 {
    if in_check {
        return !0;
    }
    board.pinned(side) | board.ajaw(side).map_or(0, |sq| 1u128 << sq.index())
}

/// The legal moves of `side` into `list` (cleared first); `test` from [`needs_test`].
pub fn generate(board: &Board, side: Side, test: u128, list: &mut MoveList) {
    list.clear();
    for (from, piece) in board.pieces(side) {
        piece_moves(board, from, piece, &mut |mv| {
            let _ = list.try_push(mv);
        });
    }
    let mut scratch = *board;
    list.retain(|mv| test & 1 << mv.from.index() == 0 || is_safe(&mut scratch, side, *mv));
}

/// Whether `side` has a legal move at all (stops at the first one); `test` from
/// [`needs_test`].
pub fn has_move(board: &Board, side: Side, test: u128) -> bool {
    let mut scratch = *board;
    for (from, piece) in board.pieces(side) {
        let free = test & 1 << from.index() == 0;
        let mut found = false;
        piece_moves(board, from, piece, &mut |mv| {
            found = found || free || is_safe(&mut scratch, side, mv);
        });
        if found {
            return true;
        }
    }
    false
}
