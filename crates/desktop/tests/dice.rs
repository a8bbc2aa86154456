//! The arena's dice-aware player (`dice:N`): it reads its name, opens the conflict its
//! margin needs, keeps a lead out of a gamble, and plays whole games legally.

use chek_cartridge::games::chek::cpu::Player;
use chek_cartridge::games::chek::Def as ChekDef;
use chek_cartridge::GameDef;
use chek_desktop::arena::{contender, Contender};
use chek_desktop::dice::decide;
use chek_engine::{Game, Step, ToAct};

type State = <ChekDef as GameDef>::State;

fn chek(text: &str) -> State {
    text.parse().unwrap()
}

#[test]
fn behind_it_opens_the_conflict_that_can_win() {
    // South trails 8 to 9 with two pieces; a bully attack (C7) wins 21 of 36, ends
    // the game (North's last piece) and wins it 9 to 8.
    let state = chek("8/8/8/3N4/2SS4/8/8/8 SN S 6,8");
    for nodes in [0, 50_000] {
        assert_eq!(decide::<ChekDef>(&state, nodes).unwrap().to_string(), "d4xd5 +1", "dice:{nodes}");
    }
}

#[test]
fn ahead_at_the_quiet_end_it_does_not_gamble() {
    // South leads 9 to 8 one turn before the quiet end (C18): a plain attack (15/36)
    // could only lose the lead, so it steps away.
    let state = chek("8/8/8/3N4/3S4/8/8/S7 SN S 7,7 quiet:59");
    let action = decide::<ChekDef>(&state, 0).unwrap();
    assert!(!action.to_string().contains('x'), "{action}");
}

#[test]
fn it_plays_whole_turns_legally_through_the_dice() {
    let mut state = chek("8/8/8/2NN4/2SS4/8/8/8 SN S 0,0");
    for _ in 0..12 {
        match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let (outcome, _) = state.outcomes()[0];
                state.apply(Step::Chance(outcome));
            }
            ToAct::Seat(_) => {
                let action = decide::<ChekDef>(&state, 0).unwrap();
                assert!(state.legal().contains(&action), "{action} in {state}");
                state.apply(Step::Act(action));
            }
        }
    }
}

#[test]
fn its_name_is_dice_and_a_count_of_nodes() {
    assert!(matches!(contender::<ChekDef>("dice:0"), Ok(Contender::Dice(0))));
    assert!(matches!(contender::<ChekDef>("dice:20000"), Ok(Contender::Dice(20_000))));
    assert!(matches!(contender::<ChekDef>("hard@2"), Ok(Contender::Cpu(Player::Release(_, 2)))));
    for bad in ["dice:", "dice:many", "dice:-3"] {
        let message = contender::<ChekDef>(bad).unwrap_err();
        assert!(message.contains("expected dice:NODES"), "{bad}: {message}");
    }
    assert_eq!(Contender::<Player>::Dice(500).to_string(), "dice:500");
    assert_eq!(Player::parse("master@2").unwrap().to_string(), "master@2");
}
