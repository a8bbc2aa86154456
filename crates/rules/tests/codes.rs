//! Share codes: round trips, and every single typing mistake fixed and named.

use chek_engine::code::{grouped, CodeError, Mistake, Reading};
use chek_rules::{Dice, Position, Record, Seat, Setup, Variant};

/// Positions between turns from random games of every setup.
fn reachable(count: usize) -> Vec<Position> {
    reachable_in(Variant::Standard, count)
}

/// Positions between turns from random games of `variant`, every setup.
fn reachable_in(variant: Variant, count: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    let mut game_index = 0u64;
    while positions.len() < count {
        let setup = Setup::ALL[(game_index % 6) as usize];
        let mut game = Record::dealt(setup, variant, Seat::South, game_index).unwrap();
        let mut chooser = Dice::new(!game_index);
        while !game.is_over() && positions.len() < count {
            if !game.position().mid_turn() {
                positions.push(*game.position());
            }
            let actions = game.position().legal_actions();
            let pick = (chooser.d6() as usize * 36 + chooser.d6() as usize * 6 + chooser.d6() as usize) % actions.len();
            game.play(actions[pick]).unwrap();
        }
        if !game.position().mid_turn() && positions.len() < count {
            positions.push(*game.position());
        }
        game_index += 1;
    }
    positions
}

#[test]
fn a_hundred_thousand_reachable_positions_round_trip_in_at_most_34_characters() {
    let mut longest = 0;
    let mut four = 0;
    for p in reachable(100_000) {
        let code = p.share_code().unwrap_or_else(|e| panic!("{p}: {e}"));
        longest = longest.max(code.len());
        four += (p.seating().count() == 4) as u32;
        assert_eq!(Position::from_share_code(&code), Ok(p), "{code}");
    }
    assert!(longest <= 34, "longest code {longest}");
    assert!(four > 20_000, "both seatings are covered ({four} four-seat positions)");
    println!("longest code: {longest} characters");
}

#[test]
fn chek_nights_positions_round_trip_and_never_read_as_another_variant() {
    let mut longest = 0;
    for p in reachable_in(Variant::Nights, 20_000) {
        let code = p.share_code().unwrap_or_else(|e| panic!("{p}: {e}"));
        longest = longest.max(code.len());
        assert_eq!(Position::from_share_code(&code), Ok(p), "{code}");
    }
    // Each card's rank is in the code: at most 52 cards of about 3.4 bits.
    assert!(longest <= 60, "longest code {longest}");
    println!("longest Chek Nights code: {longest} characters");
    // The dice variants' codes still read as they did.
    for p in reachable_in(Variant::Simple, 2_000) {
        let code = p.share_code().unwrap();
        assert_eq!(Position::from_share_code(&code), Ok(p), "{code}");
    }
}

/// Reads `text` as the cartridge would, for Chek alone.
fn read(text: &str) -> Result<Reading<Position>, CodeError> {
    chek_engine::code::read(text, |head, payload| {
        if head == chek_rules::CODE_HEAD {
            Position::from_payload(payload)
        } else {
            Err(CodeError::Game(chek_engine::code::char_of(head)))
        }
    })
}

#[test]
fn every_single_mistake_is_undone_or_pointed_at() {
    const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut tried = 0;
    for p in reachable(3_000).into_iter().step_by(30) {
        let code: Vec<char> = p.share_code().unwrap().chars().collect();
        let mut typed: Vec<(Vec<char>, Mistake, usize)> = Vec::new();
        for i in 0..code.len() {
            for c in ALPHABET.chars().filter(|&c| c != code[i]) {
                let mut bad = code.clone();
                bad[i] = c;
                typed.push((bad, Mistake::Wrong, i));
            }
            if i + 1 < code.len() && code[i] != code[i + 1] {
                let mut bad = code.clone();
                bad.swap(i, i + 1);
                typed.push((bad, Mistake::Swapped, i));
            }
            let mut bad = code.clone();
            bad.remove(i);
            typed.push((bad, Mistake::Missing, i));
            let mut bad = code.clone();
            bad.insert(i, 'Q');
            typed.push((bad, Mistake::Extra, i));
        }
        for (bad, mistake, i) in typed {
            let text: String = bad.iter().collect();
            match read(&text) {
                // A swap or an extra character is undone.
                Ok(reading) => {
                    assert_eq!(reading.value, p, "{text}");
                    let fix = reading.fixed.unwrap_or_else(|| panic!("{text}: no fix named"));
                    assert_eq!(fix.mistake, mistake, "{text}");
                    if mistake == Mistake::Swapped {
                        assert_eq!(fix.group as usize, i / 4 + 1, "{text}");
                    }
                    assert_eq!(reading.code.as_str(), code.iter().collect::<String>(), "{text}: the fixed code");
                }
                // A wrong or missing character is pointed at, not guessed.
                Err(CodeError::Located { mistake: found, at }) => {
                    assert_eq!(found, mistake, "{text}");
                    let mut put_back = bad.clone();
                    match mistake {
                        Mistake::Wrong => put_back[at as usize] = code[at as usize],
                        _ => put_back.insert(at as usize, code[at as usize]),
                    }
                    assert_eq!(put_back, code, "{text}: the place pointed at");
                }
                Err(e) => panic!("{text}: {e}"),
            }
            tried += 1;
        }
    }
    println!("{tried} single mistakes fixed");
    assert!(tried > 10_000);
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
    assert_eq!(Position::from_share_code(&long), Err(CodeError::Check));
    assert_eq!(CodeError::Check.to_string(), "code: it does not check; more than one character is wrong");
    let mut bad: Vec<char> = code.chars().collect();
    bad[5] = if bad[5] == 'Z' { 'Y' } else { 'Z' };
    let err = read(&bad.iter().collect::<String>()).unwrap_err();
    assert_eq!(err.to_string(), "code: character 2 of group 2 is wrong: turn it");
    let mut swapped: Vec<char> = code.chars().collect();
    let i = (4..swapped.len() - 1).find(|&i| swapped[i] != swapped[i + 1]).unwrap();
    swapped.swap(i, i + 1);
    let fix = read(&swapped.iter().collect::<String>()).unwrap().fixed.unwrap();
    assert!(fix.to_string().starts_with("fixed: two characters swapped in group"), "{fix}");
    let chain: Position = "7N/8/4N3/3S4/8/8/8/8 SN S 1,0 chain:S@d5".parse().unwrap();
    let err = chain.share_code().unwrap_err();
    assert!(matches!(err, CodeError::Unavailable(_)));
    assert_eq!(err.to_string(), "code: codes are made between turns, not in the middle of a chain");
}
