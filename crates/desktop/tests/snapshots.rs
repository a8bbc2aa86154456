//! The key screens against reviewed images: the tour script of `docs/shots` is
//! replayed and every shot compared pixel for pixel with the PNG committed beside it.
//! `CHEK_BLESS=1 cargo test -p chek-desktop --test snapshots` rewrites the images
//! (review them before committing).

use std::path::PathBuf;

use chek_cartridge::App;
use chek_desktop::driver::Driver;
use chek_desktop::{image, script};

fn shots_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/shots")
}

#[test]
fn the_tour_matches_the_reviewed_screenshots() {
    let dir = shots_dir();
    let text = std::fs::read_to_string(dir.join("tour.txt")).unwrap();
    let commands = script::parse(&text).unwrap();
    let mut app = App::new(1, None);
    assert!(app.choose("chek", None, Some("four-sides")));
    let mut driver = Driver::new(app);
    let bless = std::env::var_os("CHEK_BLESS").is_some();
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
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for screen in ["title", "new-game", "board", "aim-attack", "dice-rolling", "chain", "pause", "game-over", "rules"] {
        assert!(compared.iter().any(|c| c == screen), "the tour shows {screen}");
    }
}

#[test]
fn a_changed_pixel_fails_the_comparison() {
    let mut driver = Driver::new(App::new(1, None));
    driver.idle();
    let frame = driver.render();
    let path = std::env::temp_dir().join("chek-snapshot-self-test.png");
    image::write_png(&frame, &path).unwrap();
    let mut pixels = image::pixels(&frame);
    assert_eq!(image::read_png_pixels(&path).unwrap(), pixels);
    pixels[12_345] = !pixels[12_345];
    assert_ne!(image::read_png_pixels(&path).unwrap(), pixels);
}
