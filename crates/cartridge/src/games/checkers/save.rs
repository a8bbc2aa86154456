//! Checkers' bytes in a save: the hand (2) · agreed draw (1) · the last move (6: a
//! flag, start, jumps, three bytes of directions) · the king steps since the last
//! capture or man move (1 + 1 a step, K9) · the position in PDN FEN (the rest). So a
//! saved game goes on with its draw counts exactly.

use alloc::string::ToString;
use alloc::vec::Vec;

use chek_ui::save::{Fields, SaveError, Saved};

use super::record::CheckersRecord;
use super::rules::{History, Move, Square, State};

/// The game's bytes of `record`, with the hand's cell (its file and rank).
pub fn to_bytes(record: &CheckersRecord, hand: [u8; 2]) -> Vec<u8> {
    let state = record.now();
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&hand);
    let agreed = state.end() == Some(super::rules::End::Draw(super::rules::Draw::Agreement));
    bytes.push(agreed as u8);
    match record.last() {
        Some(mv) => {
            let (from, jumps, dirs) = mv.parts();
            bytes.extend_from_slice(&[1, from.number(), jumps]);
            bytes.extend_from_slice(&dirs.to_le_bytes()[..3]);
        }
        None => bytes.extend_from_slice(&[0; 6]),
    }
    let history = state.history();
    bytes.push(history.len() as u8);
    bytes.extend_from_slice(history);
    bytes.extend_from_slice(state.to_string().as_bytes());
    bytes
}

/// The game a save holds, and the hand's cell (its file and rank, each 0 to 7).
///
/// # Errors
/// [`SaveError::Field`] naming the field that is out of range.
pub fn from_saved(saved: &Saved) -> Result<(CheckersRecord, [u8; 2]), SaveError> {
    let mut fields = Fields::new(&saved.bytes);
    let hand = fields.take(2)?;
    let hand = [hand[0], hand[1]];
    if hand.iter().any(|&at| at > 7) {
        return Err(SaveError::Field("hand"));
    }
    let agreed = match fields.take(1)?[0] {
        0 => false,
        1 => true,
        _ => return Err(SaveError::Field("agreed draw")),
    };
    let last = fields.take(6)?;
    let last_move = match last[0] {
        0 => None,
        1 => {
            let from = Square::new(last[1]).ok_or(SaveError::Field("last move"))?;
            let dirs = u32::from_le_bytes([last[3], last[4], last[5], 0]);
            Some(Move::from_parts(from, last[2], dirs).ok_or(SaveError::Field("last move"))?)
        }
        _ => return Err(SaveError::Field("last move")),
    };
    let count = fields.take(1)?[0] as usize;
    let mut history = History::new();
    history.try_extend_from_slice(fields.take(count)?).map_err(|_| SaveError::Field("history"))?;
    let text = core::str::from_utf8(fields.rest()).map_err(|_| SaveError::Field("position"))?;
    let position: State = text.parse().map_err(|_| SaveError::Field("position"))?;
    let state = State::with_history(*position.board(), position.to_move(), history, agreed)
        .ok_or(SaveError::Field("history"))?
        .played_by(position.rules());
    Ok((CheckersRecord::with_last(state, last_move, ()), hand))
}
