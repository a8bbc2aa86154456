//! `chek code lengths` and `chek code corrupt`: the share codes of positions from
//! random games, measured (how long they are) and attacked (how the reader answers
//! typing mistakes).

use chek_cartridge::{GameDef, Visitor};
use chek_engine::{Game, Notation, Step, ToAct};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions of random games of `D`, `count` of them, variants and setups rotating with
/// the game's seed: every position between turns that has a code.
pub fn positions<D: GameDef>(count: usize, seed: u64) -> Vec<D::State> {
    let info = D::INFO;
    let variants = info.variants.len().max(1) as u64;
    let setups = info.setups.len().max(1) as u64;
    let mut out = Vec::with_capacity(count);
    let mut game = 0u64;
    while out.len() < count {
        let variant = (game % variants) as usize;
        let setup = ((game / variants) % setups) as usize;
        let first = D::opener(variant, setup).unwrap_or_default();
        let Some(mut state) = D::start(variant, setup, first) else { break };
        let mut rng = SmallRng::seed_from_u64(seed.wrapping_add(game));
        game += 1;
        for _ in 0..state.max_steps().min(2_000) {
            if out.len() >= count {
                break;
            }
            let step = match state.to_act() {
                ToAct::Over => break,
                ToAct::Seat(_) => {
                    if state.printable() && !state.mid_turn() && D::share_code(&state).is_ok() {
                        out.push(state.clone());
                    }
                    let legal = state.legal();
                    match legal.get(rng.random_range(0..legal.len().max(1))) {
                        Some(&action) => Step::Act(action),
                        None => break,
                    }
                }
                ToAct::Chance => {
                    let outcomes = state.outcomes();
                    let total: usize = outcomes.iter().map(|&(_, w)| w as usize).sum();
                    match chek_engine::audit::pick_weighted(&outcomes, rng.random_range(0..total.max(1))) {
                        Some(outcome) => Step::Chance(outcome),
                        None => break,
                    }
                }
            };
            state.apply(step);
        }
    }
    out
}

/// `chek code lengths --game G`: the code lengths of positions of random games.
#[derive(Clone, Copy, Debug)]
pub struct Lengths {
    /// How many positions.
    pub positions: usize,
    /// The first game's seed.
    pub seed: u64,
}

impl Visitor for Lengths {
    type Output = Result<String, String>;
    fn visit<D: GameDef>(self) -> Self::Output {
        let states = positions::<D>(self.positions, self.seed);
        let mut lengths: Vec<usize> = Vec::with_capacity(states.len());
        for state in &states {
            let code = D::share_code(state).map_err(|e| format!("{e} at \"{state}\""))?;
            lengths.push(code.len());
        }
        let start_lengths: Vec<String> = (0..D::INFO.variants.len().max(1))
            .flat_map(|v| (0..D::INFO.setups.len().max(1)).map(move |s| (v, s)))
            .filter_map(|(v, s)| D::start(v, s, D::opener(v, s).unwrap_or_default()))
            .filter_map(|start| D::share_code(&start).ok().map(|c| c.len().to_string()))
            .collect();
        if let Ok(every) = std::env::var("CHEK_SHOW_CODES") {
            let every: usize = every.parse().unwrap_or(1000).max(1);
            for (state, len) in states.iter().zip(&lengths).step_by(every) {
                println!("{len}\t{state}");
            }
        }
        let n = lengths.len().max(1);
        let mean = lengths.iter().sum::<usize>() as f64 / n as f64;
        let max = lengths.iter().copied().max().unwrap_or(0);
        let mut sorted = lengths.clone();
        sorted.sort_unstable();
        let p99 = sorted.get(n * 99 / 100).copied().unwrap_or(0);
        Ok(format!(
            "code lengths: game={} positions={} mean={mean:.2} p99={p99} max={max} starts={}",
            D::INFO.id,
            lengths.len(),
            start_lengths.join(",")
        ))
    }
}

/// What reading one corrupted code gave.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The position encoded, as typed (the mistakes undid each other).
    Loaded,
    /// The position encoded, with a swap or an extra character undone.
    Fixed,
    /// Refused, pointing at the wrong or missing character (for a single mistake: at
    /// the right one).
    Located,
    /// Refused, naming groups (for a single mistake: including the right one).
    Named,
    /// Refused without a place (more than one mistake, or too many places).
    Refused,
    /// A single mistake pointed at or named in the wrong place.
    WrongPlace,
    /// Another position loaded: the failure the checks exist to prevent.
    WrongLoad,
}

/// Tallies of [`Outcome`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Codes read.
    pub codes: u64,
    /// Of each outcome, in [`Outcome`]'s order.
    pub counts: [u64; 7],
}

impl Tally {
    fn add(&mut self, outcome: Outcome) {
        self.codes += 1;
        self.counts[outcome as usize] += 1;
    }

    /// How many readings had `outcome`.
    pub fn of(&self, outcome: Outcome) -> u64 {
        self.counts[outcome as usize]
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [loaded, fixed, located, named, refused, wrong_place, wrong_load] = self.counts;
        write!(
            f,
            "codes={} loaded={loaded} fixed={fixed} located={located} named={named} refused={refused} wrong_place={wrong_place} wrong_load={wrong_load}",
            self.codes
        )
    }
}

/// Reads `typed` as the cartridge does and judges the answer against the code
/// `original` of the position written `position`. For a single `mistake`, a place
/// pointed at or named must be its place; for more, where the reader points is not
/// judged (no place is right).
pub fn judge(typed: &[u8], original: &[u8], position: &str, mistake: Option<Edit>) -> Outcome {
    use chek_engine::code::{CodeError, Mistake};
    use chek_ui::Catalog;
    match chek_cartridge::Cartridge::from_code(&text_of(typed), 1) {
        Ok(reading) if reading.value.state_text() != position => Outcome::WrongLoad,
        Ok(reading) if reading.fixed.is_some() => Outcome::Fixed,
        Ok(_) => Outcome::Loaded,
        Err(CodeError::Located { mistake: found, at }) => {
            let at = at as usize;
            let right = match found {
                Mistake::Missing => {
                    typed.len() + 1 == original.len()
                        && original[..at] == typed[..at]
                        && original[at + 1..] == typed[at..]
                }
                _ => typed.len() == original.len() && (0..typed.len()).all(|i| (i == at) != (typed[i] == original[i])),
            };
            if right || mistake.is_none() {
                Outcome::Located
            } else {
                Outcome::WrongPlace
            }
        }
        Err(CodeError::Groups { groups }) => {
            let named: Vec<usize> = groups.iter().filter(|&&g| g > 0).map(|&g| g as usize).collect();
            match mistake {
                Some(edit) if !edit.groups(original).iter().any(|g| named.contains(g)) => Outcome::WrongPlace,
                _ => Outcome::Named,
            }
        }
        Err(_) => Outcome::Refused,
    }
}

/// A typing mistake at character `at` of a code of `n` characters.
#[derive(Clone, Copy, Debug)]
pub enum Edit {
    /// Character `at` becomes symbol `value`.
    Wrong(usize, u8),
    /// Characters `at` and `at + 1` swap.
    Swap(usize),
    /// Character `at` is left out.
    Delete(usize),
    /// Symbol `value` goes in before character `at`.
    Insert(usize, u8),
}

impl Edit {
    /// Applies the edit to `word`; `None` if it changes nothing.
    pub fn apply(self, word: &mut Vec<u8>) -> Option<()> {
        match self {
            Edit::Wrong(at, v) if word.get(at).is_some_and(|&c| c != v) => word[at] = v,
            Edit::Swap(at) if at + 1 < word.len() && word[at] != word[at + 1] => word.swap(at, at + 1),
            Edit::Delete(at) if at < word.len() => {
                word.remove(at);
            }
            Edit::Insert(at, v) if at <= word.len() => word.insert(at, v),
            _ => return None,
        }
        Some(())
    }

    /// The groups (1-based, of the code as typed) where the edit may be said to be: a
    /// character put in or left out among equal ones is as well placed at any of them.
    /// `original` is the code before the edit.
    pub fn groups(self, original: &[u8]) -> Vec<usize> {
        // The run of characters equal to `original[at]` around `at`.
        let run = |at: usize| {
            let c = original.get(at).copied();
            let start = (0..at).rev().take_while(|&i| original.get(i).copied() == c).last().unwrap_or(at);
            let end = (at + 1..original.len()).take_while(|&i| original.get(i).copied() == c).last().unwrap_or(at);
            (start, end)
        };
        match self {
            Edit::Wrong(at, _) => vec![at / 4 + 1],
            Edit::Swap(at) => vec![at / 4 + 1, (at + 1) / 4 + 1],
            // Left out: it may go back anywhere in its run.
            Edit::Delete(at) => {
                let (start, end) = run(at);
                (start..=end + 1).map(|i| i / 4 + 1).collect()
            }
            // Put in beside equal characters: any of them may be taken out.
            Edit::Insert(at, v) => {
                let same_before = (0..at).rev().take_while(|&i| original.get(i) == Some(&v)).count();
                let same_after = (at..original.len()).take_while(|&i| original.get(i) == Some(&v)).count();
                (at - same_before..=at + same_after).map(|i| i / 4 + 1).collect()
            }
        }
    }

    /// Every single edit of a code of `n` characters.
    pub fn all(n: usize) -> Vec<Edit> {
        let mut edits = Vec::new();
        for at in 0..n {
            edits.extend((0..32).map(|v| Edit::Wrong(at, v)));
            edits.push(Edit::Swap(at));
            edits.push(Edit::Delete(at));
        }
        for at in 0..=n {
            edits.extend((0..32).map(|v| Edit::Insert(at, v)));
        }
        edits
    }

    /// A random edit of a code of `n` characters.
    pub fn random(rng: &mut SmallRng, n: usize) -> Edit {
        let v = rng.random_range(0..32u8);
        match rng.random_range(0..4) {
            0 => Edit::Wrong(rng.random_range(0..n.max(1)), v),
            1 => Edit::Swap(rng.random_range(0..n.max(2) - 1)),
            2 => Edit::Delete(rng.random_range(0..n.max(1))),
            _ => Edit::Insert(rng.random_range(0..=n), v),
        }
    }
}

fn text_of(word: &[u8]) -> String {
    word.iter().map(|&s| chek_engine::code::char_of(s)).collect()
}

/// `chek code corrupt --game G`: every single mistake in the codes of `exhaustive`
/// positions of random games, and `random` codes with one to three random mistakes
/// each; how the cartridge's reader answered.
#[derive(Clone, Copy, Debug)]
pub struct Corrupt {
    /// Codes whose every single mistake is tried.
    pub exhaustive: usize,
    /// Codes with one to three random mistakes.
    pub random: usize,
    /// The first game's seed, and the mistakes' seed.
    pub seed: u64,
}

impl Corrupt {
    /// The tallies: every single mistake, then the random ones.
    pub fn run<D: GameDef>(self) -> (Tally, Tally) {
        let states = positions::<D>(self.exhaustive.max(self.random.min(10_000)).max(1) * 3, self.seed);
        let mut rng = SmallRng::seed_from_u64(self.seed ^ 0x5eed);
        let pick = |rng: &mut SmallRng| &states[rng.random_range(0..states.len())];
        let mut single = Tally::default();
        for _ in 0..self.exhaustive {
            let state = pick(&mut rng);
            let (Ok(code), original) = (D::share_code(state), state.to_string()) else { continue };
            let word = chek_engine::code::symbols_of(&code).map(|w| w.to_vec()).unwrap_or_default();
            for edit in Edit::all(word.len()) {
                let mut typed = word.clone();
                if edit.apply(&mut typed).is_some() {
                    let outcome = judge(&typed, &word, &original, Some(edit));
                    let show = match outcome {
                        Outcome::Refused => std::env::var("CHEK_SHOW_REFUSED").is_ok(),
                        Outcome::WrongPlace => std::env::var("CHEK_SHOW_WRONG").is_ok(),
                        _ => false,
                    };
                    if show {
                        use chek_ui::Catalog;
                        let error = chek_cartridge::Cartridge::from_code(&text_of(&typed), 1).err();
                        eprintln!("{edit:?} of {code}: {}", error.map(|e| e.to_string()).unwrap_or_default());
                    }
                    single.add(outcome);
                }
            }
        }
        let mut random = Tally::default();
        for _ in 0..self.random {
            let state = pick(&mut rng);
            let (Ok(code), original) = (D::share_code(state), state.to_string()) else { continue };
            let word = chek_engine::code::symbols_of(&code).map(|w| w.to_vec()).unwrap_or_default();
            let mut typed = word.clone();
            let mut edits = Vec::new();
            for _ in 0..rng.random_range(1..=3) {
                let edit = Edit::random(&mut rng, typed.len());
                if edit.apply(&mut typed).is_some() {
                    edits.push(edit);
                }
            }
            let single = if edits.len() == 1 { edits.first().copied() } else { None };
            let outcome = judge(&typed, &word, &original, single);
            if outcome == Outcome::WrongLoad && std::env::var("CHEK_SHOW_WRONG").is_ok() {
                use chek_ui::Catalog;
                let reading = chek_cartridge::Cartridge::from_code(&text_of(&typed), 1);
                let fixed = reading.as_ref().ok().map(|r| (r.fixed, r.code));
                eprintln!("wrong load: {code} typed {} read as {fixed:?}", text_of(&typed));
            }
            random.add(outcome);
        }
        (single, random)
    }
}

/// [`Corrupt::run`] for the game the visitor is given.
impl Visitor for &Corrupt {
    type Output = (Tally, Tally);
    fn visit<D: GameDef>(self) -> Self::Output {
        self.run::<D>()
    }
}

impl Visitor for Corrupt {
    type Output = Result<String, String>;
    fn visit<D: GameDef>(self) -> Self::Output {
        let (single, random) = self.run::<D>();
        Ok(format!("code corrupt: game={}\n  single mistakes: {single}\n  1-3 random mistakes: {random}", D::INFO.id))
    }
}
