//! The real Simulator library in a headless host: whole scenarios through the C API,
//! each in its own process (the game keeps its state in statics).

mod host;

use std::path::{Path, PathBuf};

use chek_cartridge::games::chek::play::ChekPlay;
use chek_cartridge::{AnyPlay, App, Cartridge};
use chek_rules::{Record, Seat, Setup};
use chek_ui::{Catalog, Frame};
use host::{
    across_launches, boot, button, data_dir, phase, read_save as saved, run_scenario, scenario_data as data,
    scenario_passes, scenario_says, state, Host,
};

/// A scenario's data folder, its phase, and the cartridge booted on that folder.
fn launch() -> (PathBuf, u32, Host) {
    let data = data();
    let host = boot(&data);
    (data, phase(), host)
}

/// The Chek game in the save.
fn saved_chek(data: &Path) -> ChekPlay {
    match Cartridge::load(&saved(data)).expect("the save loads") {
        AnyPlay::Chek(play) => *play,
        _ => panic!("a Chek save"),
    }
}

/// The game record in the save.
fn saved_game(data: &Path) -> Record {
    saved_chek(data).record().clone()
}

/// Title → new game, Chek's own rules, setup `rights` steps to the right → start.
fn start_game(host: &mut Host, rights: usize) {
    start_variant(host, 0, rights, &[]);
}

/// Picks up the piece under the hand, steps the crank once, and plays the target.
fn play_turn(host: &mut Host) {
    host.press(button::A);
    host.crank(30.0);
    host.press(button::A);
    host.wait(1300);
}

// ------------------------------------------------------------------ scenarios

fn turns() {
    let mut host = boot(&data());
    let titles = || state().menu_items.iter().map(|(t, _)| t.clone()).collect::<Vec<String>>();
    assert_eq!(titles(), ["new game", "game rules"], "no game menu without a game");
    assert_eq!(host.idle(), 1, "the first frame is drawn");
    assert_eq!(state().marked.last(), Some(&(0, 239)), "all rows, the first time");
    assert_eq!(host.idle(), 0, "nothing changed: no flip");
    start_game(&mut host, 0);
    let start = Setup::Checkered.start();
    let mut drawn = 0;
    for _ in 0..6 {
        let before = state().marked.len();
        play_turn(&mut host);
        drawn += (state().marked.len() > before) as u32;
    }
    assert_eq!(drawn, 6, "every turn changed the screen");
    assert_eq!(titles(), ["game menu", "hint", "take back"]);
    for _ in 0..3 {
        host.idle();
    }
    assert_eq!(host.idle(), 0, "idle again");
    // Dock: a save, with six turns in it.
    state().crank_docked = true;
    host.idle();
    let game = saved_game(&data());
    assert_ne!(*game.position(), start);
    let turns =
        game.position().quiet() as u32 + Seat::ALL.iter().map(|&s| game.position().captured(s) as u32).sum::<u32>();
    assert!(turns >= 1, "{}", game.position());
    println!("after six turns: {}", game.position());
}

fn dock_saves_the_shown_game() {
    let mut host = boot(&data());
    start_game(&mut host, 1); // duel
    play_turn(&mut host);
    play_turn(&mut host);
    state().crank_docked = true;
    host.idle();
    assert!(data().join("save-chek.bin").exists(), "docking saves");
    assert!(!data().join("save-chek.tmp").exists(), "the temporary file was renamed");
    state().crank_docked = false;
    host.idle();
    host.idle();
    // The save, continued in a fresh App, shows the same board.
    let mut app = App::launch(9, &mut host::files_of(&data()));
    app.update(&chek_ui::Input::push(chek_ui::Buttons::A), 0);
    let mut frame = Frame::new();
    app.draw(&mut frame);
    let board = chek_ui::layout::BoardLayout::fit(8, 8).board_rect();
    let mut differing = 0;
    for y in board.top_left.y..board.top_left.y + board.size.height as i32 {
        for x in board.top_left.x..board.top_left.x + board.size.width as i32 {
            differing += (frame.is_black(x as usize, y as usize) != host.is_black(x as usize, y as usize)) as u32;
        }
    }
    assert_eq!(differing, 0, "the saved game is the shown game");
    assert_eq!(saved_game(&data()).position().to_move(), Seat::South, "two turns played");
}

/// The tour's opening in four-sides: South b1-b2, West attacks from a2; South wins the
/// defence and holds control (seed 1).
fn reach_chain(host: &mut Host) {
    start_game(host, 4);
    for b in [button::LEFT, button::LEFT, button::A, button::A, button::A, button::A] {
        host.press(b);
    }
    host.wait(1300);
}

fn terminate_mid_chain_then_continue() {
    let (data, phase, mut host) = launch();
    if phase == 1 {
        reach_chain(&mut host);
        // The control changing hands saved already; Terminate saves again.
        let _ = std::fs::remove_file(data.join("save-chek.bin"));
        host.event(6); // Terminate
        let saved = saved_game(&data);
        assert!(saved.position().chain().is_some(), "saved in the chain: {}", saved.position());
        println!("terminated at: {}", saved.position());
        return;
    }
    // Relaunch: the title offers "continue"; A continues.
    let before = saved_game(&data);
    host.idle();
    host.press(button::A);
    // The chain attack of the tour: the crank steps to a3; A attacks.
    host.crank(30.0);
    host.press(button::A);
    host.wait(1300);
    state().crank_docked = true;
    host.idle();
    let after = saved_game(&data);
    let mut expected = Record::from_parts(*before.position(), before.dice(), false);
    let action = before.position().parse_action("b2xa3 +1").unwrap();
    let played = expected.play(action).unwrap();
    let (_, roll, _) = played.conflict.unwrap();
    println!("the next roll after resuming: {}+1 vs {}", roll.attacker, roll.defender);
    assert_eq!(after.position(), expected.position(), "same position after the same roll");
    assert_eq!(after.dice(), expected.dice(), "the dice went on from the save (C19)");
}

fn damaged_save_is_kept_aside() {
    let data = data();
    let garbage = b"CHEK\x01\x05\x00hello\x00\x00\x00\x00".to_vec();
    std::fs::write(data.join("save-chek.bin"), &garbage).unwrap();
    let mut host = boot(&data);
    host.idle();
    let messages: Vec<&String> = state().log.iter().filter(|l| l.contains("Chek save")).collect();
    assert_eq!(messages.len(), 1, "{:?}", state().log);
    assert!(messages[0].contains("checksum") && messages[0].contains("save-chek.bad"), "{}", messages[0]);
    assert_eq!(std::fs::read(data.join("save-chek.bad")).unwrap(), garbage, "kept aside, untouched");
    assert!(!data.join("save-chek.bin").exists());
    // The notice is in a box over the title until A dismisses it.
    let notice_row = (0..400).filter(|&x| host.is_black(x, 120)).count();
    host.press(button::A);
    assert_ne!((0..400).filter(|&x| host.is_black(x, 120)).count(), notice_row, "A dismissed the notice");
    // A new game saves normally; the damaged file stays.
    start_game(&mut host, 0);
    state().crank_docked = true;
    host.idle();
    saved(&data);
    assert_eq!(std::fs::read(data.join("save-chek.bad")).unwrap(), garbage);
}

fn random_frames() {
    let mut host = boot(&data());
    for frame in chek_pdhost::soak::RandomFrames::new().take(50_000) {
        if frame.toggle_dock {
            state().crank_docked = !state().crank_docked;
        }
        if let Some(event) = frame.event {
            host.event(event);
        }
        host.frame(frame.held, frame.pushed, frame.released, frame.crank);
    }
    println!(
        "50,000 frames; {} marked updates; {} saves",
        state().marked.len(),
        state().calls.get("rename").unwrap_or(&0)
    );
}

fn unknown_events_are_ignored() {
    let mut host = boot(&data());
    host.idle();
    for event in [7, 8, 10, 11, 99, 12345, u32::MAX] {
        assert_eq!(host.event(event), 0, "event {event}");
    }
    host.press(button::A);
    assert!(host.idle() <= 1);
    // Pause sets the menu image; resume redraws every row.
    host.event(4);
    assert_eq!(state().menu_images, 1);
    let bitmap = &state().bitmaps[0];
    assert!(bitmap.iter().take(52 * 240).any(|&b| b != 0xff), "the menu image has pixels");
    host.event(5);
    host.idle();
    assert_eq!(state().marked.last(), Some(&(0, 239)));
    // The system menu's items reach the game.
    host.menu("game rules");
    host.idle();
    host.menu("new game");
    host.idle();
}

fn menu_end_game_asks_first() {
    let mut host = boot(&data());
    start_game(&mut host, 0);
    play_turn(&mut host);
    state().crank_docked = true;
    host.idle();
    assert!(data().join("save-chek.bin").exists());
    state().crank_docked = false;
    host.idle();
    // The game menu (the pause sheet, crank docked or not): down to "End game".
    host.menu("game menu");
    for _ in 0..6 {
        host.press(button::DOWN);
    }
    host.press(button::A);
    host.idle();
    assert!(data().join("save-chek.bin").exists(), "not ended before the confirmation");
    host.press(button::A);
    host.idle();
    assert!(!data().join("save-chek.bin").exists(), "an ended game leaves no save to continue");
}

fn cpu_seats_play_to_the_end() {
    let data = data();
    let mut host = boot(&data);
    // New game: skirmish (3 right on the setup row), South CPU easy (1 right), North
    // CPU hard (3 right).
    start_variant(&mut host, 0, 3, &[1, 3]);
    let save = saved(&data);
    assert_eq!(save.kinds[Seat::South].label(), "CPU easy");
    assert_eq!(save.kinds[Seat::North].label(), "CPU hard");
    let mut drawn = 0;
    let mut frames = 0;
    while data.join("save-chek.bin").exists() {
        drawn += host.idle();
        frames += 1;
        assert!(frames < 100_000, "the CPUs finish the game");
    }
    assert!(drawn > 100, "the screen kept changing while the CPUs played");
    assert_eq!(state().auto_lock_disabled, [true, false], "no auto-lock while the CPUs play, restored at the end");
    println!("two CPUs played a skirmish to the end in {frames} frames");
}

/// CPUs playing on their own wait on the pause sheet after an unlock and after the
/// system menu closes, until a press resumes them.
fn returning_pauses_a_moving_game() {
    let data = data();
    let mut host = boot(&data);
    start_variant(&mut host, 0, 3, &[3, 3]);
    use chek_pdhost::event;
    for (leave, back) in [(event::LOCK, event::UNLOCK), (event::PAUSE, event::RESUME)] {
        host.wait(3000);
        host.event(leave);
        host.event(back);
        let paused = saved_game(&data);
        host.wait(5000);
        assert_eq!(saved_game(&data), paused, "no CPU moved behind the pause sheet (event {back})");
        host.press(button::A);
        host.wait(15_000);
        assert_ne!(saved_game(&data), paused, "A resumed the CPUs (event {back})");
    }
}

/// New game (it opens on "Start game"; up leads to the rows above): `variant` and
/// `setup` steps to the right on their rows, then right-presses on each seat's row
/// (1 = CPU easy, 2 = normal, 3 = hard), then down to "Start game" and start.
fn start_variant(host: &mut Host, variant: usize, setup: usize, seats: &[usize]) {
    let rows: Vec<usize> = [variant, setup].into_iter().chain(seats.iter().copied()).collect();
    host::new_game(&mut |b| host.press(b), 0, &rows);
}

/// CPUs play a game of `variant` (from `setup`) to the end through the real library.
fn variant_played_out(variant: usize, setup: usize, seats: &[usize]) -> ChekPlay {
    let data = data();
    let mut host = boot(&data);
    start_variant(&mut host, variant, setup, seats);
    let play = saved_chek(&data);
    assert_eq!(play.position().variant() as usize, variant);
    assert!(play.kinds().values().iter().filter(|k| k.is_cpu()).count() >= 2);
    let mut frames = 0;
    let mut last = play;
    while data.join("save-chek.bin").exists() {
        host.idle();
        frames += 1;
        if frames % 300 == 0 {
            // Docking saves: the game so far, in its variant (unless the frame just run
            // ended the game, which takes its save away).
            state().crank_docked = true;
            host.idle();
            if !data.join("save-chek.bin").exists() {
                break;
            }
            last = saved_chek(&data);
            assert_eq!(last.position().variant() as usize, variant);
            state().crank_docked = false;
            host.idle();
        }
        assert!(frames < 150_000, "the CPUs finish the game");
    }
    println!("{} played out in {frames} frames: {}", last.position().variant().name(), last.position());
    last
}

fn simple_cpus_play_to_the_end() {
    // Chek Simple (2 right), skirmish (3 right), South CPU normal, North CPU hard.
    variant_played_out(2, 3, &[2, 3]);
}

fn nights_cpus_play_to_the_end() {
    // Chek Nights (3 right), skirmish (3 right), South CPU easy, North CPU hard.
    let last = variant_played_out(3, 3, &[1, 3]);
    assert!(last.position().cards().squares() == last.position().occupied(), "every piece is a card");
}

fn basic_four_cpus_play_to_the_end() {
    // Chek Basic (1 right), four-sides (4 right), four CPUs of every level.
    variant_played_out(1, 4, &[1, 2, 3, 1]);
}

/// Every completed turn is saved: a crash (the process simply ends, no event) loses
/// nothing of the turns played.
fn crash_after_a_turn_loses_nothing() {
    let (data, phase, mut host) = launch();
    if phase == 1 {
        start_game(&mut host, 1); // duel
        let _ = std::fs::remove_file(data.join("save-chek.bin"));
        play_turn(&mut host);
        let saved = saved_game(&data);
        assert_eq!(saved.position().to_move(), Seat::North, "South's turn is saved: {}", saved.position());
        play_turn(&mut host);
        let saved = saved_game(&data);
        assert_eq!(saved.position().to_move(), Seat::South, "North's turn is saved: {}", saved.position());
        println!("crashed at: {}", saved.position());
        return;
    }
    // Relaunch: "continue" brings back both turns.
    let before = saved_game(&data);
    host.idle();
    host.press(button::A);
    state().crank_docked = true;
    host.idle();
    assert_eq!(saved_game(&data).position(), before.position());
    println!("continued at: {}", before.position());
}

/// Two CPUs hard play Chek's duel; the positions after each of the first turns are
/// printed. Phase 2 runs a clock that moves 4 ms at every reading, so the CPU's
/// slices stop by time after a few hundred nodes instead of 850: the same game, in
/// more frames.
fn slices_bounded_by_time_decide_the_same() {
    let (data, phase, mut host) = launch();
    if phase == 2 {
        state().clock_tick_ms = 4;
    }
    start_variant(&mut host, 0, 1, &[3, 3]);
    let mut seen = Vec::new();
    let mut frames = 0;
    while seen.len() < 4 {
        host.idle();
        frames += 1;
        assert!(frames < 20_000, "four turns are played");
        if let Ok(bytes) = std::fs::read(data.join("save-chek.bin")) {
            let text = Cartridge::load(&chek_ui::save::Saved::from_bytes(&bytes).unwrap()).unwrap().state_text();
            if seen.last() != Some(&text) {
                seen.push(text);
            }
        }
    }
    for text in &seen {
        println!("turn: {text}");
    }
    println!("frames: {frames}");
}

/// The tour's opening attack through the real library: the dice rattle on the synth,
/// then West (the mover) loses; the voices made at launch are all it uses.
fn an_attack_sounds_dice_then_its_result() {
    let mut host = boot(&data());
    let voices = state().synths;
    assert!(voices > 0, "voices made at launch");
    reach_chain(&mut host);
    assert_eq!(state().synths, voices, "no voice made per cue");
    let notes = state().notes.clone();
    // The title's jingle came first: C5 on a square wave.
    let square = crankstart_sys::SoundWaveform::kWaveformSquare as u32;
    assert!(notes.first().is_some_and(|n| n.wave == square && (n.hz - 523.25).abs() < 0.5), "{notes:?}");
    let noise = crankstart_sys::SoundWaveform::kWaveformNoise as u32;
    let triangle = crankstart_sys::SoundWaveform::kWaveformTriangle as u32;
    // The dice: noise bursts, the first at 4 kHz (a move's click is noise at 3 kHz).
    let first = notes.iter().position(|n| n.wave == noise && n.hz == 4000.0).expect("the dice rattle");
    let dice = notes[first..].iter().take(8).filter(|n| n.wave == noise).count();
    assert_eq!(dice, 8, "eight bursts: {notes:?}");
    let rolled = notes[first].when;
    // Lose: G4, E4, C4 on a triangle, after the dice started.
    let lose: Vec<_> =
        notes.iter().filter(|n| n.wave == triangle && n.when > rolled && (n.hz - 392.0).abs() < 0.5).collect();
    assert!(!lose.is_empty(), "then the conflict lost: {notes:?}");
    // The result sounds when the dice stop, about 700 ms (30,870 samples) later.
    let after = lose[0].when - rolled;
    assert!((28_000..34_000).contains(&after), "{after} samples after the roll");
    println!("{} notes on {voices} voices; the result {after} samples after the roll", notes.len());
}

/// The title's *Sound* item turns the sound off; the setting survives a relaunch.
fn sound_off_survives_a_restart() {
    let (data, phase, mut host) = launch();
    if phase == 1 {
        // Title: New game, Learn to play, Enter code, Rules, Records, Sound.
        for _ in 0..5 {
            host.press(button::DOWN);
        }
        let before = state().notes.len();
        assert!(before > 0, "the jingle played");
        host.press(button::A);
        assert_eq!(
            std::fs::read(data.join("settings.bin")).unwrap(),
            [6, 0, 0, 0, 4, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
            "sound off, saved (version 6: no lesson begun, each game's first variant and setup, none strict, \
             and the empty code being entered)"
        );
        return;
    }
    // Relaunched: silent from the first frame, through a new game and a move.
    start_game(&mut host, 0);
    play_turn(&mut host);
    assert!(state().notes.is_empty(), "no notes with the sound off: {:?}", state().notes);
    println!("silent after the restart");
}

// ------------------------------------------------------------------ the runner

/// Runs the scenario named by CHEK_HOST_SCENARIO; started by the tests below, one
/// process each.
#[test]
#[ignore = "run by the scenario tests below, one process each"]
fn child() {
    match std::env::var("CHEK_HOST_SCENARIO").unwrap().as_str() {
        "turns" => turns(),
        "dock" => dock_saves_the_shown_game(),
        "terminate" => terminate_mid_chain_then_continue(),
        "crash" => crash_after_a_turn_loses_nothing(),
        "slices" => slices_bounded_by_time_decide_the_same(),
        "sound" => an_attack_sounds_dice_then_its_result(),
        "settings" => sound_off_survives_a_restart(),
        "damaged" => damaged_save_is_kept_aside(),
        "random" => random_frames(),
        "events" => unknown_events_are_ignored(),
        "end" => menu_end_game_asks_first(),
        "cpu" => cpu_seats_play_to_the_end(),
        "simple" => simple_cpus_play_to_the_end(),
        "nights" => nights_cpus_play_to_the_end(),
        "basic" => basic_four_cpus_play_to_the_end(),
        "return" => returning_pauses_a_moving_game(),
        other => panic!("unknown scenario {other}"),
    }
    let mut calls: Vec<_> = state().calls.keys().copied().collect();
    calls.sort();
    println!("C API calls: {}", calls.join(", "));
}

#[test]
fn a_new_game_plays_several_turns_with_buttons_and_crank() {
    let out = run_scenario("turns", &data_dir("turns"), 0);
    println!("{out}");
}

#[test]
fn unlock_and_resume_pause_a_game_the_cpus_are_playing() {
    scenario_passes("return");
}

#[test]
fn docking_saves_and_the_save_is_the_shown_game() {
    scenario_passes("dock");
}

#[test]
fn terminate_in_a_chain_then_continue_gives_the_same_position_and_roll() {
    across_launches("terminate", "the next roll after resuming");
}

#[test]
fn a_damaged_save_gives_a_message_and_is_kept() {
    scenario_passes("damaged");
}

#[test]
fn fifty_thousand_random_frames_do_not_crash() {
    scenario_passes("random");
}

#[test]
fn unknown_events_are_ignored_and_pause_sets_the_menu_image() {
    scenario_passes("events");
}

#[test]
fn cpu_seats_play_a_game_to_the_end() {
    scenario_passes("cpu");
}

#[test]
fn end_game_from_the_system_menu_asks_first() {
    scenario_passes("end");
}

#[test]
fn chek_simple_cpus_play_a_game_to_the_end() {
    scenario_says("simple", "Chek Simple played out");
}

#[test]
fn chek_nights_cpus_play_a_game_to_the_end() {
    scenario_says("nights", "Chek Nights played out");
}

#[test]
fn chek_basic_four_cpus_play_a_game_to_the_end() {
    scenario_says("basic", "Chek Basic played out");
}

#[test]
fn a_crash_after_a_turn_continues_from_that_turn() {
    across_launches("crash", "continued at");
}

#[test]
fn cpu_slices_bounded_by_time_play_the_same_game() {
    let lines = |out: &str, prefix: &str| -> Vec<String> {
        out.lines().filter_map(|l| l.split_once(prefix).map(|(_, rest)| rest.to_string())).collect()
    };
    let free = run_scenario("slices", &data_dir("slices-1"), 1);
    let timed = run_scenario("slices", &data_dir("slices-2"), 2);
    assert_eq!(lines(&free, "turn: "), lines(&timed, "turn: "), "the same moves");
    let frames = |out: &str| lines(out, "frames: ")[0].parse::<u32>().unwrap();
    assert!(
        frames(&timed) > frames(&free),
        "time cut the slices short: {} vs {} frames",
        frames(&timed),
        frames(&free)
    );
    println!("{} frames with nodes only, {} with the slow clock", frames(&free), frames(&timed));
}

#[test]
fn an_attack_plays_the_dice_then_its_result_on_the_synth() {
    scenario_says("sound", "samples after the roll");
}

#[test]
fn turning_the_sound_off_survives_a_restart() {
    across_launches("settings", "silent after the restart");
}
