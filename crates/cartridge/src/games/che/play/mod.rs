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

use chek_engine::code::{CodeChars, CodeError};
use chek_engine::Record;
use chek_ui::{Command, Ending, Frame, GameInfo, Play, SeatKind, View};
use embedded_graphics::prelude::Point;

pub use self::board::{COLS, ROWS};
pub use self::cpu::CpuTurn;
use super::record::CheRecord;
use super::rules::{Cell, End, Kind, Side, State, Tile};

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

/// A game of Che being played, with everything the screen needs.
#[derive(Clone, Debug)]
pub struct ChePlay {
    /// The game record (on the heap: with the position before the first tile of a
    /// move it holds two tilings).
    pub game: alloc::boxed::Box<CheRecord>,
    /// Who plays each seat.
    pub kinds: [SeatKind; 4],
    /// The seed the game started with.
    pub seed: u64,
    /// The hand's cell.
    pub hand: Cell,
    /// What the player is doing.
    pub mode: Mode,
    /// The view's north-west cell: columns `x .. x + COLS`, rows `y - ROWS + 1 ..= y`.
    pub view: Cell,
    /// Whether threat cells are marked.
    pub show_threats: bool,
    /// The CPU's decision in progress (on the heap: a search is large).
    pub cpu: Option<alloc::boxed::Box<CpuTurn>>,
    /// Tiles placed since the game started or was resumed (seeds the CPU).
    pub plies: u32,
}

impl ChePlay {
    /// A game in progress, the hand on the origin.
    pub fn new(game: CheRecord, kinds: [SeatKind; 4], seed: u64) -> ChePlay {
        let game = alloc::boxed::Box::new(game);
        let view = Cell { x: -(COLS as i8) / 2, y: ROWS as i8 / 2 - 1 };
        let mut play = ChePlay {
            game,
            kinds,
            seed,
            hand: Cell::ORIGIN,
            mode: Mode::Browse,
            view,
            show_threats: false,
            cpu: None,
            plies: 0,
        };
        play.settle();
        play
    }

    /// The position.
    pub fn state(&self) -> &State {
        self.game.now()
    }

    /// Whether the CPU plays the side to move.
    pub fn cpu_to_move(&self) -> bool {
        self.kinds[self.state().to_move() as usize].is_cpu() && self.state().end().is_none()
    }

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
        self.state().tiling().kinds_for(self.hand)
    }

    /// The tile held, if any.
    pub fn held(&self) -> Option<Tile> {
        match self.mode {
            Mode::Hold { index } => self.kinds_here().get(index).map(|&k| Tile::new(self.hand, k)),
            Mode::Browse => None,
        }
    }

    /// The tile the CPU is showing, once decided.
    pub fn cpu_tile(&self) -> Option<Tile> {
        self.cpu.as_ref().and_then(|c| c.decided)
    }

    /// Places `tile`; the hand stays on it.
    fn play(&mut self, tile: Tile) {
        if self.game.play(tile).is_ok() {
            self.plies += 1;
            self.hand = tile.cell;
            self.settle();
        }
    }

    /// Lifts the first tile of the move back (B before the second tile).
    fn lift(&mut self) -> bool {
        match self.game.lift() {
            Some(tile) => {
                self.plies = self.plies.saturating_sub(1);
                self.hand = tile.cell;
                self.settle();
                true
            }
            None => false,
        }
    }

    /// After a tile: nothing held, the hand on the nearest free cell, the view on it.
    pub fn settle(&mut self) {
        self.mode = Mode::Browse;
        let free = self.free_cells();
        let hand = self.hand;
        if !free.contains(&hand) {
            if let Some(&c) = free.iter().min_by_key(|&&c| distance(hand, c)) {
                self.hand = c;
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
        let mut vx = self.view.x as i32;
        let mut vy = self.view.y as i32;
        if x1 - x0 < cols {
            vx = (x0 + x1 + 1) / 2 - cols / 2;
        }
        if y1 - y0 < rows {
            vy = (y0 + y1) / 2 + rows / 2;
        }
        let (hx, hy) = (self.hand.x as i32, self.hand.y as i32);
        vx = vx.clamp(hx - cols + 2, hx - 1);
        vy = vy.clamp(hy + 1, hy + rows - 2);
        self.view = Cell { x: vx.clamp(-90, 90) as i8, y: vy.clamp(-90, 90) as i8 };
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

impl Play for ChePlay {
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

    // Not inlined into the cartridge's dispatch: each game's frame stays its own.
    #[inline(never)]
    fn update(&mut self, command: &Command, now: u32) -> chek_ui::sound::Cues {
        let before = self.before();
        self.on_board(command, now);
        self.cues_since(&before, command)
    }

    fn draw(&self, f: &mut Frame, view: &View) {
        board::draw(f, self);
        panel::draw(f, self, view);
    }

    fn busy(&self, _now: u32) -> bool {
        false
    }

    fn cpu_to_act(&self) -> bool {
        self.cpu_to_move()
    }

    fn aiming(&self) -> bool {
        matches!(self.mode, Mode::Hold { .. })
    }

    fn is_over(&self) -> bool {
        self.state().end().is_some()
    }

    /// Che has no draw: the side to move may resign instead, and the other wins.
    fn end_by_agreement(&mut self) -> Result<(), String> {
        if self.cpu_to_move() {
            return Err(String::from("The CPU plays on: resign on your own turn"));
        }
        self.game.resign();
        self.mode = Mode::Browse;
        Ok(())
    }

    fn ending(&self) -> Ending {
        let Some(end) = self.state().end() else { return Ending::default() };
        let verdict = match end.winner() {
            Some(side) => format!("{} wins!", side.name()),
            None => String::from("Draw"),
        };
        Ending { reason: reason(end), verdict }
    }

    fn end_words(&self) -> (&'static str, &'static str) {
        ("Resign", "Resign this game?")
    }

    fn end_terms(&self) -> [&'static str; 2] {
        let side = self.state().to_move();
        match side {
            Side::White => ["White, to move, resigns:", "Blue wins."],
            Side::Blue => ["Blue, to move, resigns:", "White wins."],
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
