//! A bounded transposition table: one entry per slot, indexed by the state's hash.

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
}

impl<A: Copy> Table<A> {
    pub fn new(bytes: usize) -> Table<A> {
        let size = core::mem::size_of::<Option<Entry<A>>>().max(1);
        let mut count = 1usize;
        while count * 2 * size <= bytes {
            count *= 2;
        }
        let count = if bytes < size { 0 } else { count };
        let mut entries = Vec::new();
        entries.resize(count, None);
        Table { entries }
    }

    fn slot(&self, key: u64) -> Option<usize> {
        let n = self.entries.len();
        (n > 0).then(|| (key as usize) & (n - 1))
    }

    pub fn probe(&self, key: u64) -> Option<Entry<A>> {
        let entry = (*self.entries.get(self.slot(key)?)?)?;
        (entry.key == key).then_some(entry)
    }

    /// Stores `entry` unless its slot holds a deeper result for the same state.
    pub fn store(&mut self, entry: Entry<A>) {
        let Some(slot) = self.slot(entry.key) else {
            return;
        };
        if let Some(place) = self.entries.get_mut(slot) {
            match place {
                Some(old) if old.key == entry.key && old.depth > entry.depth => {}
                _ => *place = Some(entry),
            }
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * core::mem::size_of::<Option<Entry<A>>>()
    }
}
