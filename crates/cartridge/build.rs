//! Finds the cartridge's games: every folder under `src/games` with a `mod.rs` is one.
//! Writes `$OUT_DIR/games.rs`, which declares their modules and lists them for the
//! `registry!` macro of `src/lib.rs`. So a new game is a new folder: no file that
//! lists the games needs an edit.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join("games");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut games: Vec<(String, String)> = Vec::new();
    let entries = std::fs::read_dir(&root).unwrap_or_else(|e| panic!("{}: {e}", root.display()));
    for entry in entries.flatten() {
        let path = entry.path().join("mod.rs");
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else { continue };
        if !path.is_file() {
            continue;
        }
        assert!(
            name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
            "src/games/{name}: a game's folder is named like a module (lower case, digits, _)"
        );
        println!("cargo:rerun-if-changed={}", path.display());
        games.push((name, path.display().to_string()));
    }
    games.sort();
    assert!(!games.is_empty(), "src/games holds no game (a folder with a mod.rs)");
    let mut out =
        String::from("/// The cartridge's games, one module each (found by the build script).\npub mod games {\n");
    for (name, path) in &games {
        writeln!(out, "    #[path = {path:?}]\n    pub mod {name};").unwrap();
    }
    out.push_str("}\n\nregistry! {\n");
    for (name, _) in &games {
        let camel: String = name
            .split('_')
            .map(|part| {
                let mut chars = part.chars();
                chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
            })
            .collect();
        writeln!(out, "    {camel} => {name},").unwrap();
    }
    out.push_str("}\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("games.rs");
    std::fs::write(&dest, out).unwrap();
}
