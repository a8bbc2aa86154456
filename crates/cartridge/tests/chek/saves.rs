//! Chek's saves: version 3 round trips, and version 1 files made by the build before
//! the variants (kept as fixtures) still load.

use chek_ai::Level;
use chek_cartridge::{AnyPlay, Cartridge};
use chek_rules::{Seat, Setup, Variant};
use chek_ui::save::{SaveError, Saved};
use chek_ui::{Catalog, Play, SeatKind};

fn load(bytes: &[u8]) -> Result<AnyPlay, SaveError> {
    Saved::from_bytes(bytes).and_then(|saved| Cartridge::load(&saved))
}

fn chek(play: AnyPlay) -> chek_cartridge::games::chek::play::ChekPlay {
    let AnyPlay::Chek(play) = play else { panic!("a Chek game") };
    *play
}

#[test]
fn a_version_1_save_of_a_duel_against_hard_still_loads() {
    let play = chek(load(include_bytes!("fixtures/v1-duel-cpu.sav")).unwrap());
    assert_eq!(play.position().to_string(), "1NNNNN1N/3NNNN1/2N5/1N6/8/8/1SSSSSS1/2SSSSS1 SN S 0,1 quiet:2");
    assert_eq!(play.setup, Setup::Duel);
    assert_eq!(play.session.kinds[Seat::North], SeatKind::Cpu(Level::Hard));
    assert_eq!(play.session.kinds[Seat::South], SeatKind::Human);
    assert_eq!(play.position().variant(), Variant::Standard);
    // Saved again, it is a version 3 save of the same game, dice included.
    let v3 = Play::save(&play).to_bytes();
    assert_eq!(v3[4], 3, "version 3");
    let again = chek(load(&v3).unwrap());
    assert_eq!(again.record(), play.record());
    assert_eq!(again.record().dice(), play.record().dice());
}

#[test]
fn a_version_1_save_in_the_middle_of_a_chain_continues_with_the_same_dice() {
    let play = chek(load(include_bytes!("fixtures/v1-four-sides-chain.sav")).unwrap());
    assert_eq!(play.position().to_string(), "1NNNNNN1/W6E/W6E/W6E/W6E/W6E/1S5E/2SSSSS1 SWNE W 1,0,0,0 chain:S@b2");
    assert_eq!(play.hand, "b2".parse().unwrap(), "the hand on the active piece");
    // The next roll is the one the old build would have made: the dice state came along.
    let mut game = play.record().clone();
    let action = game.position().parse_action("b2xa3 +1").unwrap();
    let played = game.play(action).unwrap();
    assert!(played.conflict.is_some());
}

#[test]
fn a_save_of_each_variant_reads_back_as_saved() {
    for variant in Variant::ALL {
        let mut app = chek_cartridge::App::new(3);
        assert!(app.choose("chek", Some(variant.id()), Some("four-corners")));
        // Title: A opens the new game on "Start game"; A starts.
        app.update(&chek_ui::Input::push(chek_ui::Buttons::A), 0);
        app.update(&chek_ui::Input::idle(), 33);
        app.update(&chek_ui::Input::push(chek_ui::Buttons::A), 66);
        let bytes = app.save_data().expect("a game in progress");
        let saved = Saved::from_bytes(&bytes).unwrap();
        assert_eq!((saved.game, saved.variant), (0, variant as u8));
        let play = chek(load(&bytes).unwrap());
        assert_eq!(play.position().variant(), variant);
        assert_eq!(Play::variant(&play), variant as usize);
    }
}

#[test]
fn a_save_of_another_game_or_a_bad_variant_is_refused_in_one_line() {
    let bytes = include_bytes!("fixtures/v1-duel-cpu.sav");
    let mut saved = Saved::from_bytes(bytes).unwrap();
    saved.game = 200;
    assert_eq!(
        Cartridge::load(&saved).unwrap_err().to_string(),
        "save: holds game 200, which this build does not have"
    );
    let mut saved = Saved::from_bytes(bytes).unwrap();
    saved.variant = 2;
    assert_eq!(Cartridge::load(&saved).unwrap_err(), SaveError::Field("position"));
    saved.variant = 9;
    assert_eq!(Cartridge::load(&saved).unwrap_err(), SaveError::Field("variant"));
}
