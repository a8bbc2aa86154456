//! Chek's history: every decision since the kept start — actions and LINK steps (C12),
//! which the rules play apart — replayed for take-backs and saves. The dice are the
//! record's own (C19): replaying the same decisions from the same start rolls the same
//! dice, so an attack taken back and played again rolls as it did.
//!
//! The records' figures are kept on the way: each seat's longest chain (conflicts won
//! in a row while holding control) and, at the end, its score.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use chek_engine::{IllegalAction, Notation};
use chek_rules::{Action, Played, Position, Record, Seat, Square, State};
use chek_ui::save::{Journal, SaveError, Saved};
use chek_ui::session::{Replayable, Session};

use super::{ChekPlay, Mode};
use crate::games::chek::save;
use crate::duel::Figures;

/// One decision on Chek's board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChekStep {
    /// An action of the seat in control (a move, an attack, ending the chain, a pass).
    Act(Action),
    /// A LINK step in the chain state: the active role passes to this ally (C12).
    Link(Square),
}

impl fmt::Display for ChekStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChekStep::Act(action) => write!(f, "{action}"),
            ChekStep::Link(to) => write!(f, "link {to}"),
        }
    }
}

impl ChekStep {
    /// The step written `text`, if it is legal in `position`.
    pub fn parse(position: &Position, text: &str) -> Option<ChekStep> {
        match text.strip_prefix("link ") {
            Some(to) => to.parse().ok().filter(|&sq| position.link_targets().contains(sq)).map(ChekStep::Link),
            None => State::from(*position).parse_action(text).ok().map(ChekStep::Act),
        }
    }
}

/// The longest-chain count under way: the seat holding control and the conflicts it
/// has won in a row.
pub type Run = (u8, u16);

/// What replaying steps keeps: the game, the figures and the run, and what the panel
/// shows of the past.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game record.
    pub game: Record,
    /// The figures.
    pub figures: Figures,
    /// The chain under way.
    pub run: Run,
    /// The last action played.
    pub last: Option<Played>,
    /// The last conflict.
    pub last_conflict: Option<Played>,
}

/// Chek on the one session of every game: a decision is an action or a LINK step,
/// and the journal keeps the figures and the chain under way at the kept start.
impl Replayable for Replay {
    type Step = ChekStep;
    type Played = Option<Played>;

    fn decider(&self) -> Option<(chek_engine::Seat, bool)> {
        let position = self.game.position();
        Some((position.in_control().at_table(), !position.mid_turn()))
    }

    /// Plays `step`; returns what the action did (`None` for a link).
    fn play(&mut self, step: ChekStep) -> Result<Option<Played>, IllegalAction> {
        play_step(&mut self.game, &mut self.figures, &mut self.run, &mut self.last, &mut self.last_conflict, step)
    }

    fn parse_step(&self, text: &str) -> Option<ChekStep> {
        ChekStep::parse(self.game.position(), text)
    }

    /// Each seat's two figures, then the seat and length of the chain under way.
    fn counters(&self) -> Vec<u16> {
        let mut counters: Vec<u16> = self.figures.values().iter().flatten().copied().collect();
        counters.extend([self.run.0 as u16, self.run.1]);
        counters
    }

    fn set_counters(&mut self, counters: &[u16]) {
        for (figure, &value) in self.figures.values_mut().iter_mut().flatten().zip(counters) {
            *figure = value;
        }
        if let [_, _, _, _, _, _, _, _, seat, run] = counters {
            self.run = (*seat as u8, *run);
        }
    }

    /// The panel's last action and conflict are of the decisions before the start.
    fn kept(&mut self) {
        self.last = None;
        self.last_conflict = None;
    }
}

/// Plays `step` on `game`, keeping the figures, the chain under way and the last
/// action and conflict: the one path for play, replay and take-back. Returns what the
/// action did (`None` for a link).
fn play_step(
    game: &mut Record,
    figures: &mut Figures,
    run: &mut Run,
    last: &mut Option<Played>,
    last_conflict: &mut Option<Played>,
    step: ChekStep,
) -> Result<Option<Played>, IllegalAction> {
    match step {
        ChekStep::Link(to) => game.link(to).then_some(None).ok_or(IllegalAction),
        ChekStep::Act(action) => {
            let played = game.play(action).map_err(|_| IllegalAction)?;
            *last = Some(played);
            if played.loss().is_some() {
                *last_conflict = Some(played);
            }
            if let Some(winner) = played.winner() {
                let holding = played.before.chain().is_some_and(|c| c.controller == winner);
                let length = if holding && run.0 == winner as u8 { run.1 + 1 } else { 1 };
                *run = (winner as u8, length);
                let best = &mut figures[winner][0];
                *best = (*best).max(length);
            }
            Ok(Some(played))
        }
    }
}

impl ChekPlay {
    /// Plays `step` and keeps it in the history. Returns what the action did (`None`
    /// for a link), or `Err` if it is not legal.
    pub(super) fn apply(&mut self, step: ChekStep) -> Result<Option<Played>, IllegalAction> {
        self.session.play(step)
    }

    /// The game after the first `n` kept decisions, replayed from the kept start.
    pub fn replayed(&self, n: usize) -> Replay {
        self.session.replayed(n)
    }

    /// Goes back to the first `n` kept decisions: the board, the dice, the panel's last
    /// move and conflict, as they were then.
    pub fn rewind(&mut self, n: usize) {
        self.session.rewind(n);
        self.show = None;
        self.cpu = None;
        self.forget_hint();
        self.pending = None;
        self.settle();
    }

    /// `seat`'s action at the start of its last turn, if kept.
    pub fn previous_turn(&self, seat: Seat) -> Option<Action> {
        match self.session.previous_turn(seat.at_table())? {
            ChekStep::Act(action) => Some(action),
            ChekStep::Link(_) => None,
        }
    }

    /// Where a take-back goes (see [`History::take_back_point`]).
    pub fn take_back_point(&self) -> Option<usize> {
        self.session.take_back_point(self.setup_seats())
    }

    /// The figures for the records: the longest chains, and each seat's score.
    pub fn figures(&self) -> Figures {
        let mut figures = self.line().figures;
        for seat in Seat::ALL {
            figures[seat][1] = self.position().score(seat) as u16;
        }
        figures
    }

    /// The save: the position now in Chek's own bytes, and the journal since the kept
    /// start.
    pub fn saved(&self) -> Saved {
        let session = &self.session;
        Saved {
            game: super::super::INFO.save_id,
            variant: self.variant() as u8,
            kinds: session.kinds,
            seed: session.seed,
            summary: String::new(),
            bytes: save::record_bytes(self.record(), self.setup, self.hand),
            screen: self.screen(),
            journal: Some(session.journal(save::record_bytes(&session.start().game, self.setup, self.hand))),
        }
    }

    /// The game a save holds: replayed from its journal when that gives the position
    /// and dice now, else the position now without its history.
    ///
    /// # Errors
    /// What is wrong with the position now.
    // A frame of its own on the device's small stack: the plays are on the heap.
    #[inline(never)]
    pub fn load(saved: &Saved) -> Result<ChekPlay, SaveError> {
        let now = boxed_from_saved(saved)?;
        let mut play = match saved.journal.as_ref().and_then(|journal| replay(saved, journal)) {
            Some(mut play) if play.record() == now.record() => {
                play.settle();
                play.hand = now.hand;
                play
            }
            _ => now,
        };
        play.restore_screen(&saved.screen);
        Ok(*play)
    }

    /// What is held: a piece and its target, or the chain option selected.
    fn screen(&self) -> Vec<u8> {
        match self.mode {
            Mode::Browse => Vec::new(),
            Mode::Aim { from, index } => alloc::vec![1, from.index(), index as u8],
            Mode::Chain { index } => alloc::vec![2, index as u8],
        }
    }

    /// Takes back what [`ChekPlay::screen`] wrote, if it fits the position.
    fn restore_screen(&mut self, bytes: &[u8]) {
        if self.cpu_in_control() {
            return;
        }
        match *bytes {
            [1, from, index] => {
                if let Some(from) = Square::from_index(from).filter(|&sq| (index as usize) < self.aim_actions(sq).len()) {
                    if self.position().chain().is_none() {
                        self.mode = Mode::Aim { from, index: index as usize };
                    }
                }
            }
            [2, index] if self.position().chain().is_some() && (index as usize) < self.chain_options().len() => {
                self.mode = Mode::Chain { index: index as usize };
            }
            _ => {}
        }
    }
}

/// The game a save's bytes hold, on the heap: built in a frame of its own, off the
/// load's path on the device's small stack.
#[inline(never)]
fn boxed_from_saved(saved: &Saved) -> Result<alloc::boxed::Box<ChekPlay>, SaveError> {
    let (game, setup, hand) = save::from_saved(saved)?;
    let mut play = alloc::boxed::Box::new(ChekPlay::new(game, setup, saved.kinds, saved.seed));
    // Nothing held; the hand where the player left it.
    play.settle();
    play.hand = hand;
    Ok(play)
}

/// The game of `journal`: its start, then every decision, each checked. On the heap,
/// built in a frame of its own.
#[inline(never)]
fn replay(saved: &Saved, journal: &Journal) -> Option<alloc::boxed::Box<ChekPlay>> {
    let start = Saved { bytes: journal.start.clone(), journal: None, ..saved.clone() };
    let mut play = boxed_from_saved(&start).ok()?;
    let line = Replay { game: play.record().clone(), figures: Figures::default(), run: (0, 0), last: None, last_conflict: None };
    let line = alloc::boxed::Box::new(line);
    play.session = Session::replay(line, journal, saved.kinds, saved.seed)?;
    Some(play)
}
