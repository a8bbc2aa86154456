//! Moves (K2–K7): steps and captures, generated with bit sets; multi-jumps are
//! followed with an explicit stack, never by recursion.

use core::fmt;

use arrayvec::ArrayVec;

use super::board::{Bits, Board, Dir, Side, Square};

/// Room for every legal move of a position. No position of the game comes near it:
/// steps are at most 48 (12 kings, 4 ways), and captures are taken one landing at a
/// time from at most 12 pieces.
pub const MAX_MOVES: usize = 128;

/// The legal moves of a position.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The most jumps a move can make: one per enemy piece.
pub const MAX_JUMPS: usize = 12;

/// The square one step from each square in each direction (`NONE` off the board).
const NEXT: [[u8; 4]; 32] = {
    let mut table = [[NONE; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            if let Some(sq) = Square::from_index(i as u8) {
                if let Some(to) = sq.step(Dir::from_bits(d as u32)) {
                    table[i][d] = to.index();
                }
            }
            d += 1;
        }
        i += 1;
    }
    table
};
const NONE: u8 = 32;

/// The square next to `square` in `dir`.
pub(crate) fn next(square: Square, dir: Dir) -> Option<Square> {
    Square::from_index(NEXT[square.index() as usize][dir as usize])
}

/// A move (K7): the piece's square and its whole path, a step or every jump.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    /// Jumps made; 0 for a step.
    jumps: u8,
    /// The direction of the step, or of each jump in turn, two bits each from the
    /// lowest.
    dirs: u32,
}

impl Move {
    /// A step from `from` in `dir` (to the square beyond, which the caller checked).
    fn step(from: Square, dir: Dir, to: Square) -> Move {
        Move { from, to, jumps: 0, dirs: dir as u32 }
    }

    /// The move from `from` whose path is `dirs` (two bits a step) with `jumps` jumps
    /// (0 for a step), if it stays on the board; whether it is legal is the position's
    /// business. For saves: [`Move::parts`] gives them back.
    pub fn from_parts(from: Square, jumps: u8, dirs: u32) -> Option<Move> {
        if jumps as usize > MAX_JUMPS {
            return None;
        }
        let mut at = from;
        for i in 0..jumps.max(1) {
            let dir = Dir::from_bits(dirs >> (2 * i));
            at = next(at, dir)?;
            if jumps > 0 {
                at = next(at, dir)?;
            }
        }
        let used = if jumps == 0 { 2 } else { 2 * jumps as u32 };
        let dirs = if used >= 32 { dirs } else { dirs & ((1 << used) - 1) };
        Some(Move { from, to: at, jumps, dirs })
    }

    /// The start, the jumps and the directions, as [`Move::from_parts`] takes them.
    pub const fn parts(self) -> (Square, u8, u32) {
        (self.from, self.jumps, self.dirs)
    }

    /// The square the piece starts on.
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square it ends on.
    pub const fn to(self) -> Square {
        self.to
    }

    /// Whether it captures (K3).
    pub const fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// How many pieces it captures.
    pub const fn jumps(self) -> u8 {
        self.jumps
    }

    /// The squares it lands on in turn: the step's square, or each jump's.
    pub fn landings(self) -> impl Iterator<Item = Square> {
        let mut at = Some(self.from);
        let count = self.jumps.max(1);
        let jumps = self.jumps;
        (0..count).map_while(move |i| {
            let dir = Dir::from_bits(self.dirs >> (2 * i));
            let one = next(at?, dir)?;
            at = if jumps == 0 { Some(one) } else { next(one, dir) };
            at
        })
    }

    /// The squares of the pieces it captures, in the order jumped.
    pub fn captured_squares(self) -> impl Iterator<Item = Square> {
        let mut at = Some(self.from);
        (0..self.jumps).map_while(move |i| {
            let dir = Dir::from_bits(self.dirs >> (2 * i));
            let over = next(at?, dir)?;
            at = next(over, dir);
            Some(over)
        })
    }

    /// The pieces it captures, as a set.
    pub fn captured(self) -> Bits {
        self.captured_squares().fold(0, |bits, sq| bits | sq.bit())
    }

}

impl fmt::Display for Move {
    /// `11-15` for a step, `18x11x4` for captures: every landing square (K10).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        let sep = if self.is_capture() { 'x' } else { '-' };
        for sq in self.landings() {
            write!(f, "{sep}{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The directions the piece on `square` moves in: a man forward (K2), a king every way
/// (K6).
fn ways(board: &Board, side: Side, square: Square) -> &'static [Dir] {
    if board.kings & square.bit() != 0 {
        &Dir::ALL
    } else {
        match side {
            Side::Light => &[Dir::UpLeft, Dir::UpRight],
            Side::Dark => &[Dir::DownLeft, Dir::DownRight],
        }
    }
}

/// `side`'s pieces that move in `dir`: men forward, kings both ways.
const fn movers(board: &Board, side: Side, dir: Dir) -> Bits {
    let own = board.pieces(side);
    let forward = side.forward();
    if dir as u8 == forward[0] as u8 || dir as u8 == forward[1] as u8 {
        own
    } else {
        own & board.kings
    }
}

/// `side`'s pieces that can capture (K3).
pub fn capturers(board: &Board, side: Side) -> Bits {
    let enemy = board.pieces(side.other());
    let empty = board.empty();
    let mut found = 0;
    for dir in Dir::ALL {
        let over = dir.back().shift(empty) & enemy;
        found |= dir.back().shift(over) & movers(board, side, dir);
    }
    found
}

/// `side`'s pieces that can step (K2, K6).
pub fn steppers(board: &Board, side: Side) -> Bits {
    let empty = board.empty();
    let mut found = 0;
    for dir in Dir::ALL {
        found |= dir.back().shift(empty) & movers(board, side, dir);
    }
    found
}

/// `side`'s legal moves: the captures if there are any (capturing is compulsory, K3),
/// else the steps; `capturers` are `side`'s [`capturers`], which the position keeps.
pub fn generate(board: &Board, side: Side, capturers: Bits, out: &mut MoveList) {
    out.clear();
    if capturers != 0 {
        for from in Square::each(capturers) {
            captures_from(board, side, from, out);
        }
        return;
    }
    let empty = board.empty();
    for dir in Dir::ALL {
        for to in Square::each(dir.shift(movers(board, side, dir)) & empty) {
            if let Some(from) = next(to, dir.back()) {
                let _ = out.try_push(Move::step(from, dir, to));
            }
        }
    }
}

/// A landing of a multi-jump being followed.
#[derive(Clone, Copy)]
struct Landing {
    at: Square,
    captured: Bits,
    jumps: u8,
    dirs: u32,
    /// The next direction to try from here.
    next_dir: u8,
    /// Whether a jump went on from here.
    went_on: bool,
}

/// Every capture of the piece on `from` (K3–K5): each path of jumps that goes on while
/// it can, never over a piece twice; captured pieces stay on the board until the move
/// ends, and a man crowned by a jump stops there.
fn captures_from(board: &Board, side: Side, from: Square, out: &mut MoveList) {
    let enemy = board.pieces(side.other());
    let empty = board.empty() | from.bit();
    let king = board.kings & from.bit() != 0;
    let ways = ways(board, side, from);
    let mut stack: ArrayVec<Landing, { MAX_JUMPS + 1 }> = ArrayVec::new();
    let _ = stack.try_push(Landing { at: from, captured: 0, jumps: 0, dirs: 0, next_dir: 0, went_on: false });
    while let Some(top) = stack.last_mut() {
        let Some(&dir) = ways.get(top.next_dir as usize) else {
            let done = *top;
            stack.pop();
            if done.jumps > 0 && !done.went_on {
                let _ = out.try_push(Move { from, to: done.at, jumps: done.jumps, dirs: done.dirs });
            }
            continue;
        };
        top.next_dir += 1;
        let Some(over) = next(top.at, dir) else { continue };
        let Some(land) = next(over, dir) else { continue };
        if enemy & !top.captured & over.bit() == 0 || empty & land.bit() == 0 {
            continue;
        }
        top.went_on = true;
        let jumped = Landing {
            at: land,
            captured: top.captured | over.bit(),
            jumps: top.jumps + 1,
            dirs: top.dirs | (dir as u32) << (2 * top.jumps as u32),
            next_dir: 0,
            went_on: false,
        };
        let crowned = !king && side.far_row() & land.bit() != 0;
        if crowned || stack.is_full() {
            let _ = out.try_push(Move { from, to: land, jumps: jumped.jumps, dirs: jumped.dirs });
        } else {
            let _ = stack.try_push(jumped);
        }
    }
}

/// `board` after `side` plays `mv`, and whether the move can never be undone (a capture
/// or a man moving, K9).
pub fn play(board: &Board, side: Side, mv: Move) -> (Board, bool) {
    let mut after = *board;
    let was_king = board.kings & mv.from.bit() != 0;
    let captured = mv.captured();
    *after.pieces_mut(side) = (board.pieces(side) & !mv.from.bit()) | mv.to.bit();
    *after.pieces_mut(side.other()) &= !captured;
    after.kings &= !(captured | mv.from.bit());
    if was_king || side.far_row() & mv.to.bit() != 0 {
        after.kings |= mv.to.bit();
    }
    (after, !was_king || captured != 0)
}
