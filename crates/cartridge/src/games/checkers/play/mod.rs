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
use chek_ai::Thinker;
use chek_engine::Game;
use chek_engine::Seat;
use chek_ui::save::{SaveError, Saved};
use chek_ui::{Command, Frame, GameInfo, View};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::prelude::Point;

use super::cpu::CheckersEval;
use super::record::CheckersRecord;
use super::rules::{moves::MAX_JUMPS, Draw, End, Move, Side, Square, State, Win, QUIET_DRAW_PLIES};
use crate::duel::{Duel, Figures, Shown};

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

/// What the Checkers board screen shows besides the game: the hand and the move being
/// entered.
#[derive(Clone, Debug)]
pub struct CheckersBoard {
    /// The hand.
    pub hand: Cell,
    /// What the player is doing.
    pub mode: Mode,
}

/// A game of Checkers being played.
pub type CheckersPlay = Duel<CheckersBoard>;

impl Duel<CheckersBoard> {
    /// The legal moves of the piece on `from`.
    pub fn moves_from(&self, from: Square) -> impl Iterator<Item = Move> + '_ {
        self.state().legal().into_iter().filter(move |m| m.from() == from)
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

    /// The last move and the side that made it: the side not to move.
    pub fn last_played(&self) -> Option<(Side, Move)> {
        self.record().last().map(|mv| (self.state().to_move().other(), mv))
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

    /// Puts the hand where the new turn wants it: on a piece that can move, the nearest
    /// to where it was.
    pub fn settle(&mut self) {
        self.board.mode = Mode::Browse;
        let movable = self.state().movable();
        if let Some(sq) = self.board.hand.square() {
            if movable & sq.bit() != 0 {
                return;
            }
        }
        let hand = self.board.hand;
        let distance = |sq: &Square| {
            let df = sq.file() as i32 - hand.file as i32;
            let dr = sq.rank() as i32 - hand.rank as i32;
            df * df + dr * dr
        };
        if let Some(sq) = Square::each(movable).min_by_key(distance) {
            self.board.hand = Cell::of(sq);
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

impl crate::duel::Board for CheckersBoard {
    type Record = CheckersRecord;
    type Eval = CheckersEval;
    type Before = sounds::Before;
    type Weights = super::cpu::Weights;

    const INFO: &'static GameInfo = &super::INFO;

    /// The rulebook's game (0) or English draughts (1).
    fn variant(state: &State) -> usize {
        state.rules() as usize
    }

    fn new(_record: &CheckersRecord) -> CheckersBoard {
        CheckersBoard { hand: Cell { file: 3, rank: 2 }, mode: Mode::Browse }
    }

    const GREEDY: fn(&State, &mut chek_ai::Rng) -> Option<Move> = super::cpu::greedy;

    /// By the levels of the rules the game is played by.
    fn think(player: super::cpu::Player, state: &State, seed: u64) -> Thinker<State, CheckersEval> {
        super::cpu::think(player, state, seed)
    }

    fn moved(play: &mut CheckersPlay, mv: Move) {
        play.board.hand = Cell::of(mv.to());
    }

    const SETTLE: fn(&mut CheckersPlay) = CheckersPlay::settle;
    const INPUT: fn(&mut CheckersPlay, &Command) = CheckersPlay::on_input;
    const SHOW: fn(&mut CheckersPlay, Move, u32) -> Shown = CheckersPlay::show_cpu;

    fn aiming(play: &CheckersPlay) -> bool {
        matches!(play.board.mode, Mode::Aim { .. })
    }

    fn draw(play: &CheckersPlay, f: &mut Frame, view: &View) {
        board::draw(f, play, view);
        f.cropped(&board::LAYOUT.panel_area(), |f| panel::draw(f, play, view));
        panel::draw_last_move(f, play);
    }

    fn reason(state: &State) -> String {
        state.end().map(reason).unwrap_or_default()
    }

    const DRAW_SCORES: fn(&mut Frame, &State, Point) = panel::score_sheet;

    fn score_line(state: &State) -> String {
        let board = state.board();
        let (light, dark) = (board.pieces(Side::Light).count_ones(), board.pieces(Side::Dark).count_ones());
        format!("Light {light}-{dark} Dark")
    }

    /// A draw offer (K9): people agree by confirming; a CPU side accepts when it judges
    /// itself not ahead.
    fn end_by_agreement(play: &mut CheckersPlay) -> Result<(), String> {
        let not_ahead = |state: &State, seat: Seat| Side::of_seat(seat).is_none_or(|s| super::cpu::eval::not_ahead(state, s));
        crate::duel::offer_draw(play, not_ahead)?;
        play.record_mut().end_by(State::agree_draw);
        play.settle();
        Ok(())
    }

    /// Kings made (K5): a man of the mover's that ends its move on the far row.
    fn tally(before: &State, after: &State, seat: Seat, figures: &mut Figures) {
        let crowned = (after.board().kings & !before.board().kings).count_ones() as u16;
        let f = &mut figures[seat];
        f[0] = f[0].saturating_add(crowned);
    }

    fn write(record: &Self::Record, board: &Self) -> Vec<u8> {
        super::save::to_bytes(record, [board.hand.file, board.hand.rank])
    }

    /// A move being entered: its piece, the selected landing, the landings so far.
    fn screen(play: &CheckersPlay) -> Vec<u8> {
        match &play.board.mode {
            Mode::Browse => Vec::new(),
            Mode::Aim { from, path, index } => {
                let mut bytes = alloc::vec![from.number(), *index as u8];
                bytes.extend(path.iter().map(|sq| sq.number()));
                bytes
            }
        }
    }

    fn cells_of(_play: &CheckersPlay, mv: Move) -> [Option<Rectangle>; 2] {
        let cell = |sq: Square| board::LAYOUT.cell_rect(sq.file(), sq.rank());
        [Some(cell(mv.from())), Some(cell(mv.to()))]
    }

    /// Over the turn and the scores, above the move box.
    fn card_area(_play: &CheckersPlay) -> Rectangle {
        crate::duel::panel_top(&board::LAYOUT, 90)
    }

    fn restore_screen(play: &mut CheckersPlay, bytes: &[u8]) {
        let [from, index, landings @ ..] = bytes else { return };
        let (Some(from), true) = (Square::new(*from), landings.len() <= MAX_JUMPS) else { return };
        let Some(path) = landings.iter().map(|&n| Square::new(n)).collect::<Option<Path>>() else { return };
        if !play.cpu_to_move() && (*index as usize) < play.next_landings(from, &path).len() {
            play.board.mode = Mode::Aim { from, path, index: *index as usize };
        }
    }

    fn read(saved: &Saved) -> Result<CheckersPlay, SaveError> {
        let (record, [file, rank]) = super::save::from_saved(saved)?;
        let mut play = CheckersPlay::new(record, saved.kinds, saved.seed);
        // Nothing held; the hand where the player left it.
        play.settle();
        play.board.hand = Cell { file, rank };
        Ok(play)
    }
}
