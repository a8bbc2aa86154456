//! An independent reading of K1–K8 for checking the rules: a plain 8×8 array,
//! recursion, no bit sets, written from the rules text alone. It lists every legal
//! move as text and counts perft, and the bit-set rules must agree with it.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    light: bool,
    king: bool,
}

/// A position: `cells[file][rank]`, rank 0 = rank 1; Light moves up.
#[derive(Clone)]
pub struct Reference {
    cells: [[Option<Piece>; 8]; 8],
    light_to_move: bool,
}

/// The square number of (file, rank) per K10.
fn number(file: i32, rank: i32) -> i32 {
    (7 - rank) * 4 + file / 2 + 1
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank)
}

impl Reference {
    /// Reads PDN FEN.
    pub fn parse(fen: &str) -> Reference {
        let mut cells = [[None; 8]; 8];
        let fields: Vec<&str> = fen.split(':').collect();
        for field in &fields[1..] {
            let light = field.starts_with('W');
            for entry in field[1..].split(',').filter(|e| !e.is_empty()) {
                let king = entry.starts_with('K');
                let n: i32 = entry.trim_start_matches('K').parse().unwrap();
                let row = (n - 1) / 4;
                let rank = 7 - row;
                let file = 2 * ((n - 1) % 4) + if row % 2 == 0 { 1 } else { 0 };
                cells[file as usize][rank as usize] = Some(Piece { light, king });
            }
        }
        Reference { cells, light_to_move: fields[0] == "W" }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Piece> {
        self.cells[file as usize][rank as usize]
    }

    /// Every legal move, as text in K10's notation, with the position after it.
    pub fn moves(&self) -> Vec<(String, Reference)> {
        let mut captures = Vec::new();
        for file in 0..8 {
            for rank in 0..8 {
                if let Some(p) = self.at(file, rank) {
                    if p.light == self.light_to_move {
                        let mut path = vec![(file, rank)];
                        self.jumps(p, &mut path, &mut Vec::new(), &mut captures);
                    }
                }
            }
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut steps = Vec::new();
        for file in 0..8 {
            for rank in 0..8 {
                let Some(p) = self.at(file, rank) else { continue };
                if p.light != self.light_to_move {
                    continue;
                }
                for (df, dr) in directions(p) {
                    let (f, r) = (file + df, rank + dr);
                    if on_board(f, r) && self.at(f, r).is_none() {
                        let text = format!("{}-{}", number(file, rank), number(f, r));
                        steps.push((text, self.after(p, &[(file, rank), (f, r)], &[])));
                    }
                }
            }
        }
        steps
    }

    /// Follows every jump from the end of `path`, recursively; a path that cannot go on
    /// (or has just crowned a man) is a move.
    fn jumps(
        &self,
        p: Piece,
        path: &mut Vec<(i32, i32)>,
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<(String, Reference)>,
    ) {
        let (file, rank) = *path.last().unwrap();
        let start = path[0];
        let mut went_on = false;
        for (df, dr) in directions(p) {
            let (of, or) = (file + df, rank + dr);
            let (lf, lr) = (file + 2 * df, rank + 2 * dr);
            if !on_board(lf, lr) || taken.contains(&(of, or)) {
                continue;
            }
            let enemy = self.at(of, or).is_some_and(|q| q.light != p.light);
            let empty = self.at(lf, lr).is_none() || (lf, lr) == start;
            if !(enemy && empty) {
                continue;
            }
            went_on = true;
            path.push((lf, lr));
            taken.push((of, or));
            let crowned = !p.king && lr == if p.light { 7 } else { 0 };
            if crowned {
                out.push((self.text(path), self.after(p, path, taken)));
            } else {
                self.jumps(p, path, taken, out);
            }
            path.pop();
            taken.pop();
        }
        if !went_on && path.len() > 1 {
            out.push((self.text(path), self.after(p, path, taken)));
        }
    }

    fn text(&self, path: &[(i32, i32)]) -> String {
        path.iter().map(|&(f, r)| number(f, r).to_string()).collect::<Vec<_>>().join("x")
    }

    fn after(&self, p: Piece, path: &[(i32, i32)], taken: &[(i32, i32)]) -> Reference {
        let mut next = self.clone();
        let (f0, r0) = path[0];
        let (f1, r1) = *path.last().unwrap();
        next.cells[f0 as usize][r0 as usize] = None;
        for &(f, r) in taken {
            next.cells[f as usize][r as usize] = None;
        }
        let king = p.king || r1 == if p.light { 7 } else { 0 };
        next.cells[f1 as usize][r1 as usize] = Some(Piece { light: p.light, king });
        next.light_to_move = !self.light_to_move;
        next
    }

    /// Whether the side that just moved has won (K8): the other side has no pieces or
    /// no move, or every piece of the mover stands on the far row.
    fn finished(&self) -> bool {
        let mover_light = !self.light_to_move;
        let mut other = 0;
        let mut mover_off_far_row = 0;
        for file in 0..8 {
            for rank in 0..8 {
                if let Some(p) = self.at(file, rank) {
                    if p.light == mover_light {
                        if rank != if mover_light { 7 } else { 0 } {
                            mover_off_far_row += 1;
                        }
                    } else {
                        other += 1;
                    }
                }
            }
        }
        other == 0 || self.moves().is_empty() || mover_off_far_row == 0
    }

    /// Leaf move sequences of `depth` moves; a finished game is one leaf.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.finished() {
            return 1;
        }
        self.moves().iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }
}

fn directions(p: Piece) -> Vec<(i32, i32)> {
    let forward = if p.light { 1 } else { -1 };
    if p.king {
        vec![(-1, 1), (1, 1), (-1, -1), (1, -1)]
    } else {
        vec![(-1, forward), (1, forward)]
    }
}
