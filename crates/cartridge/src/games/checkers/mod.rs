//! Checkers, the cartridge's second game: the rules (`rules`, K1–K10), its CPU, its
//! board screen, pictures, rules pages and save bytes.

pub mod art;
pub mod cpu;
pub mod lesson;
pub mod pages;
pub mod play;
pub mod record;
pub mod rules;
pub mod save;


use chek_engine::Seat;
use chek_ui::records::Figure;
use chek_ui::{Art, Choice, GameInfo, SetupInfo};

use self::play::CheckersBoard;
use self::rules::{Draw, End, Rules, Side, State, Win};
use crate::duel::DuelGame;

/// Checkers' description.
pub static INFO: GameInfo = GameInfo {
    id: "checkers",
    name: "Checkers",
    tagline: "jump, capture, crown: the rulebook's game, or English draughts",
    credit: "two rule sets",
    order: 1,
    save_id: 1,
    variants: &[Choice { id: "standard", label: "Checkers" }, Choice { id: "english", label: "English draughts" }],
    setups: &[SetupInfo::two_seats("12 men each")],
    seat_names: ["Light", "Dark", "", ""],
    choose_first: false,
    levels: ["two moves ahead; Normal beat it 33/40", "four moves ahead; won 33 of 40 vs Easy", "as deep as it can; won 40/40 vs Normal", "Hard x5 time; won 16 of 16 vs Hard"],
    figures: &[Figure::Total("kings made")],
    art: Art { seat: art::seat_piece, preview: art::preview, strip: art::strip, rules: pages::pages },
    lesson: &lesson::STEPS,
};

/// Checkers on the cartridge.
#[derive(Debug)]
pub struct Def;

impl DuelGame for Def {
    type Board = CheckersBoard;

    /// The rulebook's game, or English draughts.
    fn start(variant: usize) -> State {
        State::start_of(Rules::ALL.get(variant).copied().unwrap_or_default())
    }

    fn ending(state: &State) -> &'static str {
        match state.end() {
            Some(End::Win { how: Win::NoPieces, .. }) => "no pieces",
            Some(End::Win { how: Win::Blocked, .. }) => "blocked",
            Some(End::Win { how: Win::FarRow, .. }) => "far row",
            Some(End::Draw(Draw::Quiet)) => "quiet draw",
            Some(End::Draw(Draw::Repetition)) => "repetition",
            Some(End::Draw(Draw::Agreement)) => "agreed draw",
            None => "",
        }
    }

    /// Pieces left, less the opponent's.
    fn margin(state: &State, seat: Seat) -> i32 {
        let board = state.board();
        let side = Side::of_seat(seat).unwrap_or(Side::Light);
        board.pieces(side).count_ones() as i32 - board.pieces(side.other()).count_ones() as i32
    }
}
