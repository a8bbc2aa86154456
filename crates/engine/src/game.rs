//! The game interface: seats, decisions, chance, one apply path, results.

use core::fmt;
use core::ops::{Deref, DerefMut};

use arrayvec::ArrayVec;

use crate::seat::{PerSeat, Seat, MAX_SEATS};

/// The most outcomes a chance node has. Chek's conflict has two; the bound leaves room
/// for a game that rolls a die.
pub const MAX_OUTCOMES: usize = 8;

/// Who is at the table: a set of seats. Turns go in seat order, so a game numbers its
/// seats in turn order (Chek: South, West, North, East).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Seats(u8);

impl Seats {
    /// The first two seats: every two-seat game.
    pub const TWO: Seats = Seats::of(&[Seat::FIRST, Seat::SECOND]);

    /// The seats in `list`.
    pub const fn of(list: &[Seat]) -> Seats {
        let mut mask = 0u8;
        let mut i = 0;
        while i < list.len() {
            mask |= 1 << list[i].index();
            i += 1;
        }
        Seats(mask)
    }

    /// Whether `seat` is at the table.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.index()) != 0
    }

    /// How many seats are at the table.
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

impl fmt::Debug for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Who acts next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ToAct {
    /// This seat takes a decision.
    Seat(Seat),
    /// Chance: one of [`Game::outcomes`] happens.
    Chance,
    /// The game is over; [`Game::payoffs`] has the result.
    Over,
}

/// One step of a game: a seat's decision or a chance outcome. Both go through the one
/// apply path, [`Game::apply`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step<A, O> {
    /// A decision of the seat to act.
    Act(A),
    /// An outcome of the chance node.
    Chance(O),
}

/// How a game of two sides ended: one side won, in one of the game's ways, or it was
/// drawn, for one of the game's reasons (`End` in Chak and Checkers names this with
/// its own sides, wins and draws).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ending<Side, Win, Draw> {
    /// `winner` won.
    Win {
        /// Who won.
        winner: Side,
        /// How.
        how: Win,
    },
    /// A draw.
    Draw(Draw),
}

/// A finished game's result: each seat's share of [`Payoffs::TOTAL`]. The winner takes
/// it all; seats that tie for the win share it equally; everybody else gets 0. Shares
/// are whole numbers for one to four winners.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Payoffs(pub PerSeat<u8>);

impl Payoffs {
    /// What the seats share: 12, which one to four winners split evenly.
    pub const TOTAL: u8 = 12;

    /// `seat` wins alone.
    pub const fn winner(seat: Seat) -> Payoffs {
        Payoffs::shared(Seats::of(&[seat]))
    }

    /// The seats of `winners` share the win (a draw between all seats when every seat
    /// is in it). No winner at all gives nobody anything.
    pub const fn shared(winners: Seats) -> Payoffs {
        let n = winners.count();
        let mut shares = [0u8; MAX_SEATS];
        if n == 0 {
            return Payoffs(PerSeat(shares));
        }
        let mut i = 0;
        while i < MAX_SEATS {
            if winners.contains(Seat::ALL[i]) {
                shares[i] = Payoffs::TOTAL / n as u8;
            }
            i += 1;
        }
        Payoffs(PerSeat(shares))
    }

    /// `seat`'s share as a fraction: 1 for a win, ½ for a two-way tie, 0 for a loss.
    pub fn value(self, seat: Seat) -> f32 {
        self.share(seat) as f32 / Payoffs::TOTAL as f32
    }

    /// Every seat's [`Payoffs::value`].
    pub fn values(self) -> PerSeat<f32> {
        PerSeat::from_fn(|seat| self.value(seat))
    }

    /// `seat`'s share.
    pub fn share(self, seat: Seat) -> u8 {
        self.0[seat]
    }

    /// The seats with a share of the result.
    pub fn winners(self) -> Seats {
        let mut winners = Seats::default();
        for seat in Seat::ALL {
            if self.share(seat) > 0 {
                winners.0 |= 1 << seat.index();
            }
        }
        winners
    }

    /// The seat that won alone, if one did.
    pub fn sole_winner(self) -> Option<Seat> {
        let winners = self.winners();
        if winners.count() == 1 {
            winners.iter().next()
        } else {
            None
        }
    }
}

/// A chance node's outcomes with their integer weights (Chek's conflict: 15 and 21 out
/// of 36). Weights are positive; their sum is the node's total.
pub type Outcomes<O> = ArrayVec<(O, u16), MAX_OUTCOMES>;

/// A list of legal actions: an `ArrayVec` of the game's capacity, or a game's own list
/// (Che's long lists live on the heap, off the device's small stack).
pub trait List<T>: Default + Clone + Deref<Target = [T]> + DerefMut {
    /// Adds `item`; `false` (and the list unchanged) if it is full.
    fn add(&mut self, item: T) -> bool;
    /// Keeps the items `keep` says yes to.
    fn keep(&mut self, keep: impl FnMut(&T) -> bool);
    /// Empties the list.
    fn empty(&mut self);
}

impl<T: Clone, const N: usize> List<T> for ArrayVec<T, N> {
    fn add(&mut self, item: T) -> bool {
        self.try_push(item).is_ok()
    }

    fn keep(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.retain(|t| keep(t));
    }

    fn empty(&mut self) {
        self.clear();
    }
}

/// A game of the cartridge, as every player sees it: the rules of one game (and
/// variant) in one state type.
///
/// The state carries everything the rules need, so that a search can copy it and
/// play on (Checkers' and Chak's repetition counts live in it; the dice that a game
/// actually rolls do not: they belong to the [`Record`]).
///
/// Methods never panic, even for an action that is not legal: such a step gives an
/// unspecified state.
pub trait Game: Clone + PartialEq {
    /// One decision.
    type Action: Copy + Eq + fmt::Debug + fmt::Display;
    /// One outcome of a chance node (`()` for a game without chance).
    type Outcome: Copy + Eq + fmt::Debug;
    /// The list [`Game::legal`] returns.
    type Actions: List<Self::Action>;

    /// Who is at the table (fixed for a game): seats 0 and 1 unless the game says
    /// otherwise (Chek's setups seat two to four).
    fn seats(&self) -> Seats {
        Seats::TWO
    }

    /// Who acts next.
    fn to_act(&self) -> ToAct;

    /// The decisions of the seat to act; empty unless [`ToAct::Seat`].
    fn legal(&self) -> Self::Actions;

    /// [`Game::legal`] written into `out` (what was there is replaced): a search keeps
    /// its lists in place. A game may generate into `out` directly.
    fn legal_into(&self, out: &mut Self::Actions) {
        *out = self.legal();
    }

    /// The chance outcomes with their weights; empty unless [`ToAct::Chance`] (a game
    /// without chance need not say so).
    fn outcomes(&self) -> Outcomes<Self::Outcome> {
        Outcomes::new()
    }

    /// Plays one step: a decision or a chance outcome.
    fn apply(&mut self, step: Step<Self::Action, Self::Outcome>);

    /// The result, once [`ToAct::Over`].
    fn payoffs(&self) -> Option<Payoffs>;

    /// Whether the turn that the last step belonged to goes on: a chance node after an
    /// attack, Chek's chain. Depth is counted in turns (perft, the search), so a step
    /// that leaves the turn going does not count. A game whose every step is a turn of
    /// its own (Checkers' whole moves, Che's single tiles) says `false`, the default.
    fn mid_turn(&self) -> bool {
        false
    }

    /// A hash of the state: equal states hash equally (for transposition tables).
    fn hash(&self) -> u64;

    /// Every step is a whole turn and there is no chance: perft may count the last ply
    /// by the length of the legal list.
    const BULK_PERFT: bool = false;

    /// The most steps a game can take from this state (a bound for playout audits).
    fn max_steps(&self) -> u64 {
        100_000
    }

    /// The game's own invariants of one state (beyond the generic ones of [`Audit`]).
    ///
    /// # Errors
    /// The first [`crate::Violation`].
    fn check(&self) -> Result<(), crate::Violation> {
        Ok(())
    }

    /// The game's own invariants of one step, from `before` to `self`.
    ///
    /// # Errors
    /// The first [`crate::Violation`].
    fn check_step(&self, before: &Self, step: Step<Self::Action, Self::Outcome>) -> Result<(), crate::Violation> {
        let _ = (before, step);
        Ok(())
    }
}

/// Text for positions and actions: one line each, parsed back exactly, with a one-line
/// error naming the field at fault.
pub trait Notation: Game + fmt::Display + core::str::FromStr<Err: fmt::Display> {
    /// What is wrong with an action's text.
    type ActionError: fmt::Display;

    /// The position written `text` (its [`FromStr`](core::str::FromStr)).
    ///
    /// # Errors
    /// What is wrong, naming the field.
    fn parse(text: &str) -> Result<Self, Self::Err> {
        text.parse()
    }

    /// The legal action written `text` here.
    ///
    /// # Errors
    /// What is wrong: the syntax, or that the action is not legal here.
    fn parse_action(&self, text: &str) -> Result<Self::Action, Self::ActionError>;

    /// Whether this state has a text of its own ([`Notation::parse`] gives it back).
    /// Chance nodes in the middle of a step need not.
    fn printable(&self) -> bool {
        !matches!(self.to_act(), ToAct::Chance)
    }
}

/// A game in progress as a player sees it: the state between decisions, with chance
/// resolved by the record's own randomness (Chek's dice). Arenas, soaks and the App
/// play records.
pub trait Record: Clone {
    /// The game.
    type Game: Game;

    /// The state now: never a chance node.
    fn state(&self) -> Self::Game;

    /// Plays a decision of the seat to act, resolving any chance that follows.
    ///
    /// # Errors
    /// The action is not legal, or the game is over; the record is unchanged.
    fn play(&mut self, action: <Self::Game as Game>::Action) -> Result<(), IllegalAction>;
}

/// A decision that is not legal in the state it was played in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IllegalAction;

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("action: not legal here")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payoffs_share_twelve_between_the_winners() {
        let [a, b, c, d] = Seat::ALL;
        assert_eq!(Payoffs::winner(c).0 .0, [0, 0, 12, 0]);
        assert_eq!(Payoffs::shared(Seats::of(&[a, c])).0 .0, [6, 0, 6, 0]);
        assert_eq!(Payoffs::shared(Seats::of(&[a, b, d])).0 .0, [4, 4, 0, 4]);
        assert_eq!(Payoffs::shared(Seats::of(&Seat::ALL)).0 .0, [3, 3, 3, 3]);
        assert_eq!(Payoffs::shared(Seats::default()).0 .0, [0; 4]);
        assert_eq!(Payoffs::winner(b).value(b), 1.0);
        assert_eq!(Payoffs::shared(Seats::of(&[a, c])).value(c), 0.5);
    }

    #[test]
    fn seats_go_in_turn_order() {
        let seats = Seats::of(&[Seat::ALL[2], Seat::FIRST]);
        assert_eq!(seats.iter().collect::<arrayvec::ArrayVec<Seat, 4>>().as_slice(), &[Seat::FIRST, Seat::ALL[2]]);
        assert_eq!(seats.count(), 2);
        assert!(!seats.contains(Seat::ALL[3]));
    }
}
