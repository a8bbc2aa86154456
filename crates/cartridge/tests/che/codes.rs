//! Che's share codes: every open position reads back, the empty tiling is the head and
//! its checks alone, and a long game's code stays within the 45 characters the issue
//! set, because a tile that would close a region (H7) costs nothing.

use chek_cartridge::duel::Coded as _;
use chek_cartridge::games::che::rules::State;
use chek_cartridge::games::che::Def;
use chek_engine::code::grouped;

use super::{after, pos, random_positions, CAP};

fn read_back(state: &State) -> State {
    let code = state.share_code().unwrap_or_else(|e| panic!("{state}: {e}"));
    chek_cartridge::read_code::<Def>(&grouped(&code)).unwrap_or_else(|e| panic!("{code}: {e}")).value
}

#[test]
fn the_empty_tiling_is_the_head_and_its_checks() {
    let start = State::start();
    assert_eq!(start.share_code().unwrap().len(), 1 + chek_engine::code::check::CHECK_CHARS);
    assert_eq!(read_back(&start).to_string(), start.to_string());
}

#[test]
fn a_ring_one_tile_from_closing_reads_back() {
    // At 0,-1 one orientation would close the White cap region (H7): the code leaves
    // that cell's orientation out, and reading it back still finds the same ring.
    let ring = pos(CAP);
    assert_eq!(read_back(&ring).to_string(), CAP);
}

/// A hundred long games (tiles that close nothing preferred): before codes left out
/// what H7 rules out, and coded the orientation as one even choice, the longest here
/// was 46.
#[test]
fn codes_of_long_random_games_read_back_within_45_characters() {
    let positions: Vec<State> = random_positions(100, 45).into_iter().filter(|s| s.end().is_none()).collect();
    let mut longest = 0;
    for state in &positions {
        assert_eq!(read_back(state).to_string(), state.to_string());
        longest = longest.max(state.share_code().unwrap().len());
    }
    assert!(positions.iter().any(|s| s.tiling().len() > 50), "the games grow long");
    assert!(longest <= 45, "the longest code has {longest} characters");
}

#[test]
fn a_finished_game_has_no_code() {
    let won = after(&pos(CAP), "0,-1,BL");
    assert!(won.end().is_some());
    assert!(won.share_code().is_err());
}
