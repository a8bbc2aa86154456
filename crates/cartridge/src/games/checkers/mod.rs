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
use chek_engine::code::CodeError;
use chek_engine::Seats;
use chek_ui::records::Figure;
use chek_ui::{Art, Choice, GameInfo, SetupInfo};

use self::cpu::{CheckersEval, Player};
use self::play::CheckersBoard;
use self::rules::{Side, State, CODE_SYMBOL};
use crate::duel::DuelGame;

/// Checkers' description.
pub static INFO: GameInfo = GameInfo {
    id: "checkers",
    name: "Checkers",
    title: "CHECKERS",
    tagline: "jump, capture, crown: the classic, with a third way to win",
    credit: "Light moves first",
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
    levels: ["looks two moves ahead, playfully", "looks four moves ahead, slips at times", "looks as deep as it can; the best move"],
    figures: &[Figure::Total("kings made")],
    art: Art { seat: art::seat_piece, preview: art::preview, strip: art::strip, rules: pages::pages },
};

/// Checkers on the cartridge.
#[derive(Debug)]
pub struct Def;

impl DuelGame for Def {
    type Board = CheckersBoard;
    type Player = Player;

    const FIRST: u8 = Side::Light.seat();
    const CODE_SYMBOL: u8 = CODE_SYMBOL;

    fn start() -> State {
        State::start()
    }

    fn player(name: &str) -> Result<Player, String> {
        Player::parse(name)
    }

    fn think(player: Player, state: &State, seed: u64) -> Thinker<State, CheckersEval> {
        cpu::think(player, state, seed)
    }

    fn from_code(text: &str) -> Result<State, CodeError> {
        State::from_share_code(text)
    }

    /// Pieces left, less the opponent's.
    fn margin(state: &State, seat: u8) -> i32 {
        let board = state.board();
        let side = Side::of_seat(seat).unwrap_or(Side::Light);
        board.pieces(side).count_ones() as i32 - board.pieces(side.other()).count_ones() as i32
    }
}
