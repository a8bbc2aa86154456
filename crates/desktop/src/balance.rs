//! `chek balance`: what Chek Nights (V3) plays like between two CPUs of one level, for
//! the balance report N1–N6 asked for: the first seat's score, the game's length, how
//! many games end quietly (C18), how often the seat dealt the most wins, and how often
//! a face card falls to a number card.

use chek_ai::finish;
use chek_cartridge::games::chek::Def;
use chek_cartridge::GameDef;
use chek_engine::Record as _;
use chek_rules::{End, Next, Outcome, Record, Seat, Setup, Variant};

use crate::arena::choice;
use crate::workers::each_game;

/// A balance run: `games` games of `setup`, every seat played by `level`.
#[derive(Debug)]
pub struct Balance<'a> {
    /// The setup's id.
    pub setup: &'a str,
    /// The variant's id (Chek Nights, or another for comparison).
    pub variant: &'a str,
    /// The level of every seat.
    pub level: &'a str,
    /// How many games.
    pub games: u64,
    /// The first game's seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// What one game showed.
#[derive(Clone, Copy, Debug, Default)]
struct Game {
    /// The share of the win of the seat that moved first (1, ½ in a tie of two, …).
    first_share: f64,
    /// The share of the seat dealt the highest total (a shared highest: its first).
    dealt_best_share: f64,
    turns: u64,
    quiet: bool,
    /// Face cards taken, and those taken by a number card.
    faces_taken: u64,
    faces_by_number: u64,
    conflicts: u64,
}

impl Balance<'_> {
    /// Plays the games and gives the report, a few lines.
    ///
    /// # Errors
    /// An unknown setup or level, or an illegal action (a defect).
    pub fn run(&self) -> Result<String, String> {
        let setups: Vec<&str> = Setup::ALL.iter().map(|s| s.id()).collect();
        let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        let setup = Setup::ALL[choice("setup", Some(self.setup), &setups)?];
        let variant = Variant::ALL[choice("variant", Some(self.variant), &variants)?];
        let player = Def::player(self.level)?;
        let games =
            each_game(self.games, self.threads, |index| play(setup, variant, player, self.seed.wrapping_add(index)))?;
        Ok(report(setup, variant, self.level, &games))
    }
}

/// One game of `variant` from `setup`, South first, dealt and rolled from `seed`.
fn play(setup: Setup, variant: Variant, player: <Def as GameDef>::Player, seed: u64) -> Result<Game, String> {
    let mut game = Record::dealt(setup, variant, Seat::South, seed).ok_or("setup: South cannot start")?;
    let start = *game.position();
    let seats = start.seating().seats();
    let dealt_best = seats.iter().copied().max_by_key(|&s| (start.worth_of(s), std::cmp::Reverse(s as u8)));
    let mut result = Game::default();
    let mut decisions = 0u64;
    while !game.is_over() {
        let state = game.state();
        let position = *game.position();
        let think_seed = seed ^ (decisions + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let action = finish(Def::think(player, &state, think_seed)).ok_or("the CPU found no action")?;
        result.turns += !position.mid_turn() as u64;
        if let Ok(Next::Conflict(conflict)) = position.play(action) {
            let played = game.play(action).map_err(|e| format!("{e} in {position}"))?;
            result.conflicts += 1;
            if let Some((_, _, outcome)) = played.conflict {
                let (taken, by) = match outcome {
                    Outcome::AttackerWins => (conflict.to(), conflict.from()),
                    Outcome::DefenderWins => (conflict.from(), conflict.to()),
                };
                if position.card_at(taken).is_some_and(|r| r.is_face()) {
                    result.faces_taken += 1;
                    result.faces_by_number += position.card_at(by).is_some_and(|r| !r.is_face()) as u64;
                }
            }
        } else {
            game.play(action).map_err(|e| format!("{e} in {position}"))?;
        }
        decisions += 1;
    }
    let leaders: Vec<Seat> = game.leaders().collect();
    result.first_share = share(&leaders, Seat::South);
    result.dealt_best_share = dealt_best.map_or(0.0, |seat| share(&leaders, seat));
    result.quiet = game.end() == Some(End::Quiet);
    Ok(result)
}

/// `seat`'s share of the win among `leaders` (C17: ties share).
fn share(leaders: &[Seat], seat: Seat) -> f64 {
    if leaders.contains(&seat) {
        1.0 / leaders.len() as f64
    } else {
        0.0
    }
}

fn report(setup: Setup, variant: Variant, level: &str, games: &[Game]) -> String {
    let n = games.len().max(1) as f64;
    let mean = |f: &dyn Fn(&Game) -> f64| games.iter().map(f).sum::<f64>() / n;
    let faces: u64 = games.iter().map(|g| g.faces_taken).sum();
    let by_number: u64 = games.iter().map(|g| g.faces_by_number).sum();
    let seats = setup.seating().count() as f64;
    format!(
        "variant={variant} setup={setup} level={level} games={} seats={seats}\n\
         first seat's score: {:.3} (a fair share is {:.3})\n\
         mean game length: {:.1} turns, {:.1} conflicts\n\
         ended quietly (C18): {:.3}\n\
         the seat dealt the highest total scores: {:.3}\n\
         face cards taken: {faces}, by a number card: {by_number} ({:.3})",
        games.len(),
        mean(&|g| g.first_share),
        1.0 / seats,
        mean(&|g| g.turns as f64),
        mean(&|g| g.conflicts as f64),
        mean(&|g| g.quiet as u8 as f64),
        mean(&|g| g.dealt_best_share),
        by_number as f64 / faces.max(1) as f64,
    )
}
