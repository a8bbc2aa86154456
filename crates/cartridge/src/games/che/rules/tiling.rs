//! The tiling: the tiles placed, found by cell through a small hash table, the empty
//! cells beside them (the frontier), and the regions (H6) as a union-find over the
//! tiles' areas, kept as tiles arrive: each region's root knows how many of its edge
//! halves face an empty cell (0: closed) and how many bands it holds (H8's size).
//! Placing a tile touches its four neighbours and never recomputes the whole tiling.

use arrayvec::ArrayVec;
use chek_engine::hash::mix;

use super::tile::{part_at, Cell, Dir, Kind, Part, Side, Tile};

/// The pool (H3).
pub const TILES: usize = 64;
/// Areas: three a tile.
const AREAS: usize = TILES * 3;
/// Slots of the cell table (a power of two, four times the tiles).
const SLOTS: usize = 256;
/// The most empty cells beside a tiling of 64 tiles (a straight line has 130).
pub const MAX_FRONTIER: usize = 2 * TILES + 4;

/// The regions a tile would close or leave nearly closed: for each group of the new
/// tile's areas that ends up in one region, its colour, its open halves after the tile
/// and its bands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Probe {
    /// The groups: (colour, open halves after, bands), at most three.
    pub groups: [(u8, u8, u8); 3],
    /// How many of `groups` are used.
    pub len: u8,
}

impl Probe {
    /// The groups.
    pub fn groups(&self) -> impl Iterator<Item = (Side, u8, u8)> + '_ {
        self.groups[..self.len as usize]
            .iter()
            .map(|&(c, open, bands)| (if c == 0 { Side::White } else { Side::Blue }, open, bands))
    }

    /// Whether the tile closes a region of `side`'s colour.
    pub fn closes(&self, side: Side) -> bool {
        self.groups().any(|(c, open, _)| c == side && open == 0)
    }
}

/// The tiles and their regions. Plain arrays, so that it is `Copy`: a boxed tiling is
/// then cloned heap to heap, never through the device's small stack.
#[derive(Clone, Copy, Debug)]
pub struct Tiling {
    /// The tiles in the order they were placed: the first `len`.
    tiles: [Tile; TILES],
    len: u8,
    /// Tile index + 1 by cell (0: empty), open addressing.
    slots: [u8; SLOTS],
    parent: [u8; AREAS],
    /// At a root: the region's edge halves that face an empty cell.
    open: [u8; AREAS],
    /// At a root: the region's bands (H8's size).
    bands: [u8; AREAS],
    /// At a root: the region's areas (union by size).
    size: [u8; AREAS],
    /// The free cells beside the tiles: the first `free`.
    frontier: [Cell; MAX_FRONTIER],
    free: u8,
    key: u64,
}

impl Default for Tiling {
    fn default() -> Tiling {
        Tiling {
            tiles: [Tile::new(Cell::ORIGIN, Kind::WL); TILES],
            len: 0,
            slots: [0; SLOTS],
            parent: [0; AREAS],
            open: [0; AREAS],
            bands: [0; AREAS],
            size: [0; AREAS],
            frontier: [Cell::ORIGIN; MAX_FRONTIER],
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

/// What an empty cell sees around it, looked up once for all four kinds: across each
/// edge, the neighbour's kind and the roots of the regions its two halves belong to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Around {
    /// By [`Dir`]: the neighbour's kind and its halves' region roots, if tiled.
    pub sides: [Option<(Kind, [u8; 2])>; 4],
}

impl Around {
    /// Whether `kind` matches every neighbour half by half (H5's edge rule).
    pub fn fits(&self, kind: Kind) -> bool {
        Dir::ALL.into_iter().zip(self.sides).all(|(dir, side)| match side {
            None => true,
            Some((other, _)) => kind.edge(dir) == other.edge(dir.opposite()),
        })
    }

    /// The kinds that match every neighbour, in [`Kind::ALL`]'s order.
    pub fn kinds(self) -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(move |&k| self.fits(k))
    }
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

    /// The root of `area`'s region (no recursion; union by size keeps it short).
    fn find(&self, mut area: usize) -> usize {
        while let Some(&p) = self.parent.get(area) {
            if p as usize == area {
                break;
            }
            area = p as usize;
        }
        area
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a == b || a >= AREAS || b >= AREAS {
            return;
        }
        let (big, small) = if self.size[a] >= self.size[b] { (a, b) } else { (b, a) };
        self.parent[small] = big as u8;
        self.size[big] = self.size[big].saturating_add(self.size[small]);
        self.open[big] = self.open[big].saturating_add(self.open[small]);
        self.bands[big] = self.bands[big].saturating_add(self.bands[small]);
    }

    /// Whether `kind` on the empty `cell` matches every placed neighbour half by half
    /// (H5's edge rule; not whether it touches the tiling).
    pub fn fits(&self, cell: Cell, kind: Kind) -> bool {
        self.around(cell).fits(kind)
    }

    /// The neighbours of `cell` and their halves' regions.
    pub fn around(&self, cell: Cell) -> Around {
        let mut around = Around::default();
        for (dir, side) in Dir::ALL.into_iter().zip(around.sides.iter_mut()) {
            let Some(j) = cell.step(dir).and_then(|n| self.index_at(n)) else { continue };
            let theirs = self.tiles[j].kind;
            let o = theirs.orientation();
            let back = dir.opposite();
            let first = self.find(Tiling::area(j, part_at(o, back, 0))) as u8;
            let second = self.find(Tiling::area(j, part_at(o, back, 1))) as u8;
            *side = Some((theirs, [first, second]));
        }
        around
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
            self.parent[a] = a as u8;
            self.open[a] = 0;
            self.size[a] = 1;
            self.bands[a] = (part == Part::Band) as u8;
        }
        let neighbours = Dir::ALL.map(|dir| tile.cell.step(dir).and_then(|n| self.index_at(n)));
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
        if let Some(at) = self.frontier().iter().position(|&c| c == tile.cell) {
            let free = self.free as usize;
            self.frontier.copy_within(at + 1..free, at);
            self.free -= 1;
        }
        for dir in Dir::ALL {
            if let Some(n) = tile.cell.step(dir) {
                let free = self.free as usize;
                if self.index_at(n).is_none() && !self.frontier().contains(&n) && free < MAX_FRONTIER {
                    self.frontier[free] = n;
                    self.free += 1;
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

    /// What `kind` on the empty `cell` would do to the regions it joins, without
    /// placing it: the open halves and bands of each resulting region.
    pub fn probe(&self, cell: Cell, kind: Kind) -> Probe {
        self.probe_around(&self.around(cell), kind)
    }

    /// [`Tiling::probe`] with the neighbours already looked up.
    pub fn probe_around(&self, around: &Around, kind: Kind) -> Probe {
        let orientation = kind.orientation();
        // Per new area (by part): its own open halves, the halves it shares, and the
        // distinct regions it joins (a cap has two halves, the band four).
        let mut own = [0u8; 3];
        let mut shared = [0u8; 3];
        let mut roots = [[0u8; 4]; 3];
        let mut count = [0usize; 3];
        for (dir, side) in Dir::ALL.into_iter().zip(around.sides) {
            for h in 0..2u8 {
                let p = part_at(orientation, dir, h) as usize;
                match side {
                    None => own[p] += 1,
                    Some((_, r)) => {
                        shared[p] += 1;
                        let r = r[h as usize];
                        let n = count[p];
                        if !roots[p][..n].contains(&r) && n < 4 {
                            roots[p][n] = r;
                            count[p] = n + 1;
                        }
                    }
                }
            }
        }
        let total = |list: &[u8]| -> (i32, i32) {
            list.iter().fold((0, 0), |(o, b), &r| {
                (o + self.open[r as usize] as i32, b + self.bands[r as usize] as i32)
            })
        };
        let band = kind.band() as u8;
        let cap = 1 - band;
        let clamp = |v: i32| v.clamp(0, 255) as u8;
        let mut probe = Probe::default();
        let (bo, bb) = total(&roots[1][..count[1]]);
        probe.groups[0] = (band, clamp(own[1] as i32 + bo - shared[1] as i32), clamp(1 + bb));
        let (a, b) = (&roots[0][..count[0]], &roots[2][..count[2]]);
        if a.iter().any(|r| b.contains(r)) {
            // The two caps meet through a region: one group.
            let mut both = [0u8; 4];
            both[..a.len()].copy_from_slice(a);
            let mut n = a.len();
            for &r in b {
                if !both[..n].contains(&r) && n < 4 {
                    both[n] = r;
                    n += 1;
                }
            }
            let (o, bands) = total(&both[..n]);
            let open = own[0] as i32 + own[2] as i32 + o - shared[0] as i32 - shared[2] as i32;
            probe.groups[1] = (cap, clamp(open), clamp(bands));
            probe.len = 2;
        } else {
            let (oa, ba) = total(a);
            let (ob, bb) = total(b);
            probe.groups[1] = (cap, clamp(own[0] as i32 + oa - shared[0] as i32), clamp(ba));
            probe.groups[2] = (cap, clamp(own[2] as i32 + ob - shared[2] as i32), clamp(bb));
            probe.len = 3;
        }
        probe
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
