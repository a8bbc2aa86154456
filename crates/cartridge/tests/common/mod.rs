//! What every two-seat game's rule tests write positions and actions with, through the
//! engine's interface. The including test crate names its game's state `Game`.

#![allow(dead_code)]

use chek_ai::Level;
use chek_cartridge::{Cartridge, GameDef};
use chek_engine::{Game as _, Notation, Step};
use chek_ui::save::{SaveError, Saved};
use chek_ui::{Catalog, Play as _, SeatKind};

type Game = super::Game;
type Def = super::Def;
type Action = <Game as chek_engine::Game>::Action;
type Play = <Def as GameDef>::Play;

/// The levels every search test goes through: the baselines, Easy, Normal and Hard.
pub const LEVELS: [Level; 5] = [Level::Random, Level::Greedy, Level::Easy, Level::Normal, Level::Hard];

/// The seats of a saved game: a person against Hard.
pub const KINDS: chek_ui::Kinds =
    chek_engine::PerSeat([SeatKind::Human, SeatKind::Cpu(Level::Hard), SeatKind::Human, SeatKind::Human]);

/// The position written `text`.
pub fn pos(text: &str) -> Game {
    Game::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal actions of `state` as sorted text.
pub fn moves(state: &Game) -> Vec<String> {
    let mut texts: Vec<String> = state.legal().iter().map(|a| a.to_string()).collect();
    texts.sort();
    texts
}

/// The legal action written `text` in `state`.
pub fn act(state: &Game, text: &str) -> Action {
    state.parse_action(text).unwrap_or_else(|e| panic!("{text} in {state}: {e}"))
}

/// `state` after the actions written in `line`, one after another.
pub fn after(state: &Game, line: &str) -> Game {
    let mut state = state.clone();
    for text in line.split_whitespace() {
        let a = act(&state, text);
        state.apply(Step::Act(a));
    }
    state
}

/// `record` after the actions written in `line`, each played through the record.
pub fn record_after<R: chek_engine::Record<Game = Game>>(mut record: R, line: &str) -> R {
    for text in line.split_whitespace() {
        let a = act(&record.state(), text);
        record.play(a).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    record
}

/// Positions along `games` random games from `start` (game `g` seeded `g`), one in
/// every `every` plies from ply `first`, each game at most `plies` plies long.
pub fn sampled_positions(start: &Game, games: u64, every: usize, first: usize, plies: usize) -> Vec<Game> {
    let mut out = Vec::new();
    for game in 0..games {
        let mut rng = chek_ai::rng(game);
        let mut state = start.clone();
        for ply in 0..plies {
            if state.to_act() == chek_engine::ToAct::Over {
                break;
            }
            if ply % every == first {
                out.push(state.clone());
            }
            let list = state.legal();
            let Some(action) = chek_ai::pick(&mut rng, &list) else { break };
            state.apply(Step::Act(action));
        }
    }
    out
}

/// The CPU of `level` deciding in `state`, seeded `seed`, as the cartridge asks it.
pub fn decide(level: Level, state: &Game, seed: u64) -> Action {
    let player = Def::player(level.name()).unwrap_or_else(|e| panic!("{level}: {e}"));
    chek_ai::finish(Def::think(player, state, seed)).unwrap_or_else(|| panic!("{level} decides in {state}"))
}

/// Each of [`LEVELS`] decides a legal action in each of `positions` (more than 20 of
/// them), seeded by the position's index.
pub fn every_level_decides_legally(positions: &[Game]) {
    assert!(positions.len() > 20, "{}", positions.len());
    for (i, state) in positions.iter().enumerate() {
        for level in LEVELS {
            let action = decide(level, state, i as u64);
            assert!(state.legal().contains(&action), "{level} chose {action:?} in {state}");
        }
    }
}

/// `saved` written out, read back and loaded by the cartridge: a game of this test's.
pub fn load(saved: &Saved) -> Result<Play, SaveError> {
    let bytes = saved.to_bytes();
    let any = Saved::from_bytes(&bytes).and_then(|s| Cartridge::load(&s))?;
    let id = any.info().id;
    Ok(any.into_play_of::<Def>().unwrap_or_else(|| panic!("a {} save loaded as {id:?}", Def::INFO.id)))
}

/// A search's copy of `start` (`for_search`) draws at a position's second time, where
/// the game draws only at its third: `round` is two moves each that come back to
/// `start`. The copy draws whether the position comes again along the search or came
/// once in the game before the copy was made; otherwise it is the same position.
/// `repeated` says whether a state is drawn by repetition.
pub fn the_search_copy_draws_a_repeat(
    start: &Game,
    round: &str,
    for_search: fn(&Game) -> Game,
    repeated: fn(&Game) -> bool,
) {
    let game = after(start, round);
    assert!(!repeated(&game) && game.to_act() != chek_engine::ToAct::Over, "twice in the game: {game}");
    assert!(repeated(&after(&for_search(start), round)), "twice along a search");
    let moves: Vec<&str> = round.split_whitespace().collect();
    let (first, second) = moves.split_at(moves.len() / 2);
    let halfway = after(start, &first.join(" "));
    assert!(repeated(&after(&for_search(&halfway), &second.join(" "))), "once in the game, once along a search");
    assert_eq!(for_search(start).to_string(), start.to_string());
}
