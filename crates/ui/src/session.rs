//! One game's session, the same for every game: where its kept history starts, the
//! game now, the decisions between the two, who plays each seat and the seed. Playing,
//! taking back, folding a long history into the start, and writing and replaying the
//! journal of a save are written here once; a game says only how one decision is
//! played on it ([`Replayable`]: its record, with whatever figures it keeps on the way).
//!
//! A game's own randomness lives in its record (Chek's dice), so the same decisions
//! replayed from the same start give the same game: a take-back is a replay to an
//! earlier decision, and a save's journal is the kept start and the decisions.

use crate::vocab::Kinds;
use alloc::boxed::Box;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

use chek_engine::{IllegalAction, Seat, Seats};

use crate::history::{Entry, History};
use crate::save::{Journal, JournalStep};

/// A game as its session replays it: the record and the figures kept along the way.
pub trait Replayable: Clone {
    /// One decision, written in a journal as its `Display`.
    type Step: Copy + PartialEq + fmt::Display;
    /// What playing a decision reports (Chek's conflict and its dice).
    type Played;

    /// The seat that takes the next decision, and whether that begins its turn; `None`
    /// once the game is over.
    fn decider(&self) -> Option<(Seat, bool)>;

    /// Plays `step` for the seat to decide.
    ///
    /// # Errors
    /// The step is not legal now.
    fn play(&mut self, step: Self::Step) -> Result<Self::Played, IllegalAction>;

    /// The decision a journal wrote as `text`, if it is one in the position now.
    fn parse_step(&self, text: &str) -> Option<Self::Step>;

    /// What the journal keeps of the figures at the kept start.
    fn counters(&self) -> Vec<u16>;

    /// Takes back what [`Replayable::counters`] gave.
    fn set_counters(&mut self, counters: &[u16]);

    /// The line becomes the kept start: it forgets what only the screen shows of the
    /// decisions before it (Chek's last conflict).
    fn kept(&mut self) {}
}

/// What the App asks of a game's session, whichever game it is: the [`Session`] of
/// every game answers it, so a game does not.
pub trait SessionInfo {
    /// Who plays each seat.
    fn kinds(&self) -> Kinds;
    /// The seed the game started with.
    fn seed(&self) -> u64;
    /// Turns begun in the whole game so far (the title's "move 23").
    fn turns(&self) -> u32;
    /// Whether anything was taken back in this game (its record is marked).
    fn took_back(&self) -> bool;
    /// Whether a hint was shown in this game (its record is marked "assisted").
    fn assisted(&self) -> bool;
    /// How many decisions the game has taken, and the last as the game writes it
    /// (`b2xb3 +1`, `link c3`, `22x15`): a lesson judges it.
    fn last_decision(&self) -> (u32, Option<alloc::string::String>);
    /// The decisions kept since the kept start (a review steps through them) and how
    /// many came before it (folded into the start of a long game).
    fn kept(&self) -> (usize, u32);
    /// The `i`-th kept decision: its seat, and as the game writes it.
    fn decision(&self, i: usize) -> Option<(Seat, alloc::string::String)>;
}

impl<L: Replayable> SessionInfo for Session<L> {
    fn kinds(&self) -> Kinds {
        self.kinds
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn turns(&self) -> u32 {
        self.history.turns()
    }
    fn took_back(&self) -> bool {
        self.history.took_back()
    }
    fn assisted(&self) -> bool {
        self.assisted
    }
    fn last_decision(&self) -> (u32, Option<alloc::string::String>) {
        (self.history.total(), self.history.entries().last().map(|e| e.step.to_string()))
    }
    fn kept(&self) -> (usize, u32) {
        (self.history.len(), self.history.folded())
    }
    fn decision(&self, i: usize) -> Option<(Seat, alloc::string::String)> {
        self.history.entries().get(i).map(|e| (e.seat, e.step.to_string()))
    }
}

/// A game in progress on `L`, with its history.
#[derive(Clone, Debug)]
pub struct Session<L: Replayable> {
    /// The game now (on the heap: a game moves about on the device's small stack).
    now: Box<L>,
    /// Where the history starts: the game's start, or where its oldest decisions were
    /// folded in.
    start: Box<L>,
    history: History<L::Step>,
    /// Who plays each seat.
    pub kinds: Kinds,
    /// The seed the game started with.
    pub seed: u64,
    /// Whether a hint was shown in this game.
    pub assisted: bool,
    /// A review's walk through the kept decisions: how many it has played, and the
    /// game there (never saved).
    walk: Option<(usize, Box<L>)>,
}

impl<L: Replayable> Session<L> {
    /// A game from `start` (on the heap already: a game is large for the device's
    /// stack), which is also where its history starts.
    pub fn new(now: Box<L>, kinds: Kinds, seed: u64) -> Session<L> {
        let mut start = now.clone();
        start.kept();
        Session { now, start, history: History::new(), kinds, seed, assisted: false, walk: None }
    }

    /// The game now.
    pub fn now(&self) -> &L {
        &self.now
    }

    /// The game now, for what is not a decision (an agreed end): a take-back replays
    /// the decisions and does not keep it.
    pub fn now_mut(&mut self) -> &mut L {
        &mut self.now
    }

    /// The decisions since the kept start.
    pub fn history(&self) -> &History<L::Step> {
        &self.history
    }

    /// Decisions taken in the whole game, folded ones included (what seeds the CPU).
    pub fn plies(&self) -> u32 {
        self.history.total()
    }

    /// Plays `step` for the seat to decide and keeps it, folding the oldest decisions
    /// into the start when the history is full.
    ///
    /// # Errors
    /// The game is over or the step is not legal.
    pub fn play(&mut self, step: L::Step) -> Result<L::Played, IllegalAction> {
        let (seat, turn_start) = self.now.decider().ok_or(IllegalAction)?;
        let played = self.now.play(step)?;
        if self.history.push(step, seat, turn_start) {
            let n = History::<L::Step>::FOLD;
            let mut start = self.replayed(n);
            start.kept();
            *self.start = start;
            self.history.fold(n);
        }
        Ok(played)
    }

    /// A review's next position: the kept start the first time, then the game after
    /// each kept decision in turn, one decision played a call; `None` past the last.
    pub fn walk(&mut self) -> Option<&L> {
        let next = match self.walk.take() {
            None => (0, self.start.clone()),
            Some((n, mut line)) => {
                let entry = self.history.entries().get(n)?;
                line.play(entry.step).ok()?;
                (n + 1, line)
            }
        };
        self.walk = Some(next);
        self.walk.as_ref().map(|(_, line)| &**line)
    }

    /// The game after the first `n` kept decisions, replayed from the kept start.
    pub fn replayed(&self, n: usize) -> L {
        let mut line = (*self.start).clone();
        for entry in self.history.entries().iter().take(n) {
            let _ = line.play(entry.step);
        }
        line
    }

    /// Goes back to the first `n` kept decisions, exactly as the game was then; a
    /// take-back when it removes any.
    pub fn rewind(&mut self, n: usize) {
        *self.now = self.replayed(n);
        self.history.truncate(n);
    }

    /// Forgets the last decision as part of play, not as a take-back (Che's first tile
    /// lifted back before the second).
    pub fn forget_last(&mut self) {
        self.history.pop();
        *self.now = self.replayed(self.history.len());
    }

    /// Where a take-back at `table` goes ([`History::take_back_point`]).
    pub fn take_back_point(&self, table: Seats) -> Option<usize> {
        self.history.take_back_point(table, &self.kinds)
    }

    /// Takes back as [`Session::take_back_point`] says; whether there was anything to.
    pub fn take_back(&mut self, table: Seats) -> bool {
        match self.take_back_point(table) {
            Some(n) => {
                self.rewind(n);
                true
            }
            None => false,
        }
    }

    /// The seat whose decision a take-back at `table` removes first.
    pub fn take_back_seat(&self, table: Seats) -> Option<Seat> {
        self.history.seat_at(self.take_back_point(table)?)
    }

    /// The seat's decision that began its last kept turn.
    pub fn previous_turn(&self, seat: Seat) -> Option<L::Step> {
        self.history.entries().iter().rev().find(|e| e.seat == seat && e.turn_start).map(|e| e.step)
    }

    /// The journal of a save: the kept start as `start` (the game's own bytes of it),
    /// its counters, and every decision since.
    pub fn journal(&self, start: Vec<u8>) -> Journal {
        let steps = self
            .history
            .entries()
            .iter()
            .map(|e| JournalStep { seat: e.seat, turn_start: e.turn_start, text: e.step.to_string() })
            .collect();
        Journal {
            start,
            folded: self.history.folded(),
            folded_turns: self.history.folded_turns(),
            took_back: self.history.took_back(),
            assisted: self.assisted,
            counters: self.start.counters(),
            steps,
        }
    }

    /// The game now, as the session's own box (a load's start, without a copy).
    pub fn into_now(self) -> Box<L> {
        self.now
    }

    /// The kept start, for the game's own bytes of it in a journal.
    pub fn start(&self) -> &L {
        &self.start
    }

    /// The session a journal holds: from `start` (the game read from the journal's
    /// start bytes), every decision checked as it is replayed, or `None` where one does
    /// not fit (a save from a build with other rules).
    pub fn replay(mut start: Box<L>, journal: &Journal, kinds: Kinds, seed: u64) -> Option<Session<L>> {
        start.set_counters(&journal.counters);
        start.kept();
        if journal.steps.len() > History::<L::Step>::LIMIT + 1 {
            return None;
        }
        let mut now = start.clone();
        let mut entries = Vec::with_capacity(journal.steps.len());
        for s in &journal.steps {
            let (seat, turn_start) = now.decider()?;
            let step = now.parse_step(&s.text)?;
            if seat != s.seat || turn_start != s.turn_start || now.play(step).is_err() {
                return None;
            }
            entries.push(Entry { step, seat, turn_start });
        }
        let history = History::restored(entries, journal.folded, journal.folded_turns, journal.took_back);
        Some(Session { now, start, history, kinds, seed, assisted: journal.assisted, walk: None })
    }
}
