//! The 9×9 board (A1) and which squares its pieces attack (A3). A mailbox of 81
//! bytes, with each side's squares as a bit set beside it: the board is small, and
//! most of the cost of a move is the check test, which walks out from the Ajaw in
//! eight directions.

pub use chek_engine::hash::mix;

pub use super::piece::{Kind, Piece, Side, DIAGONAL, DIRS, ORTHOGONAL, PIECES};
pub use super::square::{count_up_to, ray, squares, Square};
use super::square::{direction, each_bit, nearest, reach_and_delta, LINES, NEIGHBOURS, RAYS};
use super::piece::MOVES;

/// The board: a byte per square (0 empty, else [`Piece::byte`]), and kept with it as
/// pieces move: each side's squares and the pawns as bit sets, how many of each piece
/// there are, where each Ajaw stands, and the board's hash.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    cells: [u8; 81],
    occupied: [u128; 2],
    pawns: u128,
    /// The pieces of either side that slide orthogonally, and diagonally (A3): each
    /// slides all four ways of its kind.
    sliders: [u128; 2],
    /// Each side's pawns' ranks added up (rank 1 as 0).
    pawn_ranks: [u16; 2],
    /// How many of each side's pieces other than pawns stand in the other half (A2).
    across: [u8; 2],
    counts: [u8; 25],
    ajaw: [Option<Square>; 2],
    key: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board {
            cells: [0; 81],
            occupied: [0; 2],
            pawns: 0,
            sliders: [0; 2],
            pawn_ranks: [0; 2],
            across: [0; 2],
            counts: [0; 25],
            ajaw: [None; 2],
            key: 0,
        }
    }
}

/// The Zobrist keys: one per board byte and square, worked out when the cartridge is
/// built (16 KB of data beside the code: a key is looked up on every move).
static KEYS: [[u64; 81]; 25] = {
    let mut keys = [[0u64; 81]; 25];
    let mut byte = 1;
    while byte < 25 {
        let mut sq = 0;
        while sq < 81 {
            keys[byte][sq] = mix((byte as u64) << 8 | sq as u64);
            sq += 1;
        }
        byte += 1;
    }
    keys
};

/// The steps and slides of a board byte (none for an empty square).
pub(super) fn moves_of(byte: u8) -> (u8, u8) {
    MOVES.get(byte as usize).copied().unwrap_or((0, 0))
}

/// The hash of a piece on a square (its Zobrist key); 0 for an empty square.
pub fn key(byte: u8, square: Square) -> u64 {
    KEYS.get(byte as usize).and_then(|keys| keys.get(square.0 as usize)).copied().unwrap_or(0)
}

impl Board {
    /// The start (A1).
    pub fn start() -> Board {
        let mut board = Board::default();
        let back = [Kind::Serpent, Kind::Jaguar, Kind::Vulture, Kind::Shaman, Kind::Ajaw];
        for file in 0..9u8 {
            let kind = back[(file as usize).min(8 - file as usize)];
            for (side, rank) in [(Side::White, 0), (Side::Black, 8)] {
                board.put(Square::at(file, rank), Some(Piece::new(side, kind)));
            }
            if (1..8).contains(&file) {
                board.put(Square::at(file, 1), Some(Piece::new(Side::White, Kind::Pawn)));
                board.put(Square::at(file, 7), Some(Piece::new(Side::Black, Kind::Pawn)));
            }
        }
        board
    }

    /// The piece on `square`.
    pub fn at(&self, square: Square) -> Option<Piece> {
        PIECES.get(self.cells[square.0 as usize] as usize).copied().flatten()
    }

    /// Every square's byte, a1 first.
    pub(super) fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The byte on `square`.
    pub fn byte(&self, square: Square) -> u8 {
        self.cells[square.0 as usize]
    }

    /// Puts `piece` on `square` (or empties it), keeping the Ajaws' squares.
    pub fn put(&mut self, square: Option<Square>, piece: Option<Piece>) {
        let Some(square) = square else { return };
        let bit = 1u128 << square.0;
        if let Some(old) = self.at(square) {
            if old.kind == Kind::Ajaw && self.ajaw[old.side as usize] == Some(square) {
                self.ajaw[old.side as usize] = None;
            }
            self.occupied[old.side as usize] &= !bit;
            if old.kind == Kind::Pawn {
                self.pawn_ranks[old.side as usize] -= u16::from(square.rank());
            } else if square.half() != old.side {
                self.across[old.side as usize] -= 1;
            }
            self.pawns &= !bit;
            self.sliders[0] &= !bit;
            self.sliders[1] &= !bit;
            if let Some(count) = self.counts.get_mut(old.byte() as usize) {
                *count = count.saturating_sub(1);
            }
            self.key ^= key(old.byte(), square);
        }
        self.cells[square.0 as usize] = piece.map_or(0, Piece::byte);
        if let Some(p) = piece {
            if p.kind == Kind::Ajaw {
                self.ajaw[p.side as usize] = Some(square);
            }
            if p.kind == Kind::Pawn {
                self.pawns |= bit;
                self.pawn_ranks[p.side as usize] += u16::from(square.rank());
            } else if square.half() != p.side {
                self.across[p.side as usize] += 1;
            }
            let slides = p.moves().1;
            if slides & ORTHOGONAL != 0 {
                self.sliders[0] |= bit;
            }
            if slides & DIAGONAL != 0 {
                self.sliders[1] |= bit;
            }
            self.occupied[p.side as usize] |= bit;
            if let Some(count) = self.counts.get_mut(p.byte() as usize) {
                *count = count.saturating_add(1);
            }
            self.key ^= key(p.byte(), square);
        }
    }

    /// The squares of `side`'s pieces as a bit set (bit `n` for square index `n`).
    pub fn occupied(&self, side: Side) -> u128 {
        self.occupied[side as usize]
    }

    /// The squares of the pieces of both sides that slide (A3), as a bit set.
    pub fn sliding(&self) -> u128 {
        self.sliders[0] | self.sliders[1]
    }

    /// The squares of the pawns of both sides as a bit set.
    pub fn pawns(&self) -> u128 {
        self.pawns
    }

    /// The ranks of `side`'s pawns added up (rank 1 as 0).
    pub fn pawn_ranks(&self, side: Side) -> u16 {
        self.pawn_ranks[side as usize]
    }

    /// How many of `side`'s pieces other than pawns (the Ajaw included) stand in the
    /// other side's half (A2).
    pub fn across(&self, side: Side) -> u8 {
        self.across[side as usize]
    }

    /// How many of `piece` (side, kind and form) stand on the board.
    pub fn count(&self, piece: Piece) -> u8 {
        self.count_byte(piece.byte())
    }

    /// How many pieces of each board byte stand on the board, by byte (0 unused).
    pub fn counts(&self) -> &[u8; 25] {
        &self.counts
    }

    /// How many pieces of board byte `byte` ([`Piece::byte`]) stand on the board.
    pub fn count_byte(&self, byte: u8) -> u8 {
        self.counts.get(byte as usize).copied().unwrap_or(0)
    }

    /// Where `side`'s Ajaw stands.
    pub fn ajaw(&self, side: Side) -> Option<Square> {
        self.ajaw[side as usize]
    }

    /// The squares of `side`'s pieces with the pieces, a1 first.
    pub fn pieces(&self, side: Side) -> impl Iterator<Item = (Square, Piece)> + '_ {
        squares(self.occupied[side as usize]).filter_map(move |sq| self.at(sq).map(|p| (sq, p)))
    }

    /// The board's hash: the pieces on their squares.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether a piece of `by` attacks `target` (A3): the walk goes out from the target
    /// in each direction to the first piece, and asks whether it reaches back.
    pub fn attacked(&self, target: Square, by: Side) -> bool {
        self.attacked_past(target, by, None)
    }

    /// As [`Board::attacked`], with the piece on `vacated` (if any) gone: whether an
    /// Ajaw moving from `vacated` to `target` would stand attacked there (A5), without
    /// making the move.
    pub fn attacked_past(&self, target: Square, by: Side, vacated: Option<Square>) -> bool {
        let theirs = self.occupied[by as usize];
        let at = target.0 as usize;
        // A piece next to the target that steps (or slides) back onto it.
        if self.stepping_onto(at, theirs) != 0 {
            return true;
        }
        // A slider of the line's kind that is the first piece along it.
        let lined = self.lined(at, theirs);
        if lined == 0 {
            return false;
        }
        let gone = vacated.map_or(0, |sq| 1u128 << sq.0);
        let occupied = (self.occupied[0] | self.occupied[1]) & !gone;
        for (dir, rays) in RAYS.iter().enumerate() {
            let ray = rays.get(at).copied().unwrap_or(0);
            let sliders = ray & lined & self.sliders[dir % 2];
            if sliders != 0 && sliders >> nearest(ray & occupied, dir) & 1 != 0 {
                return true;
            }
        }
        false
    }

    /// What A5 leaves `side`, in one walk out from its Ajaw: the pieces pinned to it
    /// (each alone between the Ajaw and an enemy piece sliding along that line), and
    /// where its other pieces may move: anywhere out of check; in check by one piece,
    /// onto it or (a slider's check) between it and the Ajaw; in a double check,
    /// nowhere.
    pub fn pins_and_evasions(&self, side: Side) -> (u128, u128) {
        const ALL: u128 = (1 << 81) - 1;
        let Some(ajaw) = self.ajaw(side) else { return (0, ALL) };
        let (own, theirs) = (self.occupied[side as usize], self.occupied[side.other() as usize]);
        let at = ajaw.0 as usize;
        // Pieces next to the Ajaw that step (or slide) onto it.
        let near = NEIGHBOURS[at] & theirs;
        let stepping = self.stepping_onto(at, theirs);
        let (mut checks, mut evasion, mut pinned) = (count_up_to(stepping, 2), stepping, 0u128);
        // Sliders along each line: a check from afar, or a pin.
        let lined = self.lined(at, theirs);
        if lined != 0 {
            for (dir, rays) in RAYS.iter().enumerate() {
                let ray = rays.get(at).copied().unwrap_or(0);
                let sliders = ray & lined & self.sliders[dir % 2];
                if sliders == 0 {
                    continue;
                }
                let blockers = ray & (own | theirs);
                let first = nearest(blockers, dir);
                if sliders >> first & 1 != 0 {
                    // Next to the Ajaw, it was counted above.
                    if near >> first & 1 == 0 {
                        checks += 1;
                        evasion |= ray & !RAYS[dir].get(first as usize).copied().unwrap_or(0);
                    }
                } else if own >> first & 1 != 0 {
                    let beyond = blockers & !(1u128 << first);
                    if beyond != 0 && sliders >> nearest(beyond, dir) & 1 != 0 {
                        pinned |= 1u128 << first;
                    }
                }
            }
        }
        let evasion = match checks {
            0 => ALL,
            1 => evasion,
            _ => 0,
        };
        (pinned, evasion)
    }

    /// The pieces of `theirs` next to square index `at` that step (or slide) onto it.
    fn stepping_onto(&self, at: usize, theirs: u128) -> u128 {
        let mut onto = 0;
        let mut near = NEIGHBOURS[at] & theirs;
        while near != 0 {
            let next = near.trailing_zeros() as usize;
            near &= near - 1;
            let (steps, slides) = moves_of(self.cells[next]);
            if (steps | slides) & 1 << ((direction(at, next) + 4) % 8) != 0 {
                onto |= 1u128 << next;
            }
        }
        onto
    }

    /// The sliders of `theirs` on a line through square index `at` that they slide
    /// along (the first piece on it or not).
    fn lined(&self, at: usize, theirs: u128) -> u128 {
        (LINES[0][at] & self.sliders[0] | LINES[1][at] & self.sliders[1]) & theirs
    }

    /// How many more squares White's sliding pieces reach along their sliding lines
    /// (A3) than Black's, the first piece in the way counted (one to take, or one
    /// guarded): a cheap measure of their freedom, for the evaluation. One pass over
    /// both sides' sliders, each line walked square by square on the mailbox as far
    /// as the first piece or the edge: cheaper on the console than bit sets of 128
    /// bits, for lines a few squares long.
    pub fn slider_reach(&self) -> i32 {
        let white = self.occupied[Side::White as usize];
        let mut balance = 0;
        for (at, bit) in each_bit(self.sliders[0] | self.sliders[1]) {
            let mut slides = self.cells.get(at).map_or(0, |&byte| moves_of(byte).1);
            let mut reach = 0;
            while slides != 0 {
                let dir = slides.trailing_zeros() as usize;
                slides &= slides - 1;
                let (length, delta) = reach_and_delta(at, dir);
                let (mut square, mut n) = (at, 0);
                while n < length {
                    n += 1;
                    square = square.wrapping_add_signed(delta);
                    if self.cells.get(square).is_none_or(|&b| b != 0) {
                        break;
                    }
                }
                reach += i32::from(n);
            }
            balance += if white & bit != 0 { reach } else { -reach };
        }
        balance
    }

    /// Whether `side`'s Ajaw is attacked (A5).
    pub fn in_check(&self, side: Side) -> bool {
        self.ajaw(side).is_some_and(|sq| self.attacked(sq, side.other()))
    }
}

