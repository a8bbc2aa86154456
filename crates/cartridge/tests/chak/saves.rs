//! Chak's saves: a saved game goes on exactly (the last move, the pieces taken, the
//! quiet count and the repetition history, A7), and damaged bytes are refused with the
//! field named.

use chek_ai::Level;
use chek_cartridge::games::chak::play::ChakPlay;
use chek_cartridge::games::chak::record::ChakRecord;
use chek_cartridge::games::chak::rules::{Draw, End, State};
use chek_ui::save::SaveError;
use chek_ui::{Play, SeatKind};

use super::common::{load, record_after, KINDS};
use super::{after, pos};

fn played(start: State, line: &str) -> ChakPlay {
    ChakPlay::new(record_after(ChakRecord::new(start), line), KINDS, 9)
}

#[test]
fn a_saved_game_goes_on_to_the_same_repetition_draw() {
    // A capture first (so something is taken), then the Ajaws walk to and fro.
    let play = played(pos("k8/9/9/9/9/9/9/3p5/4K4 w"), "e1d2 a9b9 d2d1 b9a9 d1d2 a9b9 d2d1 b9a9");
    assert_eq!(play.record().notes().len(), 1);
    let back = load(&Play::save(&play)).unwrap();
    assert_eq!(back.record(), play.record(), "position, counts, history, last move and pieces taken come back");
    assert_eq!(
        (back.session.kinds, back.session.seed, back.board.hand),
        (play.session.kinds, play.session.seed, play.board.hand)
    );
    assert_eq!(back.state().quiet(), 7);
    let next = after(back.state(), "d1d2");
    assert_eq!(next.end(), Some(End::Draw(Draw::Repetition)));
}

#[test]
fn an_agreed_draw_and_a_promotion_come_back() {
    let mut play = played(pos("k8/3P5/9/9/9/9/9/9/4K4 w"), "d8d9j");
    play.session.kinds.0[0] = SeatKind::Cpu(Level::Hard);
    assert!(Play::end_by_agreement(&mut play).is_err(), "White's CPU, ahead, declines");
    play.session.kinds = SeatKind::PEOPLE;
    Play::end_by_agreement(&mut play).unwrap();
    let back = load(&Play::save(&play)).unwrap();
    assert_eq!(back.state().end(), Some(End::Draw(Draw::Agreement)));
    assert_eq!(back.record().last(), play.record().last());
}

#[test]
fn damaged_saves_name_the_field() {
    let play = played(State::start(), "e2e3 e8e7");
    let good = Play::save(&play);
    let field = |edit: &dyn Fn(&mut Vec<u8>)| {
        let mut bad = good.clone();
        edit(&mut bad.bytes);
        load(&bad).map(|_| ()).unwrap_err()
    };
    assert_eq!(field(&|b| b[0] = 81), SaveError::Field("hand"));
    assert_eq!(field(&|b| b[1] = 2), SaveError::Field("agreed draw"));
    assert_eq!(field(&|b| b[2] = 7), SaveError::Field("last move"));
    assert_eq!(field(&|b| b[5] = 9), SaveError::Field("last move"));
    // A history move that does not lead to the board.
    assert_eq!(
        field(&|b| {
            b[6] = 3;
            b[7] = 1;
            b.splice(8..8, [40, 41]);
        }),
        SaveError::Field("history")
    );
    assert_eq!(field(&|b| b[8] = 1), SaveError::Field("pieces taken"));
    let text_at = good.bytes.len() - State::start().to_string().len();
    assert_eq!(field(&|b| b[text_at] = b'x'), SaveError::Field("position"));
    assert_eq!(field(&|b| b.truncate(4)), SaveError::Truncated);
}
