//! Share codes of Chak positions (head `Y`): the side to move, then each of the 81
//! squares against the start (A1): whether it holds what it held at the start (a
//! model for squares that started with a piece, one for those that started empty),
//! and if not, what it holds (a model for each half of the board). An unmoved piece
//! and an empty middle cost a fraction of a bit, so the start takes 9 characters and
//! a code grows with what has changed. A code holds what the position's text holds
//! (not A7's counts).
//!
//! Codes of the first release (first character `S`) still read.

use chek_engine::code::arith::{Decoder, Encoder, Model};
use chek_engine::code::{legacy, CodeError, Reader, Symbols};

use super::board::{Board, Kind, Piece, Side, Square};
use super::state::State;

/// The head of every Chak code (`Y`).
pub const CODE_HEAD: u8 = 30;
/// The first symbol of the first release's Chak codes (`S`).
pub const CODE_SYMBOL: u8 = 25;

/// The models of a piece: its side by its rank, its kind by its side and third of
/// the board, and its form by whether it stands across the river (where a piece other
/// than a pawn is always in its + form, A4, so the form costs next to nothing). The
/// starting counts are fitted to 100,000 positions of random games.
#[derive(Clone, Copy)]
struct PieceModels {
    side: [Model<2>; 9],
    /// By side and third (ranks 1–3, 4–6, 7–9).
    kind: [[Model<6>; 3]; 2],
    /// The kind when both Ajaws are placed already (the counted form): no Ajaw.
    other: [[Model<5>; 3]; 2],
    plus: [[Model<2>; 2]; 2],
}

/// How often each kind (Ajaw, Shaman, Vulture, Serpent, Jaguar, pawn) stands in each
/// third, for White; Black's mirror it.
const KINDS: [[u16; 6]; 3] = [[8, 11, 8, 3, 6, 28], [4, 6, 5, 6, 5, 38], [3, 6, 13, 17, 12, 14]];

/// White's share of the pieces on each rank, in 64ths.
const WHITE: [u16; 9] = [60, 60, 55, 47, 33, 18, 9, 4, 4];

impl PieceModels {
    fn new() -> PieceModels {
        let kind = |side: usize, third: usize| KINDS[if side == 0 { third } else { 2 - third }];
        PieceModels {
            side: core::array::from_fn(|rank| Model::new([WHITE[rank], 64 - WHITE[rank]], 4)),
            kind: core::array::from_fn(|side| core::array::from_fn(|third| Model::new(kind(side, third), 2))),
            other: core::array::from_fn(|side| {
                core::array::from_fn(|third| {
                    let k = kind(side, third);
                    Model::new([k[1], k[2], k[3], k[4], k[5]], 2)
                })
            }),
            // [pawn or not][across the river or not]
            plus: [[Model::new([30, 4], 24), Model::new([4, 30], 24)], [Model::new([60, 1], 24); 2]],
        }
    }

    fn code(&mut self, enc: &mut Encoder, piece: Piece, square: Square, ajaws_placed: bool) {
        let half = half(square);
        let (rank, third) = (square.rank() as usize % 9, square.rank() as usize / 3 % 3);
        enc.symbol(piece.side as usize, &mut self.side[rank]);
        let side = piece.side as usize;
        if ajaws_placed {
            enc.symbol((piece.kind as usize).saturating_sub(1), &mut self.other[side][third]);
        } else {
            enc.symbol(piece.kind as usize, &mut self.kind[side][third]);
        }
        let across = half != piece.side as usize;
        enc.symbol(piece.plus as usize, &mut self.plus[(piece.kind == Kind::Pawn) as usize][across as usize]);
    }

    fn read(&mut self, dec: &mut Decoder, square: Square, ajaws_placed: bool) -> Piece {
        let half = half(square);
        let (rank, third) = (square.rank() as usize % 9, square.rank() as usize / 3 % 3);
        let side = if dec.symbol(&mut self.side[rank]) == 1 { Side::Black } else { Side::White };
        let kind = if ajaws_placed {
            Kind::ALL.get(dec.symbol(&mut self.other[side as usize][third]) + 1)
        } else {
            Kind::ALL.get(dec.symbol(&mut self.kind[side as usize][third]))
        };
        let kind = kind.copied().unwrap_or(Kind::Pawn);
        let across = half != side as usize;
        let plus = dec.symbol(&mut self.plus[(kind == Kind::Pawn) as usize][across as usize]) == 1;
        Piece { side, kind, plus }
    }
}

/// The models of the relative form.
struct Models {
    /// Whether a square holds what it held at the start: by whether it held a piece.
    same: [Model<2>; 2],
    /// Whether a square that started with a piece, and holds another now, is empty.
    emptied: Model<2>,
    pieces: PieceModels,
}

impl Models {
    fn new() -> Models {
        Models {
            same: [Model::new([1, 60], 24), Model::new([2, 28], 24)],
            emptied: Model::new([2, 30], 24),
            pieces: PieceModels::new(),
        }
    }
}

/// The half of `square` (A2): 0 for White's, ranks 1–5.
fn half(square: Square) -> usize {
    (square.rank() >= 5) as usize
}

/// The payload: whichever form codes shorter (the relative one on a tie), its first
/// decision saying which.
fn payload(state: &State) -> Result<Symbols, CodeError> {
    let relative = relative(state)?;
    Ok(match counted(state) {
        Ok(counted) if counted.len() < relative.len() => counted,
        _ => relative,
    })
}

/// The counted form, for a board far from the start: how many pieces, then each
/// square's emptiness as a draw from what is left to place (so the squares cost the
/// log of the number of ways to place that many), and each piece.
#[inline(never)]
fn counted(state: &State) -> Result<Symbols, CodeError> {
    let board = state.board();
    let mut enc = Encoder::new();
    enc.uniform(1, 2);
    enc.uniform(state.to_move() as u32, 2);
    let mut models = PieceModels::new();
    // The Ajaws first, one a side (A5): then no other square's piece is one.
    let ajaws = ajaws(board).ok_or(CodeError::TooLarge)?;
    for (side, &square) in ajaws.iter().enumerate() {
        let weights = ajaw_weights(side, ajaws[0], side == 1);
        enc.draw(square.index() as usize, &weights);
        let piece = Piece::of_byte(board.byte(square)).ok_or(CodeError::TooLarge)?;
        enc.symbol(piece.plus as usize, &mut models.plus[0][(half(square) != side) as usize]);
    }
    let others = |sq: &Square| !ajaws.contains(sq);
    let mut pieces = Square::all().filter(others).filter(|&sq| board.byte(sq) != 0).count() as u16;
    enc.uniform(pieces as u32, 80);
    for (i, square) in Square::all().filter(others).enumerate() {
        let piece = Piece::of_byte(board.byte(square));
        enc.draw(piece.is_some() as usize, &[79 - i as u16 - pieces, pieces]);
        if let Some(piece) = piece {
            pieces -= 1;
            models.code(&mut enc, piece, square, true);
        }
    }
    enc.finish()
}

/// How likely each square is to hold `side`'s Ajaw: by its distance in ranks from the
/// side's back rank (half the time on it, in random games); none on `taken` when
/// `exclude` (White's Ajaw's square, for Black's).
fn ajaw_weights(side: usize, taken: Square, exclude: bool) -> [u16; 81] {
    const BY_RANK: [u16; 9] = [64, 27, 15, 9, 5, 3, 2, 1, 1];
    core::array::from_fn(|i| {
        let rank = i / 9;
        let from_back = if side == 0 { rank } else { 8 - rank };
        if exclude && i == taken.index() as usize {
            0
        } else {
            BY_RANK[from_back % 9]
        }
    })
}

/// Each side's one Ajaw's square, if each has exactly one.
fn ajaws(board: &Board) -> Option<[Square; 2]> {
    let mut found = [None; 2];
    for square in Square::all() {
        if let Some(piece) = Piece::of_byte(board.byte(square)).filter(|p| p.kind == Kind::Ajaw) {
            let slot = &mut found[piece.side as usize];
            if slot.is_some() {
                return None;
            }
            *slot = Some(square);
        }
    }
    Some([found[0]?, found[1]?])
}

/// The relative form, for a board near the start: each square against the start.
#[inline(never)]
fn relative(state: &State) -> Result<Symbols, CodeError> {
    let start = Board::start();
    let board = state.board();
    let mut m = Models::new();
    let mut enc = Encoder::new();
    enc.uniform(0, 2);
    enc.uniform(state.to_move() as u32, 2);
    for square in Square::all() {
        let (was, now) = (start.byte(square), board.byte(square));
        enc.symbol((was == now) as usize, &mut m.same[(was != 0) as usize]);
        if was == now {
            continue;
        }
        if was != 0 {
            enc.symbol((now == 0) as usize, &mut m.emptied);
        }
        if let Some(piece) = Piece::of_byte(now) {
            m.pieces.code(&mut enc, piece, square, false);
        }
    }
    enc.finish()
}

/// The board and side to move a payload codes (not yet checked: see
/// [`State::from_payload`]), in a frame of its own.
#[inline(never)]
fn board_of(data: &[u8]) -> Result<(Board, Side), CodeError> {
        let start = Board::start();
        let mut m = Models::new();
        let mut dec = Decoder::new(data);
        let counted = dec.uniform(2) == 1;
        let to_move = if dec.uniform(2) == 1 { Side::Black } else { Side::White };
        let mut board = Board::default();
        let mut ajaws = [None; 2];
        if counted {
            for side in 0..2 {
                let weights = ajaw_weights(side, ajaws[0].unwrap_or(Square::all().next().ok_or(CodeError::Position)?), side == 1);
                let index = dec.draw(&weights).ok_or(CodeError::Position)?;
                let square = Square::all().nth(index).ok_or(CodeError::Position)?;
                let plus = dec.symbol(&mut m.pieces.plus[0][(half(square) != side) as usize]) == 1;
                let side = if side == 1 { Side::Black } else { Side::White };
                if board.byte(square) != 0 {
                    return Err(CodeError::Position);
                }
                board.put(Some(square), Some(Piece { side, kind: Kind::Ajaw, plus }));
                ajaws[side as usize] = Some(square);
            }
        }
        let mut pieces = if counted { dec.uniform(80) as u16 } else { 0 };
        let others = |sq: &Square| !ajaws.contains(&Some(*sq));
        for (i, square) in Square::all().filter(others).enumerate() {
            let piece = if counted {
                let left = (79 - i as u16).checked_sub(pieces).ok_or(CodeError::Position)?;
                let here = dec.draw(&[left, pieces]) == Some(1);
                pieces -= here as u16;
                here.then(|| m.pieces.read(&mut dec, square, true))
            } else {
                let was = start.byte(square);
                if dec.symbol(&mut m.same[(was != 0) as usize]) == 1 {
                    Piece::of_byte(was)
                } else if was != 0 && dec.symbol(&mut m.emptied) == 1 {
                    None
                } else {
                    let piece = m.pieces.read(&mut dec, square, false);
                    // A changed square holds something else than at the start.
                    (piece.byte() != was).then_some(piece).ok_or(CodeError::Position).map(Some)?
                }
            };
            if piece.is_some() {
                board.put(Some(square), piece);
            }
        }
        Ok((board, to_move))
}

impl crate::duel::Coded for State {
    const CODE_HEAD: u8 = CODE_HEAD;
    const LEGACY_SYMBOLS: &'static [u8] = &[CODE_SYMBOL];

    fn payload(&self) -> Result<Symbols, CodeError> {
        payload(self)
    }

    /// The position a code's payload writes.
    ///
    /// # Errors
    /// [`CodeError::Position`] unless the payload writes a position.
    fn read_payload(data: &[u8]) -> Result<State, CodeError> {
        let (board, to_move) = board_of(data)?;
        State::new(board, to_move).map_err(|_| CodeError::Position)
    }

    /// Reads a first-release code (`S…`), exactly as typed.
    ///
    /// # Errors
    /// What is wrong with the code.
    fn from_legacy_code(text: &str) -> Result<State, CodeError> {
        let data = legacy::decode(text)?;
        let mut r = Reader::new(&data);
        r.game(Self::LEGACY_SYMBOLS)?;
        let to_move = if r.take(1)? == 1 { Side::Black } else { Side::White };
        let occupied = r.take_u64()? as u128 | (r.take(17)? as u128) << 64;
        let mut board = Board::default();
        for sq in Square::all().filter(|sq| occupied & 1 << sq.index() != 0) {
            let piece = Piece::of_byte(r.take(5)? as u8 + 1).ok_or(CodeError::Position)?;
            board.put(Some(sq), Some(piece));
        }
        if !r.at_end() {
            return Err(CodeError::Position);
        }
        State::new(board, to_move).map_err(|_| CodeError::Position)
    }
}
