//! Chak, the cartridge's chess on a 9×9 board with a river: the rules (`rules`, A1–A9),
//! its CPU, its board screen, pictures, rules pages and save bytes.

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

use self::play::ChakBoard;
use self::rules::{Draw, End, Side, State, Win};
use crate::duel::DuelGame;

/// Chak's description.
pub static INFO: GameInfo = GameInfo {
    id: "chak",
    name: "Chak",
    tagline: "chess across a river: cross to grow, mate or take the temple",
    credit: "design: Corey Clark, 2020",
    order: 2,
    save_id: 2,
    variants: &[Choice { id: "standard", label: "Chak" }],
    setups: &[SetupInfo::two_seats("16 pieces each, 9x9")],
    seat_names: ["White", "Black", "", ""],
    choose_first: false,
    levels: ["one move ahead; Normal beat it 40 of 40", "two moves ahead; won 40 of 40 vs Easy", "about four moves; won 40 of 40 vs Normal", "Hard x5 time; won 16 of 16 vs Hard"],
    figures: &[Figure::Total("temple wins")],
    art: Art { seat: art::seat_piece, preview: art::preview, strip: art::strip, rules: pages::pages },
    lesson: &lesson::STEPS,
};

/// Chak on the cartridge.
#[derive(Debug)]
pub struct Def;

impl DuelGame for Def {
    type Board = ChakBoard;

    fn ending(state: &State) -> &'static str {
        match state.end() {
            Some(End::Win { how: Win::Checkmate, .. }) => "checkmate",
            Some(End::Win { how: Win::Temple, .. }) => "temple",
            Some(End::Draw(Draw::Stalemate)) => "stalemate",
            Some(End::Draw(Draw::Quiet)) => "quiet draw",
            Some(End::Draw(Draw::Repetition)) => "repetition",
            Some(End::Draw(Draw::Agreement)) => "agreed draw",
            None => "",
        }
    }

    /// Material left, in pawns, less the opponent's.
    fn margin(state: &State, seat: Seat) -> i32 {
        let side = Side::of_seat(seat).unwrap_or(Side::White);
        let material = |s: Side| state.board().pieces(s).map(|(_, p)| cpu::eval::value(p)).sum::<i32>();
        (material(side) - material(side.other())) / 100
    }
}
