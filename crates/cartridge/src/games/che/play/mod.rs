//! Che on the screen: the game record, the hand over the plane, the tile held and the
//! kinds that fit under it, the view that follows the tiling, the threats shown on
//! request, and the CPU's turns. Drawing is in `board` and `panel`.

mod board;
mod cpu;
mod hand;
mod panel;
mod sounds;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use chek_ui::save::{SaveError, Saved};
use chek_ui::{Command, Frame, GameInfo, View};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::prelude::{Point, Size};

pub use self::board::{COLS, ROWS};
use super::cpu::CheEval;
use super::record::CheRecord;
use super::rules::{Cell, End, Kind, Side, State, Tile};
use crate::duel::{Duel, Figures, Shown};

/// What the player is doing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The hand moves over the plane; A takes a tile on a free cell.
    Browse,
    /// A tile is held over the hand's cell, turned to one of the kinds that fit there.
    Hold {
        /// The kind shown, an index into the kinds that fit the cell.
        index: usize,
    },
}

/// What the Che screen shows besides the game: the hand, the tile held, the view and
/// the threats.
#[derive(Clone, Copy, Debug)]
pub struct CheBoard {
    /// The hand's cell.
    pub hand: Cell,
    /// What the player is doing.
    pub mode: Mode,
    /// The view's north-west cell: columns `x .. x + COLS`, rows `y - ROWS + 1 ..= y`.
    pub view: Cell,
    /// Whether threat cells are marked.
    pub show_threats: bool,
}

/// A game of Che being played.
pub type ChePlay = Duel<CheBoard>;

impl Duel<CheBoard> {
    /// The free cells that can take a tile, north to south, west to east.
    pub fn free_cells(&self) -> Vec<Cell> {
        let state = self.state();
        if state.end().is_some() {
            return Vec::new();
        }
        if state.tiling().is_empty() {
            return alloc::vec![Cell::ORIGIN];
        }
        let mut cells: Vec<Cell> =
            state.tiling().frontier().iter().copied().filter(|&c| state.tiling().kinds_fitting(c).next().is_some()).collect();
        chek_ai::sort_by_key(&mut cells, |c| c.reading_rank());
        cells
    }

    /// The kinds that fit the hand's cell, in the order the crank turns them.
    pub fn kinds_here(&self) -> arrayvec::ArrayVec<Kind, 4> {
        if self.state().end().is_some() {
            return arrayvec::ArrayVec::new();
        }
        self.state().tiling().kinds_for(self.board.hand)
    }

    /// The tile held, if any.
    pub fn held(&self) -> Option<Tile> {
        match self.board.mode {
            Mode::Hold { index } => self.kinds_here().get(index).map(|&k| Tile::new(self.board.hand, k)),
            Mode::Browse => None,
        }
    }

    /// The tile the CPU is showing, once decided.
    pub fn cpu_tile(&self) -> Option<Tile> {
        self.cpu_move()
    }

    /// Lifts the first tile of the move back (B before the second tile).
    fn lift(&mut self) -> bool {
        match self.record_mut().lift() {
            Some(tile) => {
                self.forget_last();
                self.board.hand = tile.cell;
                self.settle();
                true
            }
            None => false,
        }
    }

    /// After a tile: nothing held, the hand on the nearest free cell, the view on it.
    pub fn settle(&mut self) {
        self.board.mode = Mode::Browse;
        let free = self.free_cells();
        let hand = self.board.hand;
        if !free.contains(&hand) {
            if let Some(&c) = free.iter().min_by_key(|&&c| distance(hand, c)) {
                self.board.hand = c;
            }
        }
        self.follow();
    }

    /// Keeps the view on the tiling: centred while it fits the screen, else panned so
    /// that the hand stays a cell inside the edge.
    pub fn follow(&mut self) {
        let (cols, rows) = (COLS as i32, ROWS as i32);
        let bounds = self.state().tiling().bounds().map(|(x0, y0, x1, y1)| {
            (x0 as i32 - 1, y0 as i32 - 1, x1 as i32 + 1, y1 as i32 + 1)
        });
        let (x0, y0, x1, y1) = bounds.unwrap_or((-1, -1, 1, 1));
        let mut vx = self.board.view.x as i32;
        let mut vy = self.board.view.y as i32;
        if x1 - x0 < cols {
            vx = (x0 + x1 + 1) / 2 - cols / 2;
        }
        if y1 - y0 < rows {
            vy = (y0 + y1) / 2 + rows / 2;
        }
        let (hx, hy) = (self.board.hand.x as i32, self.board.hand.y as i32);
        vx = vx.clamp(hx - cols + 2, hx - 1);
        vy = vy.clamp(hy + 1, hy + rows - 2);
        self.board.view = Cell { x: vx.clamp(-90, 90) as i8, y: vy.clamp(-90, 90) as i8 };
    }
}

/// Squared distance between cells.
fn distance(a: Cell, b: Cell) -> i32 {
    let (dx, dy) = (a.x as i32 - b.x as i32, a.y as i32 - b.y as i32);
    dx * dx + dy * dy
}

/// Why the game ended, in words.
fn reason(end: End) -> String {
    match end {
        End::Closed { winner, both: true } => {
            format!("{}'s tile closed regions of both colours", winner.other().name())
        }
        End::Closed { winner, both: false } => format!("a {} region is closed", winner.name()),
        End::Resigned { winner } => format!("{} resigned", winner.other().name()),
        End::Largest { white, blue, stuck } => {
            let why = if stuck { "no tile can be placed" } else { "all tiles placed" };
            format!("{why}: largest White {white}, Blue {blue}")
        }
    }
}

impl crate::duel::Board for CheBoard {
    type Record = CheRecord;
    type Eval = CheEval;
    type Before = sounds::Before;
    type Weights = super::cpu::Weights;

    const INFO: &'static GameInfo = &super::INFO;
    fn slice_nodes(state: &State) -> u32 {
        super::cpu::slice_nodes(state)
    }

    fn new(_record: &CheRecord) -> CheBoard {
        let view = Cell { x: -(COLS as i8) / 2, y: ROWS as i8 / 2 - 1 };
        CheBoard { hand: Cell::ORIGIN, mode: Mode::Browse, view, show_threats: false }
    }

    const GREEDY: fn(&State, &mut chek_ai::Rng) -> Option<Tile> = super::cpu::greedy;

    /// A move's second tile is not the start of a turn (H4).
    fn turn_starts(state: &State) -> bool {
        state.placed() == 0
    }

    fn moved(play: &mut ChePlay, tile: Tile) {
        play.board.hand = tile.cell;
    }

    const SETTLE: fn(&mut ChePlay) = ChePlay::settle;
    const INPUT: fn(&mut ChePlay, &Command) = ChePlay::on_input;
    const SHOW: fn(&mut ChePlay, Tile, u32) -> Shown = ChePlay::show_cpu;

    fn aiming(play: &ChePlay) -> bool {
        matches!(play.board.mode, Mode::Hold { .. })
    }

    fn draw(play: &ChePlay, f: &mut Frame, view: &View) {
        board::draw(f, play);
        f.cropped(&chek_ui::layout::panel_from(board::WIDTH), |f| panel::draw(f, play, view));
    }

    fn reason(state: &State) -> String {
        state.end().map(reason).unwrap_or_default()
    }

    const DRAW_SCORES: fn(&mut Frame, &State, Point) = panel::score_sheet;

    fn score_line(state: &State) -> String {
        let tiling = state.tiling();
        format!("White {}-{} Blue", tiling.largest(Side::White), tiling.largest(Side::Blue))
    }

    /// Che has no draw: the side to move may resign instead, and the other wins.
    fn end_by_agreement(play: &mut ChePlay) -> Result<(), String> {
        if play.cpu_to_move() {
            return Err(String::from("The CPU plays on: resign on your own turn"));
        }
        play.record_mut().resign();
        play.settle();
        Ok(())
    }

    fn end_words() -> (&'static str, &'static str) {
        ("Resign", "Resign this game?")
    }

    fn end_terms(play: &ChePlay) -> [&'static str; 2] {
        match play.state().to_move() {
            Side::White => ["White, to move, resigns:", "Blue wins."],
            Side::Blue => ["Blue, to move, resigns:", "White wins."],
        }
    }

    /// Each colour's largest region at the end, in bands (H8).
    fn figures(state: &State, mut tallied: Figures) -> Figures {
        for side in [Side::White, Side::Blue] {
            tallied[side.seat()][0] = state.tiling().largest(side) as u16;
        }
        tallied
    }

    fn write(record: &Self::Record, board: &Self) -> Vec<u8> {
        super::save::to_bytes(record, board.hand, board.show_threats)
    }

    /// The view's corner, and the kind of the tile held.
    fn screen(play: &ChePlay) -> Vec<u8> {
        let view = play.board.view;
        let mut bytes = alloc::vec![view.x as u8, view.y as u8];
        if let Mode::Hold { index } = play.board.mode {
            bytes.push(index as u8);
        }
        bytes
    }

    fn cells_of(play: &ChePlay, tile: Tile) -> [Option<Rectangle>; 2] {
        let at = board::cell_origin(play.board.view, tile.cell);
        [at.map(|at| Rectangle::new(at, Size::new(board::CELL as u32, board::CELL as u32))), None]
    }

    /// Over the overview and the threat counts, under the box naming the tile held.
    fn card_area(_play: &ChePlay) -> Rectangle {
        Rectangle::new(Point::new(board::WIDTH, 94), Size::new((400 - board::WIDTH) as u32, 92))
    }

    fn restore_screen(play: &mut ChePlay, bytes: &[u8]) {
        let (view, held) = match bytes {
            [x, y] => ((*x, *y), None),
            [x, y, index] => ((*x, *y), Some(*index as usize)),
            _ => return,
        };
        if let Some(view) = Cell::at(view.0 as i8 as i32, view.1 as i8 as i32) {
            play.board.view = view;
            play.follow();
        }
        if let Some(index) = held.filter(|&i| !play.cpu_to_move() && i < play.kinds_here().len()) {
            play.board.mode = Mode::Hold { index };
        }
    }

    fn read(saved: &Saved) -> Result<ChePlay, SaveError> {
        let (record, hand, threats) = super::save::from_saved(saved)?;
        let mut play = ChePlay::new(record, saved.kinds, saved.seed);
        play.board.show_threats = threats;
        // Nothing held; the hand where the player left it, in view.
        play.settle();
        play.board.hand = hand;
        play.follow();
        Ok(play)
    }
}
