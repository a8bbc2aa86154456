//! 100,000 frames of random input never panic and never reach an illegal game state.

use chek_desktop::driver::Driver;
use chek_rules::check_position;
use chek_ui::{App, Buttons, Input};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

#[test]
fn random_input_never_breaks_the_game() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut driver = Driver::new(App::new(77, None));
    let mut games_seen = std::collections::HashSet::new();
    let mut conflicts_seen = 0;
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
        let effect =
            driver.frame(Input { held: pushed, pushed, released: Buttons::NONE, crank_change: crank, ..Input::idle() });
        if let Some(session) = driver.app.session() {
            games_seen.insert(session.seed);
            conflicts_seen = conflicts_seen.max(
                session
                    .position()
                    .seating()
                    .seats()
                    .iter()
                    .map(|&s| session.position().captured(s) as u32)
                    .sum::<u32>(),
            );
            if let Err(v) = check_position(session.position()) {
                panic!("frame {i}: {v} at {}", session.position());
            }
            if effect.is_some() {
                if let Some(bytes) = driver.app.save_data() {
                    let back = chek_ui::save::Saved::from_bytes(&bytes).expect("a save reads back");
                    assert_eq!(back.game, session.game);
                }
            }
        }
        if i % 97 == 0 || driver.app.animating() {
            let _ = driver.render();
        }
    }
    assert!(games_seen.len() > 1, "random play starts several games");
    assert!(conflicts_seen > 0, "random play reaches conflicts");
    println!("{} games, up to {conflicts_seen} captures in one", games_seen.len());
}
