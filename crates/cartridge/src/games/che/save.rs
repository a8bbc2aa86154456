//! Che's bytes in a save: the hand (2: x, y) · threats shown (1) · resigned (1) · the
//! last move (1 + 3 a tile: x, y, kind; the count's high bit says Blue placed them) ·
//! the position in H10's notation (the rest).

use alloc::string::ToString;
use alloc::vec::Vec;

use chek_ui::save::{Fields, SaveError, Saved};

use super::record::{CheRecord, LastMove};
use super::rules::{Cell, End, Kind, Side, State, Tile};

/// The game's bytes of `record`, with the hand's cell and whether threats are shown.
pub fn to_bytes(record: &CheRecord, hand: Cell, show_threats: bool) -> Vec<u8> {
    let state = record.now();
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&[hand.x as u8, hand.y as u8]);
    bytes.push(show_threats as u8);
    bytes.push(matches!(state.end(), Some(End::Resigned { .. })) as u8);
    match record.last() {
        Some((side, tiles)) => {
            bytes.push(tiles.len() as u8 | (side as u8) << 7);
            for t in tiles.iter() {
                bytes.extend_from_slice(&[t.cell.x as u8, t.cell.y as u8, t.kind as u8]);
            }
        }
        None => bytes.push(0),
    }
    bytes.extend_from_slice(state.to_string().as_bytes());
    bytes
}

fn flag(byte: u8, name: &'static str) -> Result<bool, SaveError> {
    match byte {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(SaveError::Field(name)),
    }
}

/// The position text. A frame of its own: the parsed state is not kept beside the
/// game on the device's small stack.
#[inline(never)]
fn position(bytes: &[u8]) -> Result<State, SaveError> {
    let text = core::str::from_utf8(bytes).map_err(|_| SaveError::Field("position"))?;
    text.parse().map_err(|_| SaveError::Field("position"))
}

/// The game a save holds, the hand's cell, and whether threats are shown.
///
/// # Errors
/// [`SaveError::Field`] naming the field that is out of range.
#[inline(never)]
pub fn from_saved(saved: &Saved) -> Result<(CheRecord, Cell, bool), SaveError> {
    let mut fields = Fields::new(&saved.bytes);
    let hand = fields.take(2)?;
    let hand = Cell::at(hand[0] as i8 as i32, hand[1] as i8 as i32).ok_or(SaveError::Field("hand"))?;
    let threats = flag(fields.take(1)?[0], "threats shown")?;
    let resigned = flag(fields.take(1)?[0], "resigned")?;
    let count = fields.take(1)?[0];
    let side = if count & 0x80 != 0 { Side::Blue } else { Side::White };
    let mut last = LastMove::new();
    for t in fields.take((count & 0x7f) as usize * 3)?.chunks_exact(3) {
        let cell = Cell::at(t[0] as i8 as i32, t[1] as i8 as i32).ok_or(SaveError::Field("last move"))?;
        let kind = Kind::of_index(t[2]).ok_or(SaveError::Field("last move"))?;
        last.try_push(Tile::new(cell, kind)).map_err(|_| SaveError::Field("last move"))?;
    }
    let mut state = position(fields.rest())?;
    if last.iter().any(|t| state.tiling().at(t.cell) != Some(t.kind)) {
        return Err(SaveError::Field("last move"));
    }
    if resigned {
        if state.end().is_some() {
            return Err(SaveError::Field("resigned"));
        }
        state.resign();
    }
    let last = (!last.is_empty()).then_some((side, last));
    Ok((CheRecord::with_last(state, last), hand, threats))
}
