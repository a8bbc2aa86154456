//! Properties over random games and random text.

use chek_engine::Audit;
use chek_rules::*;
use proptest::prelude::*;

/// Plays a random game from `setup` under `variant` (seeded), checking every state with
/// the engine's audit (legal, prints and parses back, the game's own invariants), and
/// returns it with every position seen.
fn random_game_of(setup: Setup, variant: Variant, seed: u64) -> (Record, Vec<Position>) {
    let start = setup.position_in(variant, Seat::South).unwrap();
    let mut game = Record::new(start, seed);
    let mut chooser = Dice::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let audit = Audit::new(&State::from(start));
    let mut seen = vec![start];
    while !game.is_over() {
        let actions = game.position().legal_actions();
        // Two dice give 36 values; three give 216: enough to spread over the actions.
        let r = chooser.d6() as usize * 36 + chooser.d6() as usize * 6 + chooser.d6() as usize;
        game.play(actions[r % actions.len()]).unwrap();
        let p = *game.position();
        if let Err(violation) = audit.check(&State::from(p)) {
            panic!("{violation} at \"{p}\" ({setup}, {variant}, seed {seed})");
        }
        seen.push(p);
        assert!(seen.len() < 20_000, "the game ends");
    }
    // The same seeds replay the same game (C19).
    let mut replay = Record::new(start, seed);
    let mut chooser = Dice::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    while !replay.is_over() {
        let actions = replay.position().legal_actions();
        let r = chooser.d6() as usize * 36 + chooser.d6() as usize * 6 + chooser.d6() as usize;
        replay.play(actions[r % actions.len()]).unwrap();
    }
    assert_eq!(replay.position(), game.position(), "a game replays from its seeds (C19)");
    (game, seen)
}

fn random_game(setup: Setup, seed: u64) -> (Record, Vec<Position>) {
    random_game_of(setup, Variant::ALL[(seed % 3) as usize], seed)
}

fn setups() -> impl Strategy<Value = Setup> {
    prop::sample::select(Setup::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Pieces are conserved per seat and in total, no square holds two pieces, every
    /// chain ends, positions stay legal, and parse(print(p)) == p — checked by the
    /// audit after every step.
    #[test]
    fn random_games_keep_every_invariant(setup in setups(), seed in any::<u64>()) {
        let (game, seen) = random_game(setup, seed);
        prop_assert!(game.is_over());
        for p in &seen {
            let text = p.to_string();
            prop_assert_eq!(text.parse::<Position>(), Ok(*p));
            let mut seen_squares = SquareSet::EMPTY;
            for seat in Seat::ALL {
                prop_assert!((seen_squares & p.pieces(seat)).is_empty(), "two pieces on one square");
                seen_squares |= p.pieces(seat);
            }
        }
    }

    /// The attacks alone (`attacks_into`, which looks only at pieces beside an
    /// opponent) are the attacks among the legal actions, in their order, in every
    /// variant.
    #[test]
    fn the_attacks_alone_are_the_legal_attacks(setup in setups(), seed in any::<u64>()) {
        let variant = Variant::ALL[(seed % 4) as usize];
        let (_, seen) = random_game_of(setup, variant, seed);
        let mut attacks = ActionList::new();
        for p in &seen {
            let wanted: Vec<Action> = p.legal_actions().into_iter().filter(|a| a.is_attack()).collect();
            p.attacks_into(&mut attacks);
            prop_assert_eq!(attacks.to_vec(), wanted, "{}", p);
        }
    }

    /// In 2-seat games the final scores add up to the pieces at the start (C17).
    #[test]
    fn two_seat_final_scores_add_up_to_the_starting_pieces(seed in any::<u64>(), which in 0..4usize) {
        let setup = [Setup::Checkered, Setup::Duel, Setup::OpenDuel, Setup::Skirmish][which];
        let (game, _) = random_game(setup, seed);
        let start = setup.start();
        let pieces = start.pieces(Seat::South).len() + start.pieces(Seat::North).len();
        let scores = game.scores();
        prop_assert_eq!((scores[Seat::South] + scores[Seat::North]) as u32, pieces);
    }

    /// Captures plus pieces on the board equal the pieces at the start, per seat: a
    /// seat's pieces lost are exactly the conflicts it lost.
    #[test]
    fn pieces_are_conserved_per_seat(setup in setups(), seed in any::<u64>()) {
        // In Chek and Chek Basic: in Chek Simple a retired lone piece (V2) is also lost.
        let variant = [Variant::Standard, Variant::Basic][(seed % 2) as usize];
        let start = setup.position_in(variant, Seat::South).unwrap();
        let mut game = Record::new(start, seed);
        let mut lost = BySeat::<u32>::default();
        let mut chooser = Dice::new(!seed);
        while !game.is_over() {
            let actions = game.position().legal_actions();
            let pick = (chooser.d6() as usize * 6 + chooser.d6() as usize) % actions.len();
            if let Some((loser, _)) = game.play(actions[pick]).unwrap().loss() {
                lost[loser] += 1;
            }
            let p = game.position();
            for seat in Seat::ALL {
                prop_assert_eq!(p.pieces(seat).len() + lost[seat], start.pieces(seat).len());
            }
            let captured: u32 = Seat::ALL.iter().map(|&s| p.captured(s) as u32).sum();
            prop_assert_eq!(captured, lost.0.iter().sum::<u32>());
        }
    }

    /// Any text: parsing never panics, and whatever parses prints back the same text.
    #[test]
    fn any_text_parses_or_fails_cleanly(text in "\\PC{0,90}") {
        if let Ok(p) = text.parse::<Position>() {
            prop_assert_eq!(p.to_string(), text);
        }
    }

    /// Near-valid text (a reachable position with a few characters changed): whatever
    /// parses prints back exactly; whatever fails gives a one-line message.
    #[test]
    fn edited_positions_parse_exactly_or_fail_with_one_line(
        setup in setups(),
        seed in any::<u64>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(
            "SWNE12345678/ ,:@abcdefgh09quietchainrulesbasimp-x+".chars().collect::<Vec<_>>()), 0..3usize), 1..4),
    ) {
        let (_, seen) = random_game(setup, seed);
        let p = seen[seed as usize % seen.len()];
        let mut chars: Vec<char> = p.to_string().chars().collect();
        for (index, c, kind) in edits {
            let i = index.index(chars.len() + 1);
            match kind {
                0 => chars.insert(i, c),
                1 if i < chars.len() => { chars[i] = c; }
                _ if i < chars.len() => { chars.remove(i); }
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        match text.parse::<Position>() {
            Ok(q) => prop_assert_eq!(q.to_string(), text),
            Err(e) => {
                let message = e.to_string();
                prop_assert!(!message.is_empty() && !message.contains('\n'));
                prop_assert!(message.contains(": "), "names the field: {}", message);
            }
        }
    }

    /// Actions print and parse back in every position of random games, and `play`
    /// accepts exactly the legal actions.
    #[test]
    fn actions_round_trip_and_only_legal_ones_play(setup in setups(), seed in any::<u64>()) {
        let (_, seen) = random_game(setup, seed);
        for p in seen.iter().step_by(7) {
            for &action in &p.legal_actions() {
                prop_assert_eq!(p.parse_action(&action.to_string()), Ok(action));
            }
            // A move onto every square from every own piece: legal iff listed.
            for from in p.pieces(p.in_control()) {
                for to in Square::all() {
                    let action = Action::Move { from, to };
                    prop_assert_eq!(p.play(action).is_ok(), p.legal_actions().contains(&action));
                }
            }
        }
    }
}

#[test]
fn dice_are_fair_over_a_million_conflicts_per_modifier() {
    let bonuses = [
        (Bonus::default(), 15.0 / 36.0),
        (Bonus::dice(true, false), 21.0 / 36.0),
        (Bonus::dice(true, true), 26.0 / 36.0),
    ];
    for (i, (bonus, expected)) in bonuses.into_iter().enumerate() {
        let mut dice = Dice::new(2026 + i as u64);
        let n = 1_000_000;
        let wins = (0..n).filter(|_| dice.roll_with(bonus).outcome() == Outcome::AttackerWins).count();
        let rate = wins as f64 / n as f64;
        assert!((rate - expected).abs() < 0.005, "+{}: {rate} vs {expected}", bonus.total());
    }
}

proptest! {
    /// The share-code reader never panics, on anything.
    #[test]
    fn any_text_is_read_as_a_code_or_refused_cleanly(text in "\\PC{0,40}") {
        if let Ok(p) = Position::from_share_code(&text) {
            prop_assert_eq!(Position::from_share_code(&p.share_code().unwrap()), Ok(p));
        }
    }

    /// Nor on text made of code characters, which reaches the checks.
    #[test]
    fn code_like_text_is_read_or_refused_cleanly(text in "[0-9A-Z-]{0,40}") {
        let _ = Position::from_share_code(&text);
    }
}
