//! `cargo xtask`: the launcher images are up to date; `pdx` says what is missing
//! without the SDK, and assembles the bundle with one (a stand-in `pdc`).

use std::path::{Path, PathBuf};
use std::process::Command;

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_launcher_images_are_the_renderers() {
    for (name, bytes) in chek_desktop::image::launcher_images().unwrap() {
        let committed = std::fs::read(root().join("assets/launcher").join(name)).unwrap();
        assert_eq!(committed, bytes, "assets/launcher/{name} is stale: run cargo xtask assets");
    }
}

#[test]
fn pdx_without_the_sdk_says_what_to_install() {
    let home = std::env::temp_dir().join(format!("chek-nohome-{}", std::process::id()));
    let out = Command::new(XTASK).arg("pdx").env_remove("PLAYDATE_SDK_PATH").env("HOME", &home).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("Playdate SDK") && err.contains("PLAYDATE_SDK_PATH") && err.contains("play.date/dev"),
        "{err}"
    );
    // A folder that is not the SDK is named.
    let out = Command::new(XTASK).arg("pdx").env("PLAYDATE_SDK_PATH", &home).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no bin/pdc"));
}

/// A stand-in SDK whose `pdc` records what it was given.
fn fake_sdk(dir: &Path) {
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    let pdc = dir.join("bin/pdc");
    std::fs::write(&pdc, "#!/bin/sh\n# pdc -sdkpath SDK SOURCE OUT\nmkdir -p \"$4\" && cp -r \"$3\"/. \"$4\"/ && echo pdc > \"$4\"/made-by\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&pdc, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

#[test]
fn pdx_assembles_the_simulator_bundle_with_the_sdk() {
    let sdk = std::env::temp_dir().join(format!("chek-fakesdk-{}", std::process::id()));
    fake_sdk(&sdk);
    let target = std::env::temp_dir().join(format!("chek-pdx-target-{}", std::process::id()));
    let out = Command::new(XTASK)
        .arg("pdx")
        .env("PLAYDATE_SDK_PATH", &sdk)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pdx = target.join("Chek.pdx");
    assert!(pdx.join(format!("pdex{}", std::env::consts::DLL_SUFFIX)).exists());
    let info = std::fs::read_to_string(pdx.join("pdxinfo")).unwrap();
    for key in ["name=", "author=", "description=", "bundleID=", "version=", "buildNumber=", "imagePath="] {
        assert!(info.lines().any(|l| l.starts_with(key)), "pdxinfo has {key}");
    }
    assert!(info.contains("imagePath=assets/launcher\n"), "{info}");
    for image in ["card.png", "icon.png", "icon-pressed.png", "launchImage.png"] {
        assert!(pdx.join("assets/launcher").join(image).exists());
    }
    assert_eq!(info, std::fs::read_to_string(root().join("pdxinfo")).unwrap(), "the bundle's pdxinfo is the root's");
    assert!(pdx.join("made-by").exists());
    let _ = std::fs::remove_dir_all(&target);
}

#[test]
fn pdxinfo_crankstart_toml_and_cargo_toml_agree() {
    let out = Command::new(XTASK).args(["pdxinfo", "--check"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let crank = std::fs::read_to_string(root().join("Crank.toml")).unwrap();
    assert_eq!(
        crank,
        std::fs::read_to_string(root().join("Crankstart.toml")).unwrap(),
        "Crank.toml links to Crankstart.toml"
    );
}

/// A copy of the root's manifest, Cargo.toml and pdxinfo in a folder of its own.
fn scratch_root(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chek-xtask-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for file in ["Crankstart.toml", "Cargo.toml", "pdxinfo"] {
        std::fs::copy(root().join(file), dir.join(file)).unwrap();
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink(root().join("assets").canonicalize().unwrap(), dir.join("assets")).unwrap();
    dir
}

#[test]
fn bump_raises_the_build_number_and_rewrites_pdxinfo() {
    let dir = scratch_root("bump");
    let before = std::fs::read_to_string(dir.join("pdxinfo")).unwrap();
    let number =
        |info: &str| -> u64 { info.lines().find_map(|l| l.strip_prefix("buildNumber=")).unwrap().parse().unwrap() };
    let out = Command::new(XTASK).arg("bump").env("XTASK_ROOT", &dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let after = std::fs::read_to_string(dir.join("pdxinfo")).unwrap();
    assert_eq!(number(&after), number(&before) + 1);
    let manifest = std::fs::read_to_string(dir.join("Crankstart.toml")).unwrap();
    assert!(manifest.starts_with("# The Playdate package's"), "comments kept");
    assert!(manifest.contains(&format!("build_number = {}", number(&after))), "{manifest}");
    let check = Command::new(XTASK).args(["pdxinfo", "--check"]).env("XTASK_ROOT", &dir).output().unwrap();
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_version_that_disagrees_with_cargo_toml_fails_the_check() {
    let dir = scratch_root("version");
    let manifest = std::fs::read_to_string(dir.join("Crankstart.toml")).unwrap();
    std::fs::write(dir.join("Crankstart.toml"), manifest.replace("version = \"", "version = \"9")).unwrap();
    let out = Command::new(XTASK).args(["pdxinfo", "--check"]).env("XTASK_ROOT", &dir).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not Cargo.toml's"));
    // pdxinfo written by hand and stale: named too.
    let dir = scratch_root("stale");
    std::fs::write(dir.join("pdxinfo"), "name=Chek\n").unwrap();
    let out = Command::new(XTASK).args(["pdxinfo", "--check"]).env("XTASK_ROOT", &dir).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("pdxinfo differs"));
}
