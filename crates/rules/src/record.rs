//! A game record: the position plus the dice and the players' agreement to stop (C16,
//! C19). This is what a saved game holds.

use crate::{
    Action, BySeat, Conflict, Dice, DiceState, End, IllegalAction, Next, Outcome, Position, Roll, Seat, Square, State,
};

/// A game in progress: the position, the dice (C19) and whether the players agreed to
/// end it (C16).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    position: Position,
    dice: Dice,
    agreed_end: bool,
}

/// What one action did, for the screen's "last move" and for checks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Played {
    /// The seat that acted.
    pub seat: Seat,
    /// The action.
    pub action: Action,
    /// The position the action was played in.
    pub before: Position,
    /// For an attack: the conflict, its dice and its outcome.
    pub conflict: Option<(Conflict, Roll, Outcome)>,
}

impl Played {
    /// The seat that won the conflict, if the action was one (an attack, or a take of
    /// Chek Simple, which the attacker always wins).
    pub fn winner(&self) -> Option<Seat> {
        match (self.conflict, self.action) {
            (Some((conflict, _, outcome)), _) => Some(conflict.winner(outcome)),
            (None, Action::Take { .. }) => Some(self.seat),
            _ => None,
        }
    }

    /// The seat that lost a piece in the conflict, and the square the piece stood on.
    pub fn loss(&self) -> Option<(Seat, Square)> {
        match (self.conflict, self.action) {
            (Some((conflict, _, outcome)), _) => Some((conflict.loser(outcome), conflict.loser_square(outcome))),
            (None, Action::Take { to, .. }) => self.before.seat_at(to).map(|seat| (seat, to)),
            _ => None,
        }
    }
}

impl Record {
    /// A new game from `start`, with dice seeded by `seed`.
    pub fn new(start: Position, seed: u64) -> Record {
        Record { position: start, dice: Dice::new(seed), agreed_end: false }
    }

    /// A new game of `variant` from `setup` with `first` to move, dice seeded by
    /// `seed`; in Chek Nights the cards are dealt from those dice first (N2, C19), so a
    /// game is reproducible from its seed and its decisions. `None` if `first` does not
    /// play in this setup.
    pub fn dealt(setup: crate::Setup, variant: crate::Variant, first: Seat, seed: u64) -> Option<Record> {
        let mut dice = Dice::new(seed);
        let start = setup.dealt(variant, first, &mut dice)?;
        Some(Record { position: start, dice, agreed_end: false })
    }

    /// A new game from `start`; when it is a Chek Nights position before its first
    /// turn (no points, no quiet count, no turn under way), its cards are dealt afresh
    /// from the seed's dice (N2), which go on to roll the conflicts.
    pub fn deal_at_start(start: Position, seed: u64) -> Record {
        let mut dice = Dice::new(seed);
        let fresh = start.variant().has_cards()
            && start.quiet() == 0
            && !start.mid_turn()
            && start.seating().seats().iter().all(|&s| start.captured(s) == 0);
        let position = if fresh { start.dealt(&mut dice) } else { start };
        Record { position, dice, agreed_end: false }
    }

    /// A game restored from its parts (a save).
    pub fn from_parts(position: Position, dice: DiceState, agreed_end: bool) -> Record {
        Record { position, dice: Dice::from_state(dice), agreed_end }
    }

    /// The current position.
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The dice's state, to save (C19).
    pub fn dice(&self) -> DiceState {
        self.dice.state()
    }

    /// Whether the players agreed to end the game (C16).
    pub const fn agreed_end(&self) -> bool {
        self.agreed_end
    }

    /// How the game ended, if it has (C15, C16, C18).
    pub fn end(&self) -> Option<End> {
        match self.position.end() {
            Some(end) => Some(end),
            None if self.agreed_end => Some(End::Agreement),
            None => None,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// Each seat's score: points plus pieces on the board (C17).
    pub fn scores(&self) -> BySeat<u8> {
        BySeat::from_fn(|seat| self.position.score(seat))
    }

    /// The seats with the highest score (C17): one winner, or several in a tie.
    pub fn leaders(&self) -> impl Iterator<Item = Seat> + '_ {
        self.position.leaders()
    }

    /// C16: the players agree to end the game now.
    pub fn end_by_agreement(&mut self) {
        self.agreed_end = true;
    }

    /// Plays `action`, rolling the dice for a conflict.
    ///
    /// # Errors
    /// [`IllegalAction`] if the game is over or the action is not legal; the game is
    /// unchanged.
    pub fn play(&mut self, action: Action) -> Result<Played, IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction(action));
        }
        let seat = self.position.in_control();
        let before = self.position;
        match self.position.play(action)? {
            Next::Position(next) => {
                self.position = next;
                Ok(Played { seat, action, before, conflict: None })
            }
            Next::Conflict(conflict) => {
                let roll = self.dice.roll(&conflict);
                let outcome = roll.outcome();
                self.position = conflict.resolve(outcome);
                Ok(Played { seat, action, before, conflict: Some((conflict, roll, outcome)) })
            }
        }
    }

    /// C12: a LINK step to `to`. Returns whether it was legal (the game is unchanged if
    /// not).
    pub fn link(&mut self, to: Square) -> bool {
        match self.position.link(to) {
            Some(next) if !self.is_over() => {
                self.position = next;
                true
            }
            _ => false,
        }
    }
}

impl chek_engine::Record for Record {
    type Game = State;

    fn state(&self) -> State {
        State::Decide(self.position)
    }

    fn play(&mut self, action: Action) -> Result<(), chek_engine::IllegalAction> {
        Record::play(self, action).map(|_| ()).map_err(|_| chek_engine::IllegalAction)
    }
}
