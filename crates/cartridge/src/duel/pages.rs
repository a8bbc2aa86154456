//! The rules pages' lines Checkers and Chak word alike: a draw by agreement, and
//! picking up a piece with the D-pad or the crank.

use chek_ui::Line::{self, Lines, Text};

/// A draw by agreement (K9, A7), as the Draws pages begin.
pub const OFFER_DRAW: Line = Lines(&[
    Text("Offer a draw from the pause sheet:"),
    Text("your opponent agrees, or a CPU"),
    Text("accepts if it is not ahead."),
]);

/// Picking up a piece, as the Controls pages begin; each game goes on with how a held
/// piece moves.
pub const PICK_UP: Line = Lines(&[
    Text("D-pad: move the hand; the crank"),
    Text("steps through the pieces that can"),
    Text("move. A: pick up a piece."),
    Text("Then the crank or D-pad chooses"),
]);

/// Pausing, as the Controls pages end.
pub const DOCK: Line = Text("Dock the crank to pause and save.");
