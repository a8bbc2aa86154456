//! The tiling: the tiles placed, found by cell through a small hash table, the empty
//! cells beside them (the frontier, each with its neighbouring tiles), and the regions
//! (H6) over the tiles' areas, kept as tiles arrive: every area knows its region's
//! root (a merge relabels the smaller region), and each root how many of its edge
//! halves face an empty cell (0: closed) and how many bands it holds (H8's size).
//! Placing a tile touches its four neighbours and never recomputes the whole tiling;
//! what a tile would do before it is placed is in [`probe`].

use arrayvec::ArrayVec;
use chek_engine::hash::mix;

use super::tile::{part_at, Cell, Dir, Kind, Orientation, Part, Side, Tile};

pub mod probe;

pub use self::probe::{Across, Around, Probe};

/// The pool (H3).
pub const TILES: usize = 64;
/// Areas: three a tile.
const AREAS: usize = TILES * 3;
/// Room in the tables kept at a region's root: one a `u8`, so that a root read from
/// [`Across`] needs no bounds check (only the first [`AREAS`] are used).
const ROOTS: usize = 256;
/// Slots of the cell table (a power of two, four times the tiles).
const SLOTS: usize = 256;
/// No region (in a list of region roots, which are below [`AREAS`]).
const NONE: u8 = u8::MAX;
/// The most empty cells beside a tiling of 64 tiles (a straight line has 130).
pub const MAX_FRONTIER: usize = 2 * TILES + 4;

/// The tiles and their regions. Plain arrays, so that it is `Copy`: a boxed tiling is
/// then cloned heap to heap, never through the device's small stack.
#[derive(Clone, Copy, Debug)]
pub struct Tiling {
    /// The tiles in the order they were placed: the first `len`.
    tiles: [Tile; TILES],
    len: u8,
    /// Tile index + 1 by cell (0: empty), open addressing.
    slots: [u8; SLOTS],
    /// Each area's region root, kept exact as regions merge (so finding one is a
    /// look-up, not a walk).
    root: [u8; AREAS],
    /// At a root: the region's edge halves that face an empty cell.
    open: [u8; ROOTS],
    /// At a root: the region's bands (H8's size).
    bands: [u8; ROOTS],
    /// At a root: the region's areas (union by size).
    size: [u8; AREAS],
    /// The free cells beside the tiles: the first `free`.
    frontier: [Cell; MAX_FRONTIER],
    /// Beside each frontier cell, by [`Dir`]: the neighbouring tile's index + 1 (0:
    /// none), kept as tiles arrive so that looking around a frontier cell needs no
    /// search of the cell table.
    beside: [[u8; 4]; MAX_FRONTIER],
    free: u8,
    key: u64,
}

impl Default for Tiling {
    fn default() -> Tiling {
        Tiling {
            tiles: [Tile::new(Cell::ORIGIN, Kind::WL); TILES],
            len: 0,
            slots: [0; SLOTS],
            root: [0; AREAS],
            open: [0; ROOTS],
            bands: [0; ROOTS],
            size: [0; AREAS],
            frontier: [Cell::ORIGIN; MAX_FRONTIER],
            beside: [[0; 4]; MAX_FRONTIER],
            free: 0,
            key: 0,
        }
    }
}

/// The Zobrist-style key of a tile.
pub fn tile_key(tile: Tile) -> u64 {
    mix((tile.cell.index() as u64) << 2 | tile.kind as u64)
}

fn slot_of(cell: Cell) -> usize {
    // Fibonacci hashing: the top byte of the index times 2^32/φ.
    ((cell.index() as u32).wrapping_mul(0x9e37_79b9) >> 24) as usize & (SLOTS - 1)
}

impl Tiling {
    /// The tiles in the order they were placed.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.len as usize]
    }

    /// How many tiles are placed.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no tile is placed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The empty cells that share an edge with a tile.
    pub fn frontier(&self) -> &[Cell] {
        &self.frontier[..self.free as usize]
    }

    /// An order-free key of the tiles.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The index of the tile on `cell`.
    pub fn index_at(&self, cell: Cell) -> Option<usize> {
        let mut slot = slot_of(cell);
        for _ in 0..SLOTS {
            let i = *self.slots.get(slot)? as usize;
            let tile = self.tiles().get(i.checked_sub(1)?)?;
            if tile.cell == cell {
                return Some(i - 1);
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        None
    }

    /// The kind on `cell`.
    pub fn at(&self, cell: Cell) -> Option<Kind> {
        self.index_at(cell).and_then(|i| self.tiles().get(i)).map(|t| t.kind)
    }

    /// The area index of `part` of tile `i`.
    fn area(i: usize, part: Part) -> usize {
        i * 3 + part as usize
    }

    /// The root of `area`'s region.
    fn find(&self, area: usize) -> usize {
        self.root.get(area).map_or(area, |&r| r as usize)
    }

    /// Merges the regions of areas `a` and `b`: the smaller region's areas take the
    /// larger's root (the first's when they are equal), and its counts join it.
    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a == b || a >= AREAS || b >= AREAS {
            return;
        }
        let (big, small) = if self.size[a] >= self.size[b] { (a, b) } else { (b, a) };
        let used = AREAS.min(3 * (self.len() + 1));
        for root in &mut self.root[..used] {
            if *root as usize == small {
                *root = big as u8;
            }
        }
        self.size[big] = self.size[big].saturating_add(self.size[small]);
        self.open[big] = self.open[big].saturating_add(self.open[small]);
        self.bands[big] = self.bands[big].saturating_add(self.bands[small]);
    }

    /// Whether `kind` on the empty `cell` matches every placed neighbour half by half
    /// (H5's edge rule; not whether it touches the tiling).
    pub fn fits(&self, cell: Cell, kind: Kind) -> bool {
        self.around(cell).fits(kind)
    }

    /// The two kinds that fit a cell beside the tiling, in [`Kind::ALL`]'s order: the
    /// tiles' corners colour the plane's corners like a checkerboard (H9), so a cell's
    /// corners, and its kinds, follow from its parity and any one tile. Both kinds of
    /// orientation L put caps on the north-east corner, R the band's colour there.
    pub fn kinds_at(&self, cell: Cell) -> [Kind; 2] {
        self.kinds_by_parity()[cell.parity() as usize]
    }

    /// [`Tiling::kinds_at`] a cell of parity 0, and of parity 1.
    pub fn kinds_by_parity(&self) -> [[Kind; 2]; 2] {
        [self.kinds_of_parity(0), self.kinds_of_parity(1)]
    }

    fn kinds_of_parity(&self, parity: u8) -> [Kind; 2] {
        let Some(first) = self.tiles().first() else { return [Kind::WL, Kind::WR] };
        let first_north_east = match first.kind.orientation() {
            Orientation::L => first.kind.band().other(),
            Orientation::R => first.kind.band(),
        };
        let north_east = if (parity ^ first.cell.parity()) == 0 { first_north_east } else { first_north_east.other() };
        let l = Kind::new(north_east.other(), Orientation::L);
        let r = Kind::new(north_east, Orientation::R);
        if l < r {
            [l, r]
        } else {
            [r, l]
        }
    }

    /// Whether `cell` may take a tile, colours aside (H5): empty and beside the tiling,
    /// or the origin of an empty tiling (H4).
    pub fn beside(&self, cell: Cell) -> bool {
        if self.is_empty() {
            cell == Cell::ORIGIN
        } else {
            self.frontier().contains(&cell)
        }
    }

    /// Places `tile` (which must be legal, or the regions mean nothing) and tells
    /// which colours now have a closed region among those the tile joined: only they
    /// can have closed (H6, H7).
    pub fn place(&mut self, tile: Tile) -> [bool; 2] {
        let i = self.len();
        if i >= TILES || self.index_at(tile.cell).is_some() {
            return [false; 2];
        }
        let orientation = tile.kind.orientation();
        for part in Part::ALL {
            let a = Tiling::area(i, part);
            self.root[a] = a as u8;
            self.open[a] = 0;
            self.size[a] = 1;
            self.bands[a] = (part == Part::Band) as u8;
        }
        // The neighbours: kept beside a frontier cell, else looked up.
        let at = self.frontier().iter().position(|&c| c == tile.cell);
        let mut neighbours = [None; 4];
        for (dir, neighbour) in Dir::ALL.into_iter().zip(neighbours.iter_mut()) {
            *neighbour = match at.and_then(|k| self.beside.get(k)) {
                Some(beside) => (beside[dir as usize] as usize).checked_sub(1),
                None => tile.cell.step(dir).and_then(|n| self.index_at(n)),
            };
        }
        // The new areas' own open halves first, then the shared halves join regions.
        for (dir, neighbour) in Dir::ALL.into_iter().zip(neighbours) {
            if neighbour.is_none() {
                for h in 0..2 {
                    let a = Tiling::area(i, part_at(orientation, dir, h));
                    self.open[a] = self.open[a].saturating_add(1);
                }
            }
        }
        for (dir, neighbour) in Dir::ALL.into_iter().zip(neighbours) {
            let Some(j) = neighbour else { continue };
            let theirs = self.tiles[j].kind.orientation();
            for h in 0..2 {
                let root = self.find(Tiling::area(j, part_at(theirs, dir.opposite(), h)));
                self.open[root] = self.open[root].saturating_sub(1);
                self.union(Tiling::area(i, part_at(orientation, dir, h)), root);
            }
        }
        self.tiles[i] = tile;
        self.len += 1;
        let mut slot = slot_of(tile.cell);
        while self.slots[slot] != 0 {
            slot = (slot + 1) & (SLOTS - 1);
        }
        self.slots[slot] = (i + 1) as u8;
        self.key ^= tile_key(tile);
        if let Some(at) = at {
            let free = self.free as usize;
            self.frontier.copy_within(at + 1..free, at);
            self.beside.copy_within(at + 1..free, at);
            self.free -= 1;
        }
        for (dir, neighbour) in Dir::ALL.into_iter().zip(neighbours) {
            let Some(n) = tile.cell.step(dir).filter(|_| neighbour.is_none()) else { continue };
            let back = dir.opposite() as usize;
            match self.frontier().iter().position(|&c| c == n) {
                Some(k) => self.beside[k][back] = (i + 1) as u8,
                None => {
                    let free = self.free as usize;
                    if free < MAX_FRONTIER {
                        self.frontier[free] = n;
                        let mut beside = [0; 4];
                        for (d, b) in Dir::ALL.into_iter().zip(beside.iter_mut()) {
                            *b = n.step(d).and_then(|m| self.index_at(m)).map_or(0, |j| j as u8 + 1);
                        }
                        self.beside[free] = beside;
                        self.free += 1;
                    }
                }
            }
        }
        let mut closed = [false; 2];
        for part in Part::ALL {
            let root = self.find(Tiling::area(i, part));
            if self.open[root] == 0 {
                closed[tile.kind.colour(part) as usize] = true;
            }
        }
        closed
    }

    /// The regions, one entry a root: (colour, open halves, bands).
    pub fn regions(&self) -> impl Iterator<Item = (Side, u8, u8)> + '_ {
        (0..self.len() * 3).filter(move |&a| self.find(a) == a).map(move |a| {
            let tile = self.tiles[a / 3];
            (tile.kind.colour(Part::ALL[a % 3]), self.open[a], self.bands[a])
        })
    }

    /// The largest region of `side`'s colour, in bands (H8).
    pub fn largest(&self, side: Side) -> u8 {
        self.regions().filter(|&(c, ..)| c == side).map(|(_, _, bands)| bands).max().unwrap_or(0)
    }

    /// The region of `part` of the tile on `cell`: its root, for drawing a region.
    pub fn region_of(&self, cell: Cell, part: Part) -> Option<usize> {
        self.index_at(cell).map(|i| self.find(Tiling::area(i, part)))
    }

    /// Whether region `root` is closed.
    pub fn is_closed(&self, root: usize) -> bool {
        self.open.get(root) == Some(&0)
    }

    /// The edge halves of region `root` that face an empty cell (0: closed).
    pub fn open_of(&self, root: usize) -> u8 {
        self.open.get(root).copied().unwrap_or(0)
    }

    /// The bands of region `root`.
    pub fn bands_of(&self, root: usize) -> u8 {
        self.bands.get(root).copied().unwrap_or(0)
    }

    /// The kinds whose edges match the neighbours of `cell` (not whether it is empty
    /// and beside the tiling).
    pub fn kinds_fitting(&self, cell: Cell) -> impl Iterator<Item = Kind> {
        self.around(cell).kinds()
    }

    /// The kinds that fit on `cell` (H5), in [`Kind::ALL`]'s order.
    pub fn kinds_for(&self, cell: Cell) -> ArrayVec<Kind, 4> {
        if !self.beside(cell) {
            return ArrayVec::new();
        }
        self.kinds_fitting(cell).collect()
    }

    /// The cells the tiles cover, west, south, east and north extremes.
    pub fn bounds(&self) -> Option<(i8, i8, i8, i8)> {
        let first = self.tiles().first()?.cell;
        Some(self.tiles().iter().fold((first.x, first.y, first.x, first.y), |(x0, y0, x1, y1), t| {
            (x0.min(t.cell.x), y0.min(t.cell.y), x1.max(t.cell.x), y1.max(t.cell.y))
        }))
    }
}
