//! A game of Che on the engine's interface: the tiling, whose move it is and how many
//! tiles of it are down (H4), and how the game ended (H7–H9).

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};
use chek_engine::hash::mix;
use chek_engine::{Game, List, Step, Violation};

use super::tile::{Cell, Kind, Side, Tile};
use super::tiling::{Tiling, MAX_FRONTIER, TILES};

/// The most legal tiles: two kinds for each cell of the frontier (H9's note).
pub const MAX_ACTIONS: usize = 2 * MAX_FRONTIER + 4;

/// The legal tiles of a position, on the heap: up to 268 of them would make every copy
/// in the search's frames 800 bytes of the device's small stack. A search keeps one
/// list a frame and refills it ([`Game::legal_into`]), so it allocates once a frame.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TileList(Vec<Tile>);

impl Deref for TileList {
    type Target = [Tile];
    fn deref(&self) -> &[Tile] {
        &self.0
    }
}

impl DerefMut for TileList {
    fn deref_mut(&mut self) -> &mut [Tile] {
        &mut self.0
    }
}

impl List<Tile> for TileList {
    /// Adds `tile` unless the list holds [`MAX_ACTIONS`] already.
    fn add(&mut self, tile: Tile) -> bool {
        let room = self.0.len() < MAX_ACTIONS;
        if room {
            self.0.push(tile);
        }
        room
    }

    fn keep(&mut self, keep: impl FnMut(&Tile) -> bool) {
        self.0.retain(keep);
    }

    fn empty(&mut self) {
        self.0.clear();
    }
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// A tile closed regions (H7): of the winner's colour only, or of both colours and
    /// the winner is the one who did not place it.
    Closed {
        /// Who won.
        winner: Side,
        /// Whether both colours closed at once (so the mover lost).
        both: bool,
    },
    /// The side to move resigned; the other wins.
    Resigned {
        /// Who won.
        winner: Side,
    },
    /// The tiles ran out, or the mover had no placement (H8, H9): each colour's largest
    /// region in bands; the larger wins, equal ones draw.
    Largest {
        /// White's largest region.
        white: u8,
        /// Blue's largest region.
        blue: u8,
        /// Whether the mover had no placement (H9) rather than the pool running out.
        stuck: bool,
    },
}

impl End {
    /// The winner, if not a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            End::Closed { winner, .. } | End::Resigned { winner } => Some(winner),
            End::Largest { white, blue, .. } if white > blue => Some(Side::White),
            End::Largest { white, blue, .. } if blue > white => Some(Side::Blue),
            End::Largest { .. } => None,
        }
    }
}

/// Who places tile number `n` (counting from 0) and how many of that move's tiles are
/// already down (H4): White the first alone, then two each, Blue first.
pub const fn turn_of(n: usize) -> (Side, u8) {
    if n == 0 {
        return (Side::White, 0);
    }
    let side = if ((n - 1) / 2).is_multiple_of(2) { Side::Blue } else { Side::White };
    (side, ((n - 1) % 2) as u8)
}

/// A position. The tiling (1.5 KB) is on the heap: states are copied into the
/// search's frames and the screen's turns, and the device's stack is small. A search
/// reuses each frame's box (`clone_from`).
#[derive(Clone, Debug)]
pub struct State {
    tiling: Box<Tiling>,
    end: Option<End>,
}

/// A game starts from the empty table (H4).
impl Default for State {
    fn default() -> State {
        State::start()
    }
}

impl PartialEq for State {
    /// The same tiles on the same cells (in whatever order they came) and the same
    /// ending.
    fn eq(&self, other: &State) -> bool {
        self.tiling.len() == other.tiling.len()
            && self.tiling.key() == other.tiling.key()
            && self.end == other.end
            && self.tiling.tiles().iter().all(|t| other.tiling.at(t.cell) == Some(t.kind))
    }
}

impl Eq for State {}

/// Why tiles cannot be a position of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Illegal {
    /// More than the pool's 64 tiles.
    TooMany,
    /// Two tiles on one cell.
    Twice(Cell),
    /// A tile whose edge does not match its neighbour's (H5).
    Mismatch(Cell),
    /// The tiles do not include the origin (H4).
    NoOrigin,
    /// A tile not joined to the origin's through other tiles (H5).
    Apart(Cell),
}

impl State {
    /// The start: no tile, White to place one at the origin (H4).
    pub fn start() -> State {
        State { tiling: Box::default(), end: None }
    }

    /// The position of `tiles` (in any order); how it ended if it has.
    ///
    /// # Errors
    /// Why the tiles cannot arise in a game.
    pub fn from_tiles(tiles: &[Tile]) -> Result<State, Illegal> {
        if tiles.len() > TILES {
            return Err(Illegal::TooMany);
        }
        let mut tiling: Box<Tiling> = Box::default();
        if !tiles.is_empty() && !tiles.iter().any(|t| t.cell == Cell::ORIGIN) {
            return Err(Illegal::NoOrigin);
        }
        // Place them outward from the origin, so that each meets a tile already down.
        let mut done = [false; TILES];
        for _ in 0..tiles.len() {
            let next = (0..tiles.len()).find(|&i| {
                !done[i]
                    && (if tiling.is_empty() { tiles[i].cell == Cell::ORIGIN } else { tiling.frontier().contains(&tiles[i].cell) })
            });
            let Some(i) = next else {
                let apart = (0..tiles.len()).find(|&i| !done[i]).map_or(Cell::ORIGIN, |i| tiles[i].cell);
                return Err(if tiling.at(apart).is_some() { Illegal::Twice(apart) } else { Illegal::Apart(apart) });
            };
            let tile = tiles[i];
            if !tiling.fits(tile.cell, tile.kind) {
                return Err(Illegal::Mismatch(tile.cell));
            }
            done[i] = true;
            tiling.place(tile);
        }
        let mut state = State { tiling, end: None };
        state.end = state.decide_after_any();
        Ok(state)
    }

    /// The tiles.
    pub fn tiling(&self) -> &Tiling {
        &self.tiling
    }

    /// Who places the next tile (in a finished game, who would have).
    pub fn to_move(&self) -> Side {
        turn_of(self.tiling.len()).0
    }

    /// How many tiles of the move are already down: 0 or 1 (H4).
    pub fn placed(&self) -> u8 {
        turn_of(self.tiling.len()).1
    }

    /// Tiles left in the pool (H3).
    pub fn tiles_left(&self) -> usize {
        TILES - self.tiling.len()
    }

    /// Tiles the mover still places this move: 1 or 2 (1 for White's first move, for
    /// the second of a move, and for the last tile of the pool).
    pub fn tiles_this_move(&self) -> usize {
        if self.tiling.is_empty() {
            return 1;
        }
        (2 - self.placed() as usize).min(self.tiles_left())
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The winner, if there is one.
    pub fn winner(&self) -> Option<Side> {
        self.end.and_then(End::winner)
    }

    /// The side to move resigns: the other wins.
    pub fn resign(&mut self) {
        if self.end.is_none() {
            self.end = Some(End::Resigned { winner: self.to_move().other() });
        }
    }

    /// Whether `tile` is legal here (H5), without listing every legal tile.
    pub fn is_legal(&self, tile: Tile) -> bool {
        self.end.is_none() && self.tiling.kinds_for(tile.cell).contains(&tile.kind)
    }

    fn moves_into(&self, list: &mut TileList) {
        list.empty();
        if self.end.is_some() {
            return;
        }
        if self.tiling.is_empty() {
            for kind in Kind::ALL {
                list.add(Tile::new(Cell::ORIGIN, kind));
            }
            return;
        }
        for &cell in self.tiling.frontier() {
            for kind in self.tiling.kinds_at(cell) {
                list.add(Tile::new(cell, kind));
            }
        }
    }

    /// Places `tile` (legal or not: an illegal tile gives some other state, never a
    /// panic), then decides H7–H9.
    pub fn play(&mut self, tile: Tile) {
        if self.end.is_some() || self.tiling.len() >= TILES || self.tiling.at(tile.cell).is_some() {
            return;
        }
        let mover = self.to_move();
        let closed = self.tiling.place(tile);
        self.end = State::judge(mover, closed).or_else(|| self.decide_when_stuck());
    }

    /// H7 after a tile placed by `mover`: both colours closed, the mover loses; one
    /// colour, its player wins.
    fn judge(mover: Side, closed: [bool; 2]) -> Option<End> {
        match closed {
            [true, true] => Some(End::Closed { winner: mover.other(), both: true }),
            [true, false] => Some(End::Closed { winner: Side::White, both: false }),
            [false, true] => Some(End::Closed { winner: Side::Blue, both: false }),
            [false, false] => None,
        }
    }

    /// H8 when the pool is empty, H9 when the mover has no placement: every cell of
    /// the frontier takes two kinds ([`Tiling::kinds_at`]), so only a tiling without
    /// a frontier leaves none.
    fn decide_when_stuck(&self) -> Option<End> {
        let out = self.tiling.len() >= TILES;
        let stuck = !out && !self.tiling.is_empty() && self.tiling.frontier().is_empty();
        (out || stuck).then(|| End::Largest {
            white: self.tiling.largest(Side::White),
            blue: self.tiling.largest(Side::Blue),
            stuck,
        })
    }

    /// How a position given whole stands: closed regions anywhere decide as H7 with
    /// the last tile's placer as the mover.
    fn decide_after_any(&self) -> Option<End> {
        let mut closed = [false; 2];
        for (colour, open, _) in self.tiling.regions() {
            if open == 0 {
                closed[colour as usize] = true;
            }
        }
        let last = turn_of(self.tiling.len().saturating_sub(1)).0;
        State::judge(last, closed).or_else(|| self.decide_when_stuck())
    }
}

impl Game for State {
    chek_engine::duel_turns!(Tile, TileList);

    /// Each tile is a ply of its own (perft counts tiles, H10); the search sees the
    /// same seat act twice and maximises over both tiles of a move.
    fn hash(&self) -> u64 {
        mix(self.tiling.key() ^ self.tiling.len() as u64)
    }

    const BULK_PERFT: bool = true;

    fn max_steps(&self) -> u64 {
        TILES as u64
    }

    fn check(&self) -> Result<(), Violation> {
        let tiling = &self.tiling;
        for t in tiling.tiles() {
            if tiling.at(t.cell) != Some(t.kind) {
                return Err(Violation("the cell table lost a tile"));
            }
        }
        for (i, t) in tiling.tiles().iter().enumerate() {
            if tiling.tiles()[..i].iter().any(|o| o.cell == t.cell) {
                return Err(Violation("two tiles on one cell"));
            }
            for dir in super::tile::Dir::ALL {
                if let Some(other) = t.cell.step(dir).and_then(|n| tiling.at(n)) {
                    if (0..2).any(|h| t.kind.half_colour(dir, h) != other.half_colour(dir.opposite(), h)) {
                        return Err(Violation("two neighbouring tiles whose edges do not match"));
                    }
                }
            }
        }
        let closed = tiling.regions().any(|(_, open, _)| open == 0);
        if self.end.is_none() && closed {
            return Err(Violation("a closed region and the game goes on"));
        }
        if self.end.is_none() && self.legal().is_empty() {
            return Err(Violation("the game goes on with no legal tile"));
        }
        let bands: u32 = tiling.regions().map(|(_, _, b)| b as u32).sum();
        if bands != tiling.len() as u32 {
            return Err(Violation("the regions' bands do not add up to the tiles"));
        }
        if !tiling.is_empty() && tiling.at(Cell::ORIGIN).is_none() {
            return Err(Violation("no tile at the origin"));
        }
        Ok(())
    }

    fn check_step(&self, before: &State, step: Step<Tile, ()>) -> Result<(), Violation> {
        let Step::Act(tile) = step else { return Err(Violation("Che has no chance")) };
        if self.tiling.len() != before.tiling.len() + 1 || self.tiling.at(tile.cell) != Some(tile.kind) {
            return Err(Violation("the tile did not arrive"));
        }
        if before.tiling.tiles().iter().any(|t| self.tiling.at(t.cell) != Some(t.kind)) {
            return Err(Violation("a tile moved or changed"));
        }
        // The regions kept as tiles arrive agree with regions worked out afresh.
        let Ok(fresh) = State::from_tiles(self.tiling.tiles()) else { return Err(Violation("the tiling cannot be rebuilt")) };
        let sorted = |s: &State| {
            let mut r: alloc::vec::Vec<(super::tile::Side, u8, u8)> = s.tiling.regions().collect();
            r.sort_unstable();
            r
        };
        if sorted(&fresh) != sorted(self) {
            return Err(Violation("the regions kept as tiles arrive differ from the regions worked out afresh"));
        }
        Ok(())
    }
}
