//! Chak on the board screen: the game record, the hand, the piece held and its
//! targets, the promotion picker, the CPU's turns and draw offers. Drawing is in
//! `board` and `panel`.

mod board;
mod cpu;
mod hand;
mod panel;
mod sounds;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use arrayvec::ArrayVec;
use chek_engine::code::{CodeChars, CodeError};
use chek_engine::Record;
use chek_ui::{Command, Ending, Frame, GameInfo, Play, SeatKind, View};
use embedded_graphics::prelude::Point;

pub use self::cpu::CpuTurn;
use super::record::ChakRecord;
use super::rules::{Draw, End, Kind, Move, Side, Square, State, Win, QUIET_DRAW_PLIES};

/// The targets of a piece: at most 32 squares (a Jaguar+ in the open).
pub type Targets = ArrayVec<Square, 40>;

/// What the player is doing on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The hand moves over the board; A picks up a piece that can move.
    Browse,
    /// A piece is held; a cursor picks its target (on a target, it is selected).
    Aim {
        /// The piece's square.
        from: Square,
        /// The cursor: the D-pad walks it square by square, the crank jumps it from
        /// target to target.
        at: Square,
    },
    /// A pawn reaches the last rank: the picker chooses what it becomes (A4).
    Promote {
        /// The pawn's square.
        from: Square,
        /// Its target on the last rank.
        to: Square,
        /// The kind selected, an index of [`Kind::PROMOTIONS`].
        index: usize,
    },
}

/// A game of Chak being played, with everything the board screen needs.
#[derive(Clone, Debug)]
pub struct ChakPlay {
    /// The game record (on the heap: with its draw counts it is large, and a game is
    /// moved about on the device's small stack when it loads).
    pub game: alloc::boxed::Box<ChakRecord>,
    /// Who plays each seat.
    pub kinds: [SeatKind; 4],
    /// The seed the game started with.
    pub seed: u64,
    /// The hand's square.
    pub hand: Square,
    /// What the player is doing.
    pub mode: Mode,
    /// The CPU's decision in progress (on the heap: a search is large).
    pub cpu: Option<alloc::boxed::Box<CpuTurn>>,
    /// Moves played since the game started or was resumed (seeds the CPU).
    pub plies: u32,
}

impl ChakPlay {
    /// A game in progress, the hand on a piece of the side to move.
    pub fn new(game: ChakRecord, kinds: [SeatKind; 4], seed: u64) -> ChakPlay {
        let hand = Square::at(4, 1).unwrap_or(Side::White.temple());
        let game = alloc::boxed::Box::new(game);
        let mut play = ChakPlay { game, kinds, seed, hand, mode: Mode::Browse, cpu: None, plies: 0 };
        play.settle();
        play
    }

    /// The position on the board.
    pub fn state(&self) -> &State {
        self.game.now()
    }

    /// Whether the CPU plays the side to move.
    pub fn cpu_to_move(&self) -> bool {
        self.kinds[self.state().to_move() as usize].is_cpu() && self.state().end().is_none()
    }

    /// The squares of the side to move's pieces that have a legal move, in reading
    /// order from White's side (rank 9 first, a to i).
    pub fn movable(&self) -> Vec<Square> {
        let mut from: Vec<Square> = self.state().moves().iter().map(|m| m.from()).collect();
        from.sort_unstable_by_key(|sq| (8 - sq.rank(), sq.file()));
        from.dedup();
        from
    }

    /// Where the piece on `from` can go, nearest first, then clockwise from north.
    pub fn targets(&self, from: Square) -> Targets {
        let mut targets = Targets::new();
        for mv in self.state().moves().iter().filter(|m| m.from() == from) {
            if !targets.contains(&mv.to()) {
                let _ = targets.try_push(mv.to());
            }
        }
        targets.sort_unstable_by_key(|&to| (distance(from, to), bearing(from, to)));
        targets
    }

    /// The aiming cursor while a piece is held (on a target or not).
    pub fn cursor(&self) -> Option<Square> {
        match self.mode {
            Mode::Aim { at, .. } => Some(at),
            Mode::Promote { to, .. } => Some(to),
            Mode::Browse => None,
        }
    }

    /// The selected target while a piece is held.
    pub fn selected_target(&self) -> Option<Square> {
        match self.mode {
            Mode::Aim { from, at } => self.targets(from).contains(&at).then_some(at),
            Mode::Promote { to, .. } => Some(to),
            Mode::Browse => None,
        }
    }

    /// The move the CPU is showing, once decided.
    pub fn cpu_move(&self) -> Option<Move> {
        self.cpu.as_ref().and_then(|c| c.decided)
    }

    /// Plays `mv`; the hand follows the piece.
    fn play(&mut self, mv: Move) {
        if self.game.play(mv).is_ok() {
            self.plies += 1;
            self.hand = mv.to();
            self.settle();
        }
    }

    /// Puts the hand where the new turn wants it: on a piece that can move, the nearest
    /// to where it was.
    pub fn settle(&mut self) {
        self.mode = Mode::Browse;
        let movable = self.movable();
        if movable.contains(&self.hand) {
            return;
        }
        let hand = self.hand;
        if let Some(&sq) = movable.iter().min_by_key(|&&sq| distance(hand, sq)) {
            self.hand = sq;
        }
    }
}

/// Squared distance between squares.
fn distance(a: Square, b: Square) -> i32 {
    let df = a.file() as i32 - b.file() as i32;
    let dr = a.rank() as i32 - b.rank() as i32;
    df * df + dr * dr
}

/// The direction of `to` from `from`, clockwise from north: an index of the eight.
fn bearing(from: Square, to: Square) -> u8 {
    let df = (to.file() as i32 - from.file() as i32).signum();
    let dr = (to.rank() as i32 - from.rank() as i32).signum();
    match (df, dr) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        _ => 7,
    }
}

/// Why the game ended, in words.
fn reason(end: End) -> String {
    match end {
        End::Win { winner, how: Win::Checkmate } => format!("{}'s Ajaw is checkmated", winner.other().name()),
        End::Win { winner, how: Win::Temple } => format!("{}'s Warrior Ajaw holds the temple", winner.name()),
        End::Draw(Draw::Stalemate) => String::from("stalemate: no legal move, not in check"),
        End::Draw(Draw::Quiet) => format!("{} moves each without a capture or pawn move", QUIET_DRAW_PLIES / 2),
        End::Draw(Draw::Repetition) => String::from("the same position a third time"),
        End::Draw(Draw::Agreement) => String::from("drawn by agreement"),
    }
}

impl Play for ChakPlay {
    fn info(&self) -> &'static GameInfo {
        &super::INFO
    }

    fn variant(&self) -> usize {
        0
    }

    fn setup(&self) -> usize {
        0
    }

    fn kinds(&self) -> [SeatKind; 4] {
        self.kinds
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    // Not inlined into the cartridge's dispatch: each game's frame stays its own, so
    // the device's stack holds one game's, not the sum of all (xtask stack).
    #[inline(never)]
    fn update(&mut self, command: &Command, now: u32) -> chek_ui::sound::Cues {
        let before = self.before();
        self.on_board(command, now);
        self.cues_since(&before, command)
    }

    fn draw(&self, f: &mut Frame, view: &View) {
        board::draw(f, self, view);
        panel::draw(f, self, view);
        panel::draw_last_move(f, self);
    }

    fn busy(&self, _now: u32) -> bool {
        false
    }

    fn cpu_to_act(&self) -> bool {
        self.cpu_to_move()
    }

    fn aiming(&self) -> bool {
        !matches!(self.mode, Mode::Browse)
    }

    fn is_over(&self) -> bool {
        self.state().end().is_some()
    }

    /// A draw offer (A7): people agree by confirming; a CPU side accepts when it judges
    /// itself not ahead.
    fn end_by_agreement(&mut self) -> Result<(), String> {
        let state = self.state().clone();
        for side in Side::ALL {
            if self.kinds[side as usize].is_cpu() && !super::cpu::eval::not_ahead(&state, side) {
                return Err(format!("{} (CPU) declines the draw", side.name()));
            }
        }
        self.game.agree_draw();
        self.mode = Mode::Browse;
        Ok(())
    }

    fn ending(&self) -> Ending {
        let Some(end) = self.state().end() else { return Ending::default() };
        let verdict = match self.state().winner() {
            Some(side) => format!("{} wins!", side.name()),
            None => String::from("Draw"),
        };
        Ending { reason: reason(end), verdict }
    }

    fn end_words(&self) -> (&'static str, &'static str) {
        ("Offer draw", "Offer a draw?")
    }

    fn end_terms(&self) -> [&'static str; 2] {
        if self.kinds.iter().take(2).any(|k| k.is_cpu()) {
            ["The CPU accepts if it judges", "itself not ahead."]
        } else {
            ["Both players agree:", "the game is drawn."]
        }
    }

    fn draw_scores(&self, f: &mut Frame, at: Point) {
        panel::score_sheet(f, self.state(), at);
    }

    fn turn(&self) -> (u8, String) {
        let side = self.state().to_move();
        (side.seat(), format!("{}'s turn", side.name()))
    }

    fn to_act(&self) -> u8 {
        self.state().to_move().seat()
    }

    fn save(&self) -> Vec<u8> {
        super::save::to_bytes(self)
    }

    fn share_code(&self) -> Result<CodeChars, CodeError> {
        self.state().share_code()
    }
}

/// The kinds a pawn may become, for the picker (A4).
pub const PICKER: [Kind; 4] = Kind::PROMOTIONS;
