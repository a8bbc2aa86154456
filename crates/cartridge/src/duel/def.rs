//! A two-seat game on the cartridge: what its `Def` supplies ([`DuelGame`]), and the
//! [`GameDef`] every such game gets from it.

use alloc::string::String;
use alloc::vec::Vec;

use chek_ai::Thinker;
use chek_engine::code::{CodeChars, CodeError, Symbols};
use chek_engine::{Game as _, Seat, ToAct};
use chek_ui::save::{SaveError, Saved};
use chek_ui::{GameInfo, Options, SeatKind};

use super::{Board, Duel, DuelRecord, State};
use crate::search::Tunable;
use crate::GameDef;

/// A two-seat game's state as its share codes carry it (each game's `rules/code.rs`).
pub trait Coded: chek_engine::Game + Sized {
    /// The head of the game's share codes.
    const CODE_HEAD: u8;
    /// The first symbols of the game's first-release share codes (one a variant).
    const LEGACY_SYMBOLS: &'static [u8];

    /// The symbols of this position's code after its head.
    ///
    /// # Errors
    /// [`CodeError::Unavailable`] for a position the code cannot carry.
    fn payload(&self) -> Result<Symbols, CodeError>;

    /// The position a code's payload writes, before [`Coded::from_payload`] checks
    /// that the payload is its code exactly.
    ///
    /// # Errors
    /// [`CodeError::Position`] for a payload that writes no position.
    fn read_payload(payload: &[u8]) -> Result<Self, CodeError>;

    /// The share code of this position, without group separators.
    ///
    /// # Errors
    /// [`CodeError::Unavailable`] once the game is over.
    fn share_code(&self) -> Result<CodeChars, CodeError> {
        if self.to_act() == ToAct::Over {
            return Err(CodeError::Unavailable("the game is over"));
        }
        chek_engine::code::encode(Self::CODE_HEAD, &self.payload()?)
    }

    /// The state a code's payload holds (see [`GameDef::from_payload`]): one code a
    /// position, so the payload must be exactly the code of the position it writes,
    /// and that position's game must go on.
    ///
    /// # Errors
    /// [`CodeError::Position`] for a payload that is not such a code.
    fn from_payload(payload: &[u8]) -> Result<Self, CodeError> {
        let state = Self::read_payload(payload)?;
        if state.to_act() == ToAct::Over || state.payload()?.as_slice() != payload {
            return Err(CodeError::Position);
        }
        Ok(state)
    }

    /// The state of a first-release code, exactly as typed.
    ///
    /// # Errors
    /// What is wrong with the code.
    fn from_legacy_code(text: &str) -> Result<Self, CodeError>;
}

/// The CPU player of a two-seat game: a level or an experimental spec of its search
/// with the game's tunable weights.
pub type Player<D> = crate::search::Player<Weights<D>>;

/// The tunable weights of a two-seat game's evaluation.
type Weights<D> = <<D as DuelGame>::Board as Board>::Weights;

/// What a two-seat game's `Def` supplies besides its [`Board`] and its state's codes
/// ([`Coded`]): its start, its CPU and its arena figures.
pub trait DuelGame: 'static {
    /// The game's board screen.
    type Board: Board;

    /// The start of a game of `variant` (the rules name who moves first); the first
    /// variant's for one the game does not have. By default the state's `Default`, for
    /// a game of one variant.
    fn start(variant: usize) -> State<Self::Board> {
        let _ = variant;
        State::<Self::Board>::default()
    }

    /// `seat`'s margin in a finished game, in the game's own points.
    fn margin(state: &State<Self::Board>, seat: Seat) -> i32;

    /// How a finished game ended, in a word or two (for the arena).
    fn ending(state: &State<Self::Board>) -> &'static str {
        let _ = state;
        ""
    }
}

impl<D: DuelGame> GameDef for D
where
    State<D::Board>: Notation + Coded + core::fmt::Debug,
{
    type State = State<D::Board>;
    type Record = <D::Board as Board>::Record;
    type Eval = <D::Board as Board>::Eval;
    type Player = Player<D>;
    type Play = Duel<D::Board>;

    const INFO: &'static GameInfo = <D::Board as Board>::INFO;

    /// The one setup; only the seat the variant's rules name may move first.
    fn start(variant: usize, setup: usize, first: Seat) -> Option<Self::State> {
        if setup != 0 || variant >= Self::INFO.variants.len() {
            return None;
        }
        let start = D::start(variant);
        (start.to_act() == ToAct::Seat(first)).then_some(start)
    }

    fn record(start: Self::State, _seed: u64) -> Self::Record {
        DuelRecord::from_state(start)
    }

    fn player(name: &str) -> Result<Player<D>, String> {
        Player::<D>::parse(name)
    }

    fn think(player: Player<D>, state: &Self::State, seed: u64) -> Thinker<Self::State, Self::Eval> {
        D::Board::think(player, state, seed)
    }

    fn slice_nodes(state: &Self::State) -> u32 {
        D::Board::slice_nodes(state)
    }

    fn share_code(state: &Self::State) -> Result<CodeChars, CodeError> {
        state.share_code()
    }

    const CODE_HEAD: u8 = <Self::State as Coded>::CODE_HEAD;

    fn from_payload(payload: &[u8]) -> Result<Self::State, CodeError> {
        <Self::State as Coded>::from_payload(payload)
    }

    fn claims_legacy(symbol: u8) -> bool {
        <Self::State as Coded>::LEGACY_SYMBOLS.contains(&symbol)
    }

    fn from_legacy_code(text: &str) -> Result<Self::State, CodeError> {
        <Self::State as Coded>::from_legacy_code(text)
    }

    fn new_play(options: &Options, _first: Seat, seed: u64) -> Duel<D::Board> {
        Duel::new(DuelRecord::from_state(D::start(options.variant)), options.kinds, seed)
    }

    fn continue_play(state: Self::State, seed: u64) -> Duel<D::Board> {
        Duel::new(DuelRecord::from_state(state), SeatKind::PEOPLE, seed)
    }

    fn state_of(play: &Duel<D::Board>) -> Self::State {
        play.state().clone()
    }

    fn load(saved: &Saved) -> Result<Duel<D::Board>, SaveError> {
        super::load(saved)
    }

    fn margin(state: &Self::State, seat: Seat) -> i32 {
        D::margin(state, seat)
    }

    fn ending(state: &Self::State) -> &'static str {
        D::ending(state)
    }

    fn tunable_weights() -> Vec<i32> {
        Weights::<D>::DEFAULT.tuned()
    }

    fn score_with(weights: &[i32], state: &Self::State, seat: Seat) -> Option<i32> {
        Some(crate::search::score_with::<_, Self::Eval, Weights<D>>(weights, state, seat))
    }

    fn is_quiet(state: &Self::State) -> bool {
        crate::search::is_quiet::<_, Self::Eval, Weights<D>>(state)
    }
}

use chek_engine::Notation;
