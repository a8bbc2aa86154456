//! A second, deliberately naive implementation of the rules and of the variants V1, V2
//! and V3 (a grid of characters, breadth-first search, strings for actions), compared with
//! the engine over random games: the same legal actions, the same positions after every
//! outcome, the same perft. It shares no code with the engine.

use chek_rules::{perft, Dice, Next, Outcome, Position, Seat, Setup, Variant};

const QUIET_END: u32 = 60;

#[derive(Clone, Debug, PartialEq)]
struct Ref {
    /// grid[rank][file], b'.' for empty.
    grid: [[u8; 8]; 8],
    seats: Vec<u8>,
    to_move: u8,
    scores: Vec<u32>,
    quiet: u32,
    chain: Option<(u8, (i32, i32))>,
    /// "" for Chek, "basic" (V1), "simple" (V2) or "nights" (V3).
    rules: String,
    /// Chek Nights: ranks[rank][file], the card's rank character, b'.' for none.
    ranks: [[u8; 8]; 8],
    /// Chek Nights: the first card's step of a two-card move, mid-turn.
    first: Option<((i32, i32), (i32, i32))>,
}

/// A rank character's value (N1): A=1 … 9, T J Q K = 10.
fn value(rank: u8) -> u32 {
    match rank {
        b'A' => 1,
        b'2'..=b'9' => (rank - b'0') as u32,
        b'T' | b'J' | b'Q' | b'K' => 10,
        _ => 0,
    }
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn square(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const KING: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Ref {
    fn parse(text: &str) -> Ref {
        let fields: Vec<&str> = text.split(' ').collect();
        let nights = text.ends_with("rules:nights");
        let mut grid = [[b'.'; 8]; 8];
        let mut ranks = [[b'.'; 8]; 8];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            let mut bytes = row.bytes();
            while let Some(c) = bytes.next() {
                if c.is_ascii_digit() {
                    f += (c - b'0') as usize;
                } else {
                    grid[r][f] = c;
                    if nights {
                        ranks[r][f] = bytes.next().unwrap();
                    }
                    f += 1;
                }
            }
        }
        let mut quiet = 0;
        let mut chain = None;
        let mut first = None;
        let mut rules = String::new();
        for extra in &fields[4..] {
            if let Some(n) = extra.strip_prefix("quiet:") {
                quiet = n.parse().unwrap();
            } else if let Some(c) = extra.strip_prefix("chain:") {
                chain = Some((c.as_bytes()[0], square(&c[2..])));
            } else if let Some(st) = extra.strip_prefix("step:") {
                first = Some((square(&st[0..2]), square(&st[3..5])));
            } else if let Some(r) = extra.strip_prefix("rules:") {
                rules = r.to_string();
            }
        }
        Ref {
            grid,
            seats: fields[1].bytes().collect(),
            to_move: fields[2].as_bytes()[0],
            scores: fields[3].split(',').map(|n| n.parse().unwrap()).collect(),
            quiet,
            chain,
            rules,
            ranks,
            first,
        }
    }

    fn print(&self) -> String {
        let mut ranks = Vec::new();
        for r in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..8 {
                if self.grid[r][f] == b'.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row += &empty.to_string();
                    }
                    empty = 0;
                    row.push(self.grid[r][f] as char);
                    if self.ranks[r][f] != b'.' {
                        row.push(self.ranks[r][f] as char);
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            ranks.push(row);
        }
        let scores: Vec<String> = self.scores.iter().map(|s| s.to_string()).collect();
        let mut text = format!(
            "{} {} {} {}",
            ranks.join("/"),
            String::from_utf8(self.seats.clone()).unwrap(),
            self.to_move as char,
            scores.join(",")
        );
        if self.quiet > 0 {
            text += &format!(" quiet:{}", self.quiet);
        }
        if let Some((seat, (f, r))) = self.chain {
            text += &format!(" chain:{}@{}", seat as char, name(f, r));
        }
        if let Some(((f0, r0), (f1, r1))) = self.first {
            text += &format!(" step:{}-{}", name(f0, r0), name(f1, r1));
        }
        if !self.rules.is_empty() {
            text += &format!(" rules:{}", self.rules);
        }
        text
    }

    fn at(&self, f: i32, r: i32) -> Option<u8> {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Some(self.grid[r as usize][f as usize])
        } else {
            None
        }
    }

    fn count(&self, seat: u8) -> usize {
        self.grid.iter().flatten().filter(|&&c| c == seat).count()
    }

    fn is_over(&self) -> bool {
        self.seats.iter().filter(|&&s| self.count(s) > 0).count() <= 1 || self.quiet >= QUIET_END
    }

    /// Pieces of `seat` around a square.
    fn around(&self, seat: u8, (f, r): (i32, i32)) -> usize {
        KING.iter().filter(|(df, dr)| self.at(f + df, r + dr) == Some(seat)).count()
    }

    fn nights(&self) -> bool {
        self.rules == "nights"
    }

    fn value_at(&self, (f, r): (i32, i32)) -> u32 {
        value(self.ranks[r as usize][f as usize])
    }

    fn number_card(&self, (f, r): (i32, i32)) -> bool {
        self.nights() && !matches!(self.ranks[r as usize][f as usize], b'J' | b'Q' | b'K' | b'.')
    }

    /// N4: the two modifiers, attacker's then defender's, before the chain bonus.
    fn strength_modifiers(&self, seat: u8, to: (i32, i32)) -> (u32, u32) {
        let defender = self.at(to.0, to.1).unwrap();
        let mut ours: Vec<u32> = Vec::new();
        let mut ally = 0;
        for (df, dr) in KING {
            let n = (to.0 + df, to.1 + dr);
            match self.at(n.0, n.1) {
                Some(c) if c == seat => ours.push(self.value_at(n)),
                Some(c) if c == defender => ally = ally.max(self.value_at(n)),
                _ => {}
            }
        }
        ours.sort_unstable_by(|a, b| b.cmp(a));
        let attack: u32 = ours.iter().take(2).sum();
        let defence = self.value_at(to) + ally;
        if attack > defence {
            (if attack >= 2 * defence { 2 } else { 1 }, 0)
        } else if defence > attack {
            (0, if defence >= 2 * attack { 2 } else { 1 })
        } else {
            (0, 0)
        }
    }

    fn bully(&self, seat: u8, to: (i32, i32)) -> bool {
        self.rules.is_empty() && self.around(seat, to) >= 2
    }

    /// The attack's text, or none when Chek Simple's support says no.
    fn attack(&self, seat: u8, from: (i32, i32), to: (i32, i32), chain: bool) -> Option<String> {
        let text = format!("{}x{}", name(from.0, from.1), name(to.0, to.1));
        if self.rules == "simple" {
            let defender = self.at(to.0, to.1).unwrap();
            let ours = self.around(seat, to) + chain as usize;
            let theirs = 1 + self.around(defender, to);
            return (ours > theirs).then_some(text);
        }
        if self.nights() {
            let (a, d) = self.strength_modifiers(seat, to);
            return Some(format!("{text} +{}:+{d}", a + chain as u32));
        }
        let m = chain as u8 + self.bully(seat, to) as u8;
        Some(format!("{text} +{m}"))
    }

    fn group(&self) -> Vec<(i32, i32)> {
        let (seat, start) = self.chain.unwrap();
        let mut seen = vec![start];
        if self.rules == "basic" {
            return seen;
        }
        let mut queue = vec![start];
        while let Some((f, r)) = queue.pop() {
            for (df, dr) in KING {
                let n = (f + df, r + dr);
                if self.at(n.0, n.1) == Some(seat) && !seen.contains(&n) {
                    seen.push(n);
                    queue.push(n);
                }
            }
        }
        seen
    }

    fn actions(&self) -> Vec<String> {
        let mut list = Vec::new();
        if self.is_over() {
            return list;
        }
        if let Some((first_from, first_to)) = self.first {
            let seat = self.to_move;
            for r in 0..8 {
                for f in 0..8 {
                    if self.at(f, r) != Some(seat) || (f, r) == first_to || !self.number_card((f, r)) {
                        continue;
                    }
                    // One action per pair of cards: the earlier in reading order moves
                    // first, unless the second steps into the square the first left.
                    let earlier = first_from.1 > r || (first_from.1 == r && first_from.0 < f);
                    for (df, dr) in ORTHO {
                        let to = (f + df, r + dr);
                        if self.at(to.0, to.1) == Some(b'.') && (earlier || to == first_from) {
                            list.push(format!("{}-{}", name(f, r), name(to.0, to.1)));
                        }
                    }
                }
            }
            list.push("end".into());
            list.sort();
            return list;
        }
        match self.chain {
            None => {
                let seat = self.to_move;
                for r in 0..8 {
                    for f in 0..8 {
                        if self.at(f, r) != Some(seat) {
                            continue;
                        }
                        for (df, dr) in ORTHO {
                            let far = (f + 2 * df, r + 2 * dr);
                            if self.number_card((f, r))
                                && self.at(f + df, r + dr) == Some(b'.')
                                && self.at(far.0, far.1) == Some(b'.')
                            {
                                list.push(format!("{}-{}", name(f, r), name(far.0, far.1)));
                            }
                            match self.at(f + df, r + dr) {
                                Some(b'.') => list.push(format!("{}-{}", name(f, r), name(f + df, r + dr))),
                                Some(c) if c != seat => list.extend(self.attack(seat, (f, r), (f + df, r + dr), false)),
                                _ => {}
                            }
                        }
                    }
                }
                if list.is_empty() {
                    list.push("pass".into());
                }
            }
            Some((seat, _)) => {
                for (f, r) in self.group() {
                    for (df, dr) in KING {
                        match self.at(f + df, r + dr) {
                            Some(c) if c != seat && c != b'.' => {
                                list.extend(self.attack(seat, (f, r), (f + df, r + dr), true))
                            }
                            _ => {}
                        }
                    }
                }
                list.push("end".into());
            }
        }
        list.sort();
        list
    }

    fn end_turn(&mut self, last: u8) {
        let had_conflict = self.chain.is_some();
        self.chain = None;
        self.first = None;
        let i = self.seats.iter().position(|&s| s == last).unwrap();
        let n = self.seats.len();
        self.to_move = (1..=n).map(|k| self.seats[(i + k) % n]).find(|&s| self.count(s) > 0).unwrap_or(last);
        self.quiet = if had_conflict { 0 } else { self.quiet + 1 };
    }

    fn score(&mut self, seat: u8, points: u32) {
        let i = self.seats.iter().position(|&s| s == seat).unwrap();
        self.scores[i] += points;
    }

    fn carry(&mut self, from: (i32, i32), to: (i32, i32)) {
        self.grid[to.1 as usize][to.0 as usize] = self.grid[from.1 as usize][from.0 as usize];
        self.ranks[to.1 as usize][to.0 as usize] = self.ranks[from.1 as usize][from.0 as usize];
        self.grid[from.1 as usize][from.0 as usize] = b'.';
        self.ranks[from.1 as usize][from.0 as usize] = b'.';
    }

    fn apply(&self, action: &str, attacker_wins: bool) -> Ref {
        let mut next = self.clone();
        if action == "end" {
            next.end_turn(self.chain.map_or(self.to_move, |c| c.0));
            return next;
        }
        if action == "pass" {
            next.end_turn(self.to_move);
            return next;
        }
        let (from, to) = (square(&action[0..2]), square(&action[3..5]));
        let attacker = self.at(from.0, from.1).unwrap();
        if action.as_bytes()[2] == b'-' {
            next.carry(from, to);
            let one_step = (from.0 - to.0).abs() + (from.1 - to.1).abs() == 1;
            if self.first.is_none() && one_step && self.number_card(from) {
                next.first = Some((from, to));
                // The turn waits while another number card can step at all.
                let can_step = |(f, r): (i32, i32)| {
                    next.at(f, r) == Some(attacker)
                        && (f, r) != to
                        && next.number_card((f, r))
                        && ORTHO.iter().any(|(df, dr)| next.at(f + df, r + dr) == Some(b'.'))
                };
                if !(0..8).flat_map(|r| (0..8).map(move |f| (f, r))).any(can_step) {
                    next.end_turn(attacker);
                }
            } else {
                next.end_turn(attacker);
            }
            return next;
        }
        let defender = self.at(to.0, to.1).unwrap();
        // Chek Simple's take always wins.
        let attacker_wins = attacker_wins || self.rules == "simple";
        let (winner, loser) = if attacker_wins { (attacker, defender) } else { (defender, attacker) };
        let taken = if attacker_wins { to } else { from };
        let points = if self.nights() { self.value_at(taken) } else { 1 };
        if attacker_wins {
            next.carry(from, to);
        } else {
            next.grid[from.1 as usize][from.0 as usize] = b'.';
            next.ranks[from.1 as usize][from.0 as usize] = b'.';
        }
        next.score(winner, points);
        // V2: a seat left with one piece retires it as its own point.
        if self.rules == "simple" && next.count(loser) == 1 {
            for cell in next.grid.iter_mut().flatten().filter(|c| **c == loser) {
                *cell = b'.';
            }
            next.score(loser, 1);
        }
        next.quiet = 0;
        next.chain = Some((winner, to));
        // The chain ends by itself when no chain attack is left.
        if next.is_over() || next.actions() == ["end"] {
            next.end_turn(winner);
        }
        next
    }

    fn mid_turn(&self) -> bool {
        self.chain.is_some() || self.first.is_some()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.is_over() {
            return 1;
        }
        let mut n = 0;
        for a in self.actions() {
            if a.contains('x') && self.rules != "simple" {
                for win in [true, false] {
                    let next = self.apply(&a, win);
                    n += next.perft(if next.mid_turn() { depth } else { depth - 1 });
                }
            } else {
                // A move or `end` ends the turn; a take of Chek Simple may keep the chain.
                let next = self.apply(&a, true);
                n += next.perft(if next.mid_turn() { depth } else { depth - 1 });
            }
        }
        n
    }
}

fn engine_actions(p: &Position) -> Vec<String> {
    let mut list: Vec<String> = p.legal_actions().iter().map(|a| a.to_string()).collect();
    list.sort();
    list
}

/// Plays `games` random games from every setup with both implementations in lockstep.
fn lockstep(variant: Variant, games: u64) {
    for setup in Setup::ALL {
        for game in 0..games {
            let mut rng = Dice::new(game * 31 + setup as u64);
            let mut position = setup.dealt(variant, Seat::South, &mut Dice::new(game + 7)).unwrap();
            let mut reference = Ref::parse(&position.to_string());
            for _step in 0..2000 {
                assert_eq!(reference.print(), position.to_string());
                let actions = engine_actions(&position);
                assert_eq!(reference.actions(), actions, "{position}");
                if actions.is_empty() {
                    break;
                }
                // Prefer attacks so games are eventful.
                let pick = (rng.d6() as usize * 7 + rng.d6() as usize) % actions.len();
                let text = &actions[pick];
                let action = position.parse_action(text).unwrap();
                let attacker_wins = rng.d6() > 3;
                position = match position.play(action).unwrap() {
                    Next::Position(next) => next,
                    Next::Conflict(c) => {
                        // Both outcomes must agree, then follow one.
                        for (win, outcome) in [(true, Outcome::AttackerWins), (false, Outcome::DefenderWins)] {
                            assert_eq!(
                                reference.apply(text, win).print(),
                                c.resolve(outcome).to_string(),
                                "{position} {text}"
                            );
                        }
                        c.resolve(if attacker_wins { Outcome::AttackerWins } else { Outcome::DefenderWins })
                    }
                };
                reference = reference.apply(text, attacker_wins);
            }
        }
    }
}

/// Chek by 40 games a setup, each named variant by 25.
#[test]
fn in_every_variant_the_engine_agrees_with_the_reference_over_random_games() {
    for (variant, games) in
        [(Variant::Standard, 40), (Variant::Basic, 25), (Variant::Simple, 25), (Variant::Nights, 25)]
    {
        lockstep(variant, games);
    }
}

#[test]
fn perft_agrees_with_the_reference_on_every_setup_to_depth_2() {
    for variant in Variant::ALL {
        for setup in Setup::ALL {
            let start = setup.position_in(variant, Seat::South).unwrap();
            let reference = Ref::parse(&start.to_string());
            for depth in 0..=2 {
                assert_eq!(perft(&start, depth), reference.perft(depth), "{setup} {variant} depth {depth}");
            }
        }
    }
}

#[test]
fn perft_agrees_with_the_reference_in_the_middle_of_games() {
    let positions = [
        "7N/6S1/5S2/3SS3/1S6/8/8/N7 SN S 0,0 chain:S@d5",
        "7N/8/8/2SN4/8/8/8/8 SN S 0,1 chain:N@d5",
        "1NN5/2NS4/3SN3/4S3/8/8/8/8 SN N 2,3",
        "8/2W5/1WSN4/2E5/8/8/8/8 SWNE W 1,0,2,0",
        "8/2W5/1WSN4/2E5/8/8/8/8 SWNE N 1,0,2,0 chain:N@d6",
        "7N/8/8/8/3S4/8/8/8 SN S 0,0 quiet:58",
        "7N/6S1/5S2/2NSS3/1S6/8/8/N7 SN S 0,0 chain:S@d5 rules:basic",
        "8/2W5/1WSN4/2E5/8/8/8/8 SWNE W 1,0,2,0 rules:basic",
        "1NN5/2NS4/3SN3/4S3/8/8/8/8 SN N 2,3 rules:basic",
        "7N/8/8/2SN4/2SN4/2S5/8/8 SN S 0,0 chain:S@c5 rules:simple",
        "8/2WW4/1WSNN3/1WEE4/2SS4/8/8/8 SWNE S 1,0,2,0 rules:simple",
        "7N/8/8/8/8/8/NN6/SSN5 SN S 0,0 rules:simple",
        "7N/7N/8/8/8/1W6/WS1S3E/SS5E SWNE S 0,0,0,0 rules:simple",
    ];
    for text in positions {
        let p: Position = text.parse().unwrap();
        let reference = Ref::parse(text);
        for depth in 0..=3 {
            assert_eq!(perft(&p, depth), reference.perft(depth), "{text} depth {depth}");
        }
    }
}

/// Chek Nights' records in `crates/cartridge/tests/perft/chek.perft`: the reference
/// agrees to depth 2.
#[test]
fn perft_agrees_with_the_reference_in_chek_nights_records() {
    let records = [
        ("1NQN5NAN9N6N41/W86E4/WA6E9/W26E7/WJ6E3/W76EQ/W96EJ/1S4S3S6SASKS91 SWNE S 0,0,0,0 rules:nights", [39, 93723]),
        ("1NQN5NAN9N6N41/1NJN3NKNTN8N71/8/8/8/8/1S4S3S6SASKS91/1SQSTS7S8SJS51 SN S 0,0 rules:nights", [54, 2160]),
        (
            "1N21N3N9N7NA1/1NKNTNQNJ1N81/2N55/6S21/2ST2N42/4SA3/1S31S92SJ1/1S8S5S6S7SKS41 SN S 0,0 quiet:6 step:g4-g5 rules:nights",
            [15, 2239],
        ),
        ("4N9N72/WJ1NT3E91/7EJ/WKW25E2/1ST5EK/5E31E5/5S22/3S91SASJ1 SWNE N 17,5,0,4 quiet:2 rules:nights", [38, 2316]),
    ];
    for (text, counts) in records {
        let reference = Ref::parse(text);
        let position: Position = text.parse().unwrap();
        for (depth, count) in (1..).zip(counts) {
            assert_eq!(reference.perft(depth), count, "{text} depth {depth}");
            assert_eq!(perft(&position, depth), count, "{text} depth {depth}");
        }
    }
}

/// The mid-game records of the variants in `crates/cartridge/tests/perft/chek.perft`.
#[test]
fn perft_agrees_with_the_reference_in_the_variants_mid_game_records() {
    let records = [
        ("1NNNNNN1/4NNN1/2N5/2S5/1SN4S/3S4/1S3SSS/1SSS1S2 SN S 1,0 quiet:13 rules:basic", [43, 1639]),
        ("N4N2/2N1N1NN/2NNNN2/N7/6S1/4SN2/1SS2S2/1SSSSSS1 SN S 0,1 quiet:10 rules:basic", [246, 12361]),
        ("1N1N4/1WN1N1NE/1W3NE1/W6E/1W5E/1W6/WS1S1S1E/2S2SS1 SWNE N 1,0,0,0 quiet:9 rules:basic", [877, 30146]),
        ("1N1NNN1N/1N5E/W6E/WW5E/W5E1/2W3S1/6EE/WS1S1SS1 SWNE N 0,1,0,0 quiet:8 rules:basic", [195, 3687]),
        ("1NNNNNN1/3NNNN1/N7/1S6/S7/5S2/S2SS1S1/1S1SSSS1 SN S 1,0 quiet:13 rules:simple", [27, 348]),
        ("1NNNNNN1/2NNNNN1/8/8/1S1S4/1S5S/S2SSS2/2S1SSS1 SN N 1,0 rules:simple", [10, 280]),
        ("1N2N1N1/1NN2NE1/1W2E3/1W5E/1W5E/W6E/5S2/SS1S1SSE SWNE N 1,0,1,0 quiet:7 rules:simple", [17, 198]),
        ("1N6/3W4/2N1N1NN/8/7E/1W2S3/1S1S1SE1/2S3SE SWNE N 2,1,5,0 quiet:7 rules:simple", [16, 95]),
    ];
    for (text, counts) in records {
        let reference = Ref::parse(text);
        for (depth, count) in (1..).zip(counts) {
            assert_eq!(reference.perft(depth), count, "{text} depth {depth}");
        }
    }
}
