//! 100,000 frames of random input never panic and never reach an illegal game state,
//! in any game the title offers.

use chek_cartridge::{AnyPlay, Cartridge};
use chek_desktop::driver::Driver;
use chek_ui::{Buttons, Catalog, Input, Play};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

#[test]
fn random_input_never_breaks_the_game() {
    let mut rng = SmallRng::seed_from_u64(2026);
    // Launched on files, so the test reads back what a frame really wrote.
    let mut driver = Driver::launch(77, chek_ui::store::MemoryStorage::new());
    let mut games_seen = std::collections::HashSet::new();
    let mut conflicts_seen = 0;
    let mut variants_seen = std::collections::HashSet::new();
    let mut last_drawn: Option<chek_ui::Frame> = None;
    let mut idle_checked = 0;
    let mut last_save: Option<Vec<u8>> = None;
    let mut saves_checked = 0;
    for i in 0..100_000u32 {
        // Mostly single buttons, sometimes chords; the crank in both directions; the
        // crank docked now and then; reduce flashing toggled.
        let pushed = match rng.random_range(0..10) {
            0..=6 => Buttons(1 << rng.random_range(0..6)),
            7 => Buttons(rng.random_range(0..64)),
            _ => Buttons::NONE,
        };
        let crank = if rng.random_bool(0.2) { rng.random_range(-120.0..120.0) } else { 0.0 };
        if rng.random_bool(0.003) {
            driver.docked = !driver.docked;
        }
        driver.reduce_flashing = i % 5000 < 2500;
        // The variant of the next new game changes now and then (random presses seldom
        // climb from "Start game" to the variant row).
        if i % 10_000 == 0 {
            driver.app.choose("chek", Some(["standard", "basic", "simple"][(i / 10_000) as usize % 3]), None);
        }
        driver.frame(Input { held: pushed, pushed, crank_change: crank, ..Input::idle() });
        let save = driver.app.play().map(|play| chek_ui::store::save_file(play.info().id));
        let written = save.and_then(|name| driver.files.as_ref().and_then(|files| files.files.get(&name)));
        let new_save = written.filter(|&bytes| last_save.as_ref() != Some(bytes)).cloned();
        if let Some(play) = driver.app.play() {
            games_seen.insert((play.info().id, play.session().seed()));
            if let Err(broken) = play.audit() {
                panic!("frame {i}: {broken}");
            }
            if let Some(bytes) = new_save {
                let back = chek_ui::save::Saved::from_bytes(&bytes).expect("a save reads back");
                let back = Cartridge::load(&back).expect("a save loads");
                assert!(back.same_state(play), "frame {i}: the save holds {}", back.state_text());
                // Chek's save holds its dice too.
                if let (AnyPlay::Chek(back), AnyPlay::Chek(session)) = (&back, play) {
                    assert_eq!(back.record(), session.record());
                }
                saves_checked += 1;
                last_save = Some(bytes);
            }
        }
        if let Some(AnyPlay::Chek(session)) = driver.app.play() {
            variants_seen.insert(session.position().variant());
            conflicts_seen = conflicts_seen.max(
                session
                    .position()
                    .seating()
                    .seats()
                    .iter()
                    .map(|&s| session.position().captured(s) as u32)
                    .sum::<u32>(),
            );
        }
        // An idle frame (the App says nothing changed) would draw the frame before.
        let stale = driver.app.needs_draw();
        if !stale {
            if let Some(before) = &last_drawn {
                assert!(driver.render().bytes() == before.bytes(), "frame {i}: an idle frame would draw something new");
                idle_checked += 1;
            }
        }
        if i % 97 == 0 || driver.app.animating() || !stale {
            last_drawn = Some(driver.render());
        } else {
            last_drawn = None;
        }
    }
    assert!(games_seen.len() > 1, "random play starts several games");
    assert!(idle_checked > 1000, "idle frames checked: {idle_checked}");
    assert!(saves_checked > 100, "saves read back: {saves_checked}");
    for id in chek_cartridge::IDS {
        assert!(games_seen.iter().any(|g| g.0 == *id), "random play reaches {id}");
    }
    assert!(conflicts_seen > 0, "random play reaches conflicts");
    assert!(variants_seen.len() > 1, "random play tries the variants: {variants_seen:?}");
    println!("{} games of variants {variants_seen:?}, up to {conflicts_seen} captures in one", games_seen.len());
}
