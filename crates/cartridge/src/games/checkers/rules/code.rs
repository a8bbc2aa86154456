//! Share codes of Checkers positions: the first symbol names the game and its rules
//! (the rulebook's, or English draughts), then the side to move, which squares are
//! occupied, and for each occupied square its side and whether it is a king. A code
//! holds what the position's text holds (not the draw counts of K9); one block, at
//! most 20 characters.

use chek_engine::code::{self, Bits as Packer, CodeChars, CodeError, Reader};

use super::board::{Board, Side, Square};
use super::state::{Rules, State};

/// The first symbol of every code of the rulebook's Checkers (`R`).
pub const CODE_SYMBOL: u8 = 24;
/// The first symbol of every code of English draughts.
pub const ENGLISH_CODE_SYMBOL: u8 = 27;

impl State {
    /// The share code of this position, without group separators.
    ///
    /// # Errors
    /// [`CodeError::Unavailable`] once the game is over.
    pub fn share_code(&self) -> Result<CodeChars, CodeError> {
        if self.end().is_some() {
            return Err(CodeError::Unavailable("the game is over"));
        }
        let board = self.board();
        let mut bits = Packer::new();
        let symbol = match self.rules() {
            Rules::Rulebook => CODE_SYMBOL,
            Rules::English => ENGLISH_CODE_SYMBOL,
        };
        bits.push(symbol as u32, 5)?;
        bits.push(self.to_move() as u32, 1)?;
        bits.push(board.occupied(), 32)?;
        for sq in Square::each(board.occupied()) {
            let (side, king) = board.at(sq).unwrap_or((Side::Light, false));
            bits.push(side as u32, 1)?;
            bits.push(king as u32, 1)?;
        }
        code::encode(&bits.finish()?)
    }

    /// The position a share code holds.
    ///
    /// # Errors
    /// What is wrong with the code.
    pub fn from_share_code(text: &str) -> Result<State, CodeError> {
        let data = code::decode(text)?;
        let mut r = Reader::new(&data);
        let rules = match r.take(5)? as u8 {
            CODE_SYMBOL => Rules::Rulebook,
            ENGLISH_CODE_SYMBOL => Rules::English,
            first => return Err(CodeError::Game(code::char_of(first))),
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
