//! The arena's plain Monte Carlo tree search (`mcts:N`): it reads its name, decides
//! legally in a game with dice, and, knowing only the rules, finds what random
//! playouts make plain (a win in one tile, the one tile that blocks a threat).

use chek_cartridge::games::che::cpu::Player;
use chek_cartridge::games::che::rules::State;
use chek_cartridge::games::che::Def as CheDef;
use chek_cartridge::games::chek::Def as ChekDef;
use chek_cartridge::GameDef;
use chek_desktop::arena::{contender, Contender};
use chek_desktop::mcts::decide;
use chek_engine::{Game, Notation, Step};

fn che(text: &str) -> State {
    State::parse(text).unwrap()
}

/// Che: White to move with a tile that closes its cap at 0,-1.
const CAP: &str = "0,0,BR;1,0,BL;1,-1,BR W 0";

#[test]
fn it_takes_a_win_in_one_tile() {
    for seed in 0..3 {
        let tile = decide(&che(CAP), 2_000, seed).unwrap();
        assert_eq!(tile.to_string(), "0,-1,BL", "seed {seed}");
    }
}

#[test]
fn it_blocks_the_one_threat_it_faces() {
    // Blue to move with two tiles, and White threatens 0,-1: unless a tile there
    // blocks it, White closes its cap on its next tile.
    let mut state = che(CAP);
    for tile in ["2,0,BR", "3,0,BL"] {
        let action = state.parse_action(tile).unwrap();
        state.apply(Step::Act(action));
    }
    let tile = decide(&state, 4_000, 5).unwrap();
    assert_eq!(tile.to_string(), "0,-1,WR");
}

#[test]
fn it_decides_legally_where_dice_decide_conflicts() {
    // Two facing pairs in Chek: the first decisions are attacks, so the tree holds
    // chance nodes (each conflict's two outcomes) as well as the playouts.
    let mut state: <ChekDef as GameDef>::State = "8/8/8/2NN4/2SS4/8/8/8 SN S 0,0".parse().unwrap();
    for seed in 0..6 {
        if state.to_act() == chek_engine::ToAct::Over {
            break;
        }
        let action = decide(&state, 300, seed).unwrap();
        assert!(state.legal().contains(&action), "{action} in {state}");
        state.apply(Step::Act(action));
        while let chek_engine::ToAct::Chance = state.to_act() {
            let (outcome, _) = state.outcomes()[0];
            state.apply(Step::Chance(outcome));
        }
    }
}

#[test]
fn its_name_is_mcts_and_a_count_of_playouts() {
    assert!(matches!(contender::<CheDef>("mcts:500"), Ok(Contender::Mcts(500))));
    assert!(matches!(contender::<CheDef>("hard"), Ok(Contender::Cpu(Player::Level(_)))));
    for bad in ["mcts:0", "mcts:", "mcts:many", "mcts:-3"] {
        let message = contender::<ChekDef>(bad).unwrap_err();
        assert!(message.contains("expected mcts:PLAYOUTS"), "{bad}: {message}");
    }
    assert_eq!(Contender::<Player>::Mcts(30_000).to_string(), "mcts:30000");
}
