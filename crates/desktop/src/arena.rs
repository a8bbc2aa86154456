//! `chek arena`: CPU against CPU, and `chek think`: one CPU decision.

use std::sync::atomic::{AtomicU64, Ordering};

use chek_ai::search::Config;
use chek_ai::{finish, Level, Thinker};
use chek_rules::{Game, Position, Seat, Setup};

/// A player in the arena: a level, or a search with an explicit configuration
/// (`search:TURNS:NODES:CHAIN:RIVAL[:...]`, for strength tables).
#[derive(Clone, Copy, Debug)]
pub enum Player {
    /// A level.
    Level(Level),
    /// A custom search.
    Search(Config),
}

impl Player {
    /// Parses a level name or a custom search.
    pub fn parse(name: &str) -> std::result::Result<Player, String> {
        if let Some(level) = Level::from_name(name) {
            return Ok(Player::Level(level));
        }
        let bad = || {
            format!("level: unknown {name:?} (expected random, greedy, easy, normal, hard or search:TURNS:NODES:CHAIN:RIVAL[:INITIATIVE:THREAT:STEEPNESS:BEHIND:ENGAGE:PLAIN:SUPPORT:RIVAL_ATTACKING])")
        };
        let parts: Vec<&str> = name.strip_prefix("search:").ok_or_else(bad)?.split(':').collect();
        let number = |i: usize| parts.get(i).ok_or_else(bad)?.parse::<f32>().map_err(|_| bad());
        let optional = |i: usize, default: f32| {
            if i < parts.len() {
                number(i)
            } else {
                Ok(default)
            }
        };
        let w = chek_ai::eval::Weights::DEFAULT;
        Ok(Player::Search(Config {
            max_turns: number(0)? as u8,
            max_nodes: number(1)? as u32,
            max_chain: number(2)? as u8,
            rival_best: number(3)?,
            rival_best_attacking: optional(11, number(3)?)?,
            plain_attacks_from_quiet: optional(9, 0.0)? as u8,
            weights: chek_ai::eval::Weights {
                initiative: optional(4, w.initiative)?,
                threat: optional(5, w.threat)?,
                steepness: optional(6, w.steepness)?,
                behind: optional(7, w.behind)?,
                engage: optional(8, w.engage)?,
                approach: w.approach,
                support: optional(10, w.support)?,
            },
        }))
    }

    /// This player's action in `position`.
    pub fn decide(self, position: &Position, seed: u64) -> Option<chek_rules::Action> {
        let thinker = match self {
            Player::Level(level) => Thinker::new(position, level, seed),
            Player::Search(config) => Thinker::with_config(position, config, 0.0, seed),
        };
        finish(thinker, position)
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Level(level) => write!(f, "{level}"),
            Player::Search(c) => write!(
                f,
                "search:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}:{}",
                c.max_turns,
                c.max_nodes,
                c.max_chain,
                c.rival_best,
                c.weights.initiative,
                c.weights.threat,
                c.weights.steepness,
                c.weights.behind,
                c.weights.engage,
                c.plain_attacks_from_quiet,
                c.weights.support,
                c.rival_best_attacking
            ),
        }
    }
}

/// How one game ended for side A.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Result {
    /// A's seat had the highest score alone.
    AWins,
    /// A seat of B's had the highest score (or B's seats shared it).
    BWins,
    /// A shared the highest score.
    Tie,
}

impl Result {
    /// A's points for the game: a tie counts half.
    pub fn points(self) -> f64 {
        match self {
            Result::AWins => 1.0,
            Result::Tie => 0.5,
            Result::BWins => 0.0,
        }
    }
}

/// The outcome of one arena game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Every 20th position (with `record`).
    pub positions: Vec<Position>,
    /// Who won.
    pub result: Result,
    /// A's final score minus the best of B's.
    pub margin: i32,
    /// Actions played.
    pub decisions: u32,
    /// Whether A won the game's first conflict (as attacker or defender); `None` if
    /// there was none.
    pub first_conflict: Option<bool>,
}

/// The seat A plays and the seat that starts in game `index`: rotating A's seat and
/// the first seat.
pub fn seats_for(setup: Setup, index: u64) -> (Seat, Seat) {
    let seats = setup.seating().seats();
    let n = seats.len() as u64;
    let a = seats[(index % n) as usize];
    let first = seats[((index / n) % n) as usize];
    (a, first)
}

/// Plays game `index` of a match: A (level `a`) against B (level `b`, every other
/// seat).
pub fn play_game(setup: Setup, a: Player, b: Player, seed: u64, index: u64, record: bool) -> GameResult {
    let (a_seat, first) = seats_for(setup, index);
    let game_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index;
    let start = setup.position(first).unwrap_or(setup.start());
    let mut game = Game::new(start, game_seed);
    let mut decisions = 0u32;
    let mut positions = Vec::new();
    let mut first_conflict = None;
    while !game.is_over() {
        let position = *game.position();
        if record && decisions % 20 == 10 {
            positions.push(position);
        }
        let player = if position.in_control() == a_seat { a } else { b };
        let Some(action) =
            player.decide(&position, game_seed ^ (decisions as u64 + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9))
        else {
            break;
        };
        let Ok(played) = game.play(action) else {
            break;
        };
        if first_conflict.is_none() {
            first_conflict = played.conflict.map(|(conflict, _, outcome)| conflict.winner(outcome) == a_seat);
        }
        decisions += 1;
    }
    let position = game.position();
    let a_score = position.score(a_seat) as i32;
    let best_b = position
        .seating()
        .seats()
        .iter()
        .filter(|&&s| s != a_seat)
        .map(|&s| position.score(s) as i32)
        .max()
        .unwrap_or(0);
    let result = match a_score.cmp(&best_b) {
        std::cmp::Ordering::Greater => Result::AWins,
        std::cmp::Ordering::Less => Result::BWins,
        std::cmp::Ordering::Equal => Result::Tie,
    };
    GameResult { positions, result, margin: a_score - best_b, decisions, first_conflict }
}

/// `chek arena`: plays `games` games on `threads` threads and prints the result line.
pub fn run(
    a: &str,
    b: &str,
    games: u64,
    setup: &str,
    seed: u64,
    threads: Option<usize>,
    record: Option<&std::path::Path>,
) -> std::result::Result<(), String> {
    let (la, lb) = (Player::parse(a)?, Player::parse(b)?);
    let setup_id = setup;
    let setup = Setup::from_id(setup).ok_or_else(|| format!("setup: unknown {setup:?}"))?;
    if games == 0 {
        return Err("games: expected at least 1".into());
    }
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1) as u64;
    let next = AtomicU64::new(0);
    let started = std::time::Instant::now();
    let results: Vec<GameResult> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games {
                            return mine;
                        }
                        mine.push(play_game(setup, la, lb, seed, i, record.is_some() && i < 4));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect()
    });
    if let Some(path) = record {
        let text: String = results.iter().flat_map(|g| g.positions.iter().map(|p| format!("{p}\n"))).collect();
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let count = |r: Result| results.iter().filter(|g| g.result == r).count() as u64;
    let (wins, losses, ties) = (count(Result::AWins), count(Result::BWins), count(Result::Tie));
    let n = results.len() as f64;
    let rate = results.iter().map(|g| g.result.points()).sum::<f64>() / n;
    let ci95 = 1.96 * (rate * (1.0 - rate) / n).sqrt();
    let margin = results.iter().map(|g| g.margin as f64).sum::<f64>() / n;
    let decisions = results.iter().map(|g| g.decisions as f64).sum::<f64>() / n;
    println!(
        "margin: mean={margin:+.2} (A's score minus the best other), {decisions:.0} decisions a game, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // How much the first conflict decides: A's game rate after winning it, after
    // losing it, and when no conflict happened.
    let split: Vec<String> = [(Some(true), "won"), (Some(false), "lost"), (None, "none")]
        .iter()
        .map(|&(first, name)| {
            let games: Vec<&GameResult> = results.iter().filter(|g| g.first_conflict == first).collect();
            let points: f64 = games.iter().map(|g| g.result.points()).sum();
            format!("{name} {} (a_rate {:.3})", games.len(), points / games.len().max(1) as f64)
        })
        .collect();
    println!("first conflict for A: {}", split.join(", "));
    println!("result: a={la} b={lb} setup={setup_id} games={games} a_wins={wins} b_wins={losses} ties={ties} a_rate={rate:.3} ci95={ci95:.3}");
    Ok(())
}

/// `chek think "<position>" --level LEVEL [--seed N] [--stats] [--slices K]`: with
/// `--slices`, stops after K slices of `slice_nodes` nodes (for measuring a slice).
pub fn think(
    position: &str,
    level: &str,
    seed: u64,
    stats: bool,
    slices: Option<u32>,
    slice_nodes: u32,
) -> std::result::Result<(), String> {
    let position: Position = position.parse().map_err(|e| format!("{e}"))?;
    let level = Level::from_name(level)
        .ok_or_else(|| format!("level: unknown {level:?} (expected random, greedy, easy, normal or hard)"))?;
    if position.is_over() {
        return Err("position: the game is over; there is nothing to decide".into());
    }
    let mut thinker = Thinker::new(&position, level, seed);
    let mut taken = 0;
    let action = loop {
        if slices.is_some_and(|k| taken >= k) {
            break None;
        }
        taken += 1;
        if let Some(action) = thinker.step(slice_nodes) {
            break Some(action);
        }
    };
    if stats {
        eprintln!("nodes={} slices={taken} {thinker:?}", thinker.nodes());
    }
    if let Some(action) = action {
        println!("{action}");
    }
    Ok(())
}
