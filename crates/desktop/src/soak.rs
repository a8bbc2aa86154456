//! `chek soak`: random games of any game with every invariant checked after every step
//! (`chek_engine::Audit` and the game's own checks).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use chek_cartridge::{GameDef, Visitor};
use chek_engine::Audit;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// What one worker saw.
#[derive(Debug, Default)]
struct Tally {
    games: u64,
    steps: u64,
    chance: u64,
    violation: Option<String>,
}

/// A soak of `games` random games from seed `first`.
#[derive(Clone, Copy, Debug)]
pub struct Soak<'a> {
    /// How many games.
    pub games: u64,
    /// The first game's seed; game i uses seed + i.
    pub first: u64,
    /// The variant's id, or every variant in turn.
    pub variant: Option<&'a str>,
    /// Worker threads.
    pub threads: Option<usize>,
}

/// Plays game `seed`: the variant (unless fixed) and the setup rotate with the seed.
fn play_one<D: GameDef>(seed: u64, variant: Option<usize>, tally: &mut Tally) {
    let info = D::INFO;
    let variants = info.variants.len().max(1) as u64;
    let variant = variant.unwrap_or((seed % variants) as usize);
    let setup = ((seed / variants) % info.setups.len().max(1) as u64) as usize;
    let first = D::opener(variant, setup).unwrap_or_default();
    let Some(mut state) = D::start(variant, setup, first) else {
        tally.violation = Some(format!("variant {variant} setup {setup} has no start"));
        return;
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut audit = Audit::new(&state);
    match audit.playout(&mut state, |n| rng.random_range(0..n.max(1))) {
        Ok(playout) => {
            tally.games += 1;
            tally.steps += playout.steps;
            tally.chance += playout.chance;
        }
        Err((violation, at)) => {
            let (variant, setup) = (info.variants[variant].id, info.setups[setup].choice.id);
            tally.violation = Some(format!("{violation} (seed {seed}, {variant}, {setup}, at \"{at}\")"));
        }
    }
}

impl Visitor for Soak<'_> {
    type Output = Result<String, String>;

    fn visit<D: GameDef>(self) -> Self::Output {
        let variants: Vec<&str> = D::INFO.variants.iter().map(|v| v.id).collect();
        let variant = match self.variant {
            None => None,
            some => Some(crate::arena::choice("variant", some, &variants)?),
        };
        let threads =
            self.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1) as u64;
        let stop = AtomicBool::new(false);
        let started = Instant::now();
        let tallies: Vec<Tally> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let stop = &stop;
                    scope.spawn(move || {
                        let mut tally = Tally::default();
                        let mut i = t;
                        while i < self.games && !stop.load(Ordering::Relaxed) {
                            play_one::<D>(self.first.wrapping_add(i), variant, &mut tally);
                            if tally.violation.is_some() {
                                stop.store(true, Ordering::Relaxed);
                            }
                            i += threads;
                        }
                        tally
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap_or_default()).collect()
        });
        let seconds = started.elapsed().as_secs_f64();
        let played: u64 = tallies.iter().map(|t| t.games).sum();
        let steps: u64 = tallies.iter().map(|t| t.steps).sum();
        let chance: u64 = tallies.iter().map(|t| t.chance).sum();
        let violations: Vec<&String> = tallies.iter().filter_map(|t| t.violation.as_ref()).collect();
        let line = format!(
            "soak: game={} games={played} steps={steps} chance={chance} violations={} seconds={seconds:.1} games_per_second={:.0}",
            D::INFO.id,
            violations.len(),
            played as f64 / seconds.max(1e-9)
        );
        match violations.first() {
            Some(v) => Err(format!("{line}\ninvariant violated: {v}")),
            None if played != self.games => Err(format!("{line}\nonly {played} of {} games were played", self.games)),
            None => Ok(line),
        }
    }
}
