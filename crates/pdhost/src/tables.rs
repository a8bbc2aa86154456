//! The API's tables and the names of their entries, in order, as crankstart-sys
//! declares them: every entry is a function pointer or a pointer to another table,
//! so an entry's index is the same on every target, and its offset is the index
//! times the target's pointer size.
//!
//! The names come from the bindings' derived `Debug` of an empty table, so they
//! follow the bindings without a list kept by hand.

use std::mem::zeroed;

use crankstart_sys::*;

/// One entry of a table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The field's name (`realloc`, `getFrame`, …).
    pub name: String,
    /// Whether it points to another table (`sound.synth`) rather than a function.
    pub is_table: bool,
}

/// A table: its C name and entries.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Table {
    /// `playdate_sys`, `playdate_graphics`, …
    pub name: &'static str,
    /// The entries, in order.
    pub entries: Vec<Entry>,
}

impl Table {
    /// The index of the entry `name`.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.entries.iter().position(|e| e.name == name)
    }
}

/// Reads a table's entries from its `Debug` text: `name { a: None, b: 0x0, … }`.
fn parse(name: &'static str, debug: &str) -> Table {
    let body = debug
        .strip_prefix(name)
        .and_then(|rest| rest.trim().strip_prefix('{'))
        .and_then(|rest| rest.strip_suffix('}'))
        .unwrap_or_else(|| panic!("the Debug of {name}: {debug}"));
    let entries = body
        .split(", ")
        .map(|field| {
            let (field, value) = field.trim().split_once(": ").unwrap_or_else(|| panic!("{name}: {field}"));
            Entry { name: field.to_string(), is_table: value.starts_with("0x") }
        })
        .collect();
    Table { name, entries }
}

macro_rules! table {
    ($ty:ident) => {{
        // SAFETY: the tables are all pointers and optional function pointers, for
        // which all zeroes is valid (null, None).
        let empty: $ty = unsafe { zeroed() };
        let table = parse(stringify!($ty), &format!("{empty:?}"));
        assert_eq!(table.entries.len() * 8, std::mem::size_of::<$ty>(), "{}: every entry a pointer", stringify!($ty));
        table
    }};
}

/// The API's root table (`PlaydateAPI`: `system`, `file`, `graphics`, …).
pub fn root() -> Table {
    let mut table = table!(PlaydateAPI);
    for entry in &mut table.entries {
        entry.is_table = true;
    }
    table
}

/// The table that the root's entry `field` points to, for the tables the game may
/// call (the others stay null, as on the Simulator host).
pub fn of(field: &str) -> Option<Table> {
    Some(match field {
        "system" => table!(playdate_sys),
        "file" => table!(playdate_file),
        "graphics" => table!(playdate_graphics),
        "sprite" => table!(playdate_sprite),
        "display" => table!(playdate_display),
        "sound" => table!(playdate_sound),
        "sound.synth" => table!(playdate_sound_synth),
        "sound.fileplayer" => table!(playdate_sound_fileplayer),
        "sound.sample" => table!(playdate_sound_sample),
        "sound.sampleplayer" => table!(playdate_sound_sampleplayer),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_named_in_the_bindings_order() {
        let system = of("system").unwrap();
        assert_eq!(system.index("realloc"), Some(0));
        assert_eq!(system.index("formatString"), Some(1));
        assert_eq!(system.index("logToConsole"), Some(2));
        assert_eq!(system.entries.len(), 40);
        let root = root().entries.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
        assert_eq!(root[..6], ["system", "file", "graphics", "sprite", "display", "sound"]);
        let sound = of("sound").unwrap();
        assert!(sound.entries[sound.index("synth").unwrap()].is_table);
        assert!(!sound.entries[sound.index("getCurrentTime").unwrap()].is_table);
        assert!(of("graphics").unwrap().entries.iter().any(|e| e.name == "video" && e.is_table));
    }
}
