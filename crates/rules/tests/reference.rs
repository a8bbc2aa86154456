//! A second, deliberately naive implementation of the rules (a grid of characters,
//! breadth-first search, strings for actions), compared with the engine over random
//! games: the same legal actions, the same positions after every outcome, the same
//! perft. It shares no code with the engine.

use chek_rules::{perft, Dice, Next, Outcome, Position, Setup};

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
        let mut grid = [[b'.'; 8]; 8];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    f += (c - b'0') as usize;
                } else {
                    grid[r][f] = c;
                    f += 1;
                }
            }
        }
        let mut quiet = 0;
        let mut chain = None;
        for extra in &fields[4..] {
            if let Some(n) = extra.strip_prefix("quiet:") {
                quiet = n.parse().unwrap();
            } else if let Some(c) = extra.strip_prefix("chain:") {
                chain = Some((c.as_bytes()[0], square(&c[2..])));
            }
        }
        Ref {
            grid,
            seats: fields[1].bytes().collect(),
            to_move: fields[2].as_bytes()[0],
            scores: fields[3].split(',').map(|n| n.parse().unwrap()).collect(),
            quiet,
            chain,
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

    fn bully(&self, seat: u8, (f, r): (i32, i32)) -> bool {
        KING.iter().filter(|(df, dr)| self.at(f + df, r + dr) == Some(seat)).count() >= 2
    }

    fn group(&self) -> Vec<(i32, i32)> {
        let (seat, start) = self.chain.unwrap();
        let mut seen = vec![start];
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
        match self.chain {
            None => {
                let seat = self.to_move;
                for r in 0..8 {
                    for f in 0..8 {
                        if self.at(f, r) != Some(seat) {
                            continue;
                        }
                        for (df, dr) in ORTHO {
                            match self.at(f + df, r + dr) {
                                Some(b'.') => list.push(format!("{}-{}", name(f, r), name(f + df, r + dr))),
                                Some(c) if c != seat => {
                                    let m = self.bully(seat, (f + df, r + dr)) as u8;
                                    list.push(format!("{}x{} +{m}", name(f, r), name(f + df, r + dr)));
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
            Some((seat, _)) => {
                for (f, r) in self.group() {
                    for (df, dr) in KING {
                        match self.at(f + df, r + dr) {
                            Some(c) if c != seat && c != b'.' => {
                                let m = 1 + self.bully(seat, (f + df, r + dr)) as u8;
                                list.push(format!("{}x{} +{m}", name(f, r), name(f + df, r + dr)));
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
        let i = self.seats.iter().position(|&s| s == last).unwrap();
        let n = self.seats.len();
        self.to_move = (1..=n).map(|k| self.seats[(i + k) % n]).find(|&s| self.count(s) > 0).unwrap_or(last);
        self.quiet = if had_conflict { 0 } else { self.quiet + 1 };
    }

    fn score(&mut self, seat: u8) {
        let i = self.seats.iter().position(|&s| s == seat).unwrap();
        self.scores[i] += 1;
    }

    fn apply(&self, action: &str, attacker_wins: bool) -> Ref {
        let mut next = self.clone();
        if action == "end" {
            next.end_turn(self.chain.unwrap().0);
            return next;
        }
        let (from, to) = (square(&action[0..2]), square(&action[3..5]));
        let attacker = self.at(from.0, from.1).unwrap();
        if action.as_bytes()[2] == b'-' {
            next.grid[to.1 as usize][to.0 as usize] = attacker;
            next.grid[from.1 as usize][from.0 as usize] = b'.';
            next.end_turn(attacker);
            return next;
        }
        let defender = self.at(to.0, to.1).unwrap();
        let winner = if attacker_wins { attacker } else { defender };
        next.grid[from.1 as usize][from.0 as usize] = b'.';
        if attacker_wins {
            next.grid[to.1 as usize][to.0 as usize] = attacker;
        }
        next.score(winner);
        next.quiet = 0;
        next.chain = Some((winner, to));
        let opponents_touch_group = next.group().iter().any(|&(f, r)| {
            KING.iter().any(|(df, dr)| matches!(next.at(f + df, r + dr), Some(c) if c != winner && c != b'.'))
        });
        if next.is_over() || !opponents_touch_group {
            next.end_turn(winner);
        }
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.is_over() {
            return 1;
        }
        let mut n = 0;
        for a in self.actions() {
            if a.contains('x') {
                for win in [true, false] {
                    let next = self.apply(&a, win);
                    n += next.perft(if next.chain.is_some() { depth } else { depth - 1 });
                }
            } else {
                n += self.apply(&a, false).perft(depth - 1);
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
fn lockstep(games: u64) {
    for setup in Setup::ALL {
        for game in 0..games {
            let mut rng = Dice::new(game * 31 + setup as u64);
            let mut position = setup.start();
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

#[test]
fn the_engine_agrees_with_the_reference_over_random_games() {
    lockstep(40);
}

#[test]
fn perft_agrees_with_the_reference_on_every_setup_to_depth_2() {
    for setup in Setup::ALL {
        let start = setup.start();
        let reference = Ref::parse(&start.to_string());
        for depth in 0..=2 {
            assert_eq!(perft(&start, depth), reference.perft(depth), "{setup} depth {depth}");
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
    ];
    for text in positions {
        let p: Position = text.parse().unwrap();
        let reference = Ref::parse(text);
        for depth in 0..=3 {
            assert_eq!(perft(&p, depth), reference.perft(depth), "{text} depth {depth}");
        }
    }
}
