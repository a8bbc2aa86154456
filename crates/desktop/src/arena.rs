//! `chek arena`: CPU against CPU in any game, for strength tables.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use chek_ai::{decide, finish};
use chek_cartridge::{GameDef, Visitor};
use chek_engine::{Game, PerSeat, Record, Seat, ToAct};

use crate::sprt::{Sprt, Verdict};

/// How one game ended for side A.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// A's seat won alone.
    AWins,
    /// A seat of B's won (or B's seats shared the win).
    BWins,
    /// A shared the win.
    Tie,
}

impl Outcome {
    /// A's points for the game: a tie counts half.
    pub fn points(self) -> f64 {
        match self {
            Outcome::AWins => 1.0,
            Outcome::Tie => 0.5,
            Outcome::BWins => 0.0,
        }
    }
}

/// The outcome of one arena game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Every 20th position (with `record`), in the game's notation.
    pub positions: Vec<String>,
    /// Who won.
    pub outcome: Outcome,
    /// A's margin at the end, in the game's points.
    pub margin: i32,
    /// Actions played.
    pub decisions: u32,
    /// Whether A won the game's first fight (Chek: conflict); `None` if none.
    pub first_fight: Option<bool>,
    /// Turns begun before the first fight (all of them without one).
    pub turns_to_fight: u32,
    /// A's and B's plain moves, and how many of them took a piece back to the square
    /// it left on the seat's previous turn.
    pub moves: [u32; 2],
    /// As `moves`: the moves back.
    pub back: [u32; 2],
    /// How the game ended ([`GameDef::ending`]), and whether A won it.
    pub ending: (&'static str, bool),
}

/// A match: A takes one seat, B the others; A's seat rotates, and so does the first
/// seat where the players choose it.
#[derive(Clone, Debug)]
pub struct Match<'a> {
    /// A's level or spec.
    pub a: &'a str,
    /// B's level or spec.
    pub b: &'a str,
    /// How many games.
    pub games: u64,
    /// The variant's id (the game's first if `None`).
    pub variant: Option<&'a str>,
    /// The setup's id (the game's first if `None`).
    pub setup: Option<&'a str>,
    /// The seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: Option<usize>,
    /// Where to write every 20th position of the first four games.
    pub record: Option<&'a std::path::Path>,
    /// Decisions the game's `easy` level plays before A and B take over: each round of
    /// games (A in every seat) starts from the same opening, a new one each round.
    pub openings: u32,
    /// Stop as soon as this test decides (the games are then at most `games`).
    pub sprt: Option<Sprt>,
}

/// A side of a match: one of the game's CPU players, or the plain Monte Carlo tree
/// search of [`crate::mcts`] (`mcts:N`, N playouts a decision), which knows nothing of
/// the game but its rules.
#[derive(Clone, Copy, Debug)]
pub enum Contender<P> {
    /// A level or the game's own spec.
    Cpu(P),
    /// UCT with random playouts, this many a decision.
    Mcts(u32),
    /// The two-turn dice-aware expectimax of [`crate::dice`], within about this many
    /// nodes past its two turns.
    Dice(u64),
}

impl<P: std::fmt::Display> std::fmt::Display for Contender<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contender::Cpu(player) => write!(f, "{player}"),
            Contender::Mcts(playouts) => write!(f, "mcts:{playouts}"),
            Contender::Dice(nodes) => write!(f, "dice:{nodes}"),
        }
    }
}

/// The side named `name`: `mcts:N`, `dice:N`, or what the game's [`GameDef::player`]
/// reads.
///
/// # Errors
/// One line naming what was expected.
pub fn contender<D: GameDef>(name: &str) -> Result<Contender<D::Player>, String> {
    if let Some(n) = name.strip_prefix("dice:") {
        return n.parse().map(Contender::Dice).map_err(|_| format!("{name}: expected dice:NODES, a whole number"));
    }
    match name.strip_prefix("mcts:") {
        Some(n) => n
            .parse()
            .ok()
            .filter(|&n: &u32| n > 0)
            .map(Contender::Mcts)
            .ok_or_else(|| format!("{name}: expected mcts:PLAYOUTS, a whole number above 0")),
        None => D::player(name).map(Contender::Cpu),
    }
}

/// What every game of a match shares.
#[derive(Clone, Copy, Debug)]
pub struct Table<'a, P> {
    /// The variant's and the setup's index.
    pub variant: usize,
    /// As `variant`.
    pub setup: usize,
    /// The seats at the table.
    pub seats: &'a [Seat],
    /// A's and B's players.
    pub players: (P, P),
    /// The match's seed.
    pub seed: u64,
    /// Opening decisions played by `easy`.
    pub openings: u32,
}

/// Finds the index of `id` among `ids`, or says what was expected.
pub fn choice(field: &str, id: Option<&str>, ids: &[&str]) -> Result<usize, String> {
    match id {
        None => Ok(0),
        Some(id) => ids
            .iter()
            .position(|&i| i == id)
            .ok_or_else(|| format!("{field}: unknown {id:?} (expected one of {})", ids.join(", "))),
    }
}

/// The seat A plays and the seat that starts in game `index`: A goes round the
/// `seats`, and after each round the start goes round the seats that may start (all of
/// them where the players choose, else the one the rules name).
pub fn seats_for(seats: &[Seat], starters: &[Seat], index: u64) -> (Seat, Seat) {
    let n = seats.len().max(1) as u64;
    let a = seats.get((index % n) as usize).copied().unwrap_or_default();
    let first = starters.get(((index / n) % starters.len().max(1) as u64) as usize).copied().unwrap_or_default();
    (a, first)
}

/// Plays game `index` of a match of `D` at `table`.
pub fn play_game<D: GameDef>(
    table: &Table<'_, Contender<D::Player>>,
    index: u64,
    record: bool,
) -> Result<GameResult, String> {
    let Table { variant, setup, seats, players: (a, b), seed, openings } = *table;
    let starters: Vec<Seat> = seats.iter().copied().filter(|&seat| D::start(variant, setup, seat).is_some()).collect();
    let (a_seat, first) = seats_for(seats, &starters, index);
    let game_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index;
    let start = D::start(variant, setup, first).ok_or("setup: the first seat is not at the table")?;
    let mut game = D::record(start, game_seed);
    if openings > 0 {
        let round = index / seats.len().max(1) as u64;
        play_opening::<D>(&mut game, openings, seed ^ round.wrapping_mul(0xd6e8_feb8_6659_fd93))?;
    }
    let mut decisions = 0u32;
    let mut positions = Vec::new();
    let mut first_fight = None;
    let mut turns_to_fight = 0;
    let (mut moves, mut back) = ([0u32; 2], [0u32; 2]);
    let mut last_step: PerSeat<Option<(u8, u8)>> = PerSeat::default();
    let mut turn_start = PerSeat([None; chek_engine::MAX_SEATS]);
    // Each seat's transposition table, for a level that keeps it between decisions.
    let mut tables: PerSeat<Option<chek_ai::KeptTable<<D::State as Game>::Action>>> = PerSeat::default();
    loop {
        let state = game.state();
        let ToAct::Seat(seat) = state.to_act() else { break };
        if record && decisions % 20 == 10 {
            positions.push(state.to_string());
        }
        let player = if seat == a_seat { a } else { b };
        let seed = game_seed ^ (decisions as u64 + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let action = match player {
            Contender::Cpu(player) => {
                let mut thinker = D::think_after(player, &state, seed, turn_start[seat]);
                thinker.reuse_table(tables[seat].take());
                let action = decide(&mut thinker);
                tables[seat] = thinker.keep_table();
                action
            }
            Contender::Mcts(playouts) => crate::mcts::decide(&state, playouts, seed),
            Contender::Dice(nodes) => crate::dice::decide::<D>(&state, nodes),
        };
        let Some(action) = action else { break };
        game.play(action).map_err(|e| format!("{e}: {action} in {state}"))?;
        if first_fight.is_none() {
            turns_to_fight += !state.mid_turn() as u32;
            first_fight = D::fight(&state, &game.state()).map(|winner| winner == a_seat);
        }
        let side = (seat != a_seat) as usize;
        let step = D::step_squares(action);
        if let Some((from, to)) = step {
            moves[side] += 1;
            back[side] += (last_step[seat] == Some((to, from))) as u32;
        }
        if !state.mid_turn() {
            last_step[seat] = step;
            turn_start[seat] = Some(action);
        }
        decisions += 1;
    }
    let end = game.state();
    let share = end.payoffs().unwrap_or_default().share(a_seat);
    let outcome = match share {
        s if s == chek_engine::Payoffs::TOTAL => Outcome::AWins,
        0 => Outcome::BWins,
        _ => Outcome::Tie,
    };
    Ok(GameResult {
        positions,
        outcome,
        margin: D::margin(&end, a_seat),
        decisions,
        first_fight,
        turns_to_fight,
        moves,
        back,
        ending: (D::ending(&end), outcome == Outcome::AWins),
    })
}

/// Plays `decisions` decisions of the game's `easy` level (less if the game ends),
/// seeded by `seed`: an opening shared by a round of games.
pub fn play_opening<D: GameDef>(game: &mut D::Record, decisions: u32, seed: u64) -> Result<(), String> {
    let easy = D::player("easy")?;
    for n in 0..decisions {
        let state = game.state();
        if !matches!(state.to_act(), ToAct::Seat(_)) {
            break;
        }
        let seed = seed ^ (u64::from(n) + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let Some(action) = finish(D::think(easy, &state, seed)) else { break };
        game.play(action).map_err(|e| format!("{e}: {action} in {state}"))?;
    }
    Ok(())
}

impl Visitor for Match<'_> {
    type Output = Result<String, String>;

    /// Plays the match on its threads; returns the report (the last line is the
    /// result line).
    fn visit<D: GameDef>(self) -> Self::Output {
        let info = D::INFO;
        let (a, b) = (contender::<D>(self.a)?, contender::<D>(self.b)?);
        let variants: Vec<&str> = info.variants.iter().map(|v| v.id).collect();
        let setups: Vec<&str> = info.setups.iter().map(|s| s.choice.id).collect();
        let variant = choice("variant", self.variant, &variants)?;
        let setup = choice("setup", self.setup, &setups)?;
        let seats: Vec<Seat> = info.setups[setup].seats.iter().collect();
        if self.games == 0 {
            return Err("games: expected at least 1".into());
        }
        let threads =
            self.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1) as u64;
        let next = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let started = std::time::Instant::now();
        let table = Table { variant, setup, seats: &seats, players: (a, b), seed: self.seed, openings: self.openings };
        // Every game's points in the order they finish, for the sequential test.
        let points: Mutex<Vec<f64>> = Mutex::new(Vec::new());
        // The test's decision when it came (games still in play finish, but do not
        // change it): the verdict and the points it was taken on.
        let decided: Mutex<Option<(Verdict, Vec<f64>)>> = Mutex::new(None);
        let results: Vec<Result<GameResult, String>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= self.games || stop.load(Ordering::Relaxed) {
                                return mine;
                            }
                            let record = self.record.is_some() && i < 4;
                            let result = play_game::<D>(&table, i, record);
                            if let (Some(test), Ok(game)) = (self.sprt, &result) {
                                let mut points = points.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                                points.push(game.outcome.points());
                                let verdict = test.verdict(&points);
                                if verdict != Verdict::Undecided && !stop.swap(true, Ordering::Relaxed) {
                                    let mut decided = decided.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                                    *decided = Some((verdict, points.clone()));
                                }
                            }
                            mine.push(result);
                        }
                    })
                })
                .collect();
            workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect()
        });
        let results: Vec<GameResult> = results.into_iter().collect::<Result<_, _>>()?;
        if let Some(path) = self.record {
            let text: String = results.iter().flat_map(|g| g.positions.iter().map(|p| format!("{p}\n"))).collect();
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        let count = |r: Outcome| results.iter().filter(|g| g.outcome == r).count() as u64;
        let (wins, losses, ties) = (count(Outcome::AWins), count(Outcome::BWins), count(Outcome::Tie));
        let n = results.len() as f64;
        let rate = results.iter().map(|g| g.outcome.points()).sum::<f64>() / n;
        let ci95 = 1.96 * (rate * (1.0 - rate) / n).sqrt();
        let margin = results.iter().map(|g| g.margin as f64).sum::<f64>() / n;
        let decisions = results.iter().map(|g| g.decisions as f64).sum::<f64>() / n;
        let mut report = format!(
            "margin: mean={margin:+.2} (A's score minus the best other), {decisions:.0} decisions a game, {:.1} s\n",
            started.elapsed().as_secs_f64()
        );
        if results.iter().any(|g| g.first_fight.is_some()) {
            // How much the first fight decides: A's rate after winning it, after losing
            // it, and when there was none.
            let split: Vec<String> = [(Some(true), "won"), (Some(false), "lost"), (None, "none")]
                .iter()
                .map(|&(first, name)| {
                    let games: Vec<&GameResult> = results.iter().filter(|g| g.first_fight == first).collect();
                    let points: f64 = games.iter().map(|g| g.outcome.points()).sum();
                    format!("{name} {} (a_rate {:.3})", games.len(), points / games.len().max(1) as f64)
                })
                .collect();
            report.push_str(&format!("first conflict for A: {}\n", split.join(", ")));
        }
        let moves: Vec<u32> = (0..2).map(|s| results.iter().map(|g| g.moves[s]).sum()).collect();
        if moves.iter().any(|&m| m > 0) {
            let back: Vec<u32> = (0..2).map(|s| results.iter().map(|g| g.back[s]).sum()).collect();
            let share = |s: usize| 100.0 * back[s] as f64 / moves[s].max(1) as f64;
            let to_fight = results.iter().map(|g| g.turns_to_fight as f64).sum::<f64>() / n;
            report.push_str(&format!(
                "moves back to the square left the turn before: A {:.1}% of {} moves, B {:.1}% of {}; first conflict after {to_fight:.1} turns\n",
                share(0),
                moves[0],
                share(1),
                moves[1]
            ));
        }
        let mut endings: Vec<(&str, u32, u32)> = Vec::new();
        for g in results.iter().filter(|g| !g.ending.0.is_empty()) {
            match endings.iter_mut().find(|(name, ..)| *name == g.ending.0) {
                Some(entry) => {
                    entry.1 += 1;
                    entry.2 += g.ending.1 as u32;
                }
                None => endings.push((g.ending.0, 1, g.ending.1 as u32)),
            }
        }
        if !endings.is_empty() {
            let list: Vec<String> = endings.iter().map(|(name, n, a)| format!("{name} {n} (A won {a})")).collect();
            report.push_str(&format!("endings: {}\n", list.join(", ")));
        }
        if let Some(test) = self.sprt {
            let decided = decided.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
            let (verdict, points) = decided.unwrap_or_else(|| {
                let points: Vec<f64> = results.iter().map(|g| g.outcome.points()).collect();
                (test.verdict(&points), points)
            });
            let rate = points.iter().sum::<f64>() / points.len().max(1) as f64;
            let verdict = match verdict {
                Verdict::Stronger => "H1 accepted: A is stronger",
                Verdict::NotStronger => "H0 accepted: A is not stronger",
                Verdict::Undecided => "undecided",
            };
            let (low, high) = test.bounds();
            report.push_str(&format!(
                "sprt: elo0={} elo1={} llr={:.2} bounds=[{low:.2}, {high:.2}] after {} games: {verdict}; elo={:+.0}\n",
                test.elo0,
                test.elo1,
                test.llr(&points),
                points.len(),
                crate::sprt::elo_of(rate)
            ));
        }
        report.push_str(&format!(
            "result: game={} variant={} a={a} b={b} setup={} games={} a_wins={wins} b_wins={losses} ties={ties} a_rate={rate:.3} ci95={ci95:.3}",
            info.id, variants[variant], setups[setup], results.len()
        ));
        Ok(report)
    }
}
