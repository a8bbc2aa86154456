//! Checkers on the board screen: the game record, the hand and the move being entered
//! one landing at a time, the CPU's turns, and draw offers. Drawing is in `board` and
//! `panel`.

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
use super::record::CheckersRecord;
use super::rules::{moves::MAX_JUMPS, Draw, End, Move, Side, Square, State, Win, QUIET_DRAW_PLIES};

/// The landings of a move entered so far.
pub type Path = ArrayVec<Square, MAX_JUMPS>;

/// A cell of the 8×8 grid the hand moves over: light squares too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cell {
    /// 0 (a) to 7 (h).
    pub file: u8,
    /// 0 (rank 1) to 7 (rank 8).
    pub rank: u8,
}

impl Cell {
    /// The cell of a dark square.
    pub const fn of(square: Square) -> Cell {
        Cell { file: square.file(), rank: square.rank() }
    }

    /// The dark square here, if it is one.
    pub const fn square(self) -> Option<Square> {
        Square::at(self.file, self.rank)
    }
}

/// What the player is doing on the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The hand moves over the board; A picks up a piece that can move.
    Browse,
    /// A piece is picked up and its move is being entered, one landing at a time.
    Aim {
        /// The piece's square.
        from: Square,
        /// The landings confirmed so far.
        path: Path,
        /// The selected next landing among [`CheckersPlay::next_landings`].
        index: usize,
    },
}

/// A game of Checkers being played, with everything the board screen needs.
#[derive(Clone, Debug)]
pub struct CheckersPlay {
    /// The game record.
    pub game: CheckersRecord,
    /// Who plays each seat.
    pub kinds: [SeatKind; 4],
    /// The seed the game started with.
    pub seed: u64,
    /// The hand.
    pub hand: Cell,
    /// What the player is doing.
    pub mode: Mode,
    /// The CPU's decision in progress (on the heap: a search is large).
    pub cpu: Option<alloc::boxed::Box<CpuTurn>>,
    /// Moves played since the game started or was resumed (seeds the CPU).
    pub plies: u32,
}

impl CheckersPlay {
    /// A game in progress, the hand on a piece of the side to move.
    pub fn new(game: CheckersRecord, kinds: [SeatKind; 4], seed: u64) -> CheckersPlay {
        let mut play =
            CheckersPlay {
            game,
            kinds,
            seed,
            hand: Cell { file: 3, rank: 2 },
            mode: Mode::Browse,
            cpu: None,
            plies: 0,
        };
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

    /// The legal moves of the piece on `from`.
    pub fn moves_from(&self, from: Square) -> impl Iterator<Item = Move> + '_ {
        self.state().moves().into_iter().filter(move |m| m.from() == from)
    }

    /// The moves of `from` whose first landings are `path`.
    fn matching<'a>(&'a self, from: Square, path: &'a [Square]) -> impl Iterator<Item = Move> + 'a {
        self.moves_from(from).filter(move |m| m.landings().take(path.len()).eq(path.iter().copied()))
    }

    /// Where the piece on `from` can land next after `path`, clockwise from up-left.
    pub fn next_landings(&self, from: Square, path: &[Square]) -> ArrayVec<Square, 4> {
        let mut next: ArrayVec<Square, 4> = ArrayVec::new();
        for mv in self.matching(from, path) {
            if let Some(sq) = mv.landings().nth(path.len()) {
                if !next.contains(&sq) {
                    let _ = next.try_push(sq);
                }
            }
        }
        let at = path.last().copied().unwrap_or(from);
        chek_ai::sort_by_key(&mut next, |sq| i32::from(clockwise(at, *sq)) << 8 | i32::from(sq.number()));
        next
    }

    /// The move `path` completes, if it is a whole one.
    pub fn completed(&self, from: Square, path: &[Square]) -> Option<Move> {
        self.matching(from, path).find(|m| m.landings().count() == path.len())
    }

    /// The pieces the path entered so far has jumped.
    pub fn jumped(&self, from: Square, path: &[Square]) -> Vec<Square> {
        let Some(mv) = self.matching(from, path).next() else { return Vec::new() };
        if !mv.is_capture() {
            return Vec::new();
        }
        mv.captured_squares().take(path.len()).collect()
    }

    /// The move the CPU is showing, once decided.
    pub fn cpu_move(&self) -> Option<Move> {
        self.cpu.as_ref().and_then(|c| c.decided)
    }

    /// Plays `mv`; the hand stays on the piece.
    fn play(&mut self, mv: Move) {
        if self.game.play(mv).is_ok() {
            self.plies += 1;
            self.hand = Cell::of(mv.to());
            self.mode = Mode::Browse;
            self.settle();
        }
    }

    /// Puts the hand where the new turn wants it: on a piece that can move, the nearest
    /// to where it was.
    pub fn settle(&mut self) {
        self.mode = Mode::Browse;
        let movable = self.state().movable();
        if let Some(sq) = self.hand.square() {
            if movable & sq.bit() != 0 {
                return;
            }
        }
        let hand = self.hand;
        let distance = |sq: &Square| {
            let df = sq.file() as i32 - hand.file as i32;
            let dr = sq.rank() as i32 - hand.rank as i32;
            df * df + dr * dr
        };
        if let Some(sq) = Square::each(movable).min_by_key(distance) {
            self.hand = Cell::of(sq);
        }
    }
}

/// Order of `to` around `from`, clockwise from up-left.
fn clockwise(from: Square, to: Square) -> u8 {
    let up = to.rank() > from.rank();
    let right = to.file() > from.file();
    match (up, right) {
        (true, false) => 0,
        (true, true) => 1,
        (false, true) => 2,
        (false, false) => 3,
    }
}

/// Why the game ended, in words.
fn reason(end: End) -> String {
    match end {
        End::Win { winner, how: Win::NoPieces } => format!("{} has no pieces left", winner.other().name()),
        End::Win { winner, how: Win::Blocked } => format!("{} cannot move", winner.other().name()),
        End::Win { winner, how: Win::FarRow } => format!("{}'s pieces all reached the far row", winner.name()),
        End::Draw(Draw::Quiet) => format!("{} moves each without a capture", QUIET_DRAW_PLIES / 2),
        End::Draw(Draw::Repetition) => String::from("the same position a third time"),
        End::Draw(Draw::Agreement) => String::from("drawn by agreement"),
    }
}

impl Play for CheckersPlay {
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
        matches!(self.mode, Mode::Aim { .. })
    }

    fn is_over(&self) -> bool {
        self.state().end().is_some()
    }

    /// A draw offer (K9): people agree by confirming; a CPU side accepts when it judges
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
