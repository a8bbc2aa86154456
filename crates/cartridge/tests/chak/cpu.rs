//! Chak's CPU: the levels decide legal moves, take a mate or the temple at once, the
//! greedy baseline follows its definition, and draw offers are judged by the score.

use chek_ai::Level;
use chek_cartridge::games::chak::cpu::{greedy, Player};
use chek_cartridge::games::chak::rules::{Draw, End, Side, State, Win};
use chek_cartridge::GameDef;

use super::common::{decide, every_level_decides_legally, sampled_positions};
use super::{moves, pos, Def};

/// Along three random games from the start, one position in every nine plies.
#[test]
fn every_level_decides_a_legal_move() {
    every_level_decides_legally(&sampled_positions(&State::start(), 3, 9, 4, 150));
}

#[test]
fn every_level_mates_in_one_and_steps_onto_an_unguarded_temple() {
    // h8b8 (or a8, g9, h9, i9) mates (A5); d8e9 stands on the temple, and no reply can
    // stop it (A6). Normal's softmax counts a mate in two as good as one: it mates
    // within two moves.
    for level in [Level::Greedy, Level::Easy, Level::Normal, Level::Hard] {
        let mut mate = pos("k8/7+J1/1+K7/9/9/9/9/9/9 w");
        for seed in 0..4 {
            mate.play(decide(level, &mate, seed));
            if level != Level::Normal || mate.end().is_some() {
                break;
            }
            mate.play(decide(Level::Hard, &mate, seed));
        }
        assert_eq!(mate.end(), Some(End::Win { winner: Side::White, how: Win::Checkmate }), "{level}");
    }
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let state = pos("8k/3+K5/9/9/9/9/9/9/9 w");
        let mv = decide(level, &state, 1);
        assert_eq!(mv.to_string(), "d8e9", "{level}");
    }
}

#[test]
fn hard_sees_the_reply_that_mates_it_on_the_temple() {
    // Stepping onto e9 loses to a1a9 mate; Hard steps elsewhere.
    let state = pos("3+K5/9/4k4/9/9/9/9/9/+j8 w");
    assert!(moves(&state).contains(&String::from("d9e9")));
    assert_ne!(decide(Level::Hard, &state, 3).to_string(), "d9e9");
}

#[test]
fn greedy_takes_the_most_valuable_piece_it_can_keep() {
    // a1 could take the Vulture+ on a5, but the Shaman on b6 guards it; i1 takes the
    // pawn on i6, which nothing guards.
    let state = pos("k8/9/9/1s6p/+v8/9/9/9/R4K2R w");
    for seed in 0..8 {
        assert_eq!(greedy(&state, &mut chek_ai::rng(seed)).unwrap().to_string(), "i1i6");
    }
    // With the guard gone it takes the Vulture+.
    let unguarded = pos("k8/9/9/8p/+v8/9/9/9/R4K2R w");
    assert_eq!(greedy(&unguarded, &mut chek_ai::rng(1)).unwrap().to_string(), "a1a5");
}

#[test]
fn a_cpu_accepts_a_draw_only_when_not_ahead() {
    use chek_cartridge::games::chak::cpu::eval::not_ahead;
    let even = State::start();
    assert!(not_ahead(&even, Side::White) && not_ahead(&even, Side::Black));
    let ahead = pos("k8/9/9/9/9/9/9/9/1R2K4 w");
    assert!(!not_ahead(&ahead, Side::White));
    assert!(not_ahead(&ahead, Side::Black));
}

#[test]
fn a_search_sees_a_position_met_again_as_a_draw() {
    // A7 draws at the third time; a search's copy at the second.
    let repeated = |state: &State| state.end() == Some(End::Draw(Draw::Repetition));
    super::common::the_search_copy_draws_a_repeat(
        &pos("k8/9/9/9/9/9/9/9/4K4 w"),
        "e1d1 a9b9 d1e1 b9a9",
        State::for_search,
        repeated,
    );
}

/// Hard and Master count their nodes as a full board's; a board with fewer pieces has
/// cheaper nodes and gets more of them (162 + 32 units against 162 + pieces). The first
/// release's Hard searches the same nodes everywhere, and a spec only when it asks.
#[test]
fn hard_searches_more_nodes_where_fewer_pieces_make_them_cheaper() {
    let max_nodes = |player: Player, state: &State| {
        Def::think(player, state, 1).search().map(|search| search.progress().max_nodes()).expect("a search")
    };
    let start = State::start();
    let four = pos("k1r6/3P5/9/9/9/9/9/9/4K4 w");
    let hard = Player::Level(Level::Hard);
    assert_eq!(max_nodes(hard, &start), 33_000);
    assert_eq!(max_nodes(hard, &four), 33_000 * 194 / 166);
    // The second release's Hard as it played.
    assert_eq!(max_nodes(Player::parse("hard@2").unwrap(), &start), 35_000);
    assert_eq!(max_nodes(Player::Level(Level::Master), &four), 170_000 * 194 / 166);
    assert_eq!(max_nodes(Player::parse("master@2").unwrap(), &start), 180_000);
    let normal = Player::Level(Level::Normal);
    assert_eq!(max_nodes(normal, &start), max_nodes(normal, &four));
    let first = Player::parse("hard@1").unwrap();
    assert_eq!(max_nodes(first, &start), max_nodes(first, &four));
    let flat = Player::parse("search:40:30000:12:0").unwrap();
    let scaled = Player::parse("search:40:30000:12:0:6:12:25:3000:0:1").unwrap();
    assert_eq!(max_nodes(flat, &four), 30_000);
    assert_eq!(max_nodes(scaled, &four), 30_000 * 194 / 166);
}

/// Generating the captures and promotions first, and the quiet moves only when none of
/// those cuts (`staged`), makes a node cheaper, not different: without history the
/// moves are tried in the same order, so each search ends with the same scores, depth
/// and nodes. Hard's refinements, at a budget small enough for a test.
#[test]
fn staging_the_noisy_moves_changes_only_what_a_search_costs() {
    let positions = sampled_positions(&State::start(), 3, 13, 6, 150);
    assert!(positions.len() > 20, "{}", positions.len());
    let hard = "search:40:3000:12:0:6:12:25:3000:0:0:0+killers+lmr+aspiration";
    for (i, state) in positions.iter().enumerate() {
        let searched = |name: &str| {
            let mut thinker = Def::think(Player::parse(name).unwrap(), state, i as u64);
            while thinker.step(500).is_none() {}
            let progress = thinker.search().expect("a search").progress();
            (progress.scores().to_vec(), progress.depth(), progress.nodes())
        };
        let (plain, staged) = (searched(hard), searched(&format!("{hard}+staged")));
        assert!(plain.2 > 1000, "{state}: {plain:?}");
        assert_eq!(plain, staged, "{state}");
    }
}

/// The evaluation counts the pieces near an Ajaw a bit at a time and stops at the
/// count that matters: the count of the set, or `most` if that is less.
#[test]
fn counting_squares_stops_at_the_count_asked() {
    use chek_cartridge::games::chak::rules::board::count_up_to;
    let mut bits = 0x9e37_79b9_7f4a_7c15_u128;
    for _ in 0..500 {
        // A few squares of the 81, as near an Ajaw, and some full sets.
        bits = bits.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(0x9e37);
        for set in [bits & bits >> 7 & bits >> 13 & ((1 << 81) - 1), bits & ((1 << 81) - 1)] {
            for most in [0, 1, 2, 3, 24, 128] {
                assert_eq!(count_up_to(set, most), set.count_ones().min(most), "{set:b} {most}");
            }
        }
    }
    assert_eq!(count_up_to(1 << 80 | 1, 24), 2);
}

#[test]
fn the_sliders_reach_counts_each_line_to_its_first_piece() {
    let reach = |text: &str| text.parse::<State>().expect("parses").board().slider_reach();
    // The start is even.
    assert_eq!(reach(super::START), 0);
    // a1's Serpent: the a-file, and b1 to the Ajaw on e1 (a piece in the way counts).
    assert_eq!(reach("4k4/9/9/9/9/9/9/9/R3K4 w"), 8 + 4);
    // Black's Serpent on a9 reaches as far, the other way: even again.
    assert_eq!(reach("r3k4/9/9/9/9/9/9/9/R3K4 w"), 0);
    // c1's Vulture slides the diagonals: b2, a3 and d2 to i7.
    assert_eq!(reach("4k4/9/9/9/9/9/9/9/2V1K4 w"), 2 + 6);
}
