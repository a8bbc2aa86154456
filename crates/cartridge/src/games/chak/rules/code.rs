//! Share codes of Chak positions: the first symbol names the game, then the side to
//! move, which of the 81 squares are occupied, and each occupied square's piece (side,
//! kind, form). A code holds what the position's text holds (not A7's counts): at most
//! two blocks, 54 characters with the start's 32 pieces, fewer as pieces are taken.

use chek_engine::code::{self, Bits as Packer, CodeChars, CodeError, Reader};

use super::board::{Board, Piece, Side, Square};
use super::state::State;

/// The first symbol of every Chak code (`S`).
pub const CODE_SYMBOL: u8 = 25;

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
        bits.push(CODE_SYMBOL as u32, 5)?;
        bits.push(self.to_move() as u32, 1)?;
        let occupied: u128 = Square::all().filter(|&sq| board.byte(sq) != 0).fold(0, |m, sq| m | 1 << sq.index());
        bits.push_u64(occupied as u64)?;
        bits.push((occupied >> 64) as u32, 17)?;
        for sq in Square::all().filter(|&sq| board.byte(sq) != 0) {
            bits.push(board.byte(sq) as u32 - 1, 5)?;
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
        let first = r.take(5)? as u8;
        if first != CODE_SYMBOL {
            return Err(CodeError::Game(code::char_of(first)));
        }
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
