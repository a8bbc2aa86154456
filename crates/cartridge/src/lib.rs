//! The cartridge: its games, one folder each under `src/games`, and the glue that puts
//! them behind the App's [`Catalog`] and the desktop's tools.
//!
//! A game's folder has a `mod.rs` whose `Def` implements [`GameDef`]: its rules (on the
//! engine's interface), its CPU levels, its play screen and its description. The build
//! script finds the folders, so adding a game adds files and edits none: the App, the
//! Playdate shell, the desktop shells and the tools reach every game through
//! [`AnyPlay`], [`Cartridge`] and [`with_game`].
#![no_std]
#![deny(missing_docs, missing_debug_implementations, unsafe_code)]

extern crate alloc;

pub mod art;
pub mod duel;
pub mod search;

use core::fmt;

use chek_ai::{Evaluator, Thinker};
use chek_engine::code::{CodeChars, CodeError, Reading};
use chek_engine::{Game, Notation, Record, Seat};
use chek_ui::save::{SaveError, Saved};
use chek_ui::{Catalog, GameInfo, Options, Play};

/// One game of the cartridge: everything the App and the tools need, in one place.
pub trait GameDef: 'static {
    /// The rules, on the engine's interface.
    type State: Game + Notation + fmt::Debug;
    /// A game in progress with its own randomness (dice, repetition history).
    type Record: Record<Game = Self::State> + fmt::Debug;
    /// The evaluation the CPU searches with.
    type Eval: Evaluator<Self::State> + Clone;
    /// A CPU player for the arena: a level, or a game's own experimental search.
    type Player: Copy + fmt::Display + fmt::Debug + Send + Sync;
    /// The play screen.
    type Play: Play + Clone + fmt::Debug + 'static;

    /// The description: names, variants, setups, seats, pictures, rules pages.
    const INFO: &'static GameInfo;

    /// The start of a game of `variant` from `setup`, `first` to act (`None` if that
    /// seat is not at the table).
    fn start(variant: usize, setup: usize, first: Seat) -> Option<Self::State>;

    /// The first seat at `setup`'s table that may open a game of `variant` (the one
    /// the rules name, when the players do not choose).
    fn opener(variant: usize, setup: usize) -> Option<Seat> {
        let seats = Self::INFO.setups.get(setup)?.seats;
        seats.iter().find(|&seat| Self::start(variant, setup, seat).is_some())
    }

    /// A record of a game from `start`, its randomness seeded by `seed`.
    fn record(start: Self::State, seed: u64) -> Self::Record;

    /// The player named `name`: a level (`random`, `greedy`, `easy`, `normal`, `hard`)
    /// or the game's own experimental spec.
    ///
    /// # Errors
    /// A one-line message naming what was expected.
    fn player(name: &str) -> Result<Self::Player, alloc::string::String>;

    /// The CPU deciding for the seat to act in `state`.
    fn think(player: Self::Player, state: &Self::State, seed: u64) -> Thinker<Self::State, Self::Eval>;

    /// The nodes the CPU searches a frame deciding in `state`, within a slice's budget
    /// of 1.5M instructions (`scripts/bench-ai`): a game whose nodes cost more
    /// searches fewer.
    fn slice_nodes(state: &Self::State) -> u32 {
        let _ = state;
        chek_ui::CPU_SLICE_NODES
    }

    /// The CPU deciding, knowing the seat's own action at the start of its last turn (a
    /// level may avoid undoing it). The arena and the play screen decide through this.
    fn think_after(
        player: Self::Player,
        state: &Self::State,
        seed: u64,
        previous: Option<<Self::State as Game>::Action>,
    ) -> Thinker<Self::State, Self::Eval> {
        let _ = previous;
        Self::think(player, state, seed)
    }

    /// The share code of `state`.
    ///
    /// # Errors
    /// Why `state` has none.
    fn share_code(state: &Self::State) -> Result<CodeChars, CodeError>;

    /// The head of this game's codes (`W` to `Z`; `chek_engine::code`).
    const CODE_HEAD: u8;

    /// The state a code's payload holds: exactly what [`GameDef::share_code`] writes
    /// after the head, else an error.
    ///
    /// # Errors
    /// [`CodeError::Position`] for a payload that is not such a code.
    fn from_payload(payload: &[u8]) -> Result<Self::State, CodeError>;

    /// Whether a first-release code starting with `symbol` is this game's.
    fn claims_legacy(symbol: u8) -> bool;

    /// The state of a first-release code, exactly as typed.
    ///
    /// # Errors
    /// What is wrong with the code.
    fn from_legacy_code(text: &str) -> Result<Self::State, CodeError>;

    /// A new game in the App.
    fn new_play(options: &Options, first: Seat, seed: u64) -> Self::Play;

    /// A game in the App from a share code, every seat a person.
    fn continue_play(state: Self::State, seed: u64) -> Self::Play;

    /// The state of the game `play` shows (for the tools and tests that check any game).
    fn state_of(play: &Self::Play) -> Self::State;

    /// A saved game.
    ///
    /// # Errors
    /// What is wrong with the save.
    fn load(saved: &Saved) -> Result<Self::Play, SaveError>;

    /// `seat`'s margin in a finished game, in the game's own points (the arena's mean
    /// margin): its score less the best rival's.
    fn margin(state: &Self::State, seat: Seat) -> i32 {
        let _ = (state, seat);
        0
    }

    /// The evaluation's weights a fit may tune (the levels' own, in the order a
    /// `search:` spec writes them); none for a game without.
    fn tunable_weights() -> alloc::vec::Vec<i32> {
        alloc::vec::Vec::new()
    }

    /// The static score of `state` for `seat` (the evaluation's score units) with
    /// `weights` in place of [`GameDef::tunable_weights`]; `None` for a game without.
    fn score_with(weights: &[i32], state: &Self::State, seat: Seat) -> Option<i32> {
        let _ = (weights, state, seat);
        None
    }

    /// Whether the static score of `state` says what it is worth (no capture pending);
    /// a fit keeps only such positions.
    fn is_quiet(state: &Self::State) -> bool {
        let _ = state;
        true
    }

    /// The squares a piece stepped from and to, if `action` is a plain move (the arena
    /// counts moves that undo the seat's previous one).
    fn step_squares(action: <Self::State as Game>::Action) -> Option<(u8, u8)> {
        let _ = action;
        None
    }

    /// How a finished game ended, in a word or two ("far row", "checkmate"): the
    /// arena counts the endings.
    fn ending(state: &Self::State) -> &'static str {
        let _ = state;
        ""
    }

    /// The seat that won the step from `before` to `after`, if it was a fight (Chek's
    /// conflicts): the arena reports how much the first one decides.
    fn fight(before: &Self::State, after: &Self::State) -> Option<Seat> {
        let _ = (before, after);
        None
    }

    /// The game of a lesson's step: its position, every seat a person, with the seed
    /// whose randomness (Chek's dice) takes the first decision asked for to the
    /// step's `after`.
    ///
    /// # Errors
    /// The field of the step that is wrong, in one line.
    fn lesson_play(step: &chek_ui::LessonStep) -> Result<Self::Play, alloc::string::String> {
        let state = Self::State::parse(step.position).map_err(|e| alloc::format!("position: {e}"))?;
        let seed = match (step.seed, step.after) {
            (Some(seed), Some(after)) => lesson_seed::<Self>(&state, step, after, seed..seed + 1)?,
            (Some(seed), None) => seed,
            (None, Some(after)) => lesson_seed::<Self>(&state, step, after, 0..LESSON_SEEDS)?,
            (None, None) => 0,
        };
        Ok(Self::continue_play(state, seed))
    }
}

/// Seeds tried for a lesson's scripted randomness.
const LESSON_SEEDS: u64 = 512;

/// The first of `seeds` with which the step's first decision, played on `state`,
/// leads to `after`.
fn lesson_seed<D: GameDef + ?Sized>(
    state: &D::State,
    step: &chek_ui::LessonStep,
    after: &str,
    mut seeds: core::ops::Range<u64>,
) -> Result<u64, alloc::string::String> {
    use alloc::string::ToString;
    let text = step.expect.first().ok_or_else(|| alloc::string::String::from("expect: none to play"))?;
    let action = state.parse_action(text).map_err(|e| alloc::format!("expect: {text}: {e}"))?;
    seeds
        .find(|&seed| {
            let mut record = D::record(state.clone(), seed);
            record.play(action).is_ok() && record.state().to_string() == after
        })
        .ok_or_else(|| alloc::format!("after: no dice take {text} to {after}"))
}

/// Reads a code of game `D` (of this version or the first release) as the cartridge
/// does, but for `D` alone: for tests and tools that know the game.
///
/// # Errors
/// What is wrong with the code.
pub fn read_code<D: GameDef>(text: &str) -> Result<Reading<D::State>, CodeError> {
    let judge = |head: u8, payload: &[u8]| {
        if head == D::CODE_HEAD {
            D::from_payload(payload)
        } else {
            Err(CodeError::Game(chek_engine::code::char_of(head)))
        }
    };
    let legacy = |text: &str| match chek_engine::code::first_symbol(text) {
        Some(symbol) if D::claims_legacy(symbol) => D::from_legacy_code(text),
        _ => Err(CodeError::Check),
    };
    chek_engine::code::read_or_legacy(text, judge, legacy)
}

/// Whether `payload` holds a state of game `D` (its id if so), in a frame of its own.
#[inline(never)]
fn valid_payload<D: GameDef>(payload: &[u8]) -> Result<&'static str, CodeError> {
    D::from_payload(payload).map(|_| D::INFO.id)
}

/// Whether `text` is a first-release code of game `D`, in a frame of its own.
#[inline(never)]
fn valid_legacy<D: GameDef>(text: &str) -> Result<&'static str, CodeError> {
    D::from_legacy_code(text).map(|_| D::INFO.id)
}

/// Game `D`'s play loaded from `saved`, built and boxed in a frame of its own: the
/// App's load then holds a pointer, not every game's play, on the device's small
/// stack.
#[inline(never)]
fn load_boxed<D: GameDef>(saved: &Saved) -> Result<alloc::boxed::Box<D::Play>, SaveError> {
    D::load(saved).map(alloc::boxed::Box::new)
}

/// Game `D`'s play of a lesson's step, built and boxed in a frame of its own (as
/// [`load_boxed`]).
#[inline(never)]
fn lesson_boxed<D: GameDef>(step: &chek_ui::LessonStep) -> Result<alloc::boxed::Box<D::Play>, alloc::string::String> {
    D::lesson_play(step).map(alloc::boxed::Box::new)
}

/// Something to do with one game, whichever it is (the tools' way in).
pub trait Visitor {
    /// What it gives.
    type Output;
    /// Does it with the game `D`.
    fn visit<D: GameDef>(self) -> Self::Output;
}

/// The cartridge's games as the App's [`Catalog`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cartridge;

/// The App with every game of the cartridge.
pub type App = chek_ui::App<Cartridge>;

macro_rules! registry {
    ($($variant:ident => $module:ident),* $(,)?) => {
        /// A game in progress, of any game of the cartridge (on the heap: a game's
        /// play holds its CPU's search, and the games differ in size).
        #[derive(Clone, Debug)]
        pub enum AnyPlay {
            $(
                #[doc = concat!("A game of `", stringify!($module), "`.")]
                $variant(alloc::boxed::Box<<games::$module::Def as GameDef>::Play>),
            )*
        }

        static GAMES: &[&GameInfo] = &[$(<games::$module::Def as GameDef>::INFO),*];

        /// Does `visitor` with the game whose id is `id`, if the cartridge has it.
        pub fn with_game<V: Visitor>(id: &str, visitor: V) -> Option<V::Output> {
            $(
                if <games::$module::Def as GameDef>::INFO.id == id {
                    return Some(visitor.visit::<games::$module::Def>());
                }
            )*
            None
        }

        impl Catalog for Cartridge {
            type Play = AnyPlay;

            fn games() -> &'static [&'static GameInfo] {
                GAMES
            }

            // Building a game's play (on the stack, then boxed) gets frames of its own,
            // off the paths of the App's screens on the device's small stack.
            #[inline(never)]
            fn start(game: usize, options: &Options, first: chek_engine::Seat, seed: u64) -> AnyPlay {
                let id = GAMES.get(game).map_or("", |info| info.id);
                $(
                    if <games::$module::Def as GameDef>::INFO.id == id {
                        return AnyPlay::$variant(alloc::boxed::Box::new(<games::$module::Def as GameDef>::new_play(options, first, seed)));
                    }
                )*
                first_game(options, first, seed)
            }

            #[inline(never)]
            fn lesson(game: usize, step: &chek_ui::LessonStep) -> Result<AnyPlay, alloc::string::String> {
                let id = GAMES.get(game).map_or("", |info| info.id);
                $(
                    if <games::$module::Def as GameDef>::INFO.id == id {
                        return lesson_boxed::<games::$module::Def>(step).map(AnyPlay::$variant);
                    }
                )*
                Err(alloc::format!("game: no game {id}"))
            }

            #[inline(never)]
            fn load(saved: &Saved) -> Result<AnyPlay, SaveError> {
                $(
                    if <games::$module::Def as GameDef>::INFO.save_id == saved.game {
                        return load_boxed::<games::$module::Def>(saved).map(AnyPlay::$variant);
                    }
                )*
                Err(SaveError::Game(saved.game))
            }

            /// A code is read by `chek_engine::code::read`, each reading judged by the
            /// game its head names; one that reads as nothing may be a first-release
            /// code, which loads as it did when typed exactly. (New readings come
            /// first: a new code with its head mistyped never loads as an old one.) The
            /// reading only names the game; the play is built after, in a frame of its
            /// own, from the code as fixed.
            #[inline(never)]
            fn from_code(text: &str, seed: u64) -> Result<Reading<AnyPlay>, CodeError> {
                let (reading, legacy) = read_any_code(text)?;
                let value = play_from_code(reading.value, &reading.code, legacy, seed)?;
                Ok(Reading { value, code: reading.code, fixed: reading.fixed })
            }
        }

        /// Which game's code `text` is (its id), read as [`Catalog::from_code`] reads it,
        /// and whether it is a first-release code.
        #[inline(never)]
        fn read_any_code(text: &str) -> Result<(Reading<&'static str>, bool), CodeError> {
            let symbol = chek_engine::code::first_symbol(text).ok_or(CodeError::Length(0))?;
            let judge = |head: u8, payload: &[u8]| {
                $(
                    if <games::$module::Def as GameDef>::CODE_HEAD == head {
                        return valid_payload::<games::$module::Def>(payload).map(|id| (id, false));
                    }
                )*
                Err(CodeError::Game(chek_engine::code::char_of(head)))
            };
            let legacy = |text: &str| {
                $(
                    if <games::$module::Def as GameDef>::claims_legacy(symbol) {
                        return valid_legacy::<games::$module::Def>(text).map(|id| (id, true));
                    }
                )*
                Err(CodeError::Check)
            };
            let reading = chek_engine::code::read_or_legacy(text, judge, legacy)?;
            let (value, legacy) = reading.value;
            Ok((Reading { value, code: reading.code, fixed: reading.fixed }, legacy))
        }

        /// The play of game `id` from `code` (one that reads: see [`read_any_code`]).
        #[inline(never)]
        fn play_from_code(id: &str, code: &str, legacy: bool, seed: u64) -> Result<AnyPlay, CodeError> {
            $(
                if <games::$module::Def as GameDef>::INFO.id == id {
                    let state = if legacy {
                        <games::$module::Def as GameDef>::from_legacy_code(code)?
                    } else {
                        let word = chek_engine::code::symbols_of(code)?;
                        let end = word.len().saturating_sub(chek_engine::code::check::CHECK_CHARS);
                        <games::$module::Def as GameDef>::from_payload(word.get(1..end).unwrap_or(&[]))?
                    };
                    return Ok(AnyPlay::$variant(alloc::boxed::Box::new(<games::$module::Def as GameDef>::continue_play(state, seed))));
                }
            )*
            Err(CodeError::Position)
        }

        impl AnyPlay {
            /// The game in progress as a play of `D`, if it is a game of `D`.
            pub fn play_of<D: GameDef>(&self) -> Option<&D::Play> {
                match self { $(AnyPlay::$variant(p) => (&**p as &dyn core::any::Any).downcast_ref(),)* }
            }

            /// The game in progress as a play of `D`, if it is a game of `D`.
            pub fn into_play_of<D: GameDef>(self) -> Option<D::Play> {
                match self {
                    $(AnyPlay::$variant(p) => (p as alloc::boxed::Box<dyn core::any::Any>).downcast().ok().map(|p| *p),)*
                }
            }

            /// The text of the game's state now, in its notation.
            pub fn state_text(&self) -> alloc::string::String {
                use alloc::string::ToString;
                match self { $(AnyPlay::$variant(p) => <games::$module::Def as GameDef>::state_of(p).to_string(),)* }
            }

            /// Checks the game's state now against the engine's invariants
            /// ([`chek_engine::Audit`]); the message names the first one broken.
            ///
            /// # Errors
            /// The broken invariant and the state, in one line.
            pub fn audit(&self) -> Result<(), alloc::string::String> {
                match self {
                    $(AnyPlay::$variant(p) => {
                        let state = <games::$module::Def as GameDef>::state_of(p);
                        chek_engine::Audit::new(&state)
                            .check(&state)
                            .map_err(|v| alloc::format!("{v} at {state}"))
                    })*
                }
            }

            /// Whether `other` is the same game in the same state (a save read back).
            pub fn same_state(&self, other: &AnyPlay) -> bool {
                match (self, other) {
                    $((AnyPlay::$variant(a), AnyPlay::$variant(b)) => {
                        <games::$module::Def as GameDef>::state_of(a) == <games::$module::Def as GameDef>::state_of(b)
                    })*
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
        }

        /// Every game's id, in folder order.
        pub const IDS: &[&str] = &[$(stringify!($module)),*];

        /// The id of the game whose codes have the head `head`.
        pub fn game_of_head(head: u8) -> Option<&'static str> {
            $(
                if <games::$module::Def as GameDef>::CODE_HEAD == head {
                    return Some(<games::$module::Def as GameDef>::INFO.id);
                }
            )*
            None
        }

        fn first_game(options: &Options, first: chek_engine::Seat, seed: u64) -> AnyPlay {
            registry!(@first options, first, seed, $($variant => $module),*)
        }

        impl Play for AnyPlay {
            fn info(&self) -> &'static GameInfo { match self { $(AnyPlay::$variant(p) => Play::info(&**p),)* } }
            fn variant(&self) -> usize { match self { $(AnyPlay::$variant(p) => Play::variant(&**p),)* } }
            fn setup(&self) -> usize { match self { $(AnyPlay::$variant(p) => Play::setup(&**p),)* } }
            fn session(&self) -> &dyn chek_ui::session::SessionInfo {
                match self { $(AnyPlay::$variant(p) => Play::session(&**p),)* }
            }
            fn update(&mut self, command: &chek_ui::Command, now: u32) -> chek_ui::sound::Cues {
                match self { $(AnyPlay::$variant(p) => Play::update(&mut **p, command, now),)* }
            }
            fn draw(&self, f: &mut chek_ui::Frame, view: &chek_ui::View) {
                match self { $(AnyPlay::$variant(p) => Play::draw(&**p, f, view),)* }
            }
            fn busy(&self, now: u32) -> bool { match self { $(AnyPlay::$variant(p) => Play::busy(&**p, now),)* } }
            fn cpu_to_act(&self) -> bool { match self { $(AnyPlay::$variant(p) => Play::cpu_to_act(&**p),)* } }
            fn aiming(&self) -> bool { match self { $(AnyPlay::$variant(p) => Play::aiming(&**p),)* } }
            fn is_over(&self) -> bool { match self { $(AnyPlay::$variant(p) => Play::is_over(&**p),)* } }
            fn end_by_agreement(&mut self) -> Result<(), alloc::string::String> {
                match self { $(AnyPlay::$variant(p) => Play::end_by_agreement(&mut **p),)* }
            }
            fn end_words(&self) -> (&'static str, &'static str) {
                match self { $(AnyPlay::$variant(p) => Play::end_words(&**p),)* }
            }
            fn ending(&self) -> chek_ui::Ending { match self { $(AnyPlay::$variant(p) => Play::ending(&**p),)* } }
            fn end_terms(&self) -> [&'static str; 2] { match self { $(AnyPlay::$variant(p) => Play::end_terms(&**p),)* } }
            fn draw_scores(&self, f: &mut chek_ui::Frame, at: embedded_graphics::prelude::Point) {
                match self { $(AnyPlay::$variant(p) => Play::draw_scores(&**p, f, at),)* }
            }
            fn turn(&self) -> (chek_engine::Seat, alloc::string::String) { match self { $(AnyPlay::$variant(p) => Play::turn(&**p),)* } }
            fn to_act(&self) -> chek_engine::Seat { match self { $(AnyPlay::$variant(p) => Play::to_act(&**p),)* } }
            fn save(&self) -> Saved { match self { $(AnyPlay::$variant(p) => Play::save(&**p),)* } }
            fn score_line(&self) -> alloc::string::String { match self { $(AnyPlay::$variant(p) => Play::score_line(&**p),)* } }
            fn take_back_seat(&self) -> Option<chek_engine::Seat> { match self { $(AnyPlay::$variant(p) => Play::take_back_seat(&**p),)* } }
            fn take_back(&mut self) -> bool { match self { $(AnyPlay::$variant(p) => Play::take_back(&mut **p),)* } }
            fn payoffs(&self) -> Option<chek_engine::Payoffs> { match self { $(AnyPlay::$variant(p) => Play::payoffs(&**p),)* } }
            fn figures(&self) -> chek_ui::records::Figures {
                match self { $(AnyPlay::$variant(p) => Play::figures(&**p),)* }
            }
            fn share_code(&self) -> Result<CodeChars, CodeError> {
                match self { $(AnyPlay::$variant(p) => Play::share_code(&**p),)* }
            }
            fn think_hint(&mut self, clock: Option<chek_ui::Clock>) -> Option<chek_ui::hint::HintThought> {
                match self { $(AnyPlay::$variant(p) => Play::think_hint(&mut **p, clock),)* }
            }
            fn mark_assisted(&mut self) { match self { $(AnyPlay::$variant(p) => Play::mark_assisted(&mut **p),)* } }
            fn rewind_to(&mut self, n: usize) { match self { $(AnyPlay::$variant(p) => Play::rewind_to(&mut **p, n),)* } }
            fn value_next(&mut self) -> Option<chek_engine::PerSeat<f32>> {
                match self { $(AnyPlay::$variant(p) => Play::value_next(&mut **p),)* }
            }
            fn cells_of(&self, decision: &str) -> [Option<embedded_graphics::primitives::Rectangle>; 2] {
                match self { $(AnyPlay::$variant(p) => Play::cells_of(&**p, decision),)* }
            }
            fn card_area(&self) -> embedded_graphics::primitives::Rectangle {
                match self { $(AnyPlay::$variant(p) => Play::card_area(&**p),)* }
            }
        }
    };
    (@first $options:ident, $first:ident, $seed:ident, $variant:ident => $module:ident $(, $rest:ident => $more:ident)*) => {
        AnyPlay::$variant(alloc::boxed::Box::new(<games::$module::Def as GameDef>::new_play($options, $first, $seed)))
    };
}

include!(concat!(env!("OUT_DIR"), "/games.rs"));
