//! `cargo xtask`: the project's build tasks.
//!
//! - `cargo xtask pdx [--device] [--release]` assembles `target/Chek.pdx` with the
//!   Playdate SDK (`PLAYDATE_SDK_PATH`): the Simulator library as `pdex.so` /
//!   `.dylib` / `.dll`, and with `--device` the device binary linked from the
//!   staticlib with the SDK's `setup.c` and `link_map.ld` by `arm-none-eabi-gcc`;
//!   then `pdc`.
//! - `cargo xtask assets` redraws the launcher images in `assets/launcher` with the
//!   game's own renderer.
//! - `cargo xtask link-check` builds the device staticlib as `pdx --device` does and
//!   links it with a stand-in for the SDK's `setup.c` (`xtask/link/`), proving that
//!   every symbol resolves without the SDK, and prints the sizes.
//! - `cargo xtask stack` builds the device staticlib with the compiler's stack sizes
//!   and prints the worst-case stack of each entry point (event, update, menu) along
//!   the call graph; fails over 8 KB.
//! - `cargo xtask device shot|frames|think …` links the device binary as `link-check`
//!   does and runs it in the emulated Cortex-M7 (`chek-device`, a GPL-2.0 test tool):
//!   `chek shot`'s scripts as PNGs, and the budgets in Thumb instructions.
//!   `cargo xtask device test` runs every device test, the long ones too.
//! - `cargo xtask pdxinfo [--check]` writes `pdxinfo` at the root from
//!   `Crankstart.toml` (with `--check`: fails if it differs, or if the manifest's
//!   version is not `Cargo.toml`'s); `cargo xtask bump` raises the build number.
//!
//! The package's metadata and assets come from `Crankstart.toml` only.
#![deny(missing_docs, missing_debug_implementations)]

mod manifest;
mod stack;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("pdx") => {
            let device = args.iter().any(|a| a == "--device");
            let release = args.iter().any(|a| a == "--release");
            match args.iter().skip(1).find(|a| *a != "--device" && *a != "--release") {
                Some(other) => Err(format!("pdx: unknown option {other:?} (expected --device, --release)")),
                None => pdx(device, release),
            }
        }
        Some("assets") => assets(),
        Some("link-check") => link_check(),
        Some("pdxinfo") => match args.get(1).map(String::as_str) {
            None => write_pdxinfo(),
            Some("--check") => check_pdxinfo(),
            Some(other) => Err(format!("pdxinfo: unknown option {other:?} (expected --check)")),
        },
        Some("bump") => bump(),
        Some("stack") => stack_check(),
        Some("device") => device(&args[1..]),
        _ => Err(
            "usage: cargo xtask pdx [--device] [--release] | assets | pdxinfo [--check] | bump | link-check | stack | device shot|frames|think|test …"
                .to_string(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The project's root (`XTASK_ROOT` overrides it, for the tests).
fn root() -> PathBuf {
    std::env::var_os("XTASK_ROOT").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".."), PathBuf::from)
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from)
}

/// The SDK: `PLAYDATE_SDK_PATH`, or the folder the SDK's installer records in
/// `~/.Playdate/config`.
fn sdk() -> Result<PathBuf, String> {
    let configured = std::env::var_os("PLAYDATE_SDK_PATH").map(PathBuf::from).or_else(|| {
        let home = std::env::var_os("HOME")?;
        let config = std::fs::read_to_string(Path::new(&home).join(".Playdate/config")).ok()?;
        config.lines().find_map(|l| l.strip_prefix("SDKRoot").map(|p| PathBuf::from(p.trim())))
    });
    let Some(sdk) = configured else {
        return Err("pdx: the Playdate SDK was not found: install it from https://play.date/dev/ and set PLAYDATE_SDK_PATH to its folder (the one with bin/pdc and C_API/)".to_string());
    };
    let pdc = sdk.join("bin").join(if cfg!(windows) { "pdc.exe" } else { "pdc" });
    if !pdc.exists() {
        return Err(format!(
            "pdx: {} has no bin/pdc; set PLAYDATE_SDK_PATH to the Playdate SDK's folder",
            sdk.display()
        ));
    }
    Ok(sdk)
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{command:?} failed ({status})"))
    }
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to).map(|_| ()).map_err(|e| format!("{} → {}: {e}", from.display(), to.display()))
}

fn pdx(device: bool, release: bool) -> Result<(), String> {
    let sdk = sdk()?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let source = target_dir().join("pdx-source");
    let _ = std::fs::remove_dir_all(&source);
    std::fs::create_dir_all(&source).map_err(|e| e.to_string())?;
    let manifest = manifest::Manifest::read(&root())?;
    std::fs::write(source.join("pdxinfo"), manifest.pdxinfo()).map_err(|e| e.to_string())?;
    // Assets keep their paths, as crank copies them (imagePath names their folder).
    for asset in manifest.assets() {
        let to = source.join(&asset);
        if let Some(folder) = to.parent() {
            std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
        }
        copy(&root().join(&asset), &to)?;
    }

    // The Simulator library.
    let mut build = Command::new(&cargo);
    build.args(["build", "--lib", "-p", "chek"]).current_dir(root());
    if release {
        build.arg("--release");
    }
    run(&mut build)?;
    let profile = if release { "release" } else { "debug" };
    let (prefix, suffix) = (std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX);
    copy(&target_dir().join(profile).join(format!("{prefix}chek{suffix}")), &source.join(format!("pdex{suffix}")))?;

    if device {
        device_binary(&sdk, &cargo, &source)?;
    }

    let pdx = target_dir().join("Chek.pdx");
    run(Command::new(sdk.join("bin/pdc")).arg("-sdkpath").arg(&sdk).arg(&source).arg(&pdx))?;
    println!("{}", pdx.display());
    Ok(())
}

const DEVICE_TARGET: &str = "thumbv7em-none-eabihf";

/// The device staticlib: built for the Cortex-M7 with the recipe's flags, in its own
/// target folder (the flags differ from the host's).
fn device_staticlib(cargo: &std::ffi::OsStr) -> Result<PathBuf, String> {
    device_staticlib_in(cargo, "device", "")
}

/// The stack budget of every entry point, in bytes.
const STACK_BUDGET: u64 = 8 * 1024;

/// The device staticlib with the compiler's stack sizes, and the worst case per entry
/// point.
fn stack_check() -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let lib = device_staticlib_in(&cargo, "device-stack", " -Zemit-stack-sizes")?;
    stack::report(&lib, STACK_BUDGET)
}

/// The device staticlib in `target/<folder>`, with `extra` flags for rustc.
fn device_staticlib_in(cargo: &std::ffi::OsStr, folder: &str, extra: &str) -> Result<PathBuf, String> {
    if Command::new("arm-none-eabi-gcc").arg("--version").output().is_err() {
        return Err("device: arm-none-eabi-gcc was not found: install the GNU Arm toolchain (apt-get install gcc-arm-none-eabi, or the Arm GNU Toolchain)".to_string());
    }
    let target_dir = target_dir().join(folder);
    run(Command::new(cargo)
        .args(["build", "--lib", "-p", "chek", "--release", "--target", DEVICE_TARGET, "-Zbuild-std=core,alloc"])
        .arg("--target-dir")
        .arg(&target_dir)
        .env("RUSTFLAGS", format!("-Ctarget-cpu=cortex-m7 -Ctarget-feature=-fp64 -Clink-args=--emit-relocs -Crelocation-model=pic -Cpanic=abort{extra}"))
        .current_dir(root()))?;
    Ok(target_dir.join(DEVICE_TARGET).join("release/libchek.a"))
}

/// Links `lib` with `setup` and `script` into `elf`.
fn link(lib: &Path, setup: &Path, script: &Path, include: Option<&Path>, elf: &Path) -> Result<(), String> {
    let mut gcc = Command::new("arm-none-eabi-gcc");
    gcc.args(["-g3", "-mthumb", "-mcpu=cortex-m7", "-mfloat-abi=hard", "-mfpu=fpv5-sp-d16", "-D__FPU_USED=1"]).args([
        "-DTARGET_PLAYDATE=1",
        "-DTARGET_EXTENSION=1",
        "-nostartfiles",
        "-specs=nosys.specs",
    ]);
    if let Some(include) = include {
        gcc.arg(format!("-I{}", include.display()));
    }
    run(gcc
        .arg(setup)
        .arg(lib)
        .arg(format!("-T{}", script.display()))
        .args(["-Wl,--gc-sections,--no-warn-mismatch,--emit-relocs", "-Wl,--entry=eventHandlerShim"])
        .arg("-o")
        .arg(elf))
}

/// The device binary: the staticlib linked with the SDK's `setup.c` (which provides
/// `eventHandlerShim`) and `link_map.ld`.
fn device_binary(sdk: &Path, cargo: &std::ffi::OsStr, source: &Path) -> Result<(), String> {
    let lib = device_staticlib(cargo)?;
    let support = sdk.join("C_API/buildsupport");
    link(
        &lib,
        &support.join("setup.c"),
        &support.join("link_map.ld"),
        Some(&sdk.join("C_API")),
        &source.join("pdex.elf"),
    )
}

/// Links the device staticlib with our stand-in setup and prints the sizes.
fn link_check() -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let lib = device_staticlib(&cargo)?;
    let elf = target_dir().join("device/pdex-link-check.elf");
    let stand_in = root().join("xtask/link");
    link(&lib, &stand_in.join("setup.c"), &stand_in.join("link.ld"), None, &elf)?;
    let lib_size = std::fs::metadata(&lib).map_err(|e| e.to_string())?.len();
    println!("staticlib {}: {lib_size} bytes", lib.display());
    run(Command::new("arm-none-eabi-size").arg(&elf))?;
    // What the console loads: the code and initialised data (bss is only reserved).
    let data = std::fs::read(&elf).map_err(|e| format!("{}: {e}", elf.display()))?;
    let file = object::File::parse(&*data).map_err(|e| format!("{}: {e}", elf.display()))?;
    use object::{Object, ObjectSection, SectionKind};
    let loaded: u64 = file
        .sections()
        .filter(|s| matches!(s.kind(), SectionKind::Text | SectionKind::Data | SectionKind::ReadOnlyData))
        .map(|s| s.size())
        .sum();
    println!("device binary: {loaded} bytes of code and data (budget {DEVICE_BUDGET})");
    if loaded > DEVICE_BUDGET {
        return Err(format!("the device binary is {loaded} bytes, over the budget of {DEVICE_BUDGET}"));
    }
    Ok(())
}

/// `cargo xtask device …`: the device binary, linked as `link-check` links it, run in
/// the emulator by `chek-device` (its options follow), or the device tests.
fn device(args: &[String]) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    match args.first().map(String::as_str) {
        Some("test") => {
            // The tests link the binary themselves; every one, the ignored long runs too.
            let mut test = Command::new(&cargo);
            test.args(["test", "--release", "-p", "chek-device"]).arg("--").arg("--include-ignored").args(&args[1..]);
            run(test.current_dir(root()))
        }
        Some("shot" | "frames" | "think") => {
            link_check()?;
            let elf = target_dir().join("device/pdex-link-check.elf");
            let mut runner = Command::new(&cargo);
            runner.args(["run", "--quiet", "--release", "-p", "chek-device", "--"]).arg("--elf").arg(&elf).args(args);
            run(runner.current_dir(root()))
        }
        _ => Err("usage: cargo xtask device shot --script FILE --out DIR [chek shot's options] | frames [--frames N] | think [--positions N] [--level L] [--game G] | test [test filters]".into()),
    }
}

/// The device binary's code and data, at most: 1 MB for the whole cartridge (the
/// Playdate loads the binary into its 16 MB of RAM; the budget keeps the four games,
/// their CPUs and screens from growing unnoticed).
const DEVICE_BUDGET: u64 = 1024 * 1024;

fn assets() -> Result<(), String> {
    let dir = root().join("assets/launcher");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for (name, bytes) in chek_desktop::image::launcher_images()? {
        std::fs::write(dir.join(name), bytes).map_err(|e| e.to_string())?;
        println!("{}", dir.join(name).display());
    }
    write_pdxinfo()
}

/// Writes `pdxinfo` at the root from the manifest.
fn write_pdxinfo() -> Result<(), String> {
    let manifest = manifest::Manifest::read(&root())?;
    let path = root().join("pdxinfo");
    std::fs::write(&path, manifest.pdxinfo()).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("{}", path.display());
    Ok(())
}

/// Fails unless `pdxinfo` is the manifest's and the versions agree.
fn check_pdxinfo() -> Result<(), String> {
    let manifest = manifest::Manifest::read(&root())?;
    let cargo = manifest::cargo_version(&root())?;
    let version = manifest.get("version").unwrap_or_default();
    if version != cargo {
        return Err(format!("{}: version {version:?} is not Cargo.toml's {cargo:?}", manifest::FILE));
    }
    let written = std::fs::read_to_string(root().join("pdxinfo")).unwrap_or_default();
    if written != manifest.pdxinfo() {
        return Err(format!("pdxinfo differs from {}: run cargo xtask pdxinfo", manifest::FILE));
    }
    for asset in manifest.assets() {
        if !root().join(&asset).exists() {
            return Err(format!("{}: asset {asset} does not exist", manifest::FILE));
        }
    }
    Ok(())
}

/// Raises the build number (every release needs a higher one to sideload) and
/// rewrites `pdxinfo`.
fn bump() -> Result<(), String> {
    let mut manifest = manifest::Manifest::read(&root())?;
    let number = manifest.bump()?;
    manifest.write(&root())?;
    println!("build number {number}");
    write_pdxinfo()
}
