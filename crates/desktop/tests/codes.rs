//! Share codes in the game: entered with the crank and the D-pad, and shown as a QR
//! code that a QR reader decodes to the same position.

mod common;

use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_engine::code::grouped;
use chek_rules::{Position, Setup};
use chek_ui::{Buttons, CodeEntry, Frame, Overlay, Screen};
use common::session;

/// Types `code` on the entry screen: the crank for even positions, up for odd ones.
fn type_code(driver: &mut Driver, code: &str) {
    for (i, c) in code.chars().filter(|&c| c != '-').enumerate() {
        if i > 0 {
            driver.press(Buttons::RIGHT);
        }
        let target = CodeEntry::ALPHABET.iter().position(|&a| a as char == c).unwrap();
        if i % 2 == 0 {
            driver.crank(30.0 * target as f32);
        } else {
            for _ in 0..target {
                driver.press(Buttons::UP);
            }
        }
    }
}

fn to_entry(driver: &mut Driver) {
    // Title: New game is highlighted; Enter code is next.
    driver.press(Buttons::DOWN);
    driver.press(Buttons::A);
    assert!(matches!(driver.app.screen(), Screen::EnterCode { .. }));
}

fn some_position() -> Position {
    "1NN1N1N1/N2NN1N1/8/3N4/2SS4/1S6/3S1S1S/S1S1S1S1 SN N 0,1 quiet:6".parse().unwrap()
}

#[test]
fn a_code_entered_with_the_crank_and_dpad_continues_the_game() {
    let position = some_position();
    let code = position.share_code().unwrap();
    let mut driver = Driver::new(App::new(1));
    to_entry(&mut driver);
    type_code(&mut driver, &grouped(&code));
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
    assert_eq!(*session(&driver.app).position(), position);
}

#[test]
fn a_wrong_character_is_named_by_its_group_before_the_game_starts() {
    let code = some_position().share_code().unwrap();
    let mut bad: Vec<char> = code.chars().collect();
    bad[9] = if bad[9] == '7' { '8' } else { '7' };
    let mut driver = Driver::new(App::new(1));
    to_entry(&mut driver);
    type_code(&mut driver, &bad.iter().collect::<String>());
    driver.press(Buttons::A);
    let Screen::EnterCode { entry } = driver.app.screen() else { panic!("still entering") };
    assert_eq!(entry.error.map(|e| e.to_string()).as_deref(), Some("code: group 3 has a wrong character"));
    assert!(driver.app.play().is_none());
}

/// Reads the QR code on the screen, as a phone would.
pub fn read_qr(frame: &Frame) -> Option<String> {
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(400, 240, |x, y| if frame.is_black(x, y) { 0 } else { 255 });
    let grids = image.detect_grids();
    grids.first().and_then(|g| g.decode().ok()).map(|(_, text)| text)
}

#[test]
fn the_share_screen_shows_a_qr_code_that_decodes_to_the_game() {
    let mut driver = Driver::new(App::new(3));
    common::start(&mut driver, Setup::FourSides);
    driver.press(Buttons::A);
    driver.press(Buttons::A);
    let position = *session(&driver.app).position();
    driver.dock();
    // Resume, Take back, Rules, Share code.
    for _ in 0..3 {
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::Share });
    let text = read_qr(&driver.render()).expect("a QR code on the screen");
    assert_eq!(text, grouped(&position.share_code().unwrap()).as_str());
    assert_eq!(Position::from_share_code(&text), Ok(position));
}
