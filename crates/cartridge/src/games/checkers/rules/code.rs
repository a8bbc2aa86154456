//! Share codes of Checkers positions (head `X`): the rules (the rulebook's or English
//! draughts) and the side to move, then each of the 32 squares — empty, a man or a
//! king of either side — with a model per rank, so men near their own side and an
//! empty middle cost little. The start takes 9 characters. A code holds what the
//! position's text holds (not the draw counts of K9).
//!
//! Codes of the first release (first character `R`, or `V` for English draughts)
//! still read.

use chek_engine::code::arith::{Decoder, Encoder, Model, Number};
use chek_engine::code::{legacy, CodeError, Reader, Symbols};

use super::board::{Board, Side, Square};
use super::state::{Rules, State};

/// The head of every Checkers code (`X`).
pub const CODE_HEAD: u8 = 29;
/// The first symbol of the first release's codes of the rulebook's Checkers (`R`).
pub const CODE_SYMBOL: u8 = 24;
/// The first symbol of the first release's codes of English draughts (`V`).
pub const ENGLISH_CODE_SYMBOL: u8 = 27;

/// What a square holds, as the payload codes it.
const EMPTY: usize = 0;
const LIGHT: usize = 1;
const DARK: usize = 2;
const LIGHT_KING: usize = 3;
const DARK_KING: usize = 4;

/// A model per rank (0 = rank 1, Light's side), its counts guessed from where the
/// pieces of games stand: men mostly on their own side, kings rare, and no man on
/// the row it crowns on.
fn rank_models() -> [Model<5>; 8] {
    // Fitted to where pieces stand in 100,000 positions of random games.
    const COUNTS: [[u16; 5]; 8] = [
        [26, 36, 1, 1, 6],
        [30, 31, 5, 1, 2],
        [37, 23, 6, 1, 1],
        [48, 11, 5, 1, 1],
        [48, 5, 11, 1, 1],
        [37, 6, 23, 1, 1],
        [30, 5, 31, 2, 1],
        [26, 1, 36, 6, 1],
    ];
    core::array::from_fn(|rank| Model::new(COUNTS[rank], 32))
}

fn content(board: &Board, square: Square) -> usize {
    match board.at(square) {
        None => EMPTY,
        Some((Side::Light, false)) => LIGHT,
        Some((Side::Dark, false)) => DARK,
        Some((Side::Light, true)) => LIGHT_KING,
        Some((Side::Dark, true)) => DARK_KING,
    }
}

/// How likely each content is on a rank, besides how many of it are left to place:
/// men weigh more on their own side (the counted form's spatial prior).
fn weight(content: usize, rank: usize, spread: bool) -> u16 {
    // Spread: every square alike, for a board where the pieces have wandered.
    if spread {
        return 1;
    }
    // Fitted as the rank models are: how much likelier than elsewhere.
    let table: [u16; 8] = match content {
        LIGHT => [16, 14, 10, 5, 2, 2, 1, 0],
        DARK => [0, 1, 2, 2, 5, 10, 14, 16],
        LIGHT_KING => [1, 1, 1, 2, 2, 3, 5, 16],
        DARK_KING => [16, 5, 3, 2, 2, 1, 1, 1],
        _ => [5, 6, 7, 9, 9, 7, 6, 5],
    };
    table[rank % 8]
}

/// The payload: whichever form codes shorter (the modelled one on a tie), its first
/// decision saying which.
fn payload(state: &State) -> Result<Symbols, CodeError> {
    let mut best = modelled(state)?;
    for spread in [false, true] {
        let counted = counted(state, spread)?;
        if counted.len() < best.len() {
            best = counted;
        }
    }
    Ok(best)
}

/// The counted form: how many of each content, then each square a draw from what is
/// left to place, weighted by rank (or, `spread`, not at all).
#[inline(never)]
fn counted(state: &State, spread: bool) -> Result<Symbols, CodeError> {
    let mut enc = Encoder::new();
    enc.uniform(1 + spread as u32, 3);
    enc.uniform((state.rules() == Rules::English) as u32, 2);
    enc.uniform((state.to_move() == state.rules().first()) as u32, 2);
    let mut left = [0u16; 5];
    for square in Square::all() {
        left[content(state.board(), square)] += 1;
    }
    let mut kings = Number::new();
    enc.uniform(left[LIGHT].min(12) as u32, 13);
    enc.uniform(left[DARK].min(12) as u32, 13);
    enc.number(left[LIGHT_KING] as u32, &mut kings);
    enc.number(left[DARK_KING] as u32, &mut kings);
    for square in Square::all() {
        let here = content(state.board(), square);
        let weights: [u16; 5] = core::array::from_fn(|c| left[c] * weight(c, square.rank() as usize, spread));
        enc.draw(here, &weights);
        left[here] -= 1;
    }
    enc.finish()
}

/// The modelled form: each square with a model per rank.
#[inline(never)]
fn modelled(state: &State) -> Result<Symbols, CodeError> {
    let mut enc = Encoder::new();
    enc.uniform(0, 3);
    enc.uniform((state.rules() == Rules::English) as u32, 2);
    enc.uniform((state.to_move() == state.rules().first()) as u32, 2);
    let mut models = rank_models();
    for square in Square::all() {
        enc.symbol(content(state.board(), square), &mut models[square.rank() as usize % 8]);
    }
    enc.finish()
}

impl crate::duel::Coded for State {
    const CODE_HEAD: u8 = CODE_HEAD;
    const LEGACY_SYMBOLS: &'static [u8] = &[CODE_SYMBOL, ENGLISH_CODE_SYMBOL];

    fn payload(&self) -> Result<Symbols, CodeError> {
        payload(self)
    }

    /// The position a code's payload writes.
    ///
    /// # Errors
    /// [`CodeError::Position`] unless the payload writes a position.
    fn read_payload(data: &[u8]) -> Result<State, CodeError> {
        let mut dec = Decoder::new(data);
        let form = dec.uniform(3);
        let (counted, spread) = (form > 0, form == 2);
        let rules = if dec.uniform(2) == 1 { Rules::English } else { Rules::Rulebook };
        let to_move = if dec.uniform(2) == 1 { rules.first() } else { rules.first().other() };
        let mut models = rank_models();
        let mut left = [0u16; 5];
        if counted {
            let mut kings = Number::new();
            left[LIGHT] = dec.uniform(13) as u16;
            left[DARK] = dec.uniform(13) as u16;
            left[LIGHT_KING] = dec.number(&mut kings).min(32) as u16;
            left[DARK_KING] = dec.number(&mut kings).min(32) as u16;
            left[0] = 32u16.checked_sub(left.iter().sum()).ok_or(CodeError::Position)?;
        }
        let mut board = Board::default();
        for square in Square::all() {
            let here = if counted {
                let weights: [u16; 5] = core::array::from_fn(|c| left[c] * weight(c, square.rank() as usize, spread));
                let here = dec.draw(&weights).ok_or(CodeError::Position)?;
                left[here] -= 1;
                here
            } else {
                dec.symbol(&mut models[square.rank() as usize % 8])
            };
            let side = if here == LIGHT || here == LIGHT_KING { Side::Light } else { Side::Dark };
            if here != EMPTY {
                *board.pieces_mut(side) |= square.bit();
            }
            if here == LIGHT_KING || here == DARK_KING {
                board.kings |= square.bit();
            }
        }
        State::from_board(board, to_move).map(|s| s.played_by(rules)).map_err(|_| CodeError::Position)
    }

    /// Reads a first-release code (`R…` or `V…`), exactly as typed.
    ///
    /// # Errors
    /// What is wrong with the code.
    fn from_legacy_code(text: &str) -> Result<State, CodeError> {
        let data = legacy::decode(text)?;
        let mut r = Reader::new(&data);
        let rules = match r.game(Self::LEGACY_SYMBOLS)? {
            0 => Rules::Rulebook,
            _ => Rules::English,
        };
        let to_move = if r.take(1)? == 1 { Side::Dark } else { Side::Light };
        let occupied = r.take(32)?;
        let mut board = Board::default();
        for sq in Square::each(occupied) {
            let side = if r.take(1)? == 1 { Side::Dark } else { Side::Light };
            *board.pieces_mut(side) |= sq.bit();
            if r.take(1)? == 1 {
                board.kings |= sq.bit();
            }
        }
        if !r.at_end() {
            return Err(CodeError::Position);
        }
        State::from_board(board, to_move).map(|s| s.played_by(rules)).map_err(|_| CodeError::Position)
    }
}
