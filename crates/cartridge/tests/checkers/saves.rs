//! Checkers' saves: a saved game goes on exactly (the last move, the quiet count and
//! the repetition history, K9), and damaged bytes are refused with the field named.

use chek_cartridge::games::checkers::play::CheckersPlay;
use chek_cartridge::games::checkers::record::CheckersRecord;
use chek_cartridge::games::checkers::rules::{Draw, End, State};
use chek_cartridge::{AnyPlay, Cartridge};
use chek_ui::save::{SaveError, Saved};
use chek_ui::{Catalog, Play, SeatKind};

use super::common::{load, record_after, KINDS};
use super::{after, pos, quiet_moves};

fn play_of(state: State) -> CheckersPlay {
    CheckersPlay::new(CheckersRecord::new(state), KINDS, 9)
}

/// A game one move from its third repetition, with a last move to show.
fn nearly_repeated() -> CheckersPlay {
    let start = pos("W:WK14,21:B4,K23");
    let record = record_after(CheckersRecord::new(start.clone()), "14-9 23-27 9-14 27-23 14-9 23-27 9-14");
    assert_eq!(record.now().history().len(), 7);
    CheckersPlay::new(record, KINDS, 9)
}

#[test]
fn a_saved_game_goes_on_to_the_same_repetition_draw() {
    let play = nearly_repeated();
    let back = load(&Play::save(&play)).unwrap();
    assert_eq!(back.record(), play.record(), "position, history and last move come back");
    assert_eq!(back.session.kinds, play.session.kinds);
    assert_eq!(back.session.seed, play.session.seed);
    assert_eq!(back.board.hand, play.board.hand);
    // The move that repeats the position a third time draws in the loaded game too.
    let next = after(back.state(), "27-23");
    assert_eq!(next.end(), Some(End::Draw(Draw::Repetition)));
}

#[test]
fn a_saved_quiet_count_and_agreed_draw_come_back() {
    // Kings wander without capturing or repeating a position three times.
    let mut state = pos("W:WK21,K26:BK7,K12");
    let mut turn = 0usize;
    while state.quiet() < 30 {
        let quiet = quiet_moves(&state, false);
        state.play(quiet[turn * 7 % quiet.len()]);
        turn += 1;
    }
    let back = load(&Play::save(&play_of(state.clone()))).unwrap();
    assert_eq!(back.state().quiet(), state.quiet());
    let mut agreed = play_of(State::start());
    agreed.session.kinds = SeatKind::PEOPLE;
    agreed.end_by_agreement().unwrap();
    let back = load(&Play::save(&agreed)).unwrap();
    assert_eq!(back.state().end(), Some(End::Draw(Draw::Agreement)));
}

#[test]
fn the_app_saves_a_checkers_game_and_loads_it() {
    let mut app = chek_cartridge::App::new(3);
    assert!(app.choose("checkers", None, None));
    // Title: A opens the new game on "Start game"; A starts.
    app.update(&chek_ui::Input::push(chek_ui::Buttons::A), 0);
    app.update(&chek_ui::Input::idle(), 33);
    app.update(&chek_ui::Input::push(chek_ui::Buttons::A), 66);
    let bytes = app.save_data().expect("a game in progress");
    let saved = Saved::from_bytes(&bytes).unwrap();
    assert_eq!((saved.game, saved.variant), (1, 0));
    let Ok(AnyPlay::Checkers(play)) = Cartridge::load(&saved) else { panic!("a Checkers game") };
    assert_eq!(*play.state(), State::start());
}

#[test]
fn damaged_bytes_are_refused_naming_the_field() {
    let good = Play::save(&nearly_repeated());
    let with = |edit: &dyn Fn(&mut Vec<u8>)| {
        let mut s = good.clone();
        edit(&mut s.bytes);
        load(&s).err()
    };
    assert_eq!(with(&|b| b.truncate(1)), Some(SaveError::Truncated));
    assert_eq!(with(&|b| b[0] = 8), Some(SaveError::Field("hand")));
    assert_eq!(with(&|b| b[2] = 2), Some(SaveError::Field("agreed draw")));
    assert_eq!(with(&|b| b[3] = 7), Some(SaveError::Field("last move")));
    assert_eq!(with(&|b| b[4] = 40), Some(SaveError::Field("last move")));
    // A king step from a square the king cannot have come from.
    assert_eq!(with(&|b| b[10] = 0x1f), Some(SaveError::Field("history")));
    assert_eq!(with(&|b| b[9] = 200), Some(SaveError::Truncated));
    assert_eq!(with(&|b| *b.last_mut().unwrap() = b'x'), Some(SaveError::Field("position")));
    assert!(with(&|_| {}).is_none(), "the undamaged save loads");
}
