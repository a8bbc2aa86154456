//! A game's decisions since its start, kept so that the game can be taken back and a
//! save can replay it exactly.
//!
//! Each entry is one decision with the seat that took it and whether it began that
//! seat's turn. Chance is not kept: a game's own randomness (Chek's dice) lives in its
//! record, so replaying the same decisions from the same start rolls the same dice.
//!
//! The history is bounded: past [`History::LIMIT`] decisions the oldest
//! [`History::FOLD`] are folded into the game's start (the game replays them onto its
//! kept start record), so a long game keeps at most `LIMIT` decisions to take back.

use crate::vocab::Kinds;
use alloc::vec::Vec;

use chek_engine::{Seat, Seats};

/// One decision of the history.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Entry<S> {
    /// The decision, in the game's own terms.
    pub step: S,
    /// The seat that took it.
    pub seat: Seat,
    /// Whether it began the seat's turn (not a chain attack, not Che's second tile).
    pub turn_start: bool,
}

/// The decisions of a game since its kept start.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct History<S> {
    entries: Vec<Entry<S>>,
    /// Decisions folded into the start (the game's kept start is after them).
    folded: u32,
    /// Turns begun among the folded decisions.
    folded_turns: u32,
    /// Whether anything was ever taken back in this game.
    took_back: bool,
}

impl<S> Default for History<S> {
    fn default() -> History<S> {
        History { entries: Vec::new(), folded: 0, folded_turns: 0, took_back: false }
    }
}

impl<S: Copy> History<S> {
    /// Decisions kept at most: a take-back reaches this far back.
    pub const LIMIT: usize = 1024;
    /// Decisions folded into the start at once when the history is full.
    pub const FOLD: usize = 128;

    /// An empty history of a game that starts here.
    pub fn new() -> History<S> {
        History::default()
    }

    /// A history restored from a save: `entries` after a start that came `folded`
    /// decisions (`folded_turns` turns) into the game.
    pub fn restored(entries: Vec<Entry<S>>, folded: u32, folded_turns: u32, took_back: bool) -> History<S> {
        History { entries, folded, folded_turns, took_back }
    }

    /// The kept decisions, oldest first.
    pub fn entries(&self) -> &[Entry<S>] {
        &self.entries
    }

    /// How many decisions are kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no decision is kept.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Decisions taken in the whole game, folded ones included: what seeds the CPU,
    /// so a saved game continues with the same choices.
    pub fn total(&self) -> u32 {
        self.folded.saturating_add(self.entries.len() as u32)
    }

    /// Decisions folded into the kept start.
    pub const fn folded(&self) -> u32 {
        self.folded
    }

    /// Turns begun among the folded decisions.
    pub const fn folded_turns(&self) -> u32 {
        self.folded_turns
    }

    /// Turns begun in the whole game (the title's "move 23").
    pub fn turns(&self) -> u32 {
        self.folded_turns.saturating_add(self.entries.iter().filter(|e| e.turn_start).count() as u32)
    }

    /// Whether anything was taken back in this game (its record is marked).
    pub const fn took_back(&self) -> bool {
        self.took_back
    }

    /// Adds a decision. Returns whether the history is now full, so the game should
    /// fold [`History::FOLD`] decisions into its start ([`History::fold`]).
    pub fn push(&mut self, step: S, seat: Seat, turn_start: bool) -> bool {
        self.entries.push(Entry { step, seat, turn_start });
        self.entries.len() > Self::LIMIT
    }

    /// Forgets the `n` oldest decisions, which the game has replayed onto its start.
    pub fn fold(&mut self, n: usize) {
        let n = n.min(self.entries.len());
        let turns = self.entries[..n].iter().filter(|e| e.turn_start).count() as u32;
        self.entries.drain(..n);
        self.folded = self.folded.saturating_add(n as u32);
        self.folded_turns = self.folded_turns.saturating_add(turns);
    }

    /// Where a take-back goes: the number of decisions to keep, or `None` when there is
    /// nothing to take back.
    ///
    /// - Against the CPU (a person and a CPU at the table): back to the person's last
    ///   decision, which goes with everything after it (the CPU's reply).
    /// - With people only: back to the start of the last turn (the one under way, if
    ///   its seat has decided anything yet).
    /// - With CPUs only: nothing.
    pub fn take_back_point(&self, table: Seats, kinds: &Kinds) -> Option<usize> {
        let person = |seat: Seat| !kinds[seat].is_cpu();
        let people = table.iter().filter(|&s| person(s)).count();
        if people == 0 {
            return None;
        }
        if people < table.count() {
            self.entries.iter().rposition(|e| person(e.seat))
        } else {
            self.entries.iter().rposition(|e| e.turn_start)
        }
    }

    /// Forgets the last decision, as part of play (Che's first tile lifted back before
    /// the second): not a take-back.
    pub fn pop(&mut self) -> Option<Entry<S>> {
        self.entries.pop()
    }

    /// Keeps the first `n` decisions and marks the game as taken back.
    pub fn truncate(&mut self, n: usize) {
        if n < self.entries.len() {
            self.entries.truncate(n);
            self.took_back = true;
        }
    }

    /// The seat whose decision a take-back to `n` removes first (for its words).
    pub fn seat_at(&self, n: usize) -> Option<Seat> {
        self.entries.get(n).map(|e| e.seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::SeatKind;
    use chek_ai::Level;
    use chek_engine::PerSeat;

    const TABLE: Seats = Seats::TWO;
    const A: Seat = Seat::FIRST;
    const B: Seat = Seat::SECOND;
    const PEOPLE: Kinds = SeatKind::PEOPLE;
    const VS_CPU: Kinds = PerSeat([SeatKind::Human, SeatKind::Cpu(Level::Hard), SeatKind::Human, SeatKind::Human]);

    /// Seat 0 moves; seat 1 attacks and chains twice; seat 0 moves.
    fn sample() -> History<u8> {
        let mut h = History::new();
        h.push(1, A, true);
        h.push(2, B, true);
        h.push(3, B, false);
        h.push(4, B, false);
        h.push(5, A, true);
        h
    }

    /// The sample taken back with `kinds` at the table, again and again to the start:
    /// the lengths it goes back to.
    fn taken_back_to(kinds: &Kinds) -> Vec<usize> {
        let mut h = sample();
        let mut points = Vec::new();
        while let Some(point) = h.take_back_point(TABLE, kinds) {
            points.push(point);
            h.truncate(point);
        }
        assert!(h.took_back());
        points
    }

    #[test]
    fn people_take_back_whole_turns() {
        // Seat 1's turn of three decisions goes back at once.
        assert_eq!(taken_back_to(&PEOPLE), [4, 1, 0]);
    }

    #[test]
    fn against_the_cpu_back_to_the_persons_last_decision() {
        // The CPU's turn goes with the person's.
        assert_eq!(taken_back_to(&VS_CPU), [4, 0]);
        let cpus = PerSeat([SeatKind::Cpu(Level::Easy), SeatKind::Cpu(Level::Hard), SeatKind::Human, SeatKind::Human]);
        assert_eq!(sample().take_back_point(TABLE, &cpus), None);
    }

    #[test]
    fn a_full_history_folds_its_oldest_decisions() {
        let mut h: History<u16> = History::new();
        let mut full = false;
        for i in 0..=History::<u16>::LIMIT {
            full = h.push(i as u16, Seat::ALL[i % 2], true);
        }
        assert!(full);
        h.fold(History::<u16>::FOLD);
        assert_eq!(h.len(), History::<u16>::LIMIT + 1 - History::<u16>::FOLD);
        assert_eq!(h.total(), History::<u16>::LIMIT as u32 + 1);
        assert_eq!(h.turns(), History::<u16>::LIMIT as u32 + 1);
        assert_eq!(h.entries()[0].step, History::<u16>::FOLD as u16);
        assert!(!h.took_back(), "folding is not taking back");
    }
}
