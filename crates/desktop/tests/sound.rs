//! The App's sound cues through the real inputs: a move, an attack won and lost, a
//! chain, a crank step, a denied press, a capture in Checkers, game over, the title's
//! jingle; and the same inputs always give the same cues.

use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_desktop::script;
use chek_ui::sound::Cue;
use chek_ui::Buttons;

/// The cues of the screenshot tour's opening (four-sides: South b1-b2, West attacks
/// b2 from a2), with `seed`'s dice: (frame, cue) pairs.
fn tour_opening(seed: u64) -> Vec<(u32, Cue)> {
    let text = include_str!("../../../docs/shots/tour.txt");
    let mut commands = script::parse(text).unwrap();
    let end = commands.iter().position(|c| matches!(c, script::Command::Shot(n) if n == "chain")).unwrap();
    commands.truncate(end);
    let mut app = App::new(seed);
    assert!(app.choose("chek", Some("standard"), Some("four-sides")));
    let mut driver = Driver::new(app);
    script::run(&mut driver, &commands, |_, _| Ok(())).unwrap();
    driver.cues
}

fn names(cues: &[(u32, Cue)]) -> Vec<&'static str> {
    cues.iter().map(|(_, c)| c.name()).collect()
}

/// The cues after the first `dice`, up to and including the next `turn` or `chain`.
fn after_the_dice(cues: &[(u32, Cue)]) -> (u32, Vec<&'static str>) {
    let start = cues.iter().position(|(_, c)| *c == Cue::Dice).expect("the dice roll");
    let rest = &cues[start + 1..];
    let end = rest.iter().position(|(_, c)| matches!(c, Cue::Turn | Cue::Chain | Cue::Over)).expect("then a turn");
    (rest[0].0 - cues[start].0, names(&rest[..=end]))
}

#[test]
fn the_title_plays_its_jingle_once_and_menus_click() {
    let cues = tour_opening(1);
    assert_eq!(cues[0], (0, Cue::Jingle), "the first frame");
    assert_eq!(cues.iter().filter(|(_, c)| *c == Cue::Jingle).count(), 1);
    assert_eq!(cues[1].1, Cue::Menu, "A on the title opens the new-game screen");
}

#[test]
fn a_move_is_picked_up_placed_and_passes_the_turn() {
    let cues = names(&tour_opening(1));
    let pick = cues.iter().position(|c| *c == "pick").unwrap();
    assert_eq!(&cues[pick..pick + 3], ["pick", "place", "turn"], "{cues:?}");
}

#[test]
fn an_attack_rolls_then_sounds_won_or_lost_from_the_movers_side() {
    // Seed 1: West's attack is lost (South keeps control: a chain). Seed 2: won.
    let (frames, lost) = after_the_dice(&tour_opening(1));
    assert_eq!(lost, ["lose", "capture", "chain"]);
    // The result comes when the dice stop (700 ms: 21 or 22 frames of 33 ms).
    assert!((21..=22).contains(&frames), "{frames} frames after the dice");
    let (_, won) = after_the_dice(&tour_opening(2));
    assert_eq!(won[..2], ["win", "capture"], "{won:?}");
}

#[test]
fn a_crank_step_ticks_and_a_useless_press_is_denied() {
    let mut app = App::new(1);
    assert!(app.choose("chek", Some("standard"), Some("duel")));
    let mut driver = Driver::new(app);
    driver.press(Buttons::A);
    driver.press(Buttons::A);
    driver.cues.clear();
    driver.crank(30.0);
    assert!(driver.cues.iter().any(|(_, c)| *c == Cue::Tick), "{:?}", driver.cues);
    // The hand on an empty square (duel: rank 4 is empty); A does nothing there.
    for _ in 0..3 {
        driver.press(Buttons::UP);
    }
    driver.cues.clear();
    driver.press(Buttons::A);
    assert_eq!(names(&driver.cues), ["deny"]);
}

#[test]
fn checkers_jumps_crowns_and_ends_with_its_cues() {
    let text = include_str!("../../../docs/shots/checkers.txt");
    let commands = script::parse(text).unwrap();
    let mut app = App::new(5);
    assert!(app.choose("checkers", None, None));
    let mut driver = Driver::new(app);
    script::run(&mut driver, &commands, |_, _| Ok(())).unwrap();
    let cues = names(&driver.cues);
    // The double jump: a landing, then the last landing plays the move.
    let jump = cues.iter().position(|c| *c == "jump").unwrap();
    assert_eq!(&cues[jump..jump + 4], ["jump", "jump", "capture", "turn"], "{cues:?}");
    // The far-row win: a crowning and the end.
    assert!(cues.ends_with(&["place", "crown", "over"]), "{cues:?}");
}

#[test]
fn the_same_inputs_give_the_same_cues() {
    assert_eq!(tour_opening(3), tour_opening(3));
}

#[test]
fn the_sound_item_turns_the_cues_off_and_the_setting_comes_back() {
    let mut driver = Driver::launch(1, chek_ui::store::MemoryStorage::new());
    assert!(driver.app.sound_on());
    let settings_file =
        |driver: &Driver| driver.files.as_ref().and_then(|f| f.files.get(chek_ui::store::SETTINGS)).cloned();
    // Title: New game, Learn to play, Enter code, Rules, Records, Sound.
    for _ in 0..5 {
        driver.press(Buttons::DOWN);
    }
    let before = settings_file(&driver);
    driver.press(Buttons::A);
    assert!(!driver.app.sound_on());
    assert_ne!(settings_file(&driver), before, "the settings are written at once");
    assert_eq!(settings_file(&driver), Some(driver.app.settings().to_vec()));
    driver.cues.clear();
    driver.press(Buttons::UP);
    driver.crank(30.0);
    assert!(driver.cues.is_empty(), "silent: {:?}", driver.cues);
    // A new App given the saved settings starts silent; damaged settings are ignored.
    let settings = driver.app.settings();
    let mut again = App::new(2);
    again.apply_settings(&settings);
    assert!(!again.sound_on());
    again.apply_settings(&[9, 9, 9]);
    assert!(!again.sound_on(), "unchanged by bytes of another format");
    // On again from the pause sheet (its last item).
    let mut files = chek_ui::store::MemoryStorage::new();
    files.files.insert(chek_ui::store::SETTINGS.into(), settings.to_vec());
    let mut driver = Driver::launch(2, files);
    assert!(!driver.app.sound_on(), "the saved settings, read at launch");
    driver.press(Buttons::A);
    driver.press(Buttons::A);
    driver.dock();
    for _ in 0..9 {
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert!(driver.app.sound_on());
    assert_eq!(settings_file(&driver), Some(driver.app.settings().to_vec()), "written at once");
}
