//! What the two-seat games without chance (Checkers, Chak, Che) share on the board
//! screen: the game record and its history, the seats, the CPU's turn, take-backs,
//! saves and the App's [`chek_ui::Play`]. A game supplies a [`Board`]: its screen state
//! (the hand, what is held), its input, drawing, words and save bytes.
//!
//! `Duel<B>` is the game's play screen (`CheckersPlay = Duel<CheckersBoard>`); the
//! game's own methods are inherent methods on it, in the game's folder.

mod cpu;
mod def;
pub mod pages;
pub mod panel;
mod play;
mod record;
mod save;

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use chek_ai::{Evaluator, Thinker};
use chek_engine::{Game, IllegalAction, Notation, Record, Seat, ToAct};
use chek_ui::save::{SaveError, Saved};
use chek_ui::session::{Replayable, Session};
use chek_ui::sound::Cues;
use chek_ui::{Command, Frame, GameInfo, Kinds, SeatKind, View};
use embedded_graphics::prelude::Point;

pub use self::cpu::{CpuTurn, Shown};
pub use self::def::{Coded, DuelGame, Player};
pub use self::record::{MoveRecord, Notes};
pub use self::save::load;

/// The rules of a two-seat game `B` plays.
pub type State<B> = <<B as Board>::Record as Record>::Game;
/// One decision of a two-seat game `B`.
pub type Move<B> = <State<B> as Game>::Action;
/// Each seat's figures for the records.
pub use chek_ui::records::Figures;

/// A game in progress as the screen needs it: the state, and what the screen shows of
/// the past (the last move).
pub trait DuelRecord: Record + PartialEq + core::fmt::Debug {
    /// A game from `state`.
    fn from_state(state: Self::Game) -> Self;

    /// The state now.
    fn now(&self) -> &Self::Game;
}

/// What a two-seat game's sound cues compare across a frame: the play as it was.
pub trait Snapshot<B: Board> {
    /// `play` as the cues will compare it.
    fn of(play: &Duel<B>) -> Self;

    /// The cues of the frame since this snapshot, given its input.
    fn cues(&self, play: &Duel<B>, command: &Command) -> Cues;
}

/// What a two-seat game supplies to [`Duel`].
pub trait Board: Clone + core::fmt::Debug + Sized + 'static {
    /// The game record.
    type Record: DuelRecord<Game: Notation + Coded + core::fmt::Debug + Default>;
    /// The CPU's evaluation.
    type Eval: Evaluator<State<Self>> + Clone + core::fmt::Debug + From<Self::Weights>;
    /// What the cues compare across a frame (the game's `play/sounds.rs`).
    type Before: Snapshot<Self>;
    /// The evaluation's tunable weights (the levels' own, and a fit's).
    type Weights: crate::search::Tunable;

    /// The game's description.
    const INFO: &'static GameInfo;
    /// Nodes of search a frame deciding in `state` (a game whose nodes cost more
    /// searches fewer).
    fn slice_nodes(state: &State<Self>) -> u32 {
        let _ = state;
        chek_ui::CPU_SLICE_NODES
    }

    /// The screen of a game from `record`, before it settles.
    fn new(record: &Self::Record) -> Self;

    /// The baseline the `greedy` level plays.
    const GREEDY: fn(&State<Self>, &mut chek_ai::Rng) -> Option<Move<Self>>;

    /// The CPU `player` (a level, or an arena's spec) deciding in `state`, by the
    /// levels of [`Tunable::levels`](crate::search::Tunable::levels).
    fn think(
        player: crate::search::Player<Self::Weights>,
        state: &State<Self>,
        seed: u64,
    ) -> Thinker<State<Self>, Self::Eval> {
        use crate::search::Tunable;
        crate::search::think_as(player, state, seed, Self::Weights::levels, Self::GREEDY)
    }

    /// Whether `state`, with a decision to take, is at the start of a turn (Che's
    /// second tile is not).
    fn turn_starts(state: &State<Self>) -> bool {
        let _ = state;
        true
    }

    /// After `mv` was played (by a person or the CPU), before the screen settles: the
    /// hand follows the piece.
    fn moved(play: &mut Duel<Self>, mv: Move<Self>);

    /// After a move, a take-back or a load: nothing held, the hand where the new turn
    /// wants it (the game's `play/hand.rs`).
    const SETTLE: fn(&mut Duel<Self>);

    /// One frame of a person's input on the board (the game's `play/hand.rs`).
    const INPUT: fn(&mut Duel<Self>, &Command);

    /// Shows the CPU's decided move at a readable pace, given the milliseconds since
    /// the last step of the show (the game's `play/cpu.rs`).
    const SHOW: fn(&mut Duel<Self>, Move<Self>, u32) -> Shown;

    /// Whether something is held (the crank would choose its target).
    fn aiming(play: &Duel<Self>) -> bool;

    /// Draws the board and the panel.
    fn draw(play: &Duel<Self>, f: &mut Frame, view: &View);

    /// Why a finished game ended, in words.
    fn reason(state: &State<Self>) -> String;

    /// The score sheet, at most 175×60 pixels, top-left at the point given (the
    /// game's `play/panel.rs`).
    const DRAW_SCORES: fn(&mut Frame, &State<Self>, Point);

    /// The score as a short line: "Light 10-9 Dark".
    fn score_line(state: &State<Self>) -> String;

    /// The player asks to end the game (a draw offer, a resignation).
    ///
    /// # Errors
    /// Why it is refused, in one line.
    fn end_by_agreement(play: &mut Duel<Self>) -> Result<(), String>;

    /// The pause sheet's item and the confirmation's title for ending by agreement: a
    /// draw offer unless the game says otherwise (Che's resignation).
    fn end_words() -> (&'static str, &'static str) {
        ("Offer draw", "Offer a draw?")
    }

    /// Two lines for the confirmation: a draw offer's terms ([`draw_terms`]) unless
    /// the game says otherwise.
    fn end_terms(play: &Duel<Self>) -> [&'static str; 2] {
        draw_terms(play)
    }

    /// Adds what `seat`'s move from `before` to `after` did to the figures (Checkers'
    /// kings made).
    fn tally(before: &State<Self>, after: &State<Self>, seat: Seat, figures: &mut Figures) {
        let _ = (before, after, seat, figures);
    }

    /// The figures of a finished game, from what was tallied and its last state (Che's
    /// largest region).
    fn figures(state: &State<Self>, tallied: Figures) -> Figures {
        let _ = state;
        tallied
    }

    /// The variant `state` is played in (an index into the game's variants).
    fn variant(state: &State<Self>) -> usize {
        let _ = state;
        0
    }

    /// The game's own bytes of `record` and the screen's hand (`board`'s).
    fn write(record: &Self::Record, board: &Self) -> Vec<u8>;

    /// The screen's bytes beyond the hand: what is held, the view.
    fn screen(play: &Duel<Self>) -> Vec<u8>;

    /// Takes back the screen of [`Board::screen`]'s bytes after a load; bytes that do
    /// not fit the position leave the screen settled (nothing held).
    fn restore_screen(play: &mut Duel<Self>, bytes: &[u8]);

    /// The screen cells of `mv`: the piece (or a tile's cell) and where it goes.
    fn cells_of(play: &Duel<Self>, mv: Move<Self>) -> [Option<embedded_graphics::primitives::Rectangle>; 2];

    /// The part of the panel a lesson's card may cover ([`chek_ui::Play::card_area`]).
    fn card_area(play: &Duel<Self>) -> embedded_graphics::primitives::Rectangle;

    /// The game a save's own bytes hold, without its history.
    ///
    /// # Errors
    /// The field that is out of range.
    fn read(saved: &Saved) -> Result<Duel<Self>, SaveError>;
}

/// A two-seat game as its session replays it: the record, and the figures tallied
/// along the way.
#[derive(Clone, Debug)]
pub struct Line<B: Board> {
    /// The game record.
    pub record: B::Record,
    /// The figures so far.
    pub figures: Figures,
}

impl<B: Board> Replayable for Line<B> {
    type Step = Move<B>;
    type Played = ();

    fn decider(&self) -> Option<(Seat, bool)> {
        match self.record.now().to_act() {
            ToAct::Seat(seat) => Some((seat, B::turn_starts(self.record.now()))),
            _ => None,
        }
    }

    fn play(&mut self, mv: Move<B>) -> Result<(), IllegalAction> {
        step::<B>(&mut self.record, &mut self.figures, mv)
    }

    fn parse_step(&self, text: &str) -> Option<Move<B>> {
        self.record.now().parse_action(text).ok()
    }

    fn counters(&self) -> Vec<u16> {
        self.figures.values().iter().flatten().copied().collect()
    }

    fn set_counters(&mut self, counters: &[u16]) {
        for (figure, &value) in self.figures.values_mut().iter_mut().flatten().zip(counters) {
            *figure = value;
        }
    }
}

/// A two-seat game on the board screen.
#[derive(Debug)]
pub struct Duel<B: Board> {
    /// The game, its history, who plays each seat and the seed.
    pub session: Session<Line<B>>,
    /// The game's own screen: the hand, what is held.
    pub board: B,
    /// The CPU's decision in progress (on the heap: a search is large).
    pub cpu: Option<Box<CpuTurn<B>>>,
    /// A hint being thought about: the decisions taken when it was asked, and Hard's
    /// turn for the seat to act (thought, never played).
    pub hint: Option<(u32, Box<CpuTurn<B>>)>,
}

/// A copy is the game as it stands, for a review: the CPU's thinking and a hint in
/// progress stay behind (their searches are large, and copying them deep on the
/// device's small stack).
impl<B: Board> Clone for Duel<B> {
    fn clone(&self) -> Duel<B> {
        Duel { session: self.session.clone(), board: self.board.clone(), cpu: None, hint: None }
    }
}

impl<B: Board> Duel<B> {
    /// A game in progress from `record`, which is also where its history starts.
    /// (Inlined: its copies of the record share the caller's frame, off the loads'
    /// deepest path on the device's stack.)
    #[inline(always)]
    pub fn new(record: B::Record, kinds: Kinds, seed: u64) -> Duel<B> {
        let board = B::new(&record);
        let session = Session::new(Box::new(Line { record, figures: Figures::default() }), kinds, seed);
        let mut play = Duel { session, board, cpu: None, hint: None };
        (B::SETTLE)(&mut play);
        play
    }

    /// The game record.
    pub fn record(&self) -> &B::Record {
        &self.session.now().record
    }

    /// The game record, for what is not a decision (an agreed end, Che's lifted tile).
    pub fn record_mut(&mut self) -> &mut B::Record {
        &mut self.session.now_mut().record
    }

    /// Who plays each seat.
    pub fn kinds(&self) -> &Kinds {
        &self.session.kinds
    }

    /// The state now.
    pub fn state(&self) -> &State<B> {
        self.record().now()
    }

    /// The seat to decide, if the game goes on.
    pub fn seat_to_move(&self) -> Option<Seat> {
        match self.state().to_act() {
            ToAct::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    /// Whether the CPU plays the seat to decide.
    pub fn cpu_to_move(&self) -> bool {
        self.seat_to_move().is_some_and(|s| self.session.kinds[s].is_cpu())
    }

    /// Decisions taken in the whole game (it seeds the CPU, so a continued game goes on
    /// with the same choices).
    pub fn plies(&self) -> u32 {
        self.session.plies()
    }

    /// The panel's hints while the CPU plays: nothing for A and B.
    pub fn cpu_hints(&self) -> Option<chek_ui::widgets::Hints> {
        let hints = match &self.cpu {
            Some(cpu) if cpu.decided.is_none() => chek_ui::widgets::Hints::thinking(cpu.progress()),
            Some(_) => chek_ui::widgets::Hints::watching("CPU plays"),
            None => chek_ui::widgets::Hints::thinking(0),
        };
        self.cpu_to_move().then_some(hints)
    }

    /// The move the CPU is showing, once decided.
    pub fn cpu_move(&self) -> Option<Move<B>> {
        self.cpu.as_ref().and_then(|c| c.decided)
    }

    /// Plays `mv` for the seat to decide and keeps it in the history; the screen then
    /// settles. Returns whether it was legal.
    pub fn play(&mut self, mv: Move<B>) -> bool {
        if self.session.play(mv).is_err() {
            return false;
        }
        self.forget_hint();
        B::moved(self, mv);
        (B::SETTLE)(self);
        true
    }

    /// Lets a hint's search go (a decision was taken, or taken back). Its own frame:
    /// dropping a search inline would swell its callers' frames on the device.
    #[inline(never)]
    pub fn forget_hint(&mut self) {
        self.hint = None;
    }

    /// Forgets the last decision without counting it as taken back (Che's first tile
    /// lifted before the second).
    pub fn forget_last(&mut self) {
        self.session.forget_last();
    }

    /// Takes back to the first `n` kept decisions: the game is replayed from its kept
    /// start, so it is exactly as it was then.
    pub fn rewind(&mut self, n: usize) {
        self.session.rewind(n);
        self.cpu = None;
        self.forget_hint();
        (B::SETTLE)(self);
    }

    /// The figures for the records now.
    pub fn figures(&self) -> Figures {
        B::figures(self.state(), self.session.now().figures)
    }

    /// One frame on the board: the CPU's turn, or a person's input.
    pub fn on_board(&mut self, command: &Command, now: u32) {
        let Some(seat) = self.seat_to_move() else { return };
        if let SeatKind::Cpu(level) = self.session.kinds[seat] {
            self.cpu_turn(level, command.clock, now);
            return;
        }
        self.cpu = None;
        (B::INPUT)(self, command);
    }
}

/// The panel's top, down to `bottom`, right of a board laid out as `layout`: where a
/// lesson's card goes in a game whose panel shows the turn and scores there.
pub fn panel_top(layout: &chek_ui::layout::BoardLayout, bottom: i32) -> embedded_graphics::primitives::Rectangle {
    use embedded_graphics::prelude::{Point, Size};
    let x = layout.panel_x();
    embedded_graphics::primitives::Rectangle::new(
        Point::new(x, 0),
        Size::new((400 - x).max(0) as u32, bottom.max(0) as u32),
    )
}

/// Plays `mv` on `game` for the seat to decide, adding to the figures.
fn step<B: Board>(game: &mut B::Record, figures: &mut Figures, mv: Move<B>) -> Result<(), IllegalAction> {
    let ToAct::Seat(seat) = game.now().to_act() else { return Err(IllegalAction) };
    let before = game.now().clone();
    game.play(mv)?;
    B::tally(&before, game.now(), seat, figures);
    Ok(())
}

/// A draw offer: people agree by confirming it; a CPU seat accepts when `accepts` says
/// it judges itself not ahead.
///
/// # Errors
/// "Dark (CPU) declines the draw".
pub fn offer_draw<B: Board>(play: &Duel<B>, accepts: impl Fn(&State<B>, Seat) -> bool) -> Result<(), String> {
    for seat in B::INFO.setups.first().map(|s| s.seats).unwrap_or_default().iter() {
        if play.kinds()[seat].is_cpu() && !accepts(play.state(), seat) {
            return Err(alloc::format!("{} (CPU) declines the draw", chek_ui::catalog::seat_name(B::INFO, seat)));
        }
    }
    Ok(())
}

/// The draw offer's terms: how the CPU answers, or that both agree.
pub fn draw_terms<B: Board>(play: &Duel<B>) -> [&'static str; 2] {
    if play.kinds().values().iter().take(2).any(|k| k.is_cpu()) {
        ["The CPU accepts if it judges", "itself not ahead."]
    } else {
        ["Both players agree:", "the game is drawn."]
    }
}
