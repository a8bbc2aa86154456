//! Reviewing finished games through the real inputs, in every game: from the
//! game-over sheet and from Records' kept games, the crank and left and right step
//! through the decisions, the graph is worked out in frames and its swings marked, A
//! jumps to one; and no file changes while a game is reviewed.

use chek_desktop::driver::Driver;
use chek_ui::store::MemoryStorage;
use chek_ui::{Buttons, Overlay, Screen};

/// A game of `id` played out by two CPU easy seats, launched from empty files.
fn played_out(id: &str, seed: u64) -> Driver {
    let mut driver = Driver::launch(seed, MemoryStorage::default());
    // Chek at its two-seat skirmish.
    driver.cpus_play_out(id, None, (id == "chek").then_some("skirmish")).unwrap();
    driver
}

/// Frames until the review's graph is worked out; how many.
fn graph(driver: &mut Driver) -> usize {
    for frame in 0..5_000 {
        if driver.app.review_marks().is_some() {
            return frame;
        }
        driver.idle();
    }
    panic!("the graph is worked out");
}

fn review_in(id: &str, seed: u64) {
    let mut driver = played_out(id, seed);
    let files = driver.files.clone().unwrap().files;
    let kept = files.get(chek_ui::kept::KEPT).map_or(0, Vec::len);
    println!("{id}: games.bin holds one finished game in {kept} bytes");
    // Game over: down to Review, the last choice, and A.
    driver.open_review().unwrap();
    let (at, len) = driver.app.review_at().unwrap();
    assert_eq!(at, len, "{id}: the review opens on the last position");
    assert!(len > 4, "{id}: a game of {len} decisions");
    let frames = graph(&mut driver);
    let last = driver.render();
    // The crank steps back, left and right step too.
    driver.crank(30.0 * -2.0);
    assert_eq!(driver.app.review_at(), Some((len - 2, len)), "{id}: two crank steps back");
    assert_ne!(driver.render().bytes(), last.bytes(), "{id}: the board shows the earlier position");
    driver.press(Buttons::LEFT);
    assert_eq!(driver.app.review_at(), Some((len - 3, len)));
    driver.press(Buttons::RIGHT);
    driver.crank(30.0 * 2.0);
    assert_eq!(driver.app.review_at(), Some((len, len)), "{id}: and forwards to the end");
    // A swing: down chooses the biggest, A jumps to the position after it.
    let marks = driver.app.review_marks().unwrap().to_vec();
    if let Some(&first) = marks.first() {
        driver.press(Buttons::DOWN);
        driver.press(Buttons::A);
        assert_eq!(driver.app.review_at(), Some((first + 1, len)), "{id}: at the swing");
    }
    // Back to the game over; nothing written while reviewing.
    driver.press(Buttons::B);
    assert!(matches!(driver.app.screen(), Screen::Play { overlay: Overlay::GameOver { .. } }));
    assert_eq!(driver.files.as_ref().unwrap().files, files, "{id}: a review changes no file");
    println!("{id}: {} turns, {len} decisions", driver.app.play().map_or(0, |p| chek_ui::Play::session(p).turns()));
    println!("{id}: {len} decisions, graph in {frames} frames, swings at {marks:?}");
    // From Records: the title, Records, A for the kept games, A to review the newest.
    driver.press(Buttons::B);
    assert!(driver.app.choose(id, None, None));
    for _ in 0..8 {
        if matches!(driver.app.screen(), Screen::Title { item: chek_ui::TitleItem::Records }) {
            break;
        }
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert!(matches!(driver.app.screen(), Screen::Records { .. }));
    driver.press(Buttons::A);
    assert!(matches!(driver.app.screen(), Screen::Kept { item: 0, .. }), "{id}: the kept games");
    driver.press(Buttons::A);
    assert_eq!(driver.app.review_at(), Some((len, len)), "{id}: the same game, kept");
}

#[test]
fn a_finished_game_of_chek_is_reviewed() {
    review_in("chek", 3);
}

#[test]
fn a_finished_game_of_checkers_is_reviewed() {
    review_in("checkers", 3);
}

#[test]
fn a_finished_game_of_chak_is_reviewed() {
    review_in("chak", 3);
}

#[test]
fn a_finished_game_of_che_is_reviewed() {
    review_in("che", 3);
}
