//! What the two-seat games' CPU players (Checkers, Chak, Che) share: reading an arena
//! spec `search:N:N:…`, and a level's thinker — the generic alpha-beta when the level
//! table (or a spec) gives a search, else a baseline.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use chek_ai::alphabeta::{AlphaBeta, Config};
use chek_ai::{Evaluator, Level, Rng, Search, Thinker};
use chek_engine::Game;

/// The numbers of the arena spec `name` (`search:` then `min..=max` numbers joined by
/// `:`), for a game whose spec is written `syntax`.
///
/// # Errors
/// One line naming the levels and `syntax`.
pub fn spec_numbers(name: &str, syntax: &str, min: usize, max: usize) -> Result<Vec<f32>, String> {
    let bad = || format!("level: unknown {name:?} (expected random, greedy, easy, normal, hard or {syntax})");
    let parts: Vec<&str> = name.strip_prefix("search:").ok_or_else(bad)?.split(':').collect();
    if parts.len() < min || parts.len() > max {
        return Err(bad());
    }
    parts.iter().map(|p| p.parse::<f32>().map_err(|_| bad())).collect()
}

/// The CPU deciding in `state`: with `search` (the alpha-beta's settings, the softmax
/// temperature and the evaluation) a search; without, the baseline of `level` —
/// `greedy` for [`Level::Greedy`], any legal action uniformly otherwise.
pub fn think<G: Game, E: Evaluator<G>>(
    state: &G,
    seed: u64,
    level: Option<Level>,
    search: Option<(Config, f32, E)>,
    greedy: fn(&G, &mut Rng) -> Option<G::Action>,
) -> Thinker<G, E> {
    let mut rng = chek_ai::rng(seed);
    match search {
        Some((config, temperature, eval)) => {
            let search = Search::AlphaBeta(AlphaBeta::new(state.clone(), config, eval));
            Thinker::searching(state, search, temperature, rng)
        }
        None => {
            let action = match level {
                Some(Level::Greedy) => greedy(state, &mut rng),
                _ => chek_ai::random_action(state, &mut rng),
            };
            Thinker::decided(state, action, rng)
        }
    }
}
