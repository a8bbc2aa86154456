//! A legal position: who plays, the board, the points, the counts, and how a game ends
//! (C3, C5, C14, C15, C17, C18; N5).

use crate::{Action, BySeat, Cards, Conflict, Seat, Seating, Square, SquareSet, Variant};

/// C18: this many turns in a row without a conflict end the game quietly.
pub const QUIET_END_TURNS: u8 = 60;

/// The game screen shows the quiet count from this many turns on (C18).
pub const QUIET_SHOWN_FROM: u8 = 45;

/// The chain state (C11–C13): inside a turn, after a conflict, the seat in control and
/// its active piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Chain {
    /// The seat that won the last conflict and now holds control (C10).
    pub controller: Seat,
    /// The square of the controller's active piece.
    pub active: Square,
}

/// Chek Nights, inside a turn (N3): a number card has made one step, and a second
/// number card may step too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FirstStep {
    /// The square the first card left.
    pub from: Square,
    /// The square it stepped onto.
    pub to: Square,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// Only this seat has pieces left on the board (C15).
    LastSeatStanding(Seat),
    /// `QUIET_END_TURNS` turns passed without a conflict (C18).
    Quiet,
    /// The players agreed to end the game (C16). Positions never end this way by
    /// themselves; the game record does.
    Agreement,
}

/// A legal Chek position: the variant, the board (in Chek Nights with its cards), who
/// plays, whose turn it is, the points so far, the quiet-turn count and, mid-turn, the
/// chain state or Chek Nights' first step.
///
/// Build one from a [`crate::Setup`], from the text notation (`str::parse`), or from a
/// [`RawPosition`] with `TryFrom`, which checks it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) pieces: BySeat<SquareSet>,
    pub(crate) seating: Seating,
    pub(crate) to_move: Seat,
    pub(crate) captured: BySeat<u8>,
    pub(crate) quiet: u8,
    pub(crate) chain: Option<Chain>,
    pub(crate) cards: Cards,
    pub(crate) first_step: Option<FirstStep>,
}

/// A position that may break the rules: the fields of the notation, before the checks
/// of `Position::try_from`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RawPosition {
    /// The rules it is played by.
    pub variant: Variant,
    /// Each seat's pieces.
    pub pieces: BySeat<SquareSet>,
    /// The seats in play.
    pub seating: Seating,
    /// Whose turn it is.
    pub to_move: Seat,
    /// Points so far (C10; in Chek Simple also a retired lone piece, V2), per seat.
    pub captured: BySeat<u8>,
    /// Turns since the last conflict (C18).
    pub quiet: u8,
    /// The chain state, mid-turn.
    pub chain: Option<Chain>,
    /// Chek Nights: the rank of the card on each square (N1).
    pub cards: Cards,
    /// Chek Nights: the first card's step of a two-card move, mid-turn (N3).
    pub first_step: Option<FirstStep>,
}

/// The next step after playing an action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Next {
    /// The action is done: this is the new position.
    Position(Position),
    /// The action started a conflict, which needs its outcome.
    Conflict(Conflict),
}

/// The action is not legal in this position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IllegalAction(pub Action);

impl core::fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "action: {} is not legal here", self.0)
    }
}

impl Position {
    /// The position as plain fields.
    pub const fn raw(&self) -> RawPosition {
        RawPosition {
            variant: self.variant,
            pieces: self.pieces,
            seating: self.seating,
            to_move: self.to_move,
            captured: self.captured,
            quiet: self.quiet,
            chain: self.chain,
            cards: self.cards,
            first_step: self.first_step,
        }
    }

    /// The same position played by `variant`'s rules.
    ///
    /// # Errors
    /// What the other rules find wrong with it (a lone piece in Chek Simple, a chain
    /// that those rules have already ended, pieces without cards for Chek Nights).
    /// Leaving Chek Nights takes the cards away, and its points stay as they are.
    pub fn with_variant(&self, variant: Variant) -> Result<Position, crate::PositionError> {
        let cards = if variant.has_cards() { self.cards } else { Cards::NONE };
        let first_step = if variant.has_cards() { self.first_step } else { None };
        Position::try_from(RawPosition { variant, cards, first_step, ..self.raw() })
    }

    /// The rules this position is played by.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The seats in play.
    pub const fn seating(&self) -> Seating {
        self.seating
    }

    /// Whose turn it is. In the chain state this stays the seat whose turn it is, while
    /// [`Position::in_control`] may be another seat.
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The seat that decides now: the controller in the chain state, otherwise the seat
    /// to move.
    pub const fn in_control(&self) -> Seat {
        match self.chain {
            Some(chain) => chain.controller,
            None => self.to_move,
        }
    }

    /// The chain state, if the turn is in one.
    pub const fn chain(&self) -> Option<Chain> {
        self.chain
    }

    /// Chek Nights: the first card's step, when a second number card may follow (N3).
    pub const fn first_step(&self) -> Option<FirstStep> {
        self.first_step
    }

    /// Whether the turn is under way: in the chain state or after Chek Nights' first
    /// step.
    pub const fn mid_turn(&self) -> bool {
        self.chain.is_some() || self.first_step.is_some()
    }

    /// Turns in a row without a conflict (C18).
    pub const fn quiet(&self) -> u8 {
        self.quiet
    }

    /// `seat`'s pieces.
    pub fn pieces(&self, seat: Seat) -> SquareSet {
        self.pieces[seat]
    }

    /// Every piece on the board.
    pub fn occupied(&self) -> SquareSet {
        self.pieces.0.iter().fold(SquareSet::EMPTY, |all, &p| all | p)
    }

    /// The seat with a piece on `sq`, if any.
    pub fn seat_at(&self, sq: Square) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| self.pieces[s].contains(sq))
    }

    /// Points `seat` has so far: the pieces it captured (C10; in Chek Nights their
    /// values, N5), and in Chek Simple its retired lone piece (V2).
    pub fn captured(&self, seat: Seat) -> u8 {
        self.captured[seat]
    }

    /// `seat`'s score if the game ended now: points plus own pieces on the board (C17;
    /// in Chek Nights the values of its cards, N5).
    pub fn score(&self, seat: Seat) -> u8 {
        self.captured[seat].saturating_add(self.worth_of(seat).min(u8::MAX as u32) as u8)
    }

    /// The seats with the highest score (C17): one winner, or several in a tie.
    pub fn leaders(&self) -> impl Iterator<Item = Seat> + '_ {
        let seats = self.seating.seats();
        let best = seats.iter().map(|&s| self.score(s)).max().unwrap_or(0);
        seats.iter().copied().filter(move |&s| self.score(s) == best)
    }

    /// C5: a seat with no pieces left is out, and its turns are skipped.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.pieces[seat].is_empty()
    }

    /// Pieces of every seat other than `seat`: its opponents (C4: in a 4-player game,
    /// every other seat).
    pub fn opponents_of(&self, seat: Seat) -> SquareSet {
        self.occupied() & !self.pieces[seat]
    }

    /// C14: the seat that plays after `seat`: the next seat clockwise that is not out.
    /// When every other seat is out, `seat` itself.
    pub fn next_seat_after(&self, seat: Seat) -> Seat {
        let mut next = self.seating.clockwise_after(seat);
        while next != seat && self.is_out(next) {
            next = self.seating.clockwise_after(next);
        }
        next
    }

    /// C15: the one seat left with pieces, if only one is.
    pub fn last_seat_standing(&self) -> Option<Seat> {
        let mut standing = self.seating.seats().iter().filter(|&&s| !self.is_out(s));
        match (standing.next(), standing.next()) {
            (Some(&seat), None) => Some(seat),
            _ => None,
        }
    }

    /// C18: whether `QUIET_END_TURNS` turns have passed without a conflict.
    pub const fn quiet_end(&self) -> bool {
        self.quiet >= QUIET_END_TURNS
    }

    /// How the game has ended, if it has (C15, C18).
    pub fn end(&self) -> Option<End> {
        if let Some(seat) = self.last_seat_standing() {
            Some(End::LastSeatStanding(seat))
        } else if self.quiet_end() {
            Some(End::Quiet)
        } else {
            None
        }
    }

    /// Whether the game is over (C15, C18): the same as `end().is_some()`, counted
    /// straight from the bits (the search asks at every node). A board always holds a
    /// piece, so at most one seat with pieces is exactly one.
    pub fn is_over(&self) -> bool {
        self.quiet_end() || self.pieces.0.iter().filter(|p| !p.is_empty()).count() <= 1
    }

    /// C14: the turn passes clockwise after `last` (the mover, or the winner of the final
    /// conflict), skipping seats that are out. C18 counts turns without a conflict: a
    /// turn that reached the chain state had one.
    pub(crate) fn after_turn_ends(&self, last: Seat) -> Position {
        let mut next = *self;
        next.chain = None;
        next.first_step = None;
        next.to_move = self.next_seat_after(last);
        next.quiet = match self.chain {
            Some(_) => 0,
            None => self.quiet.saturating_add(1),
        };
        next
    }
}
