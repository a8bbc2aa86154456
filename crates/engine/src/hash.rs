//! A fast, deterministic hash for transposition tables and repetition counts.

use core::hash::{BuildHasher, Hash};

use rustc_hash::FxBuildHasher;

/// The FxHash (rustc's hash, from `rustc-hash`) of `value`: deterministic on every
/// platform; not for keys an adversary picks.
pub fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    FxBuildHasher.hash_one(value)
}
