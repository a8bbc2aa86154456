//! Chek's bytes in a save: setup (1) · dice state (48) · agreed end (1) · hand square
//! (1) · the position in the rules' notation (the rest). Version 1 saves carried the
//! same fields around the seats and the seed, so they read the same way.

use alloc::string::ToString;
use alloc::vec::Vec;

use chek_rules::{DiceState, Position, Record, Setup, Square, Variant};
use chek_ui::save::{SaveError, Saved};

const FIXED: usize = 1 + DiceState::LEN + 1 + 1;

/// The game's bytes of `game`, started from `setup`, with the hand on `hand`.
pub fn record_bytes(game: &Record, setup: Setup, hand: Square) -> Vec<u8> {
    let position = game.position().to_string();
    let mut bytes = Vec::with_capacity(FIXED + position.len());
    bytes.push(Setup::ALL.iter().position(|&s| s == setup).unwrap_or(0) as u8);
    bytes.extend_from_slice(&game.dice().to_bytes());
    bytes.push(game.agreed_end() as u8);
    bytes.push(hand.index());
    bytes.extend_from_slice(position.as_bytes());
    bytes
}

/// The game a save holds, the setup it started from, and where the hand was.
///
/// # Errors
/// [`SaveError::Field`] naming the field that is out of range.
pub fn from_saved(saved: &Saved) -> Result<(Record, Setup, Square), SaveError> {
    let bytes = &saved.bytes;
    if bytes.len() < FIXED {
        return Err(SaveError::Truncated);
    }
    let setup = *Setup::ALL.get(bytes[0] as usize).ok_or(SaveError::Field("setup"))?;
    let mut dice = [0; DiceState::LEN];
    dice.copy_from_slice(&bytes[1..1 + DiceState::LEN]);
    let rest = &bytes[1 + DiceState::LEN..];
    let agreed = match rest[0] {
        0 => false,
        1 => true,
        _ => return Err(SaveError::Field("agreed end")),
    };
    let hand = Square::from_index(rest[1]).ok_or(SaveError::Field("hand square"))?;
    let text = core::str::from_utf8(&rest[2..]).map_err(|_| SaveError::Field("position"))?;
    let position: Position = text.parse().map_err(|_| SaveError::Field("position"))?;
    let variant = Variant::ALL.get(saved.variant as usize).ok_or(SaveError::Field("variant"))?;
    if position.seating() != setup.seating() || position.variant() != *variant {
        return Err(SaveError::Field("position"));
    }
    Ok((Record::from_parts(position, DiceState::from_bytes(&dice), agreed), setup, hand))
}
