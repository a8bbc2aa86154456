//! One runner for every game's perft records: `tests/perft/<game id>.perft`, each a list
//! of records `id <name>` / `pos <position>` / `perft <depth> <count>`. A new game adds
//! its file; this runner finds it.

use std::path::{Path, PathBuf};

use chek_cartridge::{with_game, GameDef, Visitor, IDS};
use chek_engine::{perft, Notation};

/// Counts above this are left to `chek perft` in release builds.
const NODE_CAP: u64 = 400_000;

struct Record {
    id: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn records(text: &str) -> Vec<Record> {
    let mut records: Vec<Record> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, value) = line.split_once(' ').expect("key value");
        match key {
            "id" => records.push(Record { id: value.to_string(), position: String::new(), counts: Vec::new() }),
            "pos" => records.last_mut().expect("id first").position = value.to_string(),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("depth count");
                let record = records.last_mut().expect("id first");
                record.counts.push((depth.parse().unwrap(), count.parse().unwrap()));
            }
            _ => panic!("unknown key {key}"),
        }
    }
    records
}

/// Checks one file's records against game `D`; returns how many counts it checked.
struct Check<'a>(&'a Path);

impl Visitor for Check<'_> {
    type Output = usize;
    fn visit<D: GameDef>(self) -> usize {
        let text = std::fs::read_to_string(self.0).unwrap();
        let mut checked = 0;
        for record in records(&text) {
            let state = D::State::parse(&record.position).unwrap_or_else(|e| panic!("{}: {e}", record.id));
            assert_eq!(state.to_string(), record.position, "{} prints as written", record.id);
            assert_eq!(perft(&state, 0), 1);
            for &(depth, expected) in &record.counts {
                if expected <= NODE_CAP {
                    assert_eq!(perft(&state, depth), expected, "{} depth {depth}", record.id);
                    checked += 1;
                }
            }
        }
        checked
    }
}

fn perft_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/perft")
}

#[test]
fn every_game_has_perft_records_and_they_hold() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(perft_dir()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for id in IDS {
        assert!(files.iter().any(|f| f.file_stem().unwrap() == *id), "tests/perft/{id}.perft is missing");
    }
    for file in &files {
        let id = file.file_stem().unwrap().to_str().unwrap();
        let checked = with_game(id, Check(file)).unwrap_or_else(|| panic!("{}: no game {id}", file.display()));
        assert!(checked >= 10, "{id}: only {checked} counts within the cap");
        println!("{id}: {checked} perft counts");
    }
}
