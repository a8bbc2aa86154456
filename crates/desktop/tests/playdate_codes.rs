//! A share code crosses between the desktop and the Playdate build (the real
//! Simulator library in the headless host of the root package's tests). It lives here
//! because reading the QR code off the LCD needs a QR reader, which needs std, and the
//! root package's own test dependencies reach crankstart's build.

#[path = "../../../tests/host/mod.rs"]
mod host;

use std::path::PathBuf;

use chek_cartridge::{AnyPlay, Cartridge};
use chek_rules::Position;
use chek_ui::save::Saved;
use chek_ui::Catalog;
use host::{button, data_dir, run_scenario, state};

/// A code made on the desktop continues in the Playdate build; the Playdate's share
/// screen, read by a QR reader, continues on the desktop.
fn codes_cross_between_desktop_and_playdate() {
    let data = PathBuf::from(std::env::var_os("CHEK_HOST_DATA").expect("run through run_scenario"));
    let mut host = host::load(&data);
    assert_eq!(host.event(0), 0);
    let position: Position = "1NN1N1N1/N2NN1N1/8/3N4/2SS4/1S6/3S1S1S/S1S1S1S1 SN N 0,1 quiet:6".parse().unwrap();
    let code = position.share_code().unwrap();
    // Title: New game, Learn to play, then Enter code.
    host.idle();
    host.press(button::DOWN);
    host.press(button::DOWN);
    host.press(button::A);
    for (i, c) in code.chars().enumerate() {
        if i > 0 {
            host.press(button::RIGHT);
        }
        let target = chek_ui::CodeEntry::ALPHABET.iter().position(|&a| a as char == c).unwrap();
        host.crank(11.25 * target as f32);
    }
    host.press(button::A);
    state().crank_docked = true;
    host.idle();
    let saved = Saved::from_bytes(&std::fs::read(data.join("save-chek.bin")).unwrap()).unwrap();
    let AnyPlay::Chek(play) = Cartridge::load(&saved).unwrap() else { panic!("a Chek save") };
    assert_eq!(*play.position(), position, "the desktop's code continues on the Playdate");
    // And back: pause sheet (Resume, Hint, Rules, Share code) → Share code; read the
    // QR code off the LCD.
    host.press(button::DOWN);
    host.press(button::DOWN);
    host.press(button::DOWN);
    host.press(button::A);
    host.idle();
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(400, 240, |x, y| if host.is_black(x, y) { 0 } else { 255 });
    let grids = image.detect_grids();
    let (_, text) = grids.first().expect("a QR code on the LCD").decode().expect("it decodes");
    assert_eq!(Position::from_share_code(&text), Ok(position), "and back to the desktop");
    println!("desktop -> Playdate -> desktop: {text}");
}

#[test]
#[ignore = "run by the test below, in a process of its own"]
fn child() {
    codes_cross_between_desktop_and_playdate();
}

#[test]
fn a_share_code_crosses_from_the_desktop_to_the_playdate_and_back() {
    run_scenario("codes", &data_dir("codes"), 0);
}
