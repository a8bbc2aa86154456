//! A game of Che in progress: the position, the tiles of the last move (the screen
//! marks them) and, between the two tiles of a move, the position before the first,
//! so that a player can lift it back (the screen's B). No chance, nothing else.

use arrayvec::ArrayVec;
use chek_engine::{IllegalAction, Record};

use super::rules::{Side, State, Tile};

/// The tiles of the move being made or last made, in order.
pub type LastMove = ArrayVec<Tile, 2>;

/// The moves of a game so far, as far as the rules and the screen need them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CheRecord {
    state: State,
    last: Option<(Side, LastMove)>,
    /// Between the two tiles of a move: the position and the last move before the
    /// first, which lifting it brings back.
    before_first: Option<(State, Option<(Side, LastMove)>)>,
}

impl CheRecord {
    /// A game from `state`.
    pub fn new(state: State) -> CheRecord {
        CheRecord { state, last: None, before_first: None }
    }

    /// A game from `state` whose last move's tiles were `last` (a save). Lifting the
    /// first tile back is not kept across a save.
    pub fn with_last(state: State, last: Option<(Side, LastMove)>) -> CheRecord {
        CheRecord { state, last, before_first: None }
    }

    /// The state now.
    pub fn now(&self) -> &State {
        &self.state
    }

    /// The tiles of the last move (or of the move under way) and who placed them.
    pub fn last(&self) -> Option<(Side, &LastMove)> {
        self.last.as_ref().map(|(side, tiles)| (*side, tiles))
    }

    /// The side to move resigns (the other wins).
    pub fn resign(&mut self) {
        self.state.resign();
        self.before_first = None;
    }

    /// Whether the first tile of the move under way can be lifted back.
    pub fn can_lift(&self) -> bool {
        self.before_first.is_some() && self.state.end().is_none()
    }

    /// Lifts the first tile of the move under way back into the pool (the player
    /// changed their mind before placing the second). Returns the tile.
    pub fn lift(&mut self) -> Option<Tile> {
        if self.state.end().is_some() {
            return None;
        }
        let (state, last) = self.before_first.take()?;
        let tile = self.last.as_ref().and_then(|(_, tiles)| tiles.last().copied());
        self.state = state;
        self.last = last;
        tile
    }
}

impl Record for CheRecord {
    type Game = State;

    fn state(&self) -> State {
        self.state.clone()
    }

    fn play(&mut self, tile: Tile) -> Result<(), IllegalAction> {
        if !self.state.is_legal(tile) {
            return Err(IllegalAction);
        }
        let side = self.state.to_move();
        let first = self.state.placed() == 0;
        let before = first.then(|| (self.state.clone(), self.last.clone()));
        self.state.play(tile);
        let goes_on = self.state.end().is_none() && self.state.to_move() == side;
        self.before_first = if goes_on { before } else { None };
        match &mut self.last {
            Some((s, tiles)) if *s == side && !first => {
                let _ = tiles.try_push(tile);
            }
            _ => {
                let mut tiles = LastMove::new();
                tiles.push(tile);
                self.last = Some((side, tiles));
            }
        }
        Ok(())
    }
}

impl crate::duel::DuelRecord for CheRecord {
    fn from_state(state: State) -> CheRecord {
        CheRecord::new(state)
    }

    fn now(&self) -> &State {
        &self.state
    }
}
