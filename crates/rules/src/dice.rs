//! Dice from a seeded PRNG whose whole state is plain data (C6, C19).

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::{Bonus, Conflict, Outcome};

/// A pair of six-sided dice driven by ChaCha8, a counter-based PRNG: its state is the
/// seed and a position in its stream, so a saved game resumes with the same next roll
/// (C19).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Dice(ChaCha8Rng);

/// The dice's whole state, as plain data.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DiceState {
    /// The ChaCha key.
    pub seed: [u8; 32],
    /// How many 32-bit words of the stream have been used.
    pub word_pos: u128,
}

impl DiceState {
    /// Bytes of [`DiceState::to_bytes`].
    pub const LEN: usize = 48;

    /// The state as 48 bytes: the seed, then the word position little-endian.
    pub fn to_bytes(&self) -> [u8; Self::LEN] {
        let mut bytes = [0; Self::LEN];
        bytes[..32].copy_from_slice(&self.seed);
        bytes[32..].copy_from_slice(&self.word_pos.to_le_bytes());
        bytes
    }

    /// The state written by [`DiceState::to_bytes`].
    pub fn from_bytes(bytes: &[u8; Self::LEN]) -> DiceState {
        let mut seed = [0; 32];
        seed.copy_from_slice(&bytes[..32]);
        let mut word_pos = [0; 16];
        word_pos.copy_from_slice(&bytes[32..]);
        DiceState { seed, word_pos: u128::from_le_bytes(word_pos) }
    }
}

/// The dice of one conflict (C6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Roll {
    /// The attacker's die, 1–6.
    pub attacker: u8,
    /// The defender's die, 1–6.
    pub defender: u8,
    /// The attacker's modifiers (C7, C8).
    pub bonus: Bonus,
}

impl Roll {
    /// C6: the attacker wins if its roll plus modifiers beats the defender's roll; the
    /// defender wins ties.
    pub const fn outcome(self) -> Outcome {
        if self.attacker + self.bonus.total() > self.defender + self.bonus.defence() {
            Outcome::AttackerWins
        } else {
            Outcome::DefenderWins
        }
    }
}

impl Dice {
    /// Dice seeded with `seed`.
    pub fn new(seed: u64) -> Dice {
        Dice(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The state to save.
    pub fn state(&self) -> DiceState {
        DiceState { seed: self.0.get_seed(), word_pos: self.0.get_word_pos() }
    }

    /// Dice that continue exactly where the saved ones stopped.
    pub fn from_state(state: DiceState) -> Dice {
        let mut rng = ChaCha8Rng::from_seed(state.seed);
        rng.set_word_pos(state.word_pos);
        Dice(rng)
    }

    /// One fair six-sided die, 1–6.
    pub fn d6(&mut self) -> u8 {
        self.below(6) + 1
    }

    /// A fair choice among `n` (at least 1): 0 to `n − 1`, by rejection sampling, so no
    /// choice is favoured (a random first seat among four, say).
    pub fn below(&mut self, n: u8) -> u8 {
        let n = n.max(1) as u32;
        // The largest multiple of n that fits in a u32.
        let zone = u32::MAX - u32::MAX % n;
        loop {
            let x = self.0.next_u32();
            if x < zone {
                return (x % n) as u8;
            }
        }
    }

    /// Rolls the conflict's dice: the attacker's die first, then the defender's (C6).
    pub fn roll(&mut self, conflict: &Conflict) -> Roll {
        self.roll_with(conflict.bonus())
    }

    /// Rolls both dice for an attack with `bonus`.
    pub fn roll_with(&mut self, bonus: Bonus) -> Roll {
        let attacker = self.d6();
        let defender = self.d6();
        Roll { attacker, defender, bonus }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c6_defender_wins_ties() {
        let roll = Roll { attacker: 4, defender: 4, bonus: Bonus::default() };
        assert_eq!(roll.outcome(), Outcome::DefenderWins);
        let roll = Roll { attacker: 5, defender: 4, bonus: Bonus::default() };
        assert_eq!(roll.outcome(), Outcome::AttackerWins);
        let bully = Bonus::dice(true, false);
        assert_eq!(Roll { attacker: 4, defender: 4, bonus: bully }.outcome(), Outcome::AttackerWins);
        assert_eq!(Roll { attacker: 3, defender: 4, bonus: bully }.outcome(), Outcome::DefenderWins);
    }

    #[test]
    fn c9_odds_are_the_counts_of_winning_dice_pairs() {
        for bonus in [Bonus::default(), Bonus::dice(true, false), Bonus::dice(false, true), Bonus::dice(true, true)] {
            let wins = (1..=6u8)
                .flat_map(|a| (1..=6u8).map(move |d| Roll { attacker: a, defender: d, bonus }))
                .filter(|r| r.outcome() == Outcome::AttackerWins)
                .count();
            assert_eq!(wins, bonus.attacker_wins_in_36() as usize, "{bonus:?}");
        }
        assert_eq!(Bonus::default().attacker_wins_in_36(), 15);
        assert_eq!(Bonus::dice(true, true).attacker_wins_in_36(), 26);
    }

    #[test]
    fn a_choice_among_four_is_fair() {
        let mut dice = Dice::new(11);
        let mut counts = [0u32; 4];
        for _ in 0..40_000 {
            counts[dice.below(4) as usize] += 1;
        }
        // Each near 10,000 (a biased d6 % 4 would give 13,333 to two of them).
        assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
    }

    #[test]
    fn c19_restored_dice_roll_the_same() {
        let mut dice = Dice::new(7);
        for _ in 0..13 {
            dice.d6();
        }
        let saved = DiceState::from_bytes(&dice.state().to_bytes());
        let mut restored = Dice::from_state(saved);
        let ahead: [u8; 40] = core::array::from_fn(|_| dice.d6());
        let again: [u8; 40] = core::array::from_fn(|_| restored.d6());
        assert_eq!(ahead, again);
        assert!(ahead.iter().all(|d| (1..=6).contains(d)));
        assert_ne!(Dice::new(7).state(), Dice::new(8).state());
    }
}
