//! Checkers, the cartridge's second game: the rules (`rules`, K1–K10), its CPU, its
//! board screen, pictures, rules pages and save bytes.

pub mod art;
pub mod cpu;
pub mod pages;
pub mod play;
pub mod record;
pub mod rules;
pub mod save;

use alloc::string::String;

use chek_ai::Thinker;
use chek_engine::code::{CodeChars, CodeError};
use chek_engine::Seats;
use chek_ui::save::{SaveError, Saved};
use chek_ui::records::Figure;
use chek_ui::{Art, Choice, GameInfo, Options, SeatKind, SetupInfo};

use self::cpu::{CheckersEval, Player};
use self::play::CheckersPlay;
use self::record::CheckersRecord;
use self::rules::{Side, State, CODE_SYMBOL};
use crate::GameDef;

/// Checkers' description.
pub static INFO: GameInfo = GameInfo {
    id: "checkers",
    name: "Checkers",
    title: "CHECKERS",
    tagline: "jump, capture, crown: the classic, with a third way to win",
    credit: "rules: the seed's, light moves first",
    order: 1,
    save_id: 1,
    variants: &[Choice { id: "standard", label: "Checkers" }],
    setups: &[SetupInfo {
        choice: Choice { id: "standard", label: "standard" },
        seats: Seats::of(&[0, 1]),
        detail: "12 men each",
    }],
    seat_names: ["Light", "Dark", "", ""],
    choose_first: false,
    figures: &[Figure::Total("kings made")],
    art: Art { seat: art::seat_piece, preview: art::preview, strip: art::strip, rules: pages::pages },
};

/// Checkers on the cartridge.
#[derive(Debug)]
pub struct Def;

impl GameDef for Def {
    type State = State;
    type Record = CheckersRecord;
    type Eval = CheckersEval;
    type Player = Player;
    type Play = CheckersPlay;

    const INFO: &'static GameInfo = &INFO;

    /// The start (K1): Light moves first, so only Light can be the first seat.
    fn start(variant: usize, setup: usize, first: u8) -> Option<State> {
        (variant == 0 && setup == 0 && first == Side::Light.seat()).then(State::start)
    }

    fn record(start: State, _seed: u64) -> CheckersRecord {
        CheckersRecord::new(start)
    }

    fn player(name: &str) -> Result<Player, String> {
        Player::parse(name)
    }

    fn think(player: Player, state: &State, seed: u64) -> Thinker<State, CheckersEval> {
        cpu::think(player, state, seed)
    }

    fn share_code(state: &State) -> Result<CodeChars, CodeError> {
        state.share_code()
    }

    fn claims(symbol: u8) -> bool {
        symbol == CODE_SYMBOL
    }

    fn from_code(text: &str) -> Result<State, CodeError> {
        State::from_share_code(text)
    }

    fn new_play(options: &Options, _first: u8, seed: u64) -> CheckersPlay {
        CheckersPlay::new(CheckersRecord::new(State::start()), options.kinds, seed)
    }

    fn continue_play(state: State, seed: u64) -> CheckersPlay {
        CheckersPlay::new(CheckersRecord::new(state), [SeatKind::Human; 4], seed)
    }

    fn state_of(play: &CheckersPlay) -> State {
        play.state().clone()
    }

    fn load(saved: &Saved) -> Result<CheckersPlay, SaveError> {
        crate::duel::load(saved)
    }

    /// Pieces left, less the opponent's.
    fn margin(state: &State, seat: u8) -> i32 {
        let board = state.board();
        let side = Side::of_seat(seat).unwrap_or(Side::Light);
        board.pieces(side).count_ones() as i32 - board.pieces(side.other()).count_ones() as i32
    }
}
