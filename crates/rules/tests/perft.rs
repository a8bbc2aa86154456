//! perft's definition on small positions (the records of every setup and variant are
//! data: `crates/cartridge/tests/perft/chek.perft`, run by the cartridge's one runner).

use chek_rules::{perft, Position};

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
