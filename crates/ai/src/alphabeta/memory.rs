//! What a search learns about quiet actions as it goes, to try the good ones first:
//! two killers per ply (quiet actions that cut off a sibling) and a history table
//! (how often, and how deep, each slot's actions cut off anywhere).

use alloc::vec::Vec;

/// Killers and history for actions `A`.
#[derive(Clone, Debug)]
pub(crate) struct Memory<A> {
    killers: Vec<[Option<A>; 2]>,
    history: Vec<u32>,
}

/// History counts are halved when one reaches this, so that recent cutoffs weigh more
/// and the sum stays far from overflow.
const HISTORY_CAP: u32 = 1 << 20;

impl<A: Copy + PartialEq> Memory<A> {
    /// Room for `slots` history counts (0: no history).
    pub fn new(slots: usize) -> Memory<A> {
        Memory { killers: Vec::new(), history: alloc::vec![0; slots] }
    }

    /// Whether `action` is a killer at `ply`: 2 the newest, 1 the older, 0 not.
    pub fn killer(&self, ply: u8, action: A) -> i32 {
        match self.killers.get(ply as usize) {
            Some([Some(a), _]) if *a == action => 2,
            Some([_, Some(b)]) if *b == action => 1,
            _ => 0,
        }
    }

    /// The history count of `slot`.
    pub fn history(&self, slot: Option<usize>) -> u32 {
        slot.and_then(|s| self.history.get(s)).copied().unwrap_or(0)
    }

    /// A quiet `action` in `slot` cut off at `ply`, `depth` turns from the horizon.
    pub fn cut(&mut self, ply: u8, depth: u8, action: A, slot: Option<usize>, killers: bool) {
        if killers {
            let ply = ply as usize;
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, [None, None]);
            }
            if let Some(pair) = self.killers.get_mut(ply) {
                if pair[0] != Some(action) {
                    *pair = [Some(action), pair[0]];
                }
            }
        }
        let Some(count) = slot.and_then(|s| self.history.get_mut(s)) else { return };
        *count += u32::from(depth) * u32::from(depth);
        if *count >= HISTORY_CAP {
            self.history.iter_mut().for_each(|c| *c /= 2);
        }
    }
}

/// Static scores by state key ([`Features::score_cache`](super::Features)): a leaf that
/// another order of the same actions reaches again is not scored twice. Worth it where
/// a score is dear next to the rest of a node (Che's looks at every empty cell).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scores {
    /// (key, score), by the key's low bits; key 0 marks an empty slot.
    slots: Vec<(u64, i32)>,
}

/// The slots of a score cache: 4,096 (64 KB on the heap).
const SCORE_SLOTS: usize = 4096;

impl Scores {
    /// A cache, or none (every score computed) when `on` is false.
    pub fn new(on: bool) -> Scores {
        Scores { slots: if on { alloc::vec![(0, 0); SCORE_SLOTS] } else { Vec::new() } }
    }

    /// The score of the state with `key`: remembered, or `score()` (then remembered).
    pub fn get_or(&mut self, key: u64, score: impl FnOnce() -> i32) -> i32 {
        let slot = (key as usize) & SCORE_SLOTS.wrapping_sub(1);
        match self.slots.get_mut(slot) {
            Some(&mut (k, value)) if k == key && key != 0 => value,
            Some(entry) => {
                let value = score();
                *entry = (key, value);
                value
            }
            None => score(),
        }
    }
}
