//! Chek on the board screen: the game record, the hand and what it holds, the show of
//! a conflict, and the CPU's turns. Drawing is in `board` and `panel`.

mod board;
mod cpu;
mod history;
mod moves;
mod panel;
mod sounds;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use chek_engine::code::{CodeChars, CodeError};
use chek_rules::{Action, End, Played, Position, Record, Seat, Setup, Square, Variant};
use chek_ui::save::Saved;
use chek_ui::hint::HintThought;
use chek_ui::session::Session;
use chek_ui::{Command, Ending, Frame, GameInfo, Kinds, Play, View};

use crate::duel::Figures;
use embedded_graphics::prelude::Point;

pub use self::cpu::CpuTurn;
pub use self::history::{ChekStep, Replay, Run};
pub use self::moves::ChainOption;

/// How long the dice roll.
pub const ROLL_MS: u32 = 700;
/// How long the capture shows.
pub const CAPTURE_MS: u32 = 500;

/// What the player is doing on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mode {
    /// The hand moves over the board; A picks up an own piece.
    Browse,
    /// A piece is picked up; the selection box goes through its targets.
    Aim {
        /// The picked piece.
        from: Square,
        /// The selected target among [`ChekPlay::aim_actions`].
        index: usize,
    },
    /// The chain state: the selection goes through chain targets and link allies.
    Chain {
        /// The selected option among [`ChekPlay::chain_options`].
        index: usize,
    },
}

/// A conflict being shown: the dice roll (when there are dice), then the capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Show {
    /// What happened (its `before` is the position the conflict started in).
    pub played: Played,
    /// When the show started.
    pub start_ms: u32,
}

impl Show {
    /// How long the dice roll in this show: none for a take of Chek Simple.
    pub const fn roll_ms(&self) -> u32 {
        if self.played.conflict.is_some() {
            ROLL_MS
        } else {
            0
        }
    }

    /// How long the whole show lasts.
    pub const fn length_ms(&self) -> u32 {
        self.roll_ms() + CAPTURE_MS
    }
}

/// A game of Chek being played, with everything the board screen needs.
#[derive(Debug)]
pub struct ChekPlay {
    /// The game (its record, the figures, the last action and conflict), its history,
    /// who plays each seat and the seed.
    pub session: Session<Replay>,
    /// The setup it started from.
    pub setup: Setup,
    /// The hand cursor.
    pub hand: Square,
    /// What the player is doing.
    pub mode: Mode,
    /// A conflict being shown.
    pub show: Option<Show>,
    /// The CPU's decision in progress.
    pub cpu: Option<alloc::boxed::Box<CpuTurn>>,
    /// A conflict's result, to sound when its dice stop.
    pub pending: Option<sounds::Pending>,
    /// A hint being thought about: the decisions taken when it was asked, and Hard's
    /// turn for the seat to act (thought, never played).
    pub hint: Option<(u32, alloc::boxed::Box<CpuTurn>)>,
}

/// A copy is the game as it stands, for a review: the CPU's thinking and a hint in
/// progress stay behind (their searches are large, and copying them deep on the
/// device's small stack).
impl Clone for ChekPlay {
    fn clone(&self) -> ChekPlay {
        ChekPlay {
            session: self.session.clone(),
            setup: self.setup,
            hand: self.hand,
            mode: self.mode,
            show: self.show,
            cpu: None,
            pending: self.pending,
            hint: None,
        }
    }
}

impl ChekPlay {
    /// A game in progress, the hand on the mover's piece nearest the centre.
    pub fn new(game: Record, setup: Setup, kinds: Kinds, seed: u64) -> ChekPlay {
        let start = Replay { game, figures: Figures::default(), run: (0, 0), last: None, last_conflict: None };
        let mut play = ChekPlay {
            session: Session::new(alloc::boxed::Box::new(start), kinds, seed),
            setup,
            hand: Square::A1,
            mode: Mode::Browse,
            show: None,
            cpu: None,
            pending: None,
            hint: None,
        };
        play.hand = play.centre_piece();
        play.settle();
        play
    }

    /// Lets a hint's search go (a decision was taken back). Its own frame: dropping a
    /// search inline would swell its callers' frames on the device.
    #[inline(never)]
    pub fn forget_hint(&mut self) {
        self.hint = None;
    }

    /// The game record.
    pub fn record(&self) -> &Record {
        &self.session.now().game
    }

    /// The game as the session keeps it: the record, the figures, the last action and
    /// conflict.
    pub fn line(&self) -> &Replay {
        self.session.now()
    }

    /// Who plays each seat.
    pub fn kinds(&self) -> &Kinds {
        &self.session.kinds
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        self.record().position()
    }

    /// The rules it is played by.
    pub fn variant(&self) -> Variant {
        self.position().variant()
    }

    /// Whether the CPU plays the seat in control.
    pub fn cpu_in_control(&self) -> bool {
        self.session.kinds[self.position().in_control()].is_cpu()
    }

    /// The action the CPU is showing, once decided.
    pub fn cpu_action(&self) -> Option<Action> {
        self.cpu.as_ref().and_then(|c| c.action)
    }

    /// How far the CPU's thinking has got, in percent (0 before it starts).
    pub fn cpu_progress(&self) -> u8 {
        self.cpu.as_ref().map_or(0, |c| c.progress())
    }

    /// A conflict being shown at `now`.
    pub fn showing(&self, now: u32) -> Option<&Show> {
        self.show.as_ref().filter(|s| now.wrapping_sub(s.start_ms) < s.length_ms())
    }

    /// Decisions taken in the whole game (it seeds the CPU, so a continued game goes on
    /// with the same choices).
    pub fn plies(&self) -> u32 {
        self.session.plies()
    }

    /// The seats at the table.
    pub fn setup_seats(&self) -> chek_engine::Seats {
        chek_rules::State::seats_of(self.setup.seating())
    }

    /// Plays `action`; a conflict starts a show.
    fn play(&mut self, action: Action, now: u32) {
        if let Ok(Some(played)) = self.apply(ChekStep::Act(action)) {
            if played.loss().is_some() {
                self.show = Some(Show { played, start_ms: now });
                self.hand = action.to().unwrap_or(self.hand);
            }
            self.settle();
        }
    }

    /// A LINK step to `to` (C12).
    fn link(&mut self, to: Square) {
        if self.apply(ChekStep::Link(to)).is_ok() {
            self.settle();
        }
    }
}

/// The name of a seat's pieces, "South".
fn name(seat: Seat) -> &'static str {
    seat.name()
}

impl Play for ChekPlay {
    fn info(&self) -> &'static GameInfo {
        &super::INFO
    }

    fn variant(&self) -> usize {
        self.position().variant() as usize
    }

    fn session(&self) -> &dyn chek_ui::session::SessionInfo {
        &self.session
    }

    fn setup(&self) -> usize {
        Setup::ALL.iter().position(|&s| s == self.setup).unwrap_or(0)
    }



    // Not inlined into the cartridge's dispatch: each game's frame stays its own, so
    // the device's stack holds one game's, not the sum of all (xtask stack).
    #[inline(never)]
    fn update(&mut self, command: &Command, now: u32) -> chek_ui::sound::Cues {
        let before = self.before();
        self.on_board(command, now);
        self.cues_since(&before, command, now)
    }

    fn draw(&self, f: &mut Frame, view: &View) {
        let showing = self.showing(view.now);
        match showing {
            Some(show) => board::draw_show(f, show, view),
            None => board::draw(f, self.position(), self.position().raw().pieces, &board::marks(self), None),
        }
        f.cropped(&board::LAYOUT.panel_area(), |f| panel::draw(f, self, showing, view));
        panel::draw_last_move(f, self, showing.is_some());
    }

    fn busy(&self, now: u32) -> bool {
        self.showing(now).is_some()
    }

    fn cpu_to_act(&self) -> bool {
        self.cpu_in_control()
    }

    fn aiming(&self) -> bool {
        self.show.is_none() && matches!(self.mode, Mode::Aim { .. } | Mode::Chain { .. })
    }

    fn is_over(&self) -> bool {
        self.record().is_over()
    }

    /// C16: every seat agrees (a CPU seat goes along: Chek's quiet end would score the
    /// same).
    fn end_by_agreement(&mut self) -> Result<(), String> {
        self.session.now_mut().game.end_by_agreement();
        Ok(())
    }

    fn ending(&self) -> Ending {
        let reason = match self.record().end() {
            Some(End::LastSeatStanding(seat)) => format!("{} is the last seat standing", name(seat)),
            Some(End::Quiet) => format!("{} turns without a conflict", chek_rules::QUIET_END_TURNS),
            Some(End::Agreement) => String::from("ended by agreement"),
            None => String::new(),
        };
        let leaders: Vec<Seat> = self.record().leaders().collect();
        let verdict = match leaders.as_slice() {
            [one] => format!("{} wins!", name(*one)),
            many => {
                let names: Vec<&str> = many.iter().map(|&s| name(s)).collect();
                format!("Tie: {}", names.join(", "))
            }
        };
        Ending { reason, verdict }
    }

    fn end_terms(&self) -> [&'static str; 2] {
        ["Every seat scores its points", "plus its pieces on the board."]
    }

    fn draw_scores(&self, f: &mut Frame, at: Point) {
        panel::score_sheet(f, self.position(), at);
    }

    fn turn(&self) -> (chek_engine::Seat, String) {
        let seat = self.position().to_move();
        (seat.at_table(), format!("{}'s turn", name(seat)))
    }

    fn to_act(&self) -> chek_engine::Seat {
        self.position().to_move().at_table()
    }

    fn save(&self) -> Saved {
        self.saved()
    }


    fn score_line(&self) -> String {
        let position = self.position();
        let seats = position.seating().seats();
        let scores: Vec<String> = seats.iter().map(|&s| format!("{}", position.score(s))).collect();
        match seats {
            [a, b] => format!("{} {}-{} {}", name(*a), scores[0], scores[1], name(*b)),
            _ => format!("scores {}", scores.join("-")),
        }
    }

    fn take_back_seat(&self) -> Option<chek_engine::Seat> {
        if self.show.is_some() {
            return None;
        }
        self.session.take_back_seat(self.setup_seats())
    }

    fn take_back(&mut self) -> bool {
        match self.take_back_point() {
            Some(n) => {
                self.rewind(n);
                true
            }
            None => false,
        }
    }


    /// The seats with the highest score share the win (C17), as the game-over box says.
    fn payoffs(&self) -> Option<chek_engine::Payoffs> {
        let leaders: Vec<chek_engine::Seat> = self.record().leaders().map(Seat::at_table).collect();
        self.is_over().then(|| chek_engine::Payoffs::shared(chek_engine::Seats::of(&leaders)))
    }

    fn figures(&self) -> Figures {
        ChekPlay::figures(self)
    }

    fn share_code(&self) -> Result<CodeChars, CodeError> {
        self.position().share_code()
    }


    /// An action's piece and target; a link's active piece and the ally it passes to.
    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    fn think_hint(&mut self, clock: Option<chek_ui::Clock>) -> Option<HintThought> {
        let position = *self.position();
        if self.cpu_in_control() || self.show.is_some() || position.is_over() {
            self.hint = None;
            return None;
        }
        let at = self.plies();
        let seed = crate::search::hint_seed(self.session.seed, at);
        let previous = self.previous_turn(position.in_control());
        let nodes = super::cpu::slice_nodes(position.variant());
        if self.hint.as_ref().is_none_or(|(asked, _)| *asked != at) {
            self.hint = Some((at, CpuTurn::start(chek_ai::Level::Hard, &position, previous, seed, 0)));
        }
        let (_, turn) = self.hint.as_mut()?;
        Some(HintThought::of(turn.think(clock, nodes, chek_ai::Level::Hard), || turn.progress()))
    }

    fn mark_assisted(&mut self) {
        self.session.assisted = true;
    }

    fn rewind_to(&mut self, n: usize) {
        self.rewind(n);
    }

    fn value_next(&mut self) -> Option<chek_engine::PerSeat<f32>> {
        let position = self.session.walk()?.game.position();
        let state = chek_rules::State::from(*position);
        Some(match chek_engine::Game::payoffs(&state) {
            Some(payoffs) => payoffs.values(),
            None => {
                let seats = position.seating().count();
                let weights = super::cpu::level_spec(chek_ai::Level::Hard, seats, position.variant())
                    .map_or_else(|| super::cpu::Weights::DEFAULT, |(spec, _)| spec.eval.weights);
                super::cpu::eval::win_chances(position, &weights)
            }
        })
    }

    fn cells_of(&self, decision: &str) -> [Option<embedded_graphics::primitives::Rectangle>; 2] {
        let (from, to) = match ChekStep::parse(self.position(), decision) {
            Some(ChekStep::Act(action)) => (action.from(), action.to()),
            Some(ChekStep::Link(to)) => (self.position().chain().map(|c| c.active), Some(to)),
            None => (None, None),
        };
        [from.map(board::square_rect), to.map(board::square_rect)]
    }

    /// Over the turn and the scores, above the conflict box.
    fn card_area(&self) -> embedded_graphics::primitives::Rectangle {
        crate::duel::panel_top(&board::LAYOUT, 94)
    }
}
