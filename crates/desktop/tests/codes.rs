//! Share codes in the game: entered with the dial and the D-pad, kept while typed,
//! fixed when one mistake was made, shown as a QR code, and read the same way by the
//! tools; every single mistake in the codes of every game fixed, and random mistakes
//! never loading another position.

mod common;

use chek_cartridge::{with_game, App, IDS};
use chek_desktop::codes::{Corrupt, Outcome};
use chek_desktop::driver::Driver;
use chek_engine::code::grouped;
use chek_rules::{Position, Setup};
use chek_ui::{Buttons, CodeEntry, EntryNote, Overlay, Screen};
use common::session;

/// Types `code` on the entry screen: the dial for even positions, up for odd ones.
fn type_code(driver: &mut Driver, code: &str) {
    for (i, c) in code.chars().filter(|&c| c != '-').enumerate() {
        if i > 0 {
            driver.press(Buttons::RIGHT);
        }
        let target = CodeEntry::ALPHABET.iter().position(|&a| a as char == c).unwrap();
        if i % 2 == 0 {
            driver.crank(11.25 * target as f32);
        } else {
            for _ in 0..target {
                driver.press(Buttons::UP);
            }
        }
    }
}

fn to_entry(driver: &mut Driver) {
    // Title: New game is highlighted; Enter code is two down, under Learn to play.
    driver.press(Buttons::DOWN);
    driver.press(Buttons::DOWN);
    driver.press(Buttons::A);
    assert!(matches!(driver.app.screen(), Screen::EnterCode { .. }));
}

/// A new App whose code entry has had `code` typed in and A pressed.
fn typed_in(code: &[char]) -> Driver {
    let mut driver = Driver::new(App::new(1));
    to_entry(&mut driver);
    type_code(&mut driver, &code.iter().collect::<String>());
    driver.press(Buttons::A);
    driver
}

fn entry(driver: &Driver) -> CodeEntry {
    let Screen::EnterCode { entry } = driver.app.screen() else { panic!("not entering a code") };
    entry
}

fn some_position() -> Position {
    "1NN1N1N1/N2NN1N1/8/3N4/2SS4/1S6/3S1S1S/S1S1S1S1 SN N 0,1 quiet:6".parse().unwrap()
}

/// A on the entry screen starts the game at `position`.
fn a_starts(driver: &mut Driver, position: Position) {
    driver.press(Buttons::A);
    assert_eq!(*session(&driver.app).position(), position);
}

/// [`some_position`] and its share code, a character each.
fn some_code() -> (Position, Vec<char>) {
    let position = some_position();
    let code = position.share_code().unwrap().chars().collect();
    (position, code)
}

#[test]
fn a_code_entered_with_the_dial_and_dpad_continues_the_game() {
    let position = some_position();
    let code = position.share_code().unwrap();
    let mut driver = Driver::new(App::new(1));
    to_entry(&mut driver);
    type_code(&mut driver, &grouped(&code));
    assert!(entry(&driver).checks(), "the screen says the code checks before A");
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
    assert_eq!(*session(&driver.app).position(), position);
    assert_eq!(driver.app.code_entry().text().as_str(), "0", "a code that loaded is not kept");
}

#[test]
fn one_turn_of_the_crank_runs_through_all_32_characters() {
    let mut driver = Driver::new(App::new(1));
    to_entry(&mut driver);
    driver.crank(11.25 * 5.0);
    assert_eq!(entry(&driver).text().as_str(), "5");
    driver.crank(360.0);
    assert_eq!(entry(&driver).text().as_str(), "5", "a whole turn comes back round");
    driver.crank(-11.25);
    assert_eq!(entry(&driver).text().as_str(), "4");
}

#[test]
fn a_swap_is_fixed_and_named_and_a_then_starts_the_game() {
    let (position, code) = some_code();
    let i = (9..code.len() - 1).find(|&i| code[i] != code[i + 1]).unwrap();
    let mut bad = code.clone();
    bad.swap(i, i + 1);
    let mut driver = typed_in(&bad);
    let fixed = entry(&driver);
    let Some(EntryNote::Fixed(fix)) = fixed.note else { panic!("{:?}", fixed.note) };
    assert_eq!(fix.group as usize, i / 4 + 1);
    assert!(fix.to_string().starts_with("fixed: two characters swapped in group"), "{fix}");
    assert_eq!(fixed.text().as_str(), code.iter().collect::<String>(), "the entry holds the fixed code");
    assert_eq!(fixed.cursor as usize, (fix.group as usize - 1) * 4, "the cursor is on the group fixed");
    assert!(driver.app.play().is_none(), "nothing starts before the player sees the fix");
    a_starts(&mut driver, position);
}

#[test]
fn a_wrong_character_is_pointed_at_and_the_dial_puts_it_right() {
    let (position, code) = some_code();
    let mut bad = code.clone();
    bad[10] = if bad[10] == '7' { '8' } else { '7' };
    let mut driver = typed_in(&bad);
    let pointed = entry(&driver);
    assert_eq!(pointed.cursor, 10, "the cursor is on the wrong character");
    let Some(EntryNote::Error(error)) = pointed.note else { panic!("{:?}", pointed.note) };
    assert_eq!(error.to_string(), "code: character 3 of group 3 is wrong: turn it");
    assert!(driver.app.play().is_none());
    // Turn it: the screen says when the code checks.
    let (from, to) = (
        CodeEntry::ALPHABET.iter().position(|&a| a as char == bad[10]).unwrap(),
        CodeEntry::ALPHABET.iter().position(|&a| a as char == code[10]).unwrap(),
    );
    driver.crank(11.25 * (to as f32 - from as f32));
    assert!(entry(&driver).checks());
    a_starts(&mut driver, position);
}

#[test]
fn a_missing_character_gets_a_gap_at_its_place() {
    let (position, code) = some_code();
    let mut bad = code.clone();
    let gone = bad.remove(13);
    let mut driver = typed_in(&bad);
    let gap = entry(&driver);
    let Some(EntryNote::Error(error)) = gap.note else { panic!("{:?}", gap.note) };
    assert!(error.to_string().starts_with("code: a character is missing in group 4"), "{error}");
    assert_eq!(gap.len as usize, code.len(), "a gap is opened");
    let at = gap.cursor as usize;
    assert_eq!(gap.chars[at], 0);
    let target = CodeEntry::ALPHABET.iter().position(|&a| a as char == code[at]).unwrap();
    driver.crank(11.25 * target as f32);
    assert!(entry(&driver).checks(), "{} vs {}", entry(&driver).text(), gone);
    a_starts(&mut driver, position);
}

#[test]
fn the_code_being_typed_stays_across_b_and_a_relaunch_until_cleared() {
    let mut driver = Driver::new(App::new(1));
    to_entry(&mut driver);
    type_code(&mut driver, "W3K9");
    driver.press(Buttons::B);
    assert!(matches!(driver.app.screen(), Screen::Title { .. }));
    driver.press(Buttons::A);
    assert_eq!(entry(&driver).text().as_str(), "W3K9", "back on the entry screen, the code is still there");
    // A relaunch: the settings carry it.
    let settings = driver.app.settings();
    let mut relaunched = App::new(2);
    relaunched.apply_settings(&settings);
    assert_eq!(relaunched.code_entry().text().as_str(), "W3K9");
    // Left of the first character is Clear.
    for _ in 0..4 {
        driver.press(Buttons::LEFT);
    }
    assert!(entry(&driver).on_clear);
    driver.press(Buttons::A);
    assert_eq!(entry(&driver).text().as_str(), "0");
    assert_eq!(entry(&driver).note, Some(EntryNote::Cleared));
}

#[test]
fn codes_of_the_first_release_still_load() {
    let fixtures = include_str!("data/first-release-codes.tsv");
    let mut read = 0;
    for line in fixtures.lines() {
        let mut fields = line.split('\t');
        let (Some(_game), Some(code), Some(position)) = (fields.next(), fields.next(), fields.next()) else {
            panic!("{line}")
        };
        let mut app = App::new(1);
        let fixed = app.continue_from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(fixed, None);
        assert_eq!(app.play().unwrap().state_text(), position, "{code}");
        read += 1;
    }
    assert!(read >= 100, "{read} codes");
}

#[test]
fn the_decode_tool_says_what_the_entry_screen_says() {
    let code = some_position().share_code().unwrap();
    let mut bad: Vec<char> = code.chars().collect();
    bad.insert(6, 'K');
    let bad: String = bad.into_iter().collect();
    let (position, note) = chek_desktop::tools::decode(&bad).unwrap();
    assert_eq!(position, some_position().to_string());
    assert_eq!(note.unwrap(), format!("fixed: an extra character taken out in group 2: {}", grouped(&code)));
    let mut wrong: Vec<char> = code.chars().collect();
    wrong[6] = if wrong[6] == '7' { '8' } else { '7' };
    let err = chek_desktop::tools::decode(&wrong.into_iter().collect::<String>()).unwrap_err();
    assert_eq!(err, "code: character 3 of group 2 is wrong: turn it");
    let err = chek_desktop::tools::decode("W000-0000-0000").unwrap_err();
    assert_eq!(err, "code: it does not check; more than one character is wrong");
}

/// Every single mistake (wrong, swapped, missing, extra) in the codes of 250
/// positions of random games of each game (250,000 to 500,000 mistakes a game) is
/// undone (a swap, an extra character) or pointed at in its place (a wrong or missing
/// character); and 20,000 codes with one to three random mistakes never load another
/// position. A CI-sized run: `chek code corrupt` runs the full one (README, "How well").
#[test]
fn single_mistakes_are_undone_or_placed_and_random_ones_never_load_another_position() {
    for id in IDS {
        let (single, random) = with_game(id, &Corrupt { exhaustive: 250, random: 20_000, seed: 7 }).unwrap();
        println!("{id}: single {single}; random {random}");
        assert!(single.codes > 100_000, "{id}: {single}");
        let placed = single.of(Outcome::Fixed) + single.of(Outcome::Located) + single.of(Outcome::Named);
        assert_eq!(placed, single.codes, "{id}: {single}");
        assert_eq!(random.of(Outcome::WrongLoad), 0, "{id}: {random}");
        assert_eq!(random.of(Outcome::WrongPlace), 0, "{id}: {random}");
        assert!(random.of(Outcome::Fixed) > 2_000 && random.of(Outcome::Located) > 2_000, "{id}: {random}");
    }
}

#[test]
fn the_share_screen_shows_a_qr_code_that_decodes_to_the_game() {
    let mut driver = Driver::new(App::new(3));
    common::start(&mut driver, Setup::FourSides);
    driver.press(Buttons::A);
    driver.press(Buttons::A);
    let position = *session(&driver.app).position();
    driver.dock();
    // Resume, Hint, Take back, Rules, Share code.
    for _ in 0..4 {
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::Share });
    let text = common::read_qr(&driver.render()).expect("a QR code on the screen");
    assert_eq!(text, grouped(&position.share_code().unwrap()).as_str());
    assert_eq!(Position::from_share_code(&text), Ok(position));
}

/// Any text at all is read without a panic (the reader runs on the device), and what
/// loads is a code that checks.
#[test]
fn random_text_never_panics_the_reader() {
    use chek_ui::Catalog;
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let alphabet: Vec<char> = "0123456789ABCDEFGHJKMNPQRSTVWXYZ-o iL!".chars().collect();
    let mut loaded = 0;
    for _ in 0..20_000 {
        let len = rng.random_range(0..80);
        let mut text: String = (0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
        // Half of them start like a code of this version.
        if rng.random_bool(0.5) {
            text.insert(0, ['W', 'X', 'Y', 'Z'][rng.random_range(0..4)]);
        }
        if let Ok(reading) = chek_cartridge::Cartridge::from_code(&text, 1) {
            loaded += 1;
            assert!(reading.fixed.is_some() || chek_engine::code::plain(&text) == reading.code, "{text}");
        }
    }
    assert!(loaded < 5, "{loaded} random texts loaded");
}
