//! Invariants checked after every step of a game, by the property tests and the soak.

use core::fmt;

use crate::{BySeat, Game, Played, Position, Seat};

/// Checks a game step by step: pieces are conserved, no square holds two pieces, every
/// chain ends, positions stay legal and print and parse back, games end.
#[derive(Clone, Debug)]
pub struct Audit {
    start_pieces: BySeat<u32>,
    start_captured: u32,
    lost: BySeat<u32>,
    chain_steps: u32,
    steps: u64,
}

/// An invariant that failed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Violation(pub &'static str);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Audit {
    /// An audit of a game starting at `start`.
    pub fn new(start: &Position) -> Audit {
        Audit {
            start_pieces: BySeat::from_fn(|s| start.pieces(s).len()),
            start_captured: Seat::ALL.iter().map(|&s| start.captured(s) as u32).sum(),
            lost: BySeat::default(),
            chain_steps: 0,
            steps: 0,
        }
    }

    /// The most steps a game can take: every conflict removes a piece, and at most
    /// C18's count of quiet turns pass between conflicts.
    pub fn max_steps(&self) -> u64 {
        let pieces: u64 = self.start_pieces.0.iter().map(|&n| n as u64).sum();
        (pieces + 1) * (crate::QUIET_END_TURNS as u64 + 1) * 2
    }

    /// Checks the step `played` that led to `after`.
    ///
    /// # Errors
    /// The first [`Violation`] found.
    pub fn step(&mut self, played: &Played, after: &Position) -> Result<(), Violation> {
        self.steps += 1;
        if self.steps > self.max_steps() {
            return Err(Violation("the game did not end within its bound"));
        }
        if let Some(loser) = played.loser() {
            self.lost[loser] += 1;
        }
        self.chain_steps = if after.chain().is_some() { self.chain_steps + 1 } else { 0 };
        let pieces_at_start: u32 = self.start_pieces.0.iter().sum();
        if self.chain_steps > pieces_at_start {
            return Err(Violation("a chain did not end"));
        }
        check_position(after)?;
        for seat in Seat::ALL {
            if after.pieces(seat).len() + self.lost[seat] != self.start_pieces[seat] {
                return Err(Violation("a seat's pieces on the board and lost do not add up to its start"));
            }
        }
        let on_board: u32 = Seat::ALL.iter().map(|&s| after.pieces(s).len()).sum();
        let captured: u32 = Seat::ALL.iter().map(|&s| after.captured(s) as u32).sum();
        if on_board + captured != pieces_at_start + self.start_captured {
            return Err(Violation("captures and pieces on the board do not add up to the start"));
        }
        if after.is_over() && after.seating().count() == 2 && self.start_captured == 0 {
            let scores: u32 = Seat::ALL.iter().map(|&s| after.score(s) as u32).sum();
            if scores != pieces_at_start {
                return Err(Violation("2-seat final scores do not add up to the pieces at the start"));
            }
        }
        Ok(())
    }
}

/// Checks one position on its own: no shared squares, legal, prints and parses back,
/// and has a legal action unless the game is over.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_position(position: &Position) -> Result<(), Violation> {
    let mut seen = 0u64;
    for seat in Seat::ALL {
        let pieces = position.pieces(seat).0;
        if seen & pieces != 0 {
            return Err(Violation("a square holds two pieces"));
        }
        seen |= pieces;
    }
    if Position::try_from(position.raw()) != Ok(*position) {
        return Err(Violation("the position breaks the rules"));
    }
    let mut text = arrayvec::ArrayString::<128>::new();
    if fmt::write(&mut text, format_args!("{position}")).is_err() {
        return Err(Violation("the position does not print"));
    }
    if text.parse::<Position>() != Ok(*position) {
        return Err(Violation("parse(print(p)) != p"));
    }
    if position.is_over() != position.legal_actions().is_empty() {
        return Err(Violation("legal actions disagree with the end of the game"));
    }
    Ok(())
}

/// How an audited game went.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Playout {
    /// Actions played.
    pub steps: u64,
    /// Conflicts fought.
    pub conflicts: u64,
}

/// Plays `game` to its end, taking action `choose(n) % n` of the `n` legal ones each
/// step, and checks every invariant after every step.
///
/// # Errors
/// The first [`Violation`] and the position it was found in.
pub fn audited_playout(
    game: &mut Game,
    mut choose: impl FnMut(usize) -> usize,
) -> Result<Playout, (Violation, Position)> {
    let mut audit = Audit::new(game.position());
    let mut playout = Playout { steps: 0, conflicts: 0 };
    check_position(game.position()).map_err(|v| (v, *game.position()))?;
    loop {
        let before = *game.position();
        let actions = before.legal_actions();
        if actions.is_empty() {
            return Ok(playout);
        }
        let action = actions[choose(actions.len()) % actions.len()];
        let played = game.play(action).map_err(|_| (Violation("a legal action was refused"), before))?;
        playout.steps += 1;
        playout.conflicts += played.conflict.is_some() as u64;
        audit.step(&played, game.position()).map_err(|v| (v, *game.position()))?;
    }
}
