//! Records of finished games: per game, variant and opponent (people, or each CPU
//! level), the wins, losses and draws, how many had take-backs and how many hints
//! (assisted), and a few figures each game names (Chek's longest chain, Checkers'
//! kings made).
//!
//! File layout (`records.bin`): `RECS` · version (2) · rows (2 LE) · each row: game (1)
//! · variant (1) · opponent (1: 0 people, 1-4 a CPU level) · wins, losses, draws,
//! games with take-backs, assisted games (2 LE each) · wins by seat (4 × 2 LE) ·
//! figures (2 × 2 LE) · CRC-32 of everything before it (4 LE). Version 1, before
//! hints, had no assisted count; it is read as none.

use crate::vocab::Kinds;
use alloc::vec::Vec;
use core::fmt;

use chek_ai::Level;
use chek_engine::{Payoffs, PerSeat, Seat, Seats, MAX_SEATS};
use crc::{Crc, CRC_32_ISO_HDLC};

use crate::vocab::SeatKind;
pub use crate::vocab::{Figure, Figures, MAX_FIGURES};

const MAGIC: &[u8; 4] = b"RECS";
const VERSION: u8 = 2;
const CRC32: Crc<u32> = Crc::<u32>::new(&CRC_32_ISO_HDLC);
/// Bytes of one row.
const ROW: usize = 3 + 5 * 2 + MAX_SEATS * 2 + MAX_FIGURES * 2;
/// Bytes of one row of version 1 (no assisted count).
const ROW_V1: usize = ROW - 2;
/// The most rows: every game, variant and opponent of a cartridge, with room.
pub const MAX_ROWS: usize = 256;
/// The largest records file read.
pub const MAX_RECORDS_BYTES: usize = 4 + 1 + 2 + MAX_ROWS * ROW + 4;

/// Who the people at the table played against.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Opponent {
    /// Only people (pass and play).
    People,
    /// The CPU, at its strongest level at the table.
    Cpu(Level),
}

impl Opponent {
    /// Every opponent, in the order the records page lists them.
    pub const ALL: [Opponent; 5] = [
        Opponent::Cpu(Level::Easy),
        Opponent::Cpu(Level::Normal),
        Opponent::Cpu(Level::Hard),
        Opponent::Cpu(Level::Master),
        Opponent::People,
    ];

    /// The opponent of the people at a table of `kinds`, or `None` when no person
    /// plays (a game of CPUs is not recorded).
    pub fn of(table: Seats, kinds: &Kinds) -> Option<Opponent> {
        let at = |seat: Seat| kinds[seat];
        if !table.iter().any(|s| !at(s).is_cpu()) {
            return None;
        }
        let strongest = table.iter().filter_map(|s| at(s).level()).map(|l| SeatKind::Cpu(l).code()).max();
        Some(strongest.and_then(Opponent::from_code).unwrap_or(Opponent::People))
    }

    /// The byte the file keeps.
    pub const fn code(self) -> u8 {
        match self {
            Opponent::People => 0,
            Opponent::Cpu(level) => SeatKind::Cpu(level).code(),
        }
    }

    /// The opponent a byte stands for.
    pub const fn from_code(code: u8) -> Option<Opponent> {
        match (code, SeatKind::from_code(code)) {
            (0, _) => Some(Opponent::People),
            (_, Some(SeatKind::Cpu(level))) => Some(Opponent::Cpu(level)),
            _ => None,
        }
    }

    /// Its label: "CPU hard", "People".
    pub const fn label(self) -> &'static str {
        match self {
            Opponent::People => "People",
            Opponent::Cpu(level) => SeatKind::Cpu(level).label(),
        }
    }
}

impl PartialOrd for Opponent {
    fn partial_cmp(&self, other: &Opponent) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Opponent {
    /// The file's order: people, then the CPU by level.
    fn cmp(&self, other: &Opponent) -> core::cmp::Ordering {
        self.code().cmp(&other.code())
    }
}

/// What a row counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Tally {
    /// Games the people won (against the CPU).
    pub wins: u16,
    /// Games the people lost (against the CPU).
    pub losses: u16,
    /// Games drawn or shared.
    pub draws: u16,
    /// Games in which something was taken back (counted in the others too).
    pub taken_back: u16,
    /// Games in which a hint was shown: assisted (counted in the others too).
    pub assisted: u16,
    /// Games each seat won alone (with people only).
    pub seat_wins: PerSeat<u16>,
    /// The game's figures.
    pub figures: [u16; MAX_FIGURES],
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        let seats: u32 = self.seat_wins.values().iter().map(|&w| w as u32).sum();
        self.wins as u32 + self.losses as u32 + self.draws as u32 + seats
    }
}

/// Which records a finished game adds to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Key {
    /// The game ([`crate::GameInfo::save_id`]).
    pub game: u8,
    /// Its variant.
    pub variant: u8,
    /// Against whom.
    pub opponent: Opponent,
}

/// A finished game, as the records see it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Finished {
    /// Where it counts.
    pub key: Key,
    /// The result per seat.
    pub payoffs: Payoffs,
    /// The seats at the table.
    pub table: Seats,
    /// Who played each seat.
    pub kinds: Kinds,
    /// Whether anything was taken back.
    pub taken_back: bool,
    /// Whether a hint was shown.
    pub assisted: bool,
    /// The game's figures per seat.
    pub figures: Figures,
}

/// Every record kept.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Records {
    rows: Vec<(Key, Tally)>,
}

/// Why a records file could not be read. `Display` gives one line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordsError {
    /// Not a records file, or of a version this build cannot read.
    NotRecords,
    /// Cut short or with bytes left over.
    Length,
    /// The bytes do not match their checksum.
    Checksum,
    /// A row names an opponent that does not exist.
    Row,
}

impl fmt::Display for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RecordsError::NotRecords => "records: not a records file of this game",
            RecordsError::Length => "records: the file is cut short or too long",
            RecordsError::Checksum => "records: the checksum does not match (the file is damaged)",
            RecordsError::Row => "records: a row is out of range",
        })
    }
}

impl Records {
    /// No records.
    pub fn new() -> Records {
        Records::default()
    }

    /// Every row, in key order.
    pub fn rows(&self) -> &[(Key, Tally)] {
        &self.rows
    }

    /// The rows of `game`, in key order.
    pub fn of_game(&self, game: u8) -> impl Iterator<Item = &(Key, Tally)> {
        self.rows.iter().filter(move |(k, _)| k.game == game)
    }

    /// The tally of `key` (zero if none).
    pub fn tally(&self, key: Key) -> Tally {
        self.rows.iter().find(|(k, _)| *k == key).map(|(_, t)| *t).unwrap_or_default()
    }

    /// Adds a finished game whose figures add up as `figures` say.
    pub fn add(&mut self, game: &Finished, figures: &[Figure]) {
        let row = match self.rows.binary_search_by_key(&game.key, |(k, _)| *k) {
            Ok(i) => i,
            Err(i) if self.rows.len() < MAX_ROWS => {
                self.rows.insert(i, (game.key, Tally::default()));
                i
            }
            Err(_) => return,
        };
        let tally = &mut self.rows[row].1;
        let person = |seat: Seat| !game.kinds[seat].is_cpu();
        let people: Vec<Seat> = game.table.iter().filter(|&s| person(s)).collect();
        let winners: Vec<Seat> = game.table.iter().filter(|&s| game.payoffs.share(s) > 0).collect();
        let sole_winner = (winners.len() == 1).then(|| winners[0]);
        match game.key.opponent {
            Opponent::People => match sole_winner {
                Some(seat) => tally.seat_wins[seat] += 1,
                None => tally.draws += 1,
            },
            Opponent::Cpu(_) => {
                let people_won = winners.iter().filter(|&&s| person(s)).count();
                if people_won == 0 {
                    tally.losses += 1;
                } else if people_won == winners.len() && winners.len() == 1 {
                    tally.wins += 1;
                } else {
                    tally.draws += 1;
                }
            }
        }
        if game.taken_back {
            tally.taken_back += 1;
        }
        if game.assisted {
            tally.assisted += 1;
        }
        // The people's figures: the best of, or the sum over, the seats people played.
        for (i, figure) in figures.iter().take(MAX_FIGURES).enumerate() {
            let values = people.iter().map(|&s| game.figures[s][i]);
            let value = match figure {
                Figure::Best(_) => values.max().unwrap_or(0),
                Figure::Total(_) => values.fold(0u16, u16::saturating_add),
            };
            tally.figures[i] = figure.add(tally.figures[i], value);
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(11 + self.rows.len() * ROW);
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.extend_from_slice(&(self.rows.len() as u16).to_le_bytes());
        for (key, t) in &self.rows {
            out.extend_from_slice(&[key.game, key.variant, key.opponent.code()]);
            for n in [t.wins, t.losses, t.draws, t.taken_back, t.assisted]
                .iter()
                .chain(t.seat_wins.values())
                .chain(&t.figures)
            {
                out.extend_from_slice(&n.to_le_bytes());
            }
        }
        let crc = CRC32.checksum(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a records file.
    ///
    /// # Errors
    /// What is wrong, in one line; never panics.
    pub fn from_bytes(bytes: &[u8]) -> Result<Records, RecordsError> {
        if bytes.len() < 11 || &bytes[..4] != MAGIC || !(1..=VERSION).contains(&bytes[4]) {
            return Err(if bytes.len() < 11 && MAGIC.starts_with(&bytes[..bytes.len().min(4)]) {
                RecordsError::Length
            } else {
                RecordsError::NotRecords
            });
        }
        let count = u16::from_le_bytes([bytes[5], bytes[6]]) as usize;
        let (version, row_bytes) = if bytes[4] == 1 { (1, ROW_V1) } else { (VERSION, ROW) };
        if count > MAX_ROWS || bytes.len() != 7 + count * row_bytes + 4 {
            return Err(RecordsError::Length);
        }
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        if CRC32.checksum(body) != u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]) {
            return Err(RecordsError::Checksum);
        }
        let mut rows: Vec<(Key, Tally)> = Vec::with_capacity(count);
        for row in body[7..].chunks_exact(row_bytes) {
            let opponent = Opponent::from_code(row[2]).ok_or(RecordsError::Row)?;
            let key = Key { game: row[0], variant: row[1], opponent };
            let mut n: Vec<u16> = row[3..].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
            if version == 1 {
                n.insert(4, 0);
            }
            let mut t =
                Tally { wins: n[0], losses: n[1], draws: n[2], taken_back: n[3], assisted: n[4], ..Tally::default() };
            t.seat_wins.values_mut().copy_from_slice(&n[5..5 + MAX_SEATS]);
            t.figures.copy_from_slice(&n[5 + MAX_SEATS..]);
            if rows.last().is_some_and(|(k, _)| *k >= key) {
                return Err(RecordsError::Row);
            }
            rows.push((key, t));
        }
        Ok(Records { rows })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIGURES: [Figure; 2] = [Figure::Best("longest chain"), Figure::Total("kings made")];
    const TWO: Seats = Seats::TWO;

    fn game(opponent_kind: SeatKind, payoffs: Payoffs, figures: [[u16; 2]; 4]) -> Finished {
        let figures = PerSeat(figures);
        let kinds = chek_engine::PerSeat([SeatKind::Human, opponent_kind, SeatKind::Human, SeatKind::Human]);
        let opponent = Opponent::of(TWO, &kinds).unwrap();
        Finished {
            key: Key { game: 1, variant: 0, opponent },
            payoffs,
            table: TWO,
            kinds,
            taken_back: false,
            assisted: false,
            figures,
        }
    }

    #[test]
    fn wins_losses_and_draws_against_the_cpu_count_for_the_person() {
        let hard = SeatKind::Cpu(Level::Hard);
        let mut records = Records::new();
        records
            .add(&game(hard, Payoffs::winner(chek_engine::Seat::ALL[0]), [[3, 1], [9, 9], [0; 2], [0; 2]]), &FIGURES);
        records
            .add(&game(hard, Payoffs::winner(chek_engine::Seat::ALL[1]), [[5, 2], [0; 2], [0; 2], [0; 2]]), &FIGURES);
        let mut drawn = game(hard, Payoffs::shared(TWO), [[1, 0], [0; 2], [0; 2], [0; 2]]);
        drawn.taken_back = true;
        records.add(&drawn, &FIGURES);
        let t = records.tally(Key { game: 1, variant: 0, opponent: Opponent::Cpu(Level::Hard) });
        assert_eq!((t.wins, t.losses, t.draws, t.taken_back, t.games()), (1, 1, 1, 1, 3));
        assert_eq!(t.figures, [5, 3], "the person's best chain and kings in total; the CPU's do not count");
    }

    #[test]
    fn people_only_count_wins_by_seat() {
        let mut records = Records::new();
        records.add(
            &game(SeatKind::Human, Payoffs::winner(chek_engine::Seat::ALL[1]), [[2, 1], [4, 2], [0; 2], [0; 2]]),
            &FIGURES,
        );
        records.add(&game(SeatKind::Human, Payoffs::shared(TWO), [[0; 2]; 4]), &FIGURES);
        let t = records.tally(Key { game: 1, variant: 0, opponent: Opponent::People });
        assert_eq!((t.seat_wins.0, t.draws, t.games()), ([0, 1, 0, 0], 1, 2));
        assert_eq!(t.figures, [4, 3]);
    }

    #[test]
    fn records_read_back_and_damage_is_named() {
        let mut records = Records::new();
        records
            .add(&game(SeatKind::Cpu(Level::Easy), Payoffs::winner(chek_engine::Seat::ALL[0]), [[1, 1]; 4]), &FIGURES);
        records.add(&game(SeatKind::Human, Payoffs::winner(chek_engine::Seat::ALL[0]), [[1, 1]; 4]), &FIGURES);
        let bytes = records.to_bytes();
        assert_eq!(Records::from_bytes(&bytes), Ok(records));
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x41;
            assert!(Records::from_bytes(&bad).is_err(), "byte {i}");
        }
        for len in 0..bytes.len() {
            assert!(Records::from_bytes(&bytes[..len]).is_err(), "cut at {len}");
        }
        assert_eq!(Records::from_bytes(b"hello world, not records").unwrap_err(), RecordsError::NotRecords);
    }

    #[test]
    fn assisted_games_are_counted_and_the_first_version_still_reads() {
        let mut records = Records::new();
        let mut helped = game(SeatKind::Cpu(Level::Hard), Payoffs::winner(chek_engine::Seat::ALL[0]), [[1, 1]; 4]);
        helped.assisted = true;
        records.add(&helped, &FIGURES);
        records
            .add(&game(SeatKind::Cpu(Level::Hard), Payoffs::winner(chek_engine::Seat::ALL[1]), [[0; 2]; 4]), &FIGURES);
        let key = Key { game: 1, variant: 0, opponent: Opponent::Cpu(Level::Hard) };
        assert_eq!((records.tally(key).assisted, records.tally(key).games()), (1, 2));
        // The same rows as version 1 wrote them: no assisted count.
        let mut old = Records::new();
        old.add(&game(SeatKind::Cpu(Level::Hard), Payoffs::winner(chek_engine::Seat::ALL[1]), [[0; 2]; 4]), &FIGURES);
        let now = old.to_bytes();
        let mut v1 = now[..now.len() - 4].to_vec();
        v1[4] = 1;
        v1.drain(7 + 3 + 8..7 + 3 + 10);
        let crc = CRC32.checksum(&v1);
        v1.extend_from_slice(&crc.to_le_bytes());
        assert_eq!(Records::from_bytes(&v1), Ok(old));
    }

    #[test]
    fn a_game_of_cpus_is_not_recorded_and_the_strongest_cpu_names_the_opponent() {
        let cpus = chek_engine::PerSeat([
            SeatKind::Cpu(Level::Easy),
            SeatKind::Cpu(Level::Hard),
            SeatKind::Human,
            SeatKind::Human,
        ]);
        assert_eq!(Opponent::of(TWO, &cpus), None);
        let four = Seats::of(&chek_engine::Seat::ALL);
        let mixed = chek_engine::PerSeat([
            SeatKind::Human,
            SeatKind::Cpu(Level::Easy),
            SeatKind::Cpu(Level::Normal),
            SeatKind::Human,
        ]);
        assert_eq!(Opponent::of(four, &mixed), Some(Opponent::Cpu(Level::Normal)));
    }
}
