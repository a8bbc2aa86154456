//! Hints through the real inputs, in every game: asked on the pause sheet, the Hard
//! CPU's decision is thought in slices and its piece marked; asked again (here through
//! the system menu) the whole decision is; the game is then assisted in its save and
//! its record; a strict game offers neither hints nor take-backs.

mod common;

use chek_cartridge::{App, Cartridge};
use chek_desktop::driver::Driver;
use chek_rules::{Setup, Variant};
use chek_ui::records::{Key, Opponent};
use chek_ui::{Buttons, Catalog, MenuCommand, Overlay, PauseItem, Play, Screen};

/// Starts `id` with a person in the first seat and CPU hard in the second.
fn start(driver: &mut Driver, id: &str) {
    if id == "chek" {
        common::start_with(driver, Setup::Skirmish, Variant::Standard, &[0, 3]);
    } else {
        common::start_two_seat(driver, id, [0, 3]);
    }
    driver.settle();
}

/// Opens the pause sheet with the crank docked, goes down to `item` and takes it.
fn pause_and_take(driver: &mut Driver, item: PauseItem) {
    driver.dock();
    for _ in 0..10 {
        if driver.app.screen() == (Screen::Play { overlay: Overlay::Pause { item } }) {
            break;
        }
        driver.press(Buttons::DOWN);
    }
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::Pause { item } });
    driver.press(Buttons::A);
    driver.undock();
}

/// Frames until the hint has been thought (at most `most`); how many it took.
fn think_hint(driver: &mut Driver, most: usize) -> usize {
    for frame in 0..most {
        if driver.app.hint_shown().is_some() {
            return frame;
        }
        driver.idle();
    }
    panic!("the hint is thought within {most} frames");
}

fn hint_in(id: &str) {
    let mut driver = Driver::new(App::new(7));
    start(&mut driver, id);
    let play = driver.app.play().expect("a game");
    assert!(!play.cpu_to_act(), "{id}: the person is to move");
    assert!(driver.app.pause_items().contains(&PauseItem::Hint), "{id}: the sheet offers a hint");
    assert!(driver.app.menu_items().contains(&MenuCommand::Hint), "{id}: so does the system menu");
    let before = driver.render();
    pause_and_take(&mut driver, PauseItem::Hint);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None }, "{id}: back on the board");
    let frames = think_hint(&mut driver, 400);
    let (decision, whole) = driver.app.hint_shown().map(|(d, w)| (d.to_string(), w)).unwrap();
    assert!(!whole, "{id}: the first hint marks where the decision starts");
    let play = driver.app.play().unwrap();
    let [from, to] = play.cells_of(&decision);
    let from = from.unwrap_or_else(|| panic!("{id}: the hint {decision} is a decision on the board"));
    let shown = driver.render();
    let marked = |frame: &chek_ui::Frame, cell: embedded_graphics::primitives::Rectangle| {
        let tl = cell.top_left;
        (0..cell.size.width as usize)
            .flat_map(|dx| (0..cell.size.height as usize).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| frame.is_black(tl.x as usize + dx, tl.y as usize + dy))
            .count()
    };
    assert_ne!(marked(&shown, from), marked(&before, from), "{id}: the piece is marked");
    assert!(play.session().assisted(), "{id}: a hint shown makes the game assisted");
    // The save says so, and a loaded game keeps it.
    let loaded = Cartridge::load(&play.save()).expect("the save loads");
    assert!(loaded.session().assisted(), "{id}: the save keeps the mark");
    // Again, through the system menu: the whole decision.
    driver.menu(MenuCommand::Hint);
    driver.idle();
    assert_eq!(driver.app.hint_shown().map(|(d, w)| (d.to_string(), w)), Some((decision.clone(), true)));
    if let Some(to) = to {
        assert_ne!(marked(&driver.render(), to), marked(&shown, to), "{id}: where it goes is marked too");
    }
    println!("{id}: hint {decision} after {frames} frames");
}

#[test]
fn a_hint_marks_the_piece_then_the_move_in_chek() {
    hint_in("chek");
}

#[test]
fn a_hint_marks_the_piece_then_the_move_in_checkers() {
    hint_in("checkers");
}

#[test]
fn a_hint_marks_the_piece_then_the_move_in_chak() {
    hint_in("chak");
}

#[test]
fn a_hint_marks_the_cell_then_the_tile_in_che() {
    hint_in("che");
}

#[test]
fn an_assisted_game_counts_in_the_records() {
    let mut driver = Driver::new(App::new(9));
    start(&mut driver, "che");
    driver.menu(MenuCommand::Hint);
    think_hint(&mut driver, 600);
    // Che's end by agreement is resigning: the game is over at once.
    common::end_game(&mut driver);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::ConfirmEnd });
    driver.wait(chek_ui::GUARD_MS + 100);
    driver.press(Buttons::A);
    driver.settle();
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GAME_OVER });
    let save_id = driver.app.play().unwrap().info().save_id;
    let tally =
        driver.app.records().tally(Key { game: save_id, variant: 0, opponent: Opponent::Cpu(chek_ai::Level::Hard) });
    assert_eq!((tally.assisted, tally.games()), (1, 1), "{tally:?}");
}

#[test]
fn a_strict_game_has_no_hints_and_no_take_backs() {
    let mut driver = Driver::new(App::new(11));
    assert!(driver.app.choose("checkers", None, None));
    driver.press(Buttons::A);
    for _ in 0..8 {
        driver.press(Buttons::UP);
    }
    driver.press(Buttons::DOWN);
    for _ in 0..3 {
        driver.press(Buttons::RIGHT);
    }
    // Down past the start to the help under it: none.
    for _ in 0..8 {
        driver.press(Buttons::DOWN);
    }
    assert_eq!(driver.app.screen(), Screen::NewGame { row: chek_ui::NewGameRow::Strict });
    driver.press(Buttons::RIGHT);
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
    driver.menu(MenuCommand::Hint);
    driver.idle();
    assert_eq!(driver.app.hint_shown(), None, "no hint in a strict game");
    assert_eq!(driver.app.menu_items(), MenuCommand::STRICT);
    let items = driver.app.pause_items();
    assert!(!items.contains(&PauseItem::Hint) && !items.contains(&PauseItem::TakeBack), "{items:?}");
    assert!(!driver.app.play().unwrap().session().assisted());
}
