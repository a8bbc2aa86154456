//! A fast, deterministic hash for transposition tables and repetition counts.

use core::hash::{BuildHasher, Hash};

use rustc_hash::FxBuildHasher;

/// The FxHash (rustc's hash, from `rustc-hash`) of `value`: deterministic on every
/// platform; not for keys an adversary picks.
pub fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    FxBuildHasher.hash_one(value)
}

/// SplitMix64's finaliser: every bit of `x` moves every bit of the result, so the low
/// bits that index a transposition table are as good as the high ones (the games'
/// Zobrist-style keys are built from it).
pub const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
