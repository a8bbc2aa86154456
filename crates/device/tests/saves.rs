//! Saves cross between the device build and the desktop, byte for byte: the same
//! inputs write the same files on both, and each continues from the other's files
//! with the same pixels.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use chek_desktop::driver::Driver;
use chek_desktop::{image, script};
use chek_device::script::Session;
use chek_ui::store::MemoryStorage;

/// A Chek game for two people: the new-game screen as it comes, Start; South steps,
/// North steps, the crank docks (a save) and South picks up a piece.
const OPENING: &str = "
a
down
down
down
down
down
down
a
a
crank 30
a
a
b
wait 1500
a
crank 60
a
a
b
wait 1500
dock
undock
a
crank 30
";

/// The second session: North's reply and another dock.
const GOING_ON: &str = "
b
crank 30
a
crank 45
a
a
b
wait 1500
dock
";

fn files_in(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&path).unwrap())
        })
        .collect()
}

fn write_files(dir: &Path, files: &BTreeMap<String, Vec<u8>>) {
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
}

/// The desktop launched from `files` with `seed`, after `inputs`: its files and its
/// screen.
fn on_the_desktop(
    seed: u64,
    files: &BTreeMap<String, Vec<u8>>,
    inputs: &str,
) -> (BTreeMap<String, Vec<u8>>, Vec<bool>) {
    let mut storage = MemoryStorage::new();
    storage.files.extend(files.iter().map(|(n, b)| (n.clone(), b.clone())));
    let mut driver = Driver::launch(seed, storage);
    script::run(&mut driver, &script::parse(inputs).unwrap(), |_, _| Ok(())).unwrap();
    let screen = image::pixels(&driver.render());
    (driver.files.unwrap().files.into_iter().collect(), screen)
}

/// The device build booted from `files` with `seed`, after `inputs`.
fn on_the_device(
    name: &str,
    seed: u64,
    files: &BTreeMap<String, Vec<u8>>,
    inputs: &str,
) -> (BTreeMap<String, Vec<u8>>, Vec<bool>) {
    let data = common::data_dir(name);
    write_files(&data, files);
    let mut session = Session::boot(&chek_device::built_elf(), &data, seed, false).unwrap();
    session.run(&script::parse(inputs).unwrap(), |_, _| Ok(())).unwrap();
    let screen = image::pixels(&session.screen());
    let written = files_in(&data);
    let _ = std::fs::remove_dir_all(&data);
    (written, screen)
}

fn differing(a: &[bool], b: &[bool]) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

#[test]
fn saves_are_the_same_bytes_and_cross_both_ways() {
    let none = BTreeMap::new();
    let (device, device_screen) = on_the_device("saves-first", 4, &none, OPENING);
    let (desktop, desktop_screen) = on_the_desktop(4, &none, OPENING);
    assert!(device.contains_key("save-chek.bin"), "the device saved the game: {:?}", device.keys());
    assert_eq!(device.keys().collect::<Vec<_>>(), desktop.keys().collect::<Vec<_>>(), "the same files");
    for (name, bytes) in &device {
        assert_eq!(bytes, &desktop[name], "{name}: the same bytes on the device and the desktop");
    }
    assert_eq!(differing(&device_screen, &desktop_screen), 0);
    let saved =
        chek_ui::save::Saved::from_bytes(&device["save-chek.bin"]).expect("the desktop reads the device's save");
    assert_eq!(saved.kinds.0[0].label(), "Human");

    // The desktop goes on from the device's files, and the device from the desktop's.
    let (desktop_next, desktop_screen) = on_the_desktop(9, &device, GOING_ON);
    let (device_next, device_screen) = on_the_device("saves-next", 9, &desktop, GOING_ON);
    assert_eq!(differing(&device_screen, &desktop_screen), 0, "the same game goes on");
    assert_ne!(desktop_next["save-chek.bin"], device["save-chek.bin"], "the game moved on");
    for (name, bytes) in &device_next {
        assert_eq!(Some(bytes), desktop_next.get(name), "{name}: the same bytes after crossing");
    }
    assert_eq!(device_next.len(), desktop_next.len());
}

/// A damaged save on the device is kept aside with a notice, as on the desktop, and
/// the other files are untouched.
#[test]
fn a_damaged_save_is_kept_aside_on_the_device_as_on_the_desktop() {
    let mut files = BTreeMap::new();
    files.insert("save-chek.bin".to_string(), b"not a save at all".to_vec());
    let (device, device_screen) = on_the_device("saves-damaged", 2, &files, "");
    let (desktop, desktop_screen) = on_the_desktop(2, &files, "");
    assert_eq!(differing(&device_screen, &desktop_screen), 0, "the same notice");
    assert_eq!(device, desktop, "the same files, the damaged one kept aside");
    assert!(device.values().any(|b| b == b"not a save at all"), "nothing the player had is lost: {:?}", device.keys());
}
