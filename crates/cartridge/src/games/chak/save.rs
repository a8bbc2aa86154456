//! Chak's bytes in a save: the hand (1) · agreed draw (1) · the last move (4: a flag,
//! from, to, the promotion) · the quiet count (1) · the moves since the last
//! irreversible one (1 + 2 a move, A7) · the pieces taken (1 + 1 a piece) · the
//! position in A8's notation (the rest). So a saved game goes on with its draw counts.

use alloc::string::ToString;
use alloc::boxed::Box;
use alloc::vec::Vec;

use chek_ui::save::{Fields, SaveError, Saved};

use super::record::{ChakRecord, Taken};
use super::rules::{Board, Draw, End, History, Kind, Move, Piece, Side, Square, State};

/// The game's bytes of `record`, with the hand's square.
pub fn to_bytes(record: &ChakRecord, hand: Square) -> Vec<u8> {
    let state = record.now();
    let mut bytes = Vec::new();
    bytes.push(hand.index());
    bytes.push((state.end() == Some(End::Draw(Draw::Agreement))) as u8);
    match record.last() {
        Some(mv) => {
            let promotion = mv.promotion().map_or(0, |k| k as u8 + 1);
            bytes.extend_from_slice(&[1, mv.from().index(), mv.to().index(), promotion]);
        }
        None => bytes.extend_from_slice(&[0; 4]),
    }
    bytes.push(state.quiet());
    bytes.push(state.history().len() as u8);
    for step in state.history() {
        bytes.extend_from_slice(step);
    }
    let taken = record.notes();
    bytes.push(taken.len() as u8);
    bytes.extend(taken.iter().map(|p| p.byte()));
    bytes.extend_from_slice(state.to_string().as_bytes());
    bytes
}

fn last_move(bytes: &[u8]) -> Result<Option<Move>, SaveError> {
    let bad = SaveError::Field("last move");
    match bytes {
        [0, ..] => Ok(None),
        [1, from, to, promotion] => {
            let promotion = match promotion {
                0 => None,
                k => Some(Kind::ALL.get(*k as usize - 1).copied().filter(|k| Kind::PROMOTIONS.contains(k)).ok_or(bad)?),
            };
            let from = Square::from_index(*from).ok_or(bad)?;
            let to = Square::from_index(*to).ok_or(bad)?;
            Ok(Some(Move::new(from, to, promotion)))
        }
        _ => Err(bad),
    }
}

/// The board and side to move of the position text. A frame of its own: the parsed
/// state is not kept beside the game on the device's small stack.
#[inline(never)]
fn position(bytes: &[u8]) -> Result<(Board, Side), SaveError> {
    let text = core::str::from_utf8(bytes).map_err(|_| SaveError::Field("position"))?;
    let position: State = text.parse().map_err(|_| SaveError::Field("position"))?;
    Ok((*position.board(), position.to_move()))
}

/// The game a save holds, and where the hand was.
///
/// # Errors
/// [`SaveError::Field`] naming the field that is out of range.
// A frame of its own, and the record boxed: the caller's frame holds a pointer, not a
// record, on the cartridge's load on the device's small stack.
#[inline(never)]
pub fn from_saved(saved: &Saved) -> Result<(Box<ChakRecord>, Square), SaveError> {
    let mut fields = Fields::new(&saved.bytes);
    let hand = Square::from_index(fields.take(1)?[0]).ok_or(SaveError::Field("hand"))?;
    let agreed = match fields.take(1)?[0] {
        0 => false,
        1 => true,
        _ => return Err(SaveError::Field("agreed draw")),
    };
    let last = last_move(fields.take(4)?)?;
    let quiet = fields.take(1)?[0];
    let count = fields.take(1)?[0] as usize;
    let mut history = History::new();
    for step in fields.take(count * 2)?.chunks_exact(2) {
        history.try_push([step[0], step[1]]).map_err(|_| SaveError::Field("history"))?;
    }
    let count = fields.take(1)?[0] as usize;
    let mut taken = Taken::new();
    for &byte in fields.take(count)? {
        let piece = Piece::of_byte(byte).filter(|p| p.kind != Kind::Ajaw).ok_or(SaveError::Field("pieces taken"))?;
        taken.try_push(piece).map_err(|_| SaveError::Field("pieces taken"))?;
    }
    let (board, to_move) = position(fields.rest())?;
    let mut state = State::with_counts(board, to_move, quiet, history).map_err(|_| SaveError::Field("history"))?;
    if agreed {
        state.agree_draw();
    }
    Ok((Box::new(ChakRecord::with_last(state, last, taken)), hand))
}
