//! Chek on the cartridge's game interface: a position between decisions, or a conflict
//! waiting for its outcome.

use core::fmt;

use chek_engine::{Game, Notation, Outcomes, Payoffs, Seats, Step, ToAct, Violation};

use crate::{Action, ActionError, ActionList, Conflict, Next, Outcome, Position, PositionError, Seat, Seating};

/// A state of a Chek game as the engine sees it. Every decision is a [`Position`]; an
/// attack (C4, C11) leads to a [`Conflict`], a chance node with two outcomes weighted
/// out of 36 (C9). Chek Simple (V2) never reaches one.
///
/// ```
/// use chek_engine::{Game, Step, ToAct};
/// use chek_rules::{Outcome, Position, State};
///
/// let pos: Position = "8/8/8/3N4/3S4/8/8/8 SN S 0,0".parse().unwrap();
/// let mut state = State::from(pos);
/// state.apply(Step::Act(pos.parse_action("d4xd5 +0").unwrap()));
/// assert_eq!(state.to_act(), ToAct::Chance);
/// assert_eq!(state.outcomes().as_slice(), &[(Outcome::AttackerWins, 15), (Outcome::DefenderWins, 21)]);
/// state.apply(Step::Chance(Outcome::AttackerWins));
/// assert_eq!(state.to_act(), ToAct::Over);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum State {
    /// A seat decides (or the game is over).
    Decide(Position),
    /// A conflict waits for its outcome.
    Conflict(Conflict),
}

impl From<Position> for State {
    fn from(position: Position) -> State {
        State::Decide(position)
    }
}

impl State {
    /// The position: the one to decide in, or the one the pending attack was declared
    /// in.
    pub const fn position(&self) -> &Position {
        match self {
            State::Decide(position) => position,
            State::Conflict(conflict) => conflict.position(),
        }
    }

    /// The seats' index set for a seating.
    pub const fn seats_of(seating: Seating) -> Seats {
        match seating {
            Seating::Two => Seats::of(&[Seat::South.at_table(), Seat::North.at_table()]),
            Seating::Four => Seats::of(&chek_engine::Seat::ALL),
        }
    }

    /// Pieces on the board plus points, over every seat (in Chek Nights the cards'
    /// values, N5): no step changes it (a conflict moves one piece from the board to
    /// the winner's points; V2's retirement moves the lone piece to its own seat's).
    fn material(&self) -> u32 {
        let p = self.position();
        crate::Seat::ALL.iter().map(|&s| p.worth_of(s) + p.captured(s) as u32).sum()
    }
}

impl Game for State {
    type Action = Action;
    type Outcome = Outcome;
    type Actions = ActionList;

    fn seats(&self) -> Seats {
        State::seats_of(self.position().seating())
    }

    fn to_act(&self) -> ToAct {
        match self {
            State::Decide(p) if p.is_over() => ToAct::Over,
            State::Decide(p) => ToAct::Seat(p.in_control().at_table()),
            State::Conflict(_) => ToAct::Chance,
        }
    }

    fn legal(&self) -> ActionList {
        match self {
            State::Decide(p) => p.legal_actions(),
            State::Conflict(_) => ActionList::new(),
        }
    }

    fn legal_into(&self, out: &mut ActionList) {
        match self {
            State::Decide(p) => p.legal_actions_into(out),
            State::Conflict(_) => out.clear(),
        }
    }

    fn outcomes(&self) -> Outcomes<Outcome> {
        let mut outcomes = Outcomes::new();
        if let State::Conflict(c) = self {
            for outcome in Outcome::BOTH {
                outcomes.push((outcome, c.weight_in_36(outcome) as u16));
            }
        }
        outcomes
    }

    fn apply(&mut self, step: Step<Action, Outcome>) {
        match (&*self, step) {
            (State::Decide(p), Step::Act(action)) => {
                *self = match p.play_legal(action) {
                    Next::Position(next) => State::Decide(next),
                    Next::Conflict(conflict) => State::Conflict(conflict),
                }
            }
            (State::Conflict(c), Step::Chance(outcome)) => *self = State::Decide(c.resolve(outcome)),
            // A step of the wrong kind changes nothing.
            _ => {}
        }
    }

    fn payoffs(&self) -> Option<Payoffs> {
        match self {
            State::Decide(p) if p.is_over() => {
                let winners: arrayvec::ArrayVec<chek_engine::Seat, 4> = p.leaders().map(Seat::at_table).collect();
                Some(Payoffs::shared(Seats::of(&winners)))
            }
            _ => None,
        }
    }

    /// The turn goes on in a conflict, in the chain state and after Chek Nights' first
    /// step (perft's definition).
    fn mid_turn(&self) -> bool {
        match self {
            State::Decide(p) => p.mid_turn(),
            State::Conflict(_) => true,
        }
    }

    fn hash(&self) -> u64 {
        chek_engine::hash_of(self)
    }

    /// Every conflict takes a piece, and at most C18's count of quiet turns pass
    /// between conflicts; a turn takes at most three steps per conflict and two more
    /// (Chek Nights' two-card move).
    fn max_steps(&self) -> u64 {
        let pieces = self.position().occupied().len() as u64;
        (pieces + 1) * (crate::QUIET_END_TURNS as u64 + 1) * 3 * 2
    }

    fn check(&self) -> Result<(), Violation> {
        let p = self.position();
        let mut seen = crate::SquareSet::EMPTY;
        for seat in crate::Seat::ALL {
            if !(seen & p.pieces(seat)).is_empty() {
                return Err(Violation("a square holds two pieces"));
            }
            seen |= p.pieces(seat);
        }
        if Position::try_from(p.raw()).as_ref() != Ok(p) {
            return Err(Violation("the position breaks the rules"));
        }
        Ok(())
    }

    fn check_step(&self, before: &State, step: Step<Action, Outcome>) -> Result<(), Violation> {
        if self.material() != before.material() {
            return Err(Violation("pieces on the board and points do not add up to what they were"));
        }
        let (b, a) = (before.position(), self.position());
        let resolves = matches!(step, Step::Chance(_) | Step::Act(Action::Take { .. }));
        let lost = b.occupied().len() - a.occupied().len().min(b.occupied().len());
        if a.occupied().len() > b.occupied().len() || (!resolves && lost > 0) || lost > 2 {
            return Err(Violation("pieces left the board other than by a conflict"));
        }
        if crate::Seat::ALL.iter().any(|&s| a.pieces(s).len() > b.pieces(s).len()) {
            return Err(Violation("a seat gained a piece"));
        }
        Ok(())
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            State::Decide(p) => write!(f, "{p}"),
            State::Conflict(c) => {
                let attack = crate::Action::Attack { from: c.from(), to: c.to(), bonus: c.bonus() };
                write!(f, "{} [{attack} waits for the dice]", c.position())
            }
        }
    }
}

/// A position's text is a state deciding.
impl core::str::FromStr for State {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<State, PositionError> {
        text.parse().map(State::Decide)
    }
}

impl Notation for State {
    type ActionError = ActionError;

    fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        match self {
            State::Decide(p) => p.parse_action(text),
            State::Conflict(_) => Err(ActionError::NotLegal),
        }
    }
}
