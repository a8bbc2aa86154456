//! What every game of the cartridge gets by implementing the game interface, checked
//! for each game the build script found:
//! - random playouts of every variant and setup, with every invariant checked after
//!   every step (the engine's `Audit` and the game's own checks), every legal action
//!   applied, printed and parsed back;
//! - fuzzed position text: it parses exactly or fails with a one-line message naming
//!   the field, and never panics;
//! - share codes of reachable positions read back, and start with the game's symbol;
//! - the description agrees with the rules (every setup starts for every seat at its
//!   table), and no two games share a save id or a code symbol.

use chek_cartridge::{with_game, GameDef, Visitor, IDS};
use chek_engine::{Audit, Game, Notation, Seat, ToAct};

/// SplitMix64: a small seeded random source for the tests.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Plays `games` random games of every variant and setup (more when a game has few)
/// with the audit; returns the printed positions seen along the way (about every 5th).
struct Playouts {
    games: u64,
}

impl Visitor for Playouts {
    type Output = Vec<String>;
    fn visit<D: GameDef>(self) -> Vec<String> {
        let info = D::INFO;
        let mut seen = Vec::new();
        let mut rng = Rng(7);
        // A game of few variants and setups plays more games of each.
        let combinations = (info.variants.len() * info.setups.len()).max(1) as u64;
        let games = self.games.max(self.games * 12 / combinations);
        for variant in 0..info.variants.len() {
            for setup in 0..info.setups.len() {
                let first = D::opener(variant, setup).expect("a seat that opens");
                for game in 0..games {
                    let mut state = D::start(variant, setup, first).expect("a start");
                    let mut audit = Audit::new(&state);
                    // About every 5th step: the first printable state 5 steps on from
                    // the last one kept.
                    let (mut steps, mut next) = (0u64, 5u64);
                    let mut record = |s: &D::State, seen: &mut Vec<String>| {
                        steps += 1;
                        if steps >= next && s.printable() {
                            seen.push(s.to_string());
                            next = steps + 5;
                        }
                    };
                    // Step by step, to keep positions for the other tests.
                    audit.check(&state).unwrap();
                    while state.to_act() != ToAct::Over {
                        let before = state.clone();
                        let step = match state.to_act() {
                            ToAct::Seat(_) => {
                                let legal = state.legal();
                                chek_engine::Step::Act(legal[rng.below(legal.len())])
                            }
                            _ => {
                                let outcomes = state.outcomes();
                                let total: usize = outcomes.iter().map(|&(_, w)| w as usize).sum();
                                let outcome = chek_engine::audit::pick_weighted(&outcomes, rng.below(total)).unwrap();
                                chek_engine::Step::Chance(outcome)
                            }
                        };
                        state.apply(step);
                        if let Err(v) = audit.step(&before, step, &state) {
                            panic!("{}: {v} after {before} ({} {} game {game})", info.id, variant, setup);
                        }
                        record(&state, &mut seen);
                    }
                    assert!(state.payoffs().is_some());
                }
            }
        }
        seen
    }
}

#[test]
fn random_playouts_of_every_game_keep_every_invariant() {
    for id in IDS {
        let seen = with_game(id, Playouts { games: 6 }).unwrap();
        assert!(seen.len() > 100, "{id}: {} positions", seen.len());
        println!("{id}: {} positions checked along the way", seen.len());
    }
}

/// Fuzzes position text: edits of reachable positions, and random strings.
struct Fuzz<'a> {
    positions: &'a [String],
}

impl Visitor for Fuzz<'_> {
    type Output = (u32, u32);
    fn visit<D: GameDef>(self) -> (u32, u32) {
        let mut rng = Rng(2026);
        let alphabet: Vec<char> = {
            let mut chars: Vec<char> = self.positions.iter().flat_map(|p| p.chars()).collect();
            chars.sort();
            chars.dedup();
            chars.extend(['-', '+', '9', '0', 'x', ' ', ',', '/', ':', '@', '\u{e9}']);
            chars
        };
        let (mut parsed, mut refused) = (0, 0);
        let mut check = |text: &str| match D::State::parse(text) {
            Ok(state) => {
                // Exactly as printed, or followed by fields the notation ignores (Chak's A8).
                let printed = state.to_string();
                let ignored = text.strip_prefix(printed.as_str()).is_some_and(|rest| rest.starts_with(' '));
                assert!(text == printed || ignored, "{}: {text:?} parses exactly, as {printed:?}", D::INFO.id);
                parsed += 1;
            }
            Err(e) => {
                let message = e.to_string();
                assert!(!message.contains('\n') && message.contains(": "), "{}: {text:?} -> {message:?}", D::INFO.id);
                refused += 1;
            }
        };
        for _ in 0..20_000 {
            let base = &self.positions[rng.below(self.positions.len())];
            let mut chars: Vec<char> = base.chars().collect();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(chars.len() + 1);
                let c = alphabet[rng.below(alphabet.len())];
                match rng.below(3) {
                    0 => chars.insert(i, c),
                    1 if i < chars.len() => chars[i] = c,
                    _ if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => {}
                }
            }
            check(&chars.into_iter().collect::<String>());
        }
        for _ in 0..5_000 {
            let len = rng.below(60);
            check(&(0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect::<String>());
        }
        (parsed, refused)
    }
}

#[test]
fn fuzzed_positions_parse_exactly_or_fail_in_one_line() {
    for id in IDS {
        let positions = with_game(id, Playouts { games: 1 }).unwrap();
        let (parsed, refused) = with_game(id, Fuzz { positions: &positions }).unwrap();
        assert!(parsed > 0 && refused > 1000, "{id}: {parsed} parsed, {refused} refused");
        println!("{id}: {parsed} edits parsed exactly, {refused} refused in one line");
    }
}

/// Share codes of reachable positions.
struct Codes<'a> {
    positions: &'a [String],
}

impl Visitor for Codes<'_> {
    type Output = (usize, usize);
    fn visit<D: GameDef>(self) -> (usize, usize) {
        let (mut made, mut longest) = (0, 0);
        for text in self.positions {
            let Ok(state) = D::State::parse(text) else { panic!("{text} does not parse") };
            let Ok(code) = D::share_code(&state) else { continue };
            let head = chek_engine::code::first_symbol(&code).unwrap();
            assert_eq!(head, D::CODE_HEAD, "{}: {code} starts with another game's head", D::INFO.id);
            assert_eq!(chek_cartridge::game_of_head(head), Some(D::INFO.id));
            let back = chek_cartridge::read_code::<D>(&chek_engine::code::grouped(&code))
                .unwrap_or_else(|e| panic!("{code}: {e}"))
                .value;
            assert_eq!(back.to_string(), *text, "{code}");
            made += 1;
            longest = longest.max(code.len());
        }
        (made, longest)
    }
}

#[test]
fn share_codes_of_reachable_positions_read_back() {
    for id in IDS {
        let positions = with_game(id, Playouts { games: 2 }).unwrap();
        let (made, longest) = with_game(id, Codes { positions: &positions }).unwrap();
        assert!(made > 50, "{id}: {made} codes");
        println!("{id}: {made} codes, the longest {longest} characters");
    }
}

/// The description against the rules.
struct Describe;

impl Visitor for Describe {
    type Output = (u8, &'static str);
    fn visit<D: GameDef>(self) -> (u8, &'static str) {
        let info = D::INFO;
        assert!(!info.variants.is_empty() && !info.setups.is_empty(), "{}", info.id);
        // The title screen writes the name in ASCII capitals.
        assert!(info.name.is_ascii(), "{}: {:?}", info.id, info.name);
        for variant in 0..info.variants.len() {
            for (setup, description) in info.setups.iter().enumerate() {
                // Any seat at the table may start if the players choose; else the
                // rules name exactly one.
                let openers = Seat::ALL.into_iter().filter(|&seat| D::start(variant, setup, seat).is_some()).count();
                let at_table = description.seats.iter().count();
                assert_eq!(openers, if info.choose_first { at_table } else { 1 }, "{} {variant} {setup}", info.id);
                for seat in Seat::ALL {
                    let start = D::start(variant, setup, seat);
                    assert!(
                        start.is_none() || description.seats.contains(seat),
                        "{} {variant} {setup} {seat:?}",
                        info.id
                    );
                    if let Some(start) = start {
                        assert_eq!(start.to_act(), ToAct::Seat(seat));
                        assert_eq!(start.seats(), description.seats);
                    }
                }
            }
        }
        for seat in Seat::ALL {
            let named = !info.seat_names[seat.index()].is_empty();
            assert_eq!(named, info.setups.iter().any(|s| s.seats.contains(seat)), "{} seat {seat:?}", info.id);
        }
        (info.save_id, info.id)
    }
}

#[test]
fn every_game_describes_itself_as_its_rules_play_and_ids_are_unique() {
    let mut save_ids: Vec<u8> = IDS.iter().map(|id| with_game(id, Describe).unwrap().0).collect();
    save_ids.sort();
    save_ids.dedup();
    assert_eq!(save_ids.len(), IDS.len(), "save ids are unique");
    for symbol in 0..32u8 {
        let claims: Vec<&str> = IDS.iter().copied().filter(|id| with_game(id, Claims(symbol)).unwrap()).collect();
        assert!(claims.len() <= 1, "code symbol {symbol} is claimed by {claims:?}");
        if symbol >= chek_engine::code::FIRST_HEAD {
            assert!(claims.is_empty(), "the head {symbol} is a first-release symbol of {claims:?}");
        }
    }
    let mut heads: Vec<u8> = IDS.iter().map(|id| with_game(id, Head).unwrap()).collect();
    heads.sort();
    heads.dedup();
    assert_eq!(heads.len(), IDS.len(), "code heads are unique");
    assert!(heads.iter().all(|&h| h >= chek_engine::code::FIRST_HEAD), "{heads:?}");
}

struct Claims(u8);

impl Visitor for Claims {
    type Output = bool;
    fn visit<D: GameDef>(self) -> bool {
        D::claims_legacy(self.0)
    }
}

struct Head;

impl Visitor for Head {
    type Output = u8;
    fn visit<D: GameDef>(self) -> u8 {
        D::CODE_HEAD
    }
}
