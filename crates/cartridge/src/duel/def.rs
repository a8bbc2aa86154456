//! A two-seat game on the cartridge: what its `Def` supplies ([`DuelGame`]), and the
//! [`GameDef`] every such game gets from it.

use alloc::string::String;

use chek_ai::Thinker;
use chek_engine::code::{CodeChars, CodeError};
use chek_ui::save::{SaveError, Saved};
use chek_ui::{GameInfo, Options, SeatKind};

use super::{Board, Duel, DuelRecord, State};
use crate::GameDef;

/// What a two-seat game's `Def` supplies besides its [`Board`].
pub trait DuelGame: 'static {
    /// The game's board screen.
    type Board: Board;
    /// A CPU player for the arena.
    type Player: Copy + core::fmt::Display + core::fmt::Debug + Send + Sync;

    /// The seat that moves first (the only one that can be the first seat).
    const FIRST: u8;
    /// The first symbol of the game's share codes.
    const CODE_SYMBOL: u8;

    /// The start of a game.
    fn start() -> State<Self::Board>;

    /// The player named `name`: a level or an experimental spec.
    ///
    /// # Errors
    /// A one-line message naming what was expected.
    fn player(name: &str) -> Result<Self::Player, String>;

    /// The CPU deciding in `state`.
    fn think(
        player: Self::Player,
        state: &State<Self::Board>,
        seed: u64,
    ) -> Thinker<State<Self::Board>, <Self::Board as Board>::Eval>;

    /// The state a share code holds.
    ///
    /// # Errors
    /// What is wrong with the code.
    fn from_code(text: &str) -> Result<State<Self::Board>, CodeError>;

    /// `seat`'s margin in a finished game, in the game's own points.
    fn margin(state: &State<Self::Board>, seat: u8) -> i32;
}

impl<D: DuelGame> GameDef for D
where
    State<D::Board>: Notation + core::fmt::Debug,
{
    type State = State<D::Board>;
    type Record = <D::Board as Board>::Record;
    type Eval = <D::Board as Board>::Eval;
    type Player = D::Player;
    type Play = Duel<D::Board>;

    const INFO: &'static GameInfo = <D::Board as Board>::INFO;

    /// The one setup, the first seat the rules' own.
    fn start(variant: usize, setup: usize, first: u8) -> Option<Self::State> {
        (variant == 0 && setup == 0 && first == D::FIRST).then(D::start)
    }

    fn record(start: Self::State, _seed: u64) -> Self::Record {
        DuelRecord::from_state(start)
    }

    fn player(name: &str) -> Result<D::Player, String> {
        D::player(name)
    }

    fn think(player: D::Player, state: &Self::State, seed: u64) -> Thinker<Self::State, Self::Eval> {
        D::think(player, state, seed)
    }

    fn share_code(state: &Self::State) -> Result<CodeChars, CodeError> {
        <D::Board as Board>::share_code(state)
    }

    fn claims(symbol: u8) -> bool {
        symbol == D::CODE_SYMBOL
    }

    fn from_code(text: &str) -> Result<Self::State, CodeError> {
        D::from_code(text)
    }

    fn new_play(options: &Options, _first: u8, seed: u64) -> Duel<D::Board> {
        Duel::new(DuelRecord::from_state(D::start()), options.kinds, seed)
    }

    fn continue_play(state: Self::State, seed: u64) -> Duel<D::Board> {
        Duel::new(DuelRecord::from_state(state), [SeatKind::Human; 4], seed)
    }

    fn state_of(play: &Duel<D::Board>) -> Self::State {
        play.state().clone()
    }

    fn load(saved: &Saved) -> Result<Duel<D::Board>, SaveError> {
        super::load(saved)
    }

    fn margin(state: &Self::State, seat: u8) -> i32 {
        D::margin(state, seat)
    }
}

use chek_engine::Notation;
