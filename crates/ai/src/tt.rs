//! A bounded transposition table indexed by the state's hash: one entry a slot, or
//! two (the deepest result, and the most recent) when it keeps buckets.

use alloc::vec::Vec;

/// What a stored value says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a cutoff above beta).
    Lower,
    /// The true value is at most this (nothing rose above alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<A> {
    pub key: u64,
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    pub action: Option<A>,
}

/// A table of at most `bytes` bytes (a power of two of entries).
#[derive(Clone, Debug)]
pub(crate) struct Table<A> {
    entries: Vec<Option<Entry<A>>>,
    buckets: bool,
}

impl<A> Table<A> {
    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * core::mem::size_of::<Option<Entry<A>>>()
    }
}

impl<A: Copy> Table<A> {
    /// A table of at most `bytes` bytes; with `buckets`, two entries a slot.
    pub fn new(bytes: usize, buckets: bool) -> Table<A> {
        let count = Self::entries_within(bytes);
        let mut entries = Vec::new();
        entries.resize(count, None);
        Table { entries, buckets: buckets && count >= 2 }
    }

    /// A table of no entries, allocating nothing (until [`Table::new`] replaces it).
    pub fn empty() -> Table<A> {
        Table { entries: Vec::new(), buckets: false }
    }

    /// The entries of a table of at most `bytes` bytes: a power of two, or none.
    fn entries_within(bytes: usize) -> usize {
        let size = core::mem::size_of::<Option<Entry<A>>>().max(1);
        let mut count = 1usize;
        while count * 2 * size <= bytes {
            count *= 2;
        }
        if bytes < size {
            0
        } else {
            count
        }
    }

    /// Whether this table is the one [`Table::new`] makes of `bytes` and `buckets`
    /// (so that another search with those settings can take it over).
    pub fn fits(&self, bytes: usize, buckets: bool) -> bool {
        let count = Self::entries_within(bytes);
        count > 0 && self.entries.len() == count && self.buckets == (buckets && count >= 2)
    }

    fn slot(&self, key: u64) -> Option<usize> {
        let n = self.entries.len();
        match self.buckets {
            true => Some(((key as usize) & (n / 2 - 1)) * 2),
            false => (n > 0).then(|| (key as usize) & (n - 1)),
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry<A>> {
        let slot = self.slot(key)?;
        let ways = if self.buckets { 2 } else { 1 };
        (slot..slot + ways).find_map(|i| self.entries.get(i).copied().flatten().filter(|e| e.key == key))
    }

    /// Stores `entry` unless its slot holds a deeper result for the same state. With
    /// buckets, the first entry keeps the deepest result and the second the most
    /// recent.
    pub fn store(&mut self, entry: Entry<A>) {
        let Some(slot) = self.slot(entry.key) else {
            return;
        };
        if self.buckets {
            return self.store_in_bucket(slot, entry);
        }
        if let Some(place) = self.entries.get_mut(slot) {
            match place {
                Some(old) if old.key == entry.key && old.depth > entry.depth => {}
                _ => *place = Some(entry),
            }
        }
    }

    fn store_in_bucket(&mut self, slot: usize, entry: Entry<A>) {
        let Some([deep, recent]) = self.entries.get_mut(slot..slot + 2) else { return };
        match (*deep, *recent) {
            (Some(d), _) if d.key == entry.key && entry.depth >= d.depth => *deep = Some(entry),
            (Some(d), _) if d.key == entry.key => *recent = Some(entry),
            (Some(d), _) if entry.depth >= d.depth => {
                *recent = *deep;
                *deep = Some(entry);
            }
            (None, _) => *deep = Some(entry),
            _ => *recent = Some(entry),
        }
    }
}
