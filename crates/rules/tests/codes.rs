//! Share codes: round trips, and every single wrong character and every swap of
//! neighbours caught.

use chek_engine::code::{grouped, CodeError};
use chek_rules::{Dice, Position, Record, Setup};

/// Positions between turns from random games of every setup.
fn reachable(count: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    let mut game_index = 0u64;
    while positions.len() < count {
        let setup = Setup::ALL[(game_index % 6) as usize];
        let mut game = Record::new(setup.start(), game_index);
        let mut chooser = Dice::new(!game_index);
        while !game.is_over() && positions.len() < count {
            if game.position().chain().is_none() {
                positions.push(*game.position());
            }
            let actions = game.position().legal_actions();
            let pick = (chooser.d6() as usize * 36 + chooser.d6() as usize * 6 + chooser.d6() as usize) % actions.len();
            game.play(actions[pick]).unwrap();
        }
        if game.position().chain().is_none() && positions.len() < count {
            positions.push(*game.position());
        }
        game_index += 1;
    }
    positions
}

#[test]
fn a_hundred_thousand_reachable_positions_round_trip_in_at_most_32_characters() {
    let mut longest = 0;
    let mut four = 0;
    for p in reachable(100_000) {
        let code = p.share_code().unwrap_or_else(|e| panic!("{p}: {e}"));
        longest = longest.max(code.len());
        four += (p.seating().count() == 4) as u32;
        assert_eq!(Position::from_share_code(&code), Ok(p), "{code}");
    }
    assert!(longest <= 32, "longest code {longest}");
    assert!(four > 20_000, "both seatings are covered ({four} four-seat positions)");
    println!("longest code: {longest} characters");
}

#[test]
fn every_single_wrong_character_and_every_neighbour_swap_is_caught() {
    const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let (mut singles, mut singles_named, mut swaps, mut swaps_named) = (0u32, 0u32, 0u32, 0u32);
    for p in reachable(3_000).into_iter().step_by(10) {
        let code: Vec<char> = p.share_code().unwrap().chars().collect();
        for i in 0..code.len() {
            for c in ALPHABET.chars().filter(|&c| c != code[i]) {
                let mut bad = code.clone();
                bad[i] = c;
                let text: String = bad.iter().collect();
                let err = Position::from_share_code(&text).expect_err(&text);
                singles += 1;
                if let CodeError::WrongCharacter { group } | CodeError::Swapped { group } = err {
                    singles_named += (group == i / 4 + 1) as u32;
                }
            }
            if i + 1 < code.len() && code[i] != code[i + 1] {
                let mut bad = code.clone();
                bad.swap(i, i + 1);
                let text: String = bad.iter().collect();
                let err = Position::from_share_code(&text).expect_err(&text);
                swaps += 1;
                if let CodeError::Swapped { group } = err {
                    swaps_named += (group == i / 4 + 1) as u32;
                }
            }
        }
    }
    println!(
        "{singles} single changes, {}% named by their group; {swaps} swaps, {}% named",
        singles_named * 100 / singles,
        swaps_named * 100 / swaps
    );
    assert!(singles_named * 10 >= singles * 9, "most single errors are located");
}

#[test]
fn bad_codes_say_what_is_wrong_in_one_line() {
    let code = Setup::Duel.start().share_code().unwrap();
    let g = grouped(&code);
    assert!(g.contains('-'));
    assert_eq!(Position::from_share_code("ABC"), Err(CodeError::Length(3)));
    assert_eq!(Position::from_share_code("ABCU"), Err(CodeError::Character('U')));
    let mut long = code.to_string();
    long.push_str("00000000000000");
    assert!(matches!(Position::from_share_code(&long), Err(CodeError::Length(_) | CodeError::Check)));
    let mut bad: Vec<char> = code.chars().collect();
    bad[5] = if bad[5] == 'Z' { 'Y' } else { 'Z' };
    let err = Position::from_share_code(&bad.iter().collect::<String>()).unwrap_err();
    assert_eq!(err.to_string(), "code: group 2 has a wrong character");
    let chain: Position = "7N/8/4N3/3S4/8/8/8/8 SN S 1,0 chain:S@d5".parse().unwrap();
    let err = chain.share_code().unwrap_err();
    assert!(matches!(err, CodeError::Unavailable(_)));
    assert_eq!(err.to_string(), "code: codes are made between turns, not in the middle of a chain");
}
