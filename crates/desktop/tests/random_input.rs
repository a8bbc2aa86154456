//! 100,000 frames of random input never panic and never reach an illegal game state,
//! in any game the title offers.

use chek_cartridge::{AnyPlay, App, Cartridge};
use chek_desktop::driver::Driver;
use chek_ui::{Buttons, Catalog, Input, Play};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

#[test]
fn random_input_never_breaks_the_game() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut driver = Driver::new(App::new(77));
    let mut games_seen = std::collections::HashSet::new();
    let mut conflicts_seen = 0;
    let mut variants_seen = std::collections::HashSet::new();
    let mut last_drawn: Option<chek_ui::Frame> = None;
    let mut idle_checked = 0;
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
        let effect = driver.frame(Input { held: pushed, pushed, crank_change: crank, ..Input::idle() });
        if let Some(play) = driver.app.play() {
            games_seen.insert((play.info().id, play.session().seed()));
            if let Err(broken) = play.audit() {
                panic!("frame {i}: {broken}");
            }
            if effect.is_some() {
                if let Some(bytes) = driver.app.save_data() {
                    let back = chek_ui::save::Saved::from_bytes(&bytes).expect("a save reads back");
                    let back = Cartridge::load(&back).expect("a save loads");
                    assert!(back.same_state(play), "frame {i}: the save holds {}", back.state_text());
                    // Chek's save holds its dice too.
                    if let (AnyPlay::Chek(back), AnyPlay::Chek(session)) = (&back, play) {
                        assert_eq!(back.record(), session.record());
                    }
                }
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
    for id in chek_cartridge::IDS {
        assert!(games_seen.iter().any(|g| g.0 == *id), "random play reaches {id}");
    }
    assert!(conflicts_seen > 0, "random play reaches conflicts");
    assert!(variants_seen.len() > 1, "random play tries the variants: {variants_seen:?}");
    println!("{} games of variants {variants_seen:?}, up to {conflicts_seen} captures in one", games_seen.len());
}
