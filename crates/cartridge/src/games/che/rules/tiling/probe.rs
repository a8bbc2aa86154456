//! What a tile would do before it is placed: the regions across a cell's edge halves
//! ([`Around`], [`Across`]), and a [`Probe`] of the groups a kind there would form —
//! the evaluation's threats and the tile order are made of these.

use super::super::tile::{part_at, Cell, Dir, Kind, Orientation, Part, Side};
use super::{Tiling, NONE};

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

/// The edge halves (numbered `dir * 2 + half`) that `part` owns in a tile of
/// `orientation`, from H2's [`part_at`].
const fn halves_of<const N: usize>(orientation: Orientation, part: Part) -> [u8; N] {
    let mut out = [0u8; N];
    let (mut i, mut n) = (0, 0);
    while i < 8 {
        if part_at(orientation, Dir::ALL[i / 2], (i % 2) as u8) as u8 == part as u8 && n < N {
            out[n] = i as u8;
            n += 1;
        }
        i += 1;
    }
    out
}

/// By orientation (L, R): the halves of the northern cap, the band and the southern
/// cap.
const CAP_A_HALVES: [[u8; 2]; 2] = [halves_of(Orientation::L, Part::CapA), halves_of(Orientation::R, Part::CapA)];
const BAND_HALVES: [[u8; 4]; 2] = [halves_of(Orientation::L, Part::Band), halves_of(Orientation::R, Part::Band)];
const CAP_B_HALVES: [[u8; 2]; 2] = [halves_of(Orientation::L, Part::CapB), halves_of(Orientation::R, Part::CapB)];

/// Adds the distinct regions across `halves` (one part's) to `roots[..n]`, and says
/// the halves' net effect on the open count before those regions' own: +1 a half
/// facing an empty cell, -1 a half shared with a neighbour (it closes there).
fn gather(across: &[u8; 8], halves: &[u8], roots: &mut [u8; 8], n: &mut usize) -> i32 {
    let mut own = 0;
    for &h in halves {
        let r = across[h as usize & 7];
        if r == NONE {
            own += 1;
            continue;
        }
        own -= 1;
        if !roots[..*n].contains(&r) && *n < roots.len() {
            roots[*n] = r;
            *n += 1;
        }
    }
    own
}

/// What an empty cell sees around it, looked up once for all four kinds: across each
/// edge, the neighbour's kind and the roots of the regions its two halves belong to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Around {
    /// By [`Dir`]: the neighbour's kind and its halves' region roots, if tiled.
    pub sides: [Option<(Kind, [u8; 2])>; 4],
}

/// What an empty cell sees across each of its eight edge halves (numbered
/// `dir * 2 + half`): the root of the region there, or none where no tile is. All a
/// probe needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Across([u8; 8]);

impl From<&Around> for Across {
    fn from(around: &Around) -> Across {
        let mut across = [NONE; 8];
        for (pair, side) in across.chunks_exact_mut(2).zip(around.sides) {
            if let Some((_, roots)) = side {
                pair.copy_from_slice(&roots);
            }
        }
        Across(across)
    }
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
    /// The neighbours of `cell` and their halves' regions.
    pub fn around(&self, cell: Cell) -> Around {
        let mut around = Around::default();
        for (dir, side) in Dir::ALL.into_iter().zip(around.sides.iter_mut()) {
            *side = cell.step(dir).and_then(|n| self.index_at(n)).and_then(|j| self.across_edge(dir, j));
        }
        around
    }

    /// [`Tiling::around`] the `k`-th cell of the frontier as a probe reads it, from the
    /// neighbours kept beside it.
    pub fn across_frontier(&self, k: usize) -> Across {
        let mut across = [NONE; 8];
        let beside = self.beside.get(k).copied().unwrap_or_default();
        for ((dir, pair), j) in Dir::ALL.into_iter().zip(across.chunks_exact_mut(2)).zip(beside) {
            if let Some((_, roots)) = (j as usize).checked_sub(1).and_then(|j| self.across_edge(dir, j)) {
                pair.copy_from_slice(&roots);
            }
        }
        Across(across)
    }

    /// The tile `j` across a cell's edge facing `dir`: its kind and the region roots
    /// of its two halves on that edge.
    fn across_edge(&self, dir: Dir, j: usize) -> Option<(Kind, [u8; 2])> {
        let kind = self.tiles.get(j)?.kind;
        let (o, back) = (kind.orientation(), dir.opposite());
        let half = |h| self.find(Tiling::area(j, part_at(o, back, h))) as u8;
        Some((kind, [half(0), half(1)]))
    }

    /// What `kind` on the empty `cell` would do to the regions it joins, without
    /// placing it: the open halves and bands of each resulting region.
    pub fn probe(&self, cell: Cell, kind: Kind) -> Probe {
        self.probe_around(&self.around(cell), kind)
    }

    /// [`Tiling::probe`] with the neighbours already looked up.
    pub fn probe_around(&self, around: &Around, kind: Kind) -> Probe {
        self.probe_across(&Across::from(around), kind)
    }

    /// [`Tiling::probe`] with the regions across the cell's halves already looked up.
    pub fn probe_across(&self, across: &Across, kind: Kind) -> Probe {
        let across = &across.0;
        let o = kind.orientation() as usize;
        let band = kind.band() as u8;
        let cap = 1 - band;
        let mut probe = Probe::default();
        let (mut roots, mut n) = ([NONE; 8], 0);
        let own = gather(across, &BAND_HALVES[o], &mut roots, &mut n);
        probe.groups[0] = (band, self.open_after(own, &roots[..n]), self.bands_in(&roots[..n]).saturating_add(1));
        let (mut a, mut na) = ([NONE; 8], 0);
        let own_a = gather(across, &CAP_A_HALVES[o], &mut a, &mut na);
        let (mut b, mut nb) = ([NONE; 8], 0);
        let own_b = gather(across, &CAP_B_HALVES[o], &mut b, &mut nb);
        if a[..na].iter().any(|r| b[..nb].contains(r)) {
            // The two caps meet through a region: one group.
            let mut both = a;
            let mut n = na;
            for &r in &b[..nb] {
                if !both[..n].contains(&r) && n < both.len() {
                    both[n] = r;
                    n += 1;
                }
            }
            probe.groups[1] = (cap, self.open_after(own_a + own_b, &both[..n]), self.bands_in(&both[..n]));
            probe.len = 2;
        } else {
            probe.groups[1] = (cap, self.open_after(own_a, &a[..na]), self.bands_in(&a[..na]));
            probe.groups[2] = (cap, self.open_after(own_b, &b[..nb]), self.bands_in(&b[..nb]));
            probe.len = 3;
        }
        probe
    }

    /// A group's open halves: the new areas' net `own` and the regions it joins.
    fn open_after(&self, own: i32, roots: &[u8]) -> u8 {
        let open: i32 = roots.iter().map(|&r| self.open[r as usize] as i32).sum();
        (own + open).clamp(0, 255) as u8
    }

    /// The bands of the regions `roots`.
    fn bands_in(&self, roots: &[u8]) -> u8 {
        let bands: i32 = roots.iter().map(|&r| self.bands[r as usize] as i32).sum();
        bands.clamp(0, 255) as u8
    }
}
