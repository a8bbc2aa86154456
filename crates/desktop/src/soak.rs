//! `chek soak`: random games with every invariant checked after every step.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use chek_rules::{audited_playout, Game, Setup};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// What one worker saw.
#[derive(Debug, Default)]
struct Tally {
    games: u64,
    steps: u64,
    conflicts: u64,
    violation: Option<String>,
}

/// Plays game `seed`: the setup rotates with the seed; dice and choices are seeded.
fn play_one(seed: u64, tally: &mut Tally) {
    let setup = Setup::ALL[(seed % Setup::ALL.len() as u64) as usize];
    let mut game = Game::new(setup.start(), seed);
    let mut rng = SmallRng::seed_from_u64(seed);
    match audited_playout(&mut game, |n| rng.random_range(0..n)) {
        Ok(playout) => {
            tally.games += 1;
            tally.steps += playout.steps;
            tally.conflicts += playout.conflicts;
        }
        Err((violation, position)) => {
            tally.violation = Some(format!("{violation} (seed {seed}, {setup}, at \"{position}\")"));
        }
    }
}

/// Plays `games` games from seed `first`, on `threads` threads, and prints the figures.
pub fn run(games: u64, first: u64, threads: Option<usize>) -> Result<(), String> {
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1) as u64;
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let stop = &stop;
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    let mut i = t;
                    while i < games && !stop.load(Ordering::Relaxed) {
                        play_one(first.wrapping_add(i), &mut tally);
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
    let conflicts: u64 = tallies.iter().map(|t| t.conflicts).sum();
    let violations: Vec<&String> = tallies.iter().filter_map(|t| t.violation.as_ref()).collect();
    println!(
        "soak: games={played} steps={steps} conflicts={conflicts} violations={} seconds={seconds:.1} games_per_second={:.0}",
        violations.len(),
        played as f64 / seconds.max(1e-9)
    );
    match violations.first() {
        Some(v) => Err(format!("invariant violated: {v}")),
        None if played != games => Err(format!("only {played} of {games} games were played")),
        None => Ok(()),
    }
}
