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
use chek_engine::Game;
use chek_engine::Seat;
use chek_ui::save::{SaveError, Saved};
use chek_ui::{Command, Frame, GameInfo, View};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::prelude::Point;

use super::cpu::ChakEval;
use super::record::ChakRecord;
use super::rules::{Draw, End, Kind, Move, Side, Square, State, Win, QUIET_DRAW_PLIES};
use crate::duel::{Duel, Figures, Shown};

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

/// What the Chak board screen shows besides the game: the hand and the piece held.
#[derive(Clone, Copy, Debug)]
pub struct ChakBoard {
    /// The hand's square.
    pub hand: Square,
    /// What the player is doing.
    pub mode: Mode,
}

/// A game of Chak being played.
pub type ChakPlay = Duel<ChakBoard>;

impl Duel<ChakBoard> {
    /// The squares of the side to move's pieces that have a legal move, in reading
    /// order from White's side (rank 9 first, a to i).
    pub fn movable(&self) -> Vec<Square> {
        let mut from: Vec<Square> = self.state().legal().iter().map(|m| m.from()).collect();
        chek_ai::sort_by_key(&mut from, |sq| i32::from(8 - sq.rank()) << 8 | i32::from(sq.file()));
        from.dedup();
        from
    }

    /// Where the piece on `from` can go, nearest first, then clockwise from north.
    pub fn targets(&self, from: Square) -> Targets {
        let mut targets = Targets::new();
        for mv in self.state().legal().iter().filter(|m| m.from() == from) {
            if !targets.contains(&mv.to()) {
                let _ = targets.try_push(mv.to());
            }
        }
        // Through the one shared sort of packed ranks (a sort of its own costs the device
        // kilobytes of code); squares of the same distance and bearing by their index.
        chek_ai::sort_by_key(&mut targets, |&to| distance(from, to) << 12 | i32::from(bearing(from, to)) << 8 | i32::from(to.index()));
        targets
    }

    /// The last move and the side that made it: the side not to move.
    pub fn last_played(&self) -> Option<(Side, Move)> {
        self.record().last().map(|mv| (self.state().to_move().other(), mv))
    }

    /// The aiming cursor while a piece is held (on a target or not).
    pub fn cursor(&self) -> Option<Square> {
        match self.board.mode {
            Mode::Aim { at, .. } => Some(at),
            Mode::Promote { to, .. } => Some(to),
            Mode::Browse => None,
        }
    }

    /// The selected target while a piece is held.
    pub fn selected_target(&self) -> Option<Square> {
        match self.board.mode {
            Mode::Aim { from, at } => self.targets(from).contains(&at).then_some(at),
            Mode::Promote { to, .. } => Some(to),
            Mode::Browse => None,
        }
    }

    /// Puts the hand where the new turn wants it: on a piece that can move, the nearest
    /// to where it was.
    pub fn settle(&mut self) {
        self.board.mode = Mode::Browse;
        let movable = self.movable();
        if movable.contains(&self.board.hand) {
            return;
        }
        let hand = self.board.hand;
        if let Some(&sq) = movable.iter().min_by_key(|&&sq| distance(hand, sq)) {
            self.board.hand = sq;
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
    chek_ui::layout::bearing(to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32)
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

impl crate::duel::Board for ChakBoard {
    type Record = ChakRecord;
    type Eval = ChakEval;
    type Before = sounds::Before;
    type Weights = super::cpu::Weights;

    const INFO: &'static GameInfo = &super::INFO;
    fn slice_nodes(_: &State) -> u32 {
        cpu::SLICE_NODES
    }

    fn new(_record: &ChakRecord) -> ChakBoard {
        ChakBoard { hand: Square::at(4, 1).unwrap_or(Side::White.temple()), mode: Mode::Browse }
    }

    const GREEDY: fn(&State, &mut chek_ai::Rng) -> Option<Move> = super::cpu::greedy;

    fn moved(play: &mut ChakPlay, mv: Move) {
        play.board.hand = mv.to();
    }

    const SETTLE: fn(&mut ChakPlay) = ChakPlay::settle;
    const INPUT: fn(&mut ChakPlay, &Command) = ChakPlay::on_input;
    const SHOW: fn(&mut ChakPlay, Move, u32) -> Shown = ChakPlay::show_cpu;

    fn aiming(play: &ChakPlay) -> bool {
        !matches!(play.board.mode, Mode::Browse)
    }

    fn draw(play: &ChakPlay, f: &mut Frame, view: &View) {
        board::draw(f, play, view);
        f.cropped(&board::LAYOUT.panel_area(), |f| panel::draw(f, play, view));
        panel::draw_last_move(f, play);
    }

    fn reason(state: &State) -> String {
        state.end().map(reason).unwrap_or_default()
    }

    const DRAW_SCORES: fn(&mut Frame, &State, Point) = panel::score_sheet;

    fn score_line(state: &State) -> String {
        let count = |side: Side| state.board().pieces(side).count();
        format!("White {}-{} Black", count(Side::White), count(Side::Black))
    }

    /// A draw offer (A7): people agree by confirming; a CPU side accepts when it judges
    /// itself not ahead.
    fn end_by_agreement(play: &mut ChakPlay) -> Result<(), String> {
        let not_ahead = |state: &State, seat: Seat| Side::of_seat(seat).is_none_or(|s| super::cpu::eval::not_ahead(state, s));
        crate::duel::offer_draw(play, not_ahead)?;
        play.record_mut().end_by(State::agree_draw);
        play.settle();
        Ok(())
    }

    /// Temple wins (A6): the winner's Warrior Ajaw holds the temple.
    fn figures(state: &State, mut tallied: Figures) -> Figures {
        if let Some(End::Win { winner, how: Win::Temple }) = state.end() {
            let f = &mut tallied[winner.seat()];
            f[0] = f[0].saturating_add(1);
        }
        tallied
    }

    fn write(record: &Self::Record, board: &Self) -> Vec<u8> {
        super::save::to_bytes(record, board.hand)
    }

    /// A piece held: its square and the cursor, or the picker's choice.
    fn screen(play: &ChakPlay) -> Vec<u8> {
        match play.board.mode {
            Mode::Browse => Vec::new(),
            Mode::Aim { from, at } => alloc::vec![1, from.index(), at.index()],
            Mode::Promote { from, to, index } => alloc::vec![2, from.index(), to.index(), index as u8],
        }
    }

    fn cells_of(_play: &ChakPlay, mv: Move) -> [Option<Rectangle>; 2] {
        [Some(board::cell_rect(mv.from())), Some(board::cell_rect(mv.to()))]
    }

    /// Over the turn and the pieces taken, above the move box.
    fn card_area(_play: &ChakPlay) -> Rectangle {
        crate::duel::panel_top(&board::LAYOUT, 96)
    }

    fn restore_screen(play: &mut ChakPlay, bytes: &[u8]) {
        let square = |i: u8| Square::from_index(i);
        let mode = match bytes {
            [1, from, at] => square(*from).zip(square(*at)).map(|(from, at)| Mode::Aim { from, at }),
            [2, from, to, index] => square(*from).zip(square(*to)).map(|(from, to)| Mode::Promote { from, to, index: *index as usize }),
            _ => None,
        };
        let fits = |mode: &Mode| match *mode {
            Mode::Aim { from, .. } => !play.targets(from).is_empty(),
            Mode::Promote { from, to, index } => {
                index < PICKER.len() && play.state().legal().contains(&Move::new(from, to, Some(PICKER[index])))
            }
            Mode::Browse => true,
        };
        if let Some(mode) = mode.filter(|m| !play.cpu_to_move() && fits(m)) {
            play.board.mode = mode;
        }
    }

    fn read(saved: &Saved) -> Result<ChakPlay, SaveError> {
        let (record, hand) = super::save::from_saved(saved)?;
        Ok(resumed(record, hand, saved))
    }
}

/// The game of a save's `record`: nothing held, the hand where the player left it.
// A frame of its own, apart from reading the save's bytes (the device's small stack).
#[inline(never)]
fn resumed(record: alloc::boxed::Box<ChakRecord>, hand: Square, saved: &Saved) -> ChakPlay {
    let mut play = ChakPlay::new(*record, saved.kinds, saved.seed);
    play.settle();
    play.board.hand = hand;
    play
}

/// The kinds a pawn may become, for the picker (A4).
pub const PICKER: [Kind; 4] = Kind::PROMOTIONS;
