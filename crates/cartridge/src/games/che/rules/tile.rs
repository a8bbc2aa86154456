//! The tile and its edges (H1, H2): four kinds, two colours, cells on the open plane,
//! and which of a tile's three areas owns each half of each edge.

use core::fmt;

chek_engine::two_sides! {
    /// A player and a colour: White and Blue (H3). White moves first.
    pub enum Side { White, Blue }
}

impl Side {
    /// The letter in the notation (H10) and in kinds: `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Blue => 'B',
        }
    }
}

/// Which corners a tile's caps cut off (H1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Orientation {
    /// Caps at the north-east and south-west corners.
    L,
    /// Caps at the north-west and south-east corners.
    R,
}

/// A placed tile's kind: its orientation and its dominant (band) colour (H1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// White band, caps north-east and south-west.
    WL = 0,
    /// White band, caps north-west and south-east.
    WR = 1,
    /// Blue band, caps north-east and south-west.
    BL = 2,
    /// Blue band, caps north-west and south-east.
    BR = 3,
}

impl Kind {
    /// The four kinds, in the notation's order.
    pub const ALL: [Kind; 4] = [Kind::WL, Kind::WR, Kind::BL, Kind::BR];

    /// The kind with this index of [`Kind::ALL`].
    pub const fn of_index(i: u8) -> Option<Kind> {
        match i {
            0 => Some(Kind::WL),
            1 => Some(Kind::WR),
            2 => Some(Kind::BL),
            3 => Some(Kind::BR),
            _ => None,
        }
    }

    /// The kind with this band colour and orientation.
    pub const fn new(band: Side, orientation: Orientation) -> Kind {
        match (band, orientation) {
            (Side::White, Orientation::L) => Kind::WL,
            (Side::White, Orientation::R) => Kind::WR,
            (Side::Blue, Orientation::L) => Kind::BL,
            (Side::Blue, Orientation::R) => Kind::BR,
        }
    }

    /// The band's colour: the tile's dominant colour (H1).
    pub const fn band(self) -> Side {
        match self {
            Kind::WL | Kind::WR => Side::White,
            Kind::BL | Kind::BR => Side::Blue,
        }
    }

    /// Where the caps are.
    pub const fn orientation(self) -> Orientation {
        match self {
            Kind::WL | Kind::BL => Orientation::L,
            Kind::WR | Kind::BR => Orientation::R,
        }
    }

    /// The colour of `part` (the caps have the band's other colour).
    pub const fn colour(self, part: Part) -> Side {
        match part {
            Part::Band => self.band(),
            Part::CapA | Part::CapB => self.band().other(),
        }
    }

    /// The colour of the half `half` of the edge facing `dir` (H2).
    pub const fn half_colour(self, dir: Dir, half: u8) -> Side {
        self.colour(part_at(self.orientation(), dir, half))
    }

    /// The colours of the edge facing `dir` as two bits (half 0 in bit 0; 1 for Blue),
    /// from a table: two tiles meet properly when the bits of their facing edges agree.
    pub const fn edge(self, dir: Dir) -> u8 {
        EDGES[self as usize][dir as usize]
    }

    /// The kind's name in the notation: `WL`, `WR`, `BL`, `BR`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::WL => "WL",
            Kind::WR => "WR",
            Kind::BL => "BL",
            Kind::BR => "BR",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// [`Kind::edge`]'s table, worked out from H2 at compile time.
const EDGES: [[u8; 4]; 4] = {
    let mut table = [[0u8; 4]; 4];
    let mut k = 0;
    while k < 4 {
        let kind = Kind::ALL[k];
        let mut d = 0;
        while d < 4 {
            let dir = Dir::ALL[d];
            table[k][d] = kind.half_colour(dir, 0) as u8 | (kind.half_colour(dir, 1) as u8) << 1;
            d += 1;
        }
        k += 1;
    }
    table
};

/// One of a tile's three areas (H1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Part {
    /// The northern cap: north-east for L, north-west for R.
    CapA = 0,
    /// The band between the caps.
    Band = 1,
    /// The southern cap: south-west for L, south-east for R.
    CapB = 2,
}

impl Part {
    /// The three, in index order.
    pub const ALL: [Part; 3] = [Part::CapA, Part::Band, Part::CapB];
}

/// An edge's direction from the tile's centre.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    /// North (y grows).
    N = 0,
    /// East (x grows).
    E = 1,
    /// South.
    S = 2,
    /// West.
    W = 3,
}

impl Dir {
    /// The four, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The facing direction: a neighbour's edge that meets this one.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
        }
    }

    /// The step to the neighbour across this edge.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }
}

/// The area that owns half `half` of the edge facing `dir` (H2). Halves are numbered
/// the same from both sides of an edge: 0 is the west half of a north or south edge
/// and the north half of an east or west edge, 1 the other.
pub const fn part_at(orientation: Orientation, dir: Dir, half: u8) -> Part {
    let first = half == 0;
    match (orientation, dir) {
        (Orientation::L, Dir::N) => if first { Part::Band } else { Part::CapA },
        (Orientation::L, Dir::E) => if first { Part::CapA } else { Part::Band },
        (Orientation::L, Dir::S) => if first { Part::CapB } else { Part::Band },
        (Orientation::L, Dir::W) => if first { Part::Band } else { Part::CapB },
        (Orientation::R, Dir::N) => if first { Part::CapA } else { Part::Band },
        (Orientation::R, Dir::E) => if first { Part::Band } else { Part::CapB },
        (Orientation::R, Dir::S) => if first { Part::Band } else { Part::CapB },
        (Orientation::R, Dir::W) => if first { Part::CapA } else { Part::Band },
    }
}

/// The most a coordinate strays from the origin: 64 tiles joined edge to edge reach
/// at most 63 cells from the first.
pub const REACH: i8 = 63;

/// A cell of the plane: x grows east, y grows north (H10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cell {
    /// East.
    pub x: i8,
    /// North.
    pub y: i8,
}

impl Cell {
    /// The origin, where the first tile goes (H4).
    pub const ORIGIN: Cell = Cell { x: 0, y: 0 };

    /// The cell at `x,y`, if within [`REACH`] of the origin on both axes.
    pub const fn at(x: i32, y: i32) -> Option<Cell> {
        if x < -(REACH as i32) || x > REACH as i32 || y < -(REACH as i32) || y > REACH as i32 {
            None
        } else {
            Some(Cell { x: x as i8, y: y as i8 })
        }
    }

    /// The neighbour across the edge facing `dir` (none past [`REACH`]).
    pub const fn step(self, dir: Dir) -> Option<Cell> {
        let (dx, dy) = dir.delta();
        Cell::at(self.x as i32 + dx as i32, self.y as i32 + dy as i32)
    }

    /// A number for the cell, 0..16384.
    pub const fn index(self) -> u16 {
        ((self.x as i16 + 64) as u16) << 7 | (self.y as i16 + 64) as u16
    }

    /// The corner colours' checkerboard (H9): 0 or 1, alternating from cell to cell.
    pub const fn parity(self) -> u8 {
        ((self.x as i16 + self.y as i16) & 1) as u8
    }

    /// Reading order: north first, then west to east (how positions are written), as
    /// a number that grows along it.
    pub fn reading_rank(self) -> i32 {
        -(self.y as i32) * 128 + self.x as i32 + 64
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A tile on a cell: one action of the game (H10 writes it `x,y,KIND`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Tile {
    /// Where.
    pub cell: Cell,
    /// Which kind.
    pub kind: Kind,
}

impl Tile {
    /// `kind` on `cell`.
    pub const fn new(cell: Cell, kind: Kind) -> Tile {
        Tile { cell, kind }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.cell, self.kind)
    }
}
