//! Runs the perft records of `setups.perft` (see the rules' perft definition).

use chek_rules::{perft, Position, Setup};

/// Counts above this are left to `chek perft` in release builds.
const NODE_CAP: u64 = 400_000;

struct Record {
    id: String,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn records(text: &str) -> Vec<Record> {
    let mut records: Vec<Record> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, value) = line.split_once(' ').expect("key value");
        match key {
            "id" => records.push(Record { id: value.to_string(), position: Setup::Duel.start(), counts: Vec::new() }),
            "pos" => records.last_mut().expect("id first").position = value.parse().expect(value),
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

#[test]
fn perft_of_the_six_setups_is_pinned() {
    let records = records(include_str!("setups.perft"));
    assert_eq!(records.len(), 6);
    let mut checked = 0;
    for record in &records {
        if let Some(setup) = Setup::from_id(&record.id) {
            assert_eq!(record.position, setup.start(), "{} starts as the setup says", record.id);
        }
        assert_eq!(perft(&record.position, 0), 1);
        for &(depth, expected) in &record.counts {
            if expected <= NODE_CAP {
                assert_eq!(perft(&record.position, depth), expected, "{} depth {depth}", record.id);
                checked += 1;
            }
        }
    }
    assert!(checked >= 18, "every setup to depth 3 at least");
}

#[test]
fn a_finished_game_is_one_leaf() {
    let over: Position = "8/8/8/3S4/8/8/8/8 SN S 1,0".parse().unwrap();
    assert_eq!(perft(&over, 5), 1);
    let quiet: Position = "7N/8/8/8/3S4/8/8/8 SN N 0,0 quiet:60".parse().unwrap();
    assert_eq!(perft(&quiet, 3), 1);
    // One turn left before the quiet end: each move ends the game.
    let almost: Position = "7N/8/8/8/3S4/8/8/8 SN S 0,0 quiet:59".parse().unwrap();
    assert_eq!(perft(&almost, 3), 4);
}

#[test]
fn a_chain_counts_end_plus_both_outcomes_of_each_chain_attack() {
    // South's d5 can chain onto e6; counted by hand for one turn:
    // `end` → 1; d5xe6, attacker wins → nothing left to chain (h8 is far), the turn
    // ends → 1; d5xe6, defender wins → South's last piece is gone, game over → 1.
    let p: Position = "7N/8/4N3/3S4/8/8/8/8 SN S 1,0 chain:S@d5".parse().unwrap();
    assert_eq!(perft(&p, 1), 3);
}
