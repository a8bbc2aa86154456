//! Saves you can trust, through the App's real inputs: a saved game continues exactly
//! (the same frames, then the same states), each game keeps its own save, a save is
//! replaced only when the player says so, the single save of earlier builds moves into
//! its game's place, take-backs, and the records.

mod common;

use chek_cartridge::{AnyPlay, App};
use chek_desktop::driver::Driver;
use chek_rules::{Setup, Variant};
use chek_ui::store::{save_file, MemoryStorage, Storage, LEGACY_SAVE, SETTINGS};
use chek_ui::{Buttons, Input, NewGameRow, Overlay, Play, Screen, TitleItem};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A frame of play-like input: mostly A, the crank and the D-pad, sometimes B.
fn random_input(rng: &mut SmallRng) -> Input {
    let pushed = match rng.random_range(0..12) {
        0..=3 => Buttons::A,
        4..=8 => [Buttons::UP, Buttons::DOWN, Buttons::LEFT, Buttons::RIGHT][rng.random_range(0..4)],
        9 => Buttons::B,
        _ => Buttons::NONE,
    };
    let crank = if rng.random_bool(0.25) { [30.0, -30.0, 60.0][rng.random_range(0..3)] } else { 0.0 };
    Input { held: pushed, pushed, crank_change: crank, ..Input::idle() }
}

/// The files a shell would hold for `app` now: its game's save and the settings.
fn files_of(app: &App) -> MemoryStorage {
    let mut files = MemoryStorage::new();
    let play = app.play().expect("a game");
    files.files.insert(save_file(play.info().id), app.save_data().expect("a game in progress"));
    files.files.insert(SETTINGS.into(), app.settings().to_vec());
    files
}

/// Whether `driver` is on the board with a person to decide and nothing moving.
fn quiet_with_a_person(driver: &Driver) -> bool {
    driver.app.screen() == (Screen::Play { overlay: Overlay::None })
        && !driver.app.animating()
        && driver.app.board_notice().is_none()
        && driver.app.play().is_some_and(|p| !p.is_over() && !p.cpu_to_act())
}

/// Plays `frames` frames of random input on games `start` makes (a new one when one
/// ends); at random quiet moments the game is saved and continued in a freshly launched
/// App, which then gets the same input as the original for a while: every frame must
/// draw the same, and the states must agree. Returns the checks made.
fn continue_exactly(start: impl Fn(u64) -> Driver, seed: u64, frames: u32) -> u32 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut checks = 0;
    let mut frame = 0;
    let mut games = 0;
    let mut driver = start(seed);
    while frame < frames {
        if driver.app.play().is_none_or(|p| p.is_over()) {
            games += 1;
            driver = start(seed + games);
        }
        if quiet_with_a_person(&driver) && rng.random_bool(0.15) {
            let mut files = files_of(&driver.app);
            let mut other = Driver::new(App::launch(seed ^ 0x55, &mut files));
            assert_eq!(other.app.screen(), Screen::Title { item: TitleItem::Continue }, "frame {frame}");
            other.now = driver.now;
            other.press(Buttons::A);
            driver.idle();
            driver.idle();
            assert_eq!(other.now, driver.now);
            let id = driver.app.play().map_or("", |p| p.info().id);
            if other.render().bytes() != driver.render().bytes() {
                let _ = chek_desktop::image::write_png(&driver.render(), std::path::Path::new("/tmp/original.png"));
                let _ = chek_desktop::image::write_png(&other.render(), std::path::Path::new("/tmp/continued.png"));
            }
            assert!(
                other.render().bytes() == driver.render().bytes(),
                "{id}, frame {frame}: the continued game draws another frame than the original: {} vs {}",
                other.app.play().unwrap().state_text(),
                driver.app.play().unwrap().state_text()
            );
            for _ in 0..rng.random_range(30..300) {
                let input = random_input(&mut rng);
                driver.frame(input);
                other.frame(input);
                frame += 1;
                let (Some(a), Some(b)) = (driver.app.play(), other.app.play()) else { break };
                assert_eq!(a.state_text(), b.state_text(), "{id}, frame {frame}");
                if a.is_over() {
                    // A game after this one has a seed of its own App's.
                    break;
                }
                if other.render().bytes() != driver.render().bytes() {
                    let _ = chek_desktop::image::write_png(&driver.render(), std::path::Path::new("/tmp/original.png"));
                    let _ = chek_desktop::image::write_png(&other.render(), std::path::Path::new("/tmp/continued.png"));
                }
                assert!(other.render().bytes() == driver.render().bytes(), "{id}, frame {frame}: frames differ");
            }
            checks += 1;
        }
        driver.frame(random_input(&mut rng));
        frame += 1;
    }
    checks
}

#[test]
fn a_saved_game_continues_exactly_in_every_game() {
    let mut total = 0;
    for (i, (game, cpu)) in
        [("checkers", 0), ("checkers", 2), ("chak", 0), ("chak", 1), ("che", 0), ("che", 3)].into_iter().enumerate()
    {
        let start = |seed: u64| {
            let mut driver = Driver::new(App::new(seed));
            common::start_two_seat(&mut driver, game, [0, cpu]);
            driver
        };
        let checks = continue_exactly(start, 100 + 10 * i as u64, 6_000);
        println!("{game} against CPU {cpu}: {checks} saves continued");
        assert!(checks >= 8, "{game}: only {checks} checks");
        total += checks;
    }
    for (i, (setup, variant, rights)) in [
        (Setup::Duel, Variant::Standard, [0, 2, 0, 0]),
        (Setup::FourSides, Variant::Standard, [0, 0, 0, 0]),
        (Setup::Checkered, Variant::Basic, [0, 1, 0, 0]),
        (Setup::FourCorners, Variant::Simple, [0, 3, 0, 1]),
    ]
    .into_iter()
    .enumerate()
    {
        let seats = setup.seating().seats().len();
        let start = |seed: u64| {
            let mut driver = Driver::new(App::new(seed));
            common::start_with(&mut driver, setup, variant, &rights[..seats]);
            driver
        };
        let checks = continue_exactly(start, 200 + 10 * i as u64, 6_000);
        println!("{setup:?} {variant:?} {:?}: {checks} saves continued", &rights[..seats]);
        assert!(checks >= 8, "{setup:?}: only {checks} checks");
        total += checks;
    }
    println!("{total} saves continued, frame for frame");
}

/// Plays a move of the two-seat game on the board: picks up the first piece the crank
/// finds and takes its first target, until a turn has been played.
fn a_move(driver: &mut Driver) {
    let before = driver.app.play().unwrap().session().turns();
    for _ in 0..40 {
        for b in [Buttons::NONE, Buttons::A, Buttons::A] {
            if b == Buttons::NONE {
                driver.crank(30.0);
            } else {
                driver.press(b);
            }
            if driver.app.play().unwrap().session().turns() != before {
                return;
            }
        }
    }
    panic!("no move made: {}", driver.app.play().unwrap().state_text());
}

/// From the board to the title (the pause sheet's "Title screen"), then over to the
/// next game's title.
fn to_the_next_games_title(driver: &mut Driver) {
    driver.app.menu(chek_ui::MenuCommand::GameMenu);
    while driver.app.screen() != (Screen::Play { overlay: Overlay::Pause { item: chek_ui::PauseItem::Title } }) {
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    driver.press(Buttons::RIGHT);
}

/// The first launch with `files`, a game of `id` started from the title, pressing
/// right `rights[i]` times on the i-th side's row.
fn first_launch(files: &mut MemoryStorage, id: &str, rights: [usize; 2]) -> Driver {
    let mut driver = Driver::new(App::launch(1, files));
    common::start_two_seat(&mut driver, id, rights);
    driver
}

/// The index of the game `id` in the cartridge's list.
fn index_of(id: &str) -> usize {
    use chek_ui::Catalog;
    chek_cartridge::Cartridge::games().iter().position(|g| g.id == id).unwrap()
}

#[test]
fn each_game_keeps_its_own_save_and_the_title_opens_on_the_last_played() {
    let mut files = MemoryStorage::new();
    let mut driver = first_launch(&mut files, "checkers", [0, 0]);
    a_move(&mut driver);
    a_move(&mut driver);
    let checkers = driver.app.play().unwrap().state_text();
    // To the title (B from the pause sheet's "Title screen"), over to Chak, a new game.
    to_the_next_games_title(&mut driver);
    assert_eq!(driver.app.game().id, "chak");
    assert_eq!(driver.app.screen(), Screen::Title { item: TitleItem::NewGame }, "Chak has no save yet");
    driver.press(Buttons::A);
    driver.press(Buttons::A);
    a_move(&mut driver);
    let chak = driver.app.play().unwrap().state_text();
    for _ in driver.app.flush(&mut files) {}
    assert!(files.files.contains_key("save-checkers.bin") && files.files.contains_key("save-chak.bin"));

    // Relaunched: Chak, the last played, on Continue with its summary; Checkers too.
    let mut again = Driver::new(App::launch(2, &mut files));
    assert_eq!((again.app.game().id, again.app.screen()), ("chak", Screen::Title { item: TitleItem::Continue }));
    assert_eq!(again.app.save_summary(index_of("chak")).as_deref(), Some("move 2, White 16-16 Black, people"));
    again.press(Buttons::LEFT);
    assert_eq!((again.app.game().id, again.app.screen()), ("checkers", Screen::Title { item: TitleItem::Continue }));
    assert_eq!(again.app.save_summary(index_of("checkers")).as_deref(), Some("move 3, Light 12-12 Dark, people"));
    again.press(Buttons::A);
    assert_eq!(again.app.play().unwrap().state_text(), checkers);
    // From the board back to the title and over to Chak: its own game continues.
    to_the_next_games_title(&mut again);
    again.press(Buttons::A);
    assert_eq!(again.app.play().unwrap().state_text(), chak);
    for _ in again.app.flush(&mut files) {}
    assert!(files.files.contains_key("save-checkers.bin"), "continuing Chak left the Checkers save alone");
}

#[test]
fn a_new_game_where_one_is_saved_asks_first_and_keeping_is_the_default() {
    let mut files = MemoryStorage::new();
    let mut driver = first_launch(&mut files, "checkers", [0, 2]);
    a_move(&mut driver);
    for _ in driver.app.flush(&mut files) {}
    let saved = files.files["save-checkers.bin"].clone();
    // The player in a hurry: A on the title goes on with the saved game.
    let mut again = Driver::new(App::launch(2, &mut files));
    again.press(Buttons::A);
    assert_eq!(again.app.screen(), Screen::Play { overlay: Overlay::None });
    // Asking for a new game asks first; B keeps the save.
    again.app.menu(chek_ui::MenuCommand::NewGame);
    again.press(Buttons::A);
    assert_eq!(again.app.screen(), Screen::Replace);
    again.press(Buttons::B);
    assert_eq!(again.app.screen(), Screen::NewGame { row: NewGameRow::Start });
    for _ in again.app.flush(&mut files) {}
    assert_eq!(files.files["save-checkers.bin"], saved, "kept, byte for byte");
    // A pressed at once (a press meant for something else) does not replace it...
    again.press(Buttons::A);
    again.press(Buttons::A);
    assert_eq!(again.app.screen(), Screen::Replace);
    // ...A once the question has shown does.
    again.wait(chek_ui::GUARD_MS);
    again.press(Buttons::A);
    assert_eq!(again.app.screen(), Screen::Play { overlay: Overlay::None });
    for _ in again.app.flush(&mut files) {}
    assert_ne!(files.files["save-checkers.bin"], saved, "replaced by the new game");
}

#[test]
fn the_single_save_of_the_last_build_moves_into_its_games_place() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/saves-v2");
    for (file, id) in [
        ("chek-standard.bin", "chek"),
        ("chek-simple-four.bin", "chek"),
        ("checkers.bin", "checkers"),
        ("chak.bin", "chak"),
        ("che.bin", "che"),
    ] {
        let old = std::fs::read(fixtures.join(file)).unwrap();
        let text = std::fs::read_to_string(fixtures.join(format!("{file}.txt"))).unwrap();
        let mut files = MemoryStorage::new();
        files.files.insert(LEGACY_SAVE.into(), old);
        let mut driver = Driver::new(App::launch(3, &mut files));
        assert!(!files.files.contains_key(LEGACY_SAVE), "{file}: the old save is gone");
        assert!(files.files.contains_key(&save_file(id)), "{file}: moved to its game's save");
        assert_eq!(driver.app.game().id, id, "{file}: the title opens on its game");
        assert_eq!(driver.app.screen(), Screen::Title { item: TitleItem::Continue }, "{file}");
        driver.press(Buttons::A);
        assert_eq!(driver.app.play().unwrap().state_text(), text.trim(), "{file}: the same game");
        // Launched again, it is there, and the old file is not read twice.
        let again = App::launch(4, &mut files);
        assert!(again.has_save(index_of(id)), "{file}");
        assert_eq!(again.notice(), None, "{file}");
    }
}

#[test]
fn a_file_too_large_for_a_save_is_refused_unread_and_kept_aside() {
    let mut files = MemoryStorage::new();
    files.files.insert("save-chak.bin".into(), vec![b'x'; 50_000_000]);
    let mut driver = Driver::new(App::launch(3, &mut files));
    let notice = driver.app.notice().expect("a notice").to_string();
    assert_eq!(
        notice,
        "Your Chak save could not be read (50 MB is too large for a save). It was kept as save-chak.bad."
    );
    assert!(files.files.contains_key("save-chak.bad") && !files.files.contains_key("save-chak.bin"));
    // The notice wraps inside its box, and A dismisses it.
    let frame = driver.render();
    assert!((0..240).all(|y| !frame.is_black(0, y) && !frame.is_black(399, y)), "nothing runs off the screen");
    driver.press(Buttons::A);
    assert_eq!(driver.app.notice(), None);
    assert_eq!(driver.app.screen(), Screen::Title { item: TitleItem::NewGame });
}

#[test]
fn damaged_records_are_kept_aside_and_start_again() {
    let mut files = MemoryStorage::new();
    files.files.insert("records.bin".into(), b"RECS\x01\x01\x00garbage".to_vec());
    let app = App::launch(3, &mut files);
    assert_eq!(
        app.notice(),
        Some(
            "Your records could not be read (the file is cut short or too long). It was kept as records.bad. \
             They start again from here."
        )
    );
    assert!(files.files.contains_key("records.bad"));
    assert!(app.records().rows().is_empty());
}

#[test]
fn a_failed_write_says_so_and_keeps_the_game() {
    let mut files = MemoryStorage::new();
    let mut driver = first_launch(&mut files, "che", [0, 0]);
    files.refuse_writes = true;
    let errors = driver.app.flush(&mut files);
    assert!(errors.iter().any(|e| e.contains("save-che.bin")), "{errors:?}");
    files.refuse_writes = false;
    driver.app.request_save();
    assert!(driver.app.flush(&mut files).is_empty());
    assert!(files.read("save-che.bin", 1 << 16) != chek_ui::store::Found::Missing);
}

/// Chek Standard, two people: South attacks; the take-back puts the board and the dice
/// back, and the same attack rolls the same dice.
#[test]
fn chek_take_back_rewinds_the_dice() {
    let mut driver = Driver::new(App::new(11));
    common::start_with(&mut driver, Setup::Skirmish, Variant::Standard, &[0, 0]);
    // Play until a person's attack has been rolled.
    let mut attack = None;
    for _ in 0..60 {
        let position = *common::session(&driver.app).position();
        let action = common::decide(&position);
        common::act(&mut driver, action, common::Aim::Crank);
        driver.settle();
        if action.is_attack() {
            attack = Some((position, action));
            break;
        }
    }
    let (position, action) = attack.expect("an attack");
    let rolled = common::session(&driver.app).line().last_conflict.expect("a conflict").conflict;
    // People only: the take-back asks first (A), then the turn goes back.
    driver.app.menu(chek_ui::MenuCommand::TakeBack);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::ConfirmTakeBack });
    driver.wait(chek_ui::GUARD_MS);
    driver.press(Buttons::A);
    assert_eq!(*common::session(&driver.app).position(), position, "the attack is taken back");
    assert!(common::session(&driver.app).session().took_back());
    common::act(&mut driver, action, common::Aim::Crank);
    driver.settle();
    let again = common::session(&driver.app).line().last_conflict.expect("a conflict").conflict;
    assert_eq!(again, rolled, "the same attack rolls the same dice");
}

/// Against the CPU, a take-back goes back to the person's last decision, the CPU's
/// reply with it, as far back as the start; with CPUs only there is nothing to take.
/// A move of the person's, then the CPU's reply (up to 600 frames of thinking).
fn a_move_and_the_reply(driver: &mut Driver) {
    a_move(driver);
    driver.settle();
    for _ in 0..600 {
        if !driver.app.play().unwrap().cpu_to_act() {
            break;
        }
        driver.idle();
    }
}

#[test]
fn against_the_cpu_a_take_back_removes_the_reply_too() {
    let mut driver = Driver::new(App::new(5));
    common::start_two_seat(&mut driver, "chak", [0, 1]);
    let start = driver.app.play().unwrap().state_text();
    let mut before_each = Vec::new();
    for _ in 0..3 {
        before_each.push(driver.app.play().unwrap().state_text());
        a_move_and_the_reply(&mut driver);
    }
    for expected in before_each.iter().rev() {
        driver.app.menu(chek_ui::MenuCommand::TakeBack);
        assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None }, "no question against the CPU");
        assert_eq!(&driver.app.play().unwrap().state_text(), expected);
    }
    assert_eq!(driver.app.play().unwrap().state_text(), start);
    assert_eq!(driver.app.play().unwrap().take_back_seat(), None, "nothing left to take back");
    // Saved and loaded, the take-backs are remembered (the records mark such games).
    let mut files = files_of(&driver.app);
    let mut again = Driver::new(App::launch(6, &mut files));
    again.press(Buttons::A);
    assert!(again.app.play().unwrap().session().took_back());
}

#[test]
fn a_finished_game_goes_into_the_records_marked_if_taken_back() {
    let mut files = MemoryStorage::new();
    let mut driver = first_launch(&mut files, "che", [0, 3]);
    a_move_and_the_reply(&mut driver);
    driver.app.menu(chek_ui::MenuCommand::TakeBack);
    // White resigns: a loss against CPU hard.
    common::end_game(&mut driver);
    driver.wait(chek_ui::GUARD_MS);
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::GAME_OVER });
    for _ in driver.app.flush(&mut files) {}
    assert!(!files.files.contains_key("save-che.bin"), "a finished game leaves no save");
    let app = App::launch(2, &mut files);
    let rows = app.records().rows();
    assert_eq!(rows.len(), 1);
    let (key, tally) = rows[0];
    assert_eq!(key.opponent, chek_ui::records::Opponent::Cpu(chek_ai::Level::Hard));
    assert_eq!((tally.wins, tally.losses, tally.draws, tally.taken_back), (0, 1, 0, 1));
    // The records page from the title.
    let mut driver = Driver::new(app);
    driver.app.choose("che", None, None);
    while driver.app.screen() != (Screen::Title { item: TitleItem::Records }) {
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert!(matches!(driver.app.screen(), Screen::Records { page, .. } if page as usize == index_of("che")));
    driver.press(Buttons::B);
    assert_eq!(driver.app.screen(), Screen::Title { item: TitleItem::Records });
    let _ = AnyPlay::Che;
}

/// Whole games of CPUs (easy, the longest games) in every game, saved after every turn:
/// the largest save stays far within the bound a save may have, with its whole journal.
#[test]
fn the_saves_of_whole_games_keep_their_journal_within_the_bound() {
    let mut report = Vec::new();
    type Start = Box<dyn Fn(&mut Driver)>;
    let mut starts: Vec<(&str, Start)> = vec![
        (
            "chek four-sides",
            Box::new(|d: &mut Driver| common::start_with(d, Setup::FourSides, Variant::Standard, &[1; 4])),
        ),
        ("chek duel", Box::new(|d: &mut Driver| common::start_with(d, Setup::Duel, Variant::Standard, &[1, 1]))),
    ];
    for id in ["checkers", "chak", "che"] {
        starts.push((id, Box::new(move |d: &mut Driver| common::start_two_seat(d, id, [1, 1]))));
    }
    for (name, start) in starts {
        let mut driver = Driver::new(App::new(9));
        start(&mut driver);
        let (mut largest, mut decisions) = (0, 0);
        for _ in 0..60_000 {
            driver.idle();
            let Some(play) = driver.app.play() else { break };
            if play.is_over() {
                break;
            }
            if let Some(bytes) = driver.app.save_data() {
                let saved = chek_ui::save::Saved::from_bytes(&bytes).unwrap();
                decisions = saved.journal.as_ref().map_or(0, |j| j.steps.len());
                largest = largest.max(bytes.len());
            }
        }
        assert!(largest < chek_ui::save::MAX_SAVE_BYTES, "{name}: {largest}");
        report.push(format!("{name}: {largest} bytes at most, {decisions} decisions journalled"));
    }
    // The history in memory: at most LIMIT + 1 entries (one over, until it folds).
    use chek_cartridge::games::{chak, che, checkers, chek};
    use chek_ui::history::{Entry, History};
    let most = History::<u8>::LIMIT + 1;
    for (name, size) in [
        ("chek", std::mem::size_of::<Entry<chek::play::ChekStep>>()),
        ("checkers", std::mem::size_of::<Entry<checkers::rules::Move>>()),
        ("chak", std::mem::size_of::<Entry<chak::rules::Move>>()),
        ("che", std::mem::size_of::<Entry<che::rules::Tile>>()),
    ] {
        report.push(format!("{name}: a history entry is {size} bytes, {} bytes at most", most * size));
    }
    println!("{}", report.join("\n"));
}
