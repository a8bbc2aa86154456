//! An independent reading of A3–A5, written for clarity, not speed: for every pair of
//! squares, can the piece go there by its description; does the move leave the
//! mover's Ajaw attacked, asked of every enemy piece in turn. Compared with the rules'
//! generator on random positions and on every perft record.

use chek_cartridge::games::chak::rules::{Board, Draw, End, Kind, Move, Piece, Side, Square, State, Win};
use chek_engine::{Game, Notation};

/// Whether every square strictly between `a` and `b` (on one line) is empty.
fn clear(board: &Board, a: Square, b: Square) -> bool {
    let (df, dr) = (b.file() as i32 - a.file() as i32, b.rank() as i32 - a.rank() as i32);
    let n = df.abs().max(dr.abs());
    (1..n).all(|i| {
        let sq = Square::at((a.file() as i32 + df / n * i) as u8, (a.rank() as i32 + dr / n * i) as u8).unwrap();
        board.at(sq).is_none()
    })
}

/// Whether `piece` on `from` reaches `to` by A3 (capturing if `to` holds an enemy).
fn reaches(board: &Board, piece: Piece, from: Square, to: Square) -> bool {
    let (df, dr) = (to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32);
    if (df, dr) == (0, 0) {
        return false;
    }
    let forward = if piece.side == Side::White { 1 } else { -1 };
    let one = df.abs() <= 1 && dr.abs() <= 1;
    let straight_line = df == 0 || dr == 0;
    let diagonal_line = df.abs() == dr.abs();
    let orth_step = one && straight_line;
    let diag_step = one && diagonal_line;
    let orth_slide = straight_line && clear(board, from, to);
    let diag_slide = diagonal_line && clear(board, from, to);
    let enemy = board.at(to).is_some_and(|p| p.side != piece.side);
    match (piece.kind, piece.plus) {
        (Kind::Ajaw, _) => one,
        (Kind::Shaman, false) => diag_step || (df == 0 && dr == forward),
        (Kind::Shaman, true) => diag_step || (df == 0 && dr.abs() == 1),
        (Kind::Vulture, false) => diag_slide,
        (Kind::Vulture, true) => diag_slide || orth_step,
        (Kind::Serpent, false) => orth_slide,
        (Kind::Serpent, true) => orth_slide || diag_step,
        (Kind::Jaguar, false) => orth_slide || diag_step,
        (Kind::Jaguar, true) => orth_slide || diag_slide,
        (Kind::Pawn, _) => {
            (df == 0 && dr == forward && board.at(to).is_none()) || (df.abs() == 1 && dr == forward && enemy)
        }
    }
}

/// Whether any piece of `by` reaches `target`.
fn attacked(board: &Board, target: Square, by: Side) -> bool {
    Square::all().any(|sq| board.at(sq).is_some_and(|p| p.side == by && reaches(board, p, sq, target)))
}

/// The legal moves of `state` as text, by the reference.
pub fn texts(state: &State) -> Vec<String> {
    if state.end().is_some() {
        return Vec::new();
    }
    board_texts(state.board(), state.to_move())
}

/// The moves `side` could make on `board` by the reference, whether or not the game
/// has ended.
fn board_texts(board: &Board, side: Side) -> Vec<String> {
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(piece) = board.at(from).filter(|p| p.side == side) else { continue };
        for to in Square::all() {
            if board.at(to).is_some_and(|p| p.side == side) || !reaches(board, piece, from, to) {
                continue;
            }
            let mut after = *board;
            after.put(Some(from), None);
            after.put(Some(to), Some(piece));
            let ajaw = Square::all().find(|&sq| after.at(sq).is_some_and(|p| p.side == side && p.kind == Kind::Ajaw));
            if ajaw.is_some_and(|sq| attacked(&after, sq, side.other())) {
                continue;
            }
            if piece.kind == Kind::Pawn && to.rank() == side.last_rank() {
                for letter in ["s", "v", "r", "j"] {
                    out.push(format!("{from}{to}{letter}"));
                }
            } else {
                out.push(format!("{from}{to}"));
            }
        }
    }
    out.sort();
    out
}

/// The rules' moves of `state` as sorted text.
fn generated(state: &State) -> Vec<String> {
    super::moves(state)
}

/// Random games from the start; every position's moves compared.
#[test]
fn the_generator_agrees_with_the_reference_over_random_games() {
    let mut rng = chek_ai::rng(2026);
    let mut compared = 0;
    for _ in 0..40 {
        let mut state = State::start();
        for _ in 0..120 {
            assert_eq!(generated(&state), texts(&state), "{state}");
            compared += 1;
            let Some(mv) = chek_ai::random_action(&state, &mut rng) else { break };
            state.play(mv);
        }
    }
    assert!(compared > 2_000, "{compared} positions");
}

/// What a search looks at past its depth (`State::noisy_into`, generated on its own)
/// is exactly the captures and promotions among all the legal moves, in the same
/// order, over random games that take whenever they can (so checks, pins and
/// promotions come often).
#[test]
fn the_noisy_moves_are_the_captures_and_promotions_in_the_same_order() {
    use chek_cartridge::games::chak::rules::MoveList;
    let mut rng = chek_ai::rng(11);
    let (mut compared, mut with_noisy, mut in_check) = (0, 0, 0);
    let mut noisy = MoveList::new();
    let noisy_move = |state: &State, m: Move| m.promotion().is_some() || state.board().at(m.to()).is_some();
    for _ in 0..300 {
        taking_game(&mut rng, noisy_move, |state, wanted| {
            state.noisy_into(&mut noisy);
            assert_eq!(noisy.to_vec(), wanted, "{state}");
            compared += 1;
            with_noisy += !wanted.is_empty() as u32;
            in_check += state.in_check() as u32;
        });
    }
    assert!(compared > 10_000 && with_noisy > 5_000 && in_check > 300, "{compared} {with_noisy} {in_check}");
}

/// A game ends by A5 exactly when the reference finds no move for the side to move:
/// checkmate in check, stalemate out of it.
#[test]
fn checkmate_and_stalemate_agree_with_the_reference() {
    let mut rng = chek_ai::rng(7);
    let mut ended = 0;
    for _ in 0..1000 {
        // Captures first, so that games thin out and end by A5 now and then.
        let state = taking_game(&mut rng, |state, m| state.board().at(m.to()).is_some(), |_, _| {});
        let none = board_texts(state.board(), state.to_move()).is_empty();
        let by_a5 = matches!(state.end(), Some(End::Win { how: Win::Checkmate, .. } | End::Draw(Draw::Stalemate)));
        assert_eq!(none, by_a5, "{state}: {:?}", state.end());
        ended += by_a5 as u32;
    }
    assert!(ended > 20, "{ended} games ended by A5");
}

/// A game from the start to its end that plays a `wanted` move whenever it has one
/// (any legal move otherwise), `rng` choosing among them; `each` sees every position
/// before its move, with its wanted moves in the generator's order. The end.
fn taking_game(
    rng: &mut chek_ai::Rng,
    wanted: impl Fn(&State, Move) -> bool,
    mut each: impl FnMut(&State, &[Move]),
) -> State {
    let mut state = State::start();
    while state.end().is_none() {
        let legal = state.legal();
        let takes: Vec<Move> = legal.iter().copied().filter(|&m| wanted(&state, m)).collect();
        each(&state, &takes);
        let Some(mv) = chek_ai::pick(rng, if takes.is_empty() { &legal } else { &takes }) else { break };
        state.play(mv);
    }
    state
}

/// Every perft record's position and its children agree with the reference.
#[test]
fn the_generator_agrees_with_the_reference_on_the_perft_records() {
    let text = include_str!("../perft/chak.perft");
    for line in text.lines().filter_map(|l| l.strip_prefix("pos ")) {
        let state = State::parse(line).unwrap();
        assert_eq!(generated(&state), texts(&state), "{state}");
        for mv in state.legal() {
            let mut child = state.clone();
            child.play(mv);
            assert_eq!(generated(&child), texts(&child), "{child} after {mv}");
        }
    }
}
