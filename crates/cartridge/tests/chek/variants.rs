//! The CPU in Chek Basic (V1) and Chek Simple (V2): every level decides legally, and
//! the searches see what the variants' rules make of a position.

use chek_ai::Level;
use chek_rules::{Seat, Setup, Variant};

use super::{decide, hard_choices, pos};

#[test]
fn every_level_decides_legally_in_every_variant_and_setup() {
    for variant in Variant::ALL {
        for setup in Setup::ALL {
            let p = setup.position_in(variant, Seat::South).unwrap();
            for level in Level::ALL {
                let action = decide(&p, level, 5).unwrap();
                assert!(p.is_legal(action), "{variant} {setup} {level}: {action}");
            }
        }
    }
}

#[test]
fn simple_hard_takes_when_the_take_wins_the_game() {
    // South's c4, d4 and e4 outnumber North's d5 and d6: d4xd5 leaves North one piece,
    // which retires; South is the last seat standing (V2).
    let p = pos("8/8/3N4/3N4/2SSS3/8/8/8 SN S 0,0 rules:simple");
    for action in hard_choices(&p) {
        assert!(matches!(action.to_string().as_str(), "d4xd5" | "c4xd5" | "e4xd5"), "{action}");
    }
}

#[test]
fn simple_hard_does_not_step_where_it_would_be_taken() {
    // d4-d5 would stand beside North's c6, d6 and e6 with only c4 behind it: North
    // takes it at once (3 against 2). Hard (alpha-beta) sees the take coming; greedy's
    // step towards the enemy checks it too.
    let p = pos("7N/8/2NNN3/8/2SS4/8/8/7S SN S 0,0 rules:simple");
    for action in hard_choices(&p) {
        assert_ne!(action.to_string(), "d4-d5");
    }
}

#[test]
fn basic_greedy_opens_no_plain_attack_but_chains_at_plus_one() {
    // c5 and d4 both touch North's d5: in Chek that is a bully attack (+1, 21/36) and
    // greedy takes it; Basic has no bully, a +0 attack loses on average, so greedy
    // steps instead.
    let text = "7N/8/8/2SN4/3S4/8/8/7N SN S 0,0";
    assert!(decide(&pos(text), Level::Greedy, 1).unwrap().is_attack());
    for seed in 0..5 {
        assert!(!decide(&pos(&format!("{text} rules:basic")), Level::Greedy, seed).unwrap().is_attack());
    }
    // In a chain, an attack is +1: greedy goes on.
    let chain = pos("8/8/4N3/3S4/8/8/8/7N SN N 1,0 chain:S@d5 rules:basic");
    assert_eq!(decide(&chain, Level::Greedy, 1).unwrap().to_string(), "d5xe6 +1");
}
