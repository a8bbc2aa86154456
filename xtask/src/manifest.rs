//! `Crankstart.toml`: the package's metadata and assets in the `crank` tool's manifest
//! format (`[[target]]` with `assets` and `[target.metadata]`), and the `pdxinfo` made
//! from it.

use std::path::Path;

use toml_edit::{DocumentMut, Item, Table};

/// The manifest's file name (`Crank.toml` links to it).
pub const FILE: &str = "Crankstart.toml";
/// The target this project builds.
pub const TARGET: &str = "chek";

/// The metadata keys, in `pdxinfo`'s order: the manifest's name and pdxinfo's.
const KEYS: [(&str, &str); 8] = [
    ("name", "name"),
    ("author", "author"),
    ("description", "description"),
    ("bundle_id", "bundleID"),
    ("version", "version"),
    ("build_number", "buildNumber"),
    ("image_path", "imagePath"),
    ("launch_sound_path", "launchSoundPath"),
];

/// The manifest of the project's target.
#[derive(Debug)]
pub struct Manifest {
    document: DocumentMut,
}

impl Manifest {
    /// Reads `Crankstart.toml` in `root`.
    ///
    /// # Errors
    /// The file is missing or not TOML, or has no `chek` target with metadata.
    pub fn read(root: &Path) -> Result<Manifest, String> {
        let path = root.join(FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let document: DocumentMut = text.parse().map_err(|e| format!("{FILE}: {e}"))?;
        let manifest = Manifest { document };
        manifest.metadata()?;
        Ok(manifest)
    }

    fn target(&self) -> Result<&Table, String> {
        let targets = self.document.get("target").and_then(Item::as_array_of_tables);
        targets
            .and_then(|t| t.iter().find(|t| t.get("name").and_then(Item::as_str) == Some(TARGET)))
            .ok_or_else(|| format!("{FILE}: no [[target]] named {TARGET:?}"))
    }

    fn metadata(&self) -> Result<&Table, String> {
        self.target()?
            .get("metadata")
            .and_then(Item::as_table)
            .ok_or_else(|| format!("{FILE}: target {TARGET:?} has no [target.metadata]"))
    }

    /// A metadata value as text (numbers written as they are).
    pub fn get(&self, key: &str) -> Option<String> {
        let item = self.metadata().ok()?.get(key)?;
        item.as_str().map(str::to_string).or_else(|| item.as_integer().map(|n| n.to_string()))
    }

    /// The asset paths, relative to the root; the bundle keeps them at the same paths.
    pub fn assets(&self) -> Vec<String> {
        let assets = self.target().ok().and_then(|t| t.get("assets")).and_then(Item::as_array);
        assets.map_or_else(Vec::new, |a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
    }

    /// The `pdxinfo` file: one `key=value` line per metadata value, as crank writes it.
    pub fn pdxinfo(&self) -> String {
        KEYS.iter().filter_map(|(key, pdx)| self.get(key).map(|value| format!("{pdx}={value}\n"))).collect()
    }

    /// Raises the build number by one; returns the new one.
    ///
    /// # Errors
    /// The manifest has no whole `build_number`.
    pub fn bump(&mut self) -> Result<i64, String> {
        let number = self.get("build_number").and_then(|n| n.parse::<i64>().ok());
        let number = number.ok_or_else(|| format!("{FILE}: build_number: expected a whole number"))? + 1;
        let targets = self.document.get_mut("target").and_then(Item::as_array_of_tables_mut);
        let target = targets
            .and_then(|t| t.iter_mut().find(|t| t.get("name").and_then(Item::as_str) == Some(TARGET)))
            .ok_or_else(|| format!("{FILE}: no [[target]] named {TARGET:?}"))?;
        let metadata = target.get_mut("metadata").and_then(Item::as_table_mut);
        let metadata = metadata.ok_or_else(|| format!("{FILE}: target {TARGET:?} has no [target.metadata]"))?;
        metadata["build_number"] = toml_edit::value(number);
        Ok(number)
    }

    /// Writes the manifest back to `root` (comments and layout kept).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn write(&self, root: &Path) -> Result<(), String> {
        let path = root.join(FILE);
        std::fs::write(&path, self.document.to_string()).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// The version in the root `Cargo.toml`'s `[package]`.
///
/// # Errors
/// The file is missing or has no package version.
pub fn cargo_version(root: &Path) -> Result<String, String> {
    let path = root.join("Cargo.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let document: DocumentMut = text.parse().map_err(|e| format!("Cargo.toml: {e}"))?;
    document
        .get("package")
        .and_then(|p| p.get("version"))
        .and_then(Item::as_str)
        .map(str::to_string)
        .ok_or_else(|| "Cargo.toml: no [package] version".to_string())
}
