//! The same pixels: each `docs/shots` script played on the device build in the
//! emulator and on the desktop's App (as `chek shot` plays it), every shot compared
//! pixel for pixel between the two and with the reviewed PNG beside the script.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use chek_desktop::{image, script};
use chek_device::script::{prepare_data, Session};

fn shots_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/shots")
}

/// Plays `name` (`docs/shots/<name>.txt`) on both builds; returns the shots compared
/// and a line for each that differs.
fn replay_on_both(name: &str) -> (usize, Vec<String>) {
    let path = shots_dir().join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let heading = script::Heading::of_script(&text).unwrap();
    let files = heading.files.as_ref().map(|f| shots_dir().join("../..").join(f));
    let commands = script::parse(&text).unwrap();

    let mut desktop = BTreeMap::new();
    let mut driver = script::start(heading.seed, heading.choice(), files.as_deref()).unwrap();
    driver.reduce_flashing = heading.reduce_flashing;
    script::run(&mut driver, &commands, |shot, driver| {
        desktop.insert(shot.to_string(), image::pixels(&driver.render()));
        Ok(())
    })
    .unwrap();

    let data = common::data_dir(&format!("shots-{name}"));
    prepare_data(&data, heading.seed, heading.choice(), files.as_deref()).unwrap();
    let mut session = Session::boot(&chek_device::built_elf(), &data, heading.seed, heading.reduce_flashing).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    session
        .run(&commands, |shot, session| {
            let frame = session.screen();
            let device = image::pixels(&frame);
            let reviewed = image::read_png_pixels(&shots_dir().join(format!("{shot}.png")))?;
            let differing = |other: &[bool]| device.iter().zip(other).filter(|(a, b)| a != b).count();
            let (from_desktop, from_reviewed) = (differing(&desktop[shot]), differing(&reviewed));
            if from_desktop + from_reviewed > 0 {
                let got = std::env::temp_dir().join(format!("chek-device-{shot}.png"));
                image::write_png(&frame, &got)?;
                failures.push(format!(
                    "{name}/{shot}: {from_desktop} pixels differ from the desktop's, {from_reviewed} from the reviewed PNG (got {})",
                    got.display()
                ));
            }
            compared += 1;
            Ok(())
        })
        .unwrap();
    assert_eq!(compared, desktop.len(), "{name}: both builds took every shot");
    let _ = std::fs::remove_dir_all(&data);
    (compared, failures)
}

/// The CI-sized check: Chek's tour.
#[test]
fn the_tour_is_pixel_identical_on_the_device() {
    let (compared, failures) = replay_on_both("tour");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 15, "the tour takes its shots ({compared})");
}

/// Every tour and every lesson in `docs/shots` (`cargo xtask device test` runs it).
#[test]
#[ignore = "minutes in the emulator: cargo xtask device test"]
fn every_script_is_pixel_identical_on_the_device() {
    let mut names: Vec<String> = std::fs::read_dir(shots_dir())
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "txt").then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    names.sort();
    for id in chek_cartridge::IDS {
        assert!(names.iter().any(|n| *n == format!("lesson-{id}")), "a lesson script for {id}");
    }
    let (mut total, mut failures) = (0, Vec::new());
    for name in &names {
        let (compared, failed) = replay_on_both(name);
        println!("{name}: {compared} shots");
        total += compared;
        failures.extend(failed);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{total} shots from {} scripts, pixel-identical on the device", names.len());
}
