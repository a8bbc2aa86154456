//! The key screens against reviewed images: every script of `docs/shots` (`*.txt`) is
//! replayed and every shot compared pixel for pixel with the PNG committed beside it.
//! A script's first line is the `chek shot` command that made its images; the test
//! takes its `--game`, `--variant`, `--setup`, `--seed`, `--files` and
//! `--reduce-flashing` from there. A new game adds
//! its script and images; this test finds them.
//! `CHEK_BLESS=1 cargo test -p chek-desktop --test snapshots` rewrites the images
//! (review them before committing).

use std::path::{Path, PathBuf};

use chek_desktop::{image, script};

fn shots_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/shots")
}

/// Replays `script`; returns the shots compared and the failures.
fn replay(script_path: &Path, bless: bool) -> (Vec<String>, Vec<String>) {
    let dir = shots_dir();
    let text = std::fs::read_to_string(script_path).unwrap();
    let heading = script::Heading::of_script(&text).unwrap_or_else(|e| panic!("{}: {e}", script_path.display()));
    let files = heading.files.as_ref().map(|f| shots_dir().join("../..").join(f));
    let commands = script::parse(&text).unwrap();
    let mut driver = script::start(heading.seed, heading.choice(), files.as_deref()).unwrap();
    driver.reduce_flashing = heading.reduce_flashing;
    let mut compared = Vec::new();
    let mut failures = Vec::new();
    script::run(&mut driver, &commands, |name, driver| {
        let frame = driver.render();
        let path = dir.join(format!("{name}.png"));
        if bless {
            image::write_png(&frame, &path)?;
        } else {
            let expected = image::read_png_pixels(&path)?;
            let actual = image::pixels(&frame);
            let differing = expected.iter().zip(&actual).filter(|(a, b)| a != b).count();
            if differing > 0 {
                let got = std::env::temp_dir().join(format!("chek-{name}.png"));
                image::write_png(&frame, &got)?;
                failures.push(format!("{name}: {differing} pixels differ (got {})", got.display()));
            }
        }
        compared.push(name.to_string());
        Ok(())
    })
    .unwrap();
    (compared, failures)
}

#[test]
fn every_tour_matches_the_reviewed_screenshots() {
    let bless = std::env::var_os("CHEK_BLESS").is_some();
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(shots_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    scripts.sort();
    let mut all = Vec::new();
    let mut failures = Vec::new();
    for script in &scripts {
        let (compared, failed) = replay(script, bless);
        all.extend(compared);
        failures.extend(failed);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let mut unique = all.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), all.len(), "every shot has a name of its own across the scripts");
    for screen in ["title", "new-game", "board", "aim-attack", "dice-rolling", "chain", "pause", "game-over", "rules"] {
        assert!(all.iter().any(|c| c == screen), "the tour shows {screen}");
    }
    for screen in ["simple-aim-take", "simple-rules", "basic-aim-attack"] {
        assert!(all.iter().any(|c| c == screen), "the variants' tour shows {screen}");
    }
    // Every other game has a tour of its own, `<id>.txt`, with its key screens.
    for id in chek_cartridge::IDS.iter().filter(|id| **id != "chek") {
        assert!(scripts.iter().any(|p| p.ends_with(format!("{id}.txt"))), "docs/shots/{id}.txt exists");
        for screen in ["title", "board", "aim", "rules", "game-over"] {
            let name = format!("{id}-{screen}");
            assert!(all.contains(&name), "the {id} tour shows {name}");
        }
    }
}

#[test]
fn a_changed_pixel_fails_the_comparison() {
    let mut driver = chek_desktop::driver::Driver::new(chek_cartridge::App::new(1));
    driver.idle();
    let frame = driver.render();
    let path = std::env::temp_dir().join("chek-snapshot-self-test.png");
    image::write_png(&frame, &path).unwrap();
    let mut pixels = image::pixels(&frame);
    assert_eq!(image::read_png_pixels(&path).unwrap(), pixels);
    pixels[12_345] = !pixels[12_345];
    assert_ne!(image::read_png_pixels(&path).unwrap(), pixels);
}
