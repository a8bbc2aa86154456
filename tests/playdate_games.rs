//! Checkers (both rule sets), Chak and Che in the real Simulator library, in the
//! headless host: a person against CPU hard to the end in each, and Master's reply in
//! Checkers, every game in its own process.

mod host;

use chek_cartridge::Cartridge;
use chek_pdhost::whole_game::two_seat_games;
use chek_ui::Catalog;
use host::{boot, button, data_dir, phase, read_save as saved, run_scenario, scenario_data as data, state};

/// Phase n: the n-th game, the first side a person, the second CPU hard, to the end.
/// After each of the CPU's replies, docking saves the game as shown.
fn against_the_cpu() {
    let game = &two_seat_games()[phase() as usize];
    let data = data();
    let file = data.join(format!("save-{}.bin", game.id));
    let mut host = boot(&data);
    host::new_game(&mut |b| host.press(b), game.rights, game.rows);
    let save = saved(&data);
    assert_eq!(save.game, game.save_id, "a {} game", game.name);
    assert_eq!(save.variant, game.variant, "a {} game", game.name);
    assert_eq!(save.kinds.0[0].label(), "Human");
    assert_eq!(save.kinds.0[1].label(), "CPU hard");
    let mut last = None;
    let mut turns = 0;
    'game: while file.exists() {
        for _ in 0..game.picks {
            host.crank(30.0);
            for _ in 0..game.presses {
                host.press(button::A);
                if !file.exists() {
                    break 'game;
                }
            }
        }
        for _ in 0..game.reply_frames {
            host.idle();
        }
        turns += 1;
        state().crank_docked = true;
        host.idle();
        if file.exists() {
            last = Some(Cartridge::load(&saved(&data)).expect("the save loads").state_text());
        }
        state().crank_docked = false;
        host.idle();
        assert!(turns < game.turns, "the game ends");
    }
    let last = last.expect("a position was saved");
    println!("{} against CPU hard ended after {turns} turns; last saved: {last}", game.name);
}

/// Master's reply in Checkers: it thinks over many frames (several slices each), and
/// then plays; the save names the level.
fn master_replies() {
    let game = &two_seat_games()[0];
    let data = data();
    let mut host = boot(&data);
    host::new_game(&mut |b| host.press(b), game.rights, &[0, 0, 4]);
    let save = saved(&data);
    assert_eq!(save.kinds.0[1].label(), "CPU master");
    host.crank(30.0);
    for _ in 0..game.presses {
        host.press(button::A);
    }
    let moved = |data: &std::path::Path| Cartridge::load(&saved(data)).expect("the save loads").state_text();
    let before = moved(&data);
    let mut frames = 0;
    loop {
        host.idle();
        frames += 1;
        state().crank_docked = true;
        host.idle();
        state().crank_docked = false;
        let now = moved(&data);
        if now != before {
            println!("Master replied after {frames} frames: {now}");
            break;
        }
        assert!(frames < 2_000, "Master replies");
    }
}

/// The games whose lessons the host plays, in title order (the fixture files'
/// names).
const LESSONS: [&str; 4] = ["chek", "checkers", "chak", "che"];

/// Phase n: the n-th game's lesson, replayed from the inputs the desktop's lesson
/// test played it with (`tests/fixtures/lessons/<id>.txt`, a frame a line: buttons
/// held and pushed, the crank's change, docked; `#` lines name the steps). The
/// settings then say the lesson was finished: the game's save id and its number of
/// steps.
fn lesson() {
    let id = LESSONS[phase() as usize];
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/lessons/{id}.txt"));
    let inputs = std::fs::read_to_string(&file).expect("the lesson's inputs");
    let data = data();
    let mut host = boot(&data);
    let mut frames = 0;
    for line in inputs.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split(' ').collect();
        let [held, pushed, crank, docked] = fields[..] else { panic!("a frame: {line}") };
        state().crank_docked = docked == "1";
        host.frame(held.parse().unwrap(), pushed.parse().unwrap(), 0, crank.parse().unwrap());
        frames += 1;
    }
    let info = Cartridge::games().iter().find(|g| g.id == id).expect("the game");
    let settings = std::fs::read(data.join("settings.bin")).expect("the settings");
    let finished = [info.save_id, info.lesson.len() as u8];
    assert!(settings.windows(2).any(|w| w == finished), "{id}: the lesson finished ({settings:?})");
    println!("{} lesson: {} steps played through in {frames} frames", info.name, info.lesson.len());
}

/// Runs the scenario named by CHEK_HOST_SCENARIO; started by the test below, one
/// process each.
#[test]
#[ignore = "run by the scenario test below, one process each"]
fn child() {
    match std::env::var("CHEK_HOST_SCENARIO").unwrap().as_str() {
        "against-the-cpu" => against_the_cpu(),
        "master-replies" => master_replies(),
        "lesson" => lesson(),
        other => panic!("unknown scenario {other}"),
    }
}

#[test]
fn each_two_seat_game_against_a_cpu_plays_to_the_end() {
    for (phase, game) in two_seat_games().iter().enumerate() {
        let out = run_scenario("against-the-cpu", &data_dir(&format!("{}-{phase}", game.id)), phase as u32);
        println!("{out}");
        assert!(out.contains(&format!("{} against CPU hard ended", game.name)), "{out}");
    }
}

#[test]
fn master_thinks_over_many_frames_then_replies() {
    let out = run_scenario("master-replies", &data_dir("master"), 0);
    println!("{out}");
    assert!(out.contains("Master replied after"), "{out}");
}

#[test]
fn each_lesson_plays_through_in_the_playdate_library() {
    for (phase, id) in LESSONS.iter().enumerate() {
        let out = run_scenario("lesson", &data_dir(&format!("lesson-{id}")), phase as u32);
        println!("{out}");
        assert!(out.contains("steps played through"), "{out}");
    }
}
