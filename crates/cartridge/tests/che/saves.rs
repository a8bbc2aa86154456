//! Che's saves: a game saved between the two tiles of a move goes on exactly (the last
//! tiles, the threats shown, the hand), a resignation stays, and damaged bytes are
//! refused with the field named.

use chek_cartridge::games::che::play::ChePlay;
use chek_cartridge::games::che::record::CheRecord;
use chek_cartridge::games::che::rules::{End, Side, State};
use chek_ui::save::SaveError;
use chek_ui::Play;

use super::common::{load, record_after, KINDS};

fn played(line: &str) -> ChePlay {
    ChePlay::new(record_after(CheRecord::new(State::start()), line), KINDS, 9)
}

#[test]
fn a_game_saved_between_two_tiles_goes_on_exactly() {
    let mut mid = played("0,0,WL 1,0,WR 1,1,WL 0,1,WR");
    assert_eq!((mid.state().to_move(), mid.state().placed()), (Side::White, 1));
    mid.board.show_threats = true;
    let back = load(&Play::save(&mid)).unwrap();
    assert_eq!(back.state(), mid.state());
    assert_eq!(back.record().last().map(|(s, t)| (s, t.to_vec())), mid.record().last().map(|(s, t)| (s, t.to_vec())));
    assert_eq!(
        (back.session.kinds, back.session.seed, back.board.hand, back.board.show_threats),
        (mid.session.kinds, mid.session.seed, mid.board.hand, true)
    );
    assert_eq!(back.state().placed(), 1);
}

#[test]
fn a_resignation_is_kept() {
    let mut play = played("0,0,WL 1,0,WR");
    play.record_mut().resign();
    assert_eq!(play.state().end(), Some(End::Resigned { winner: Side::White }));
    let back = load(&Play::save(&play)).unwrap();
    assert_eq!(back.state().end(), Some(End::Resigned { winner: Side::White }));
}

#[test]
fn damaged_saves_name_the_field() {
    let play = played("0,0,WL 1,0,WR 1,1,WL");
    let good = Play::save(&play);
    let damage = |at: usize, byte: u8| {
        let mut s = good.clone();
        s.bytes[at] = byte;
        s
    };
    let cases = [
        (damage(0, 100), "hand"),
        (damage(2, 7), "threats shown"),
        (damage(3, 9), "resigned"),
        (damage(5, 40), "last move"),
        (damage(good.bytes.len() - 1, b'7'), "position"),
    ];
    for (s, field) in cases {
        assert_eq!(load(&s).unwrap_err(), SaveError::Field(field), "{field}");
    }
    let mut short = good.clone();
    short.bytes.truncate(3);
    assert!(load(&short).is_err());
}
