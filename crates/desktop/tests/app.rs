//! The App's own behaviour, whatever the game: who starts, the new-game screen, the
//! system menu.

mod common;

use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_rules::{Seat, Setup};
use chek_ui::{Buttons, MenuCommand, NewGameRow, Overlay, Screen, TitleItem};
use common::session;

#[test]
fn a_random_first_seat_among_four_is_fair() {
    let mut counts = [0u32; 4];
    for seed in 0..400 {
        let mut driver = Driver::new(App::new(seed));
        assert!(driver.app.choose("chek", None, Some("four-sides")));
        // New game opens on "Start game"; up is "First"; left turns South to "random".
        for b in [Buttons::A, Buttons::UP, Buttons::LEFT, Buttons::DOWN, Buttons::A] {
            driver.press(b);
        }
        counts[session(&driver.app).position().to_move().index()] += 1;
    }
    // Each near 100 (d6 % 4 gave West and North twice as many as South and East).
    assert!(counts.iter().all(|&c| (70..=130).contains(&c)), "{counts:?}");
}

#[test]
fn the_new_game_screen_opens_on_start_with_the_last_settings() {
    let mut driver = Driver::new(App::new(4));
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::NewGame { row: NewGameRow::Start }, "one press of A from here starts");
    // Choose skirmish and a CPU North, start, then end the game.
    for _ in 0..8 {
        driver.press(Buttons::UP);
    }
    driver.press(Buttons::DOWN);
    for b in [Buttons::RIGHT, Buttons::RIGHT, Buttons::RIGHT, Buttons::DOWN, Buttons::DOWN, Buttons::RIGHT] {
        driver.press(b);
    }
    for _ in 0..8 {
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert_eq!(session(&driver.app).setup, Setup::Skirmish);
    common::end_game(&mut driver);
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GAME_OVER });
    // A at once is taken for a press meant for the last move: the result stays.
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GAME_OVER });
    // A on game over: the new-game screen on "Start game", still skirmish with a CPU.
    driver.wait(chek_ui::GUARD_MS);
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::NewGame { row: NewGameRow::Start });
    let options = driver.app.options();
    assert_eq!(driver.app.game().setups[options.setup].choice.id, "skirmish");
    assert!(options.kinds[Seat::North].is_cpu());
    driver.press(Buttons::A);
    assert_eq!(session(&driver.app).setup, Setup::Skirmish);
}

#[test]
fn the_game_menu_and_take_back_are_offered_only_while_a_game_is_on() {
    let mut driver = Driver::new(App::new(4));
    assert_eq!(driver.app.menu_items(), [MenuCommand::NewGame, MenuCommand::Rules]);
    // Chosen anyway (the menu was open before the game ended): nothing happens.
    driver.app.menu(MenuCommand::GameMenu);
    driver.app.menu(MenuCommand::TakeBack);
    assert_eq!(driver.app.screen(), Screen::Title { item: TitleItem::NewGame });
    common::start(&mut driver, Setup::Duel);
    assert_eq!(driver.app.menu_items(), MenuCommand::ALL);
    driver.app.menu(MenuCommand::GameMenu);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::Pause { item: chek_ui::PauseItem::Resume } });
    common::end_game(&mut driver);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::ConfirmEnd });
}
