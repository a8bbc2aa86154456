//! One test per rule of `docs/chak.md`, on small positions.

use chek_cartridge::games::chak::rules::{Draw, End, Kind, Piece, Side, Square, State, Win, QUIET_DRAW_PLIES};
use chek_engine::{perft, Game, Notation, Payoffs, ToAct};

use super::{after, moves, mv, pos, START};

fn sq(text: &str) -> Square {
    Square::parse(text.as_bytes()).unwrap()
}

fn at(state: &State, square: &str) -> Option<Piece> {
    state.board().at(sq(square))
}

#[test]
fn a1_the_start_and_white_moves_first() {
    let start = State::start();
    assert_eq!(start.to_string(), START);
    assert_eq!(start.to_act(), ToAct::Seat(chek_engine::Seat::FIRST));
    assert_eq!(at(&start, "e1"), Some(Piece::new(Side::White, Kind::Ajaw)));
    assert_eq!(at(&start, "b1"), Some(Piece::new(Side::White, Kind::Jaguar)));
    assert_eq!(at(&start, "a9"), Some(Piece::new(Side::Black, Kind::Serpent)));
    assert_eq!(at(&start, "a2"), None, "a2 and i2 are empty");
    for side in Side::ALL {
        assert_eq!(start.board().pieces(side).filter(|(_, p)| p.kind == Kind::Pawn).count(), 7);
        assert_eq!(start.board().pieces(side).count(), 16);
    }
}

#[test]
fn a2_the_river_runs_between_ranks_5_and_6() {
    assert_eq!(sq("e5").half(), Side::White);
    assert_eq!(sq("e6").half(), Side::Black);
    // Within its own half a piece keeps its form; across the river it changes.
    let state = pos("4k4/9/9/9/R8/9/9/9/4K4 w");
    assert!(!at(&after(&state, "a5a4"), "a4").unwrap().plus);
    assert!(at(&after(&state, "a5a6"), "a6").unwrap().plus);
    // Black's half is ranks 6-9: a Black piece crosses onto rank 5.
    let black = pos("4k4/9/9/5v3/9/9/9/9/4K4 b");
    assert!(at(&after(&black, "f6e5"), "e5").unwrap().plus);
    assert!(!at(&after(&black, "f6e7"), "e7").unwrap().plus);
}

#[test]
fn a3_each_kind_moves_as_described() {
    let lone = |piece: &str, square: &str| {
        // The piece alone with the Ajaws out of its way.
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank = (square.as_bytes()[1] - b'0') as usize;
        let mut rows: Vec<String> = (1..=9).rev().map(|_| String::from("9")).collect();
        rows[9 - rank] = format!(
            "{}{piece}{}",
            if file > 0 { file.to_string() } else { String::new() },
            if file < 8 { (8 - file).to_string() } else { String::new() }
        );
        rows[0] = if rank == 9 { rows[0].clone() } else { String::from("8k") };
        rows[8] = if rank == 1 { rows[8].clone() } else { String::from("K8") };
        let state = pos(&format!("{} w", rows.join("/")));
        moves(&state).into_iter().filter(|m| m.starts_with(square)).map(|m| m[2..].to_string()).collect::<Vec<_>>()
    };
    assert_eq!(lone("S", "e4"), ["d3", "d5", "e5", "f3", "f5"], "Shaman: diagonals and forward");
    assert_eq!(lone("+S", "e4"), ["d3", "d5", "e3", "e5", "f3", "f5"], "Shaman+: and back");
    assert_eq!(lone("V", "e4").len(), 14, "Vulture: the diagonals from e4");
    assert_eq!(lone("+V", "e4").len(), 18, "Vulture+: and one step straight");
    assert_eq!(lone("R", "e4").len(), 16, "Serpent: rank and file");
    assert_eq!(lone("+R", "e4").len(), 20, "Serpent+: and one step diagonally");
    assert_eq!(lone("J", "e4").len(), 20, "Jaguar: rank and file, and one step diagonally");
    assert_eq!(lone("+J", "e4").len(), 30, "Jaguar+: every line");
    assert_eq!(lone("P", "e4"), ["e5"], "a pawn steps forward only");
}

#[test]
fn a3_sliders_stop_at_the_first_piece_and_may_take_it() {
    let state = pos("4k4/9/9/+R3p4/9/9/9/9/4K4 w");
    let rank: Vec<String> = moves(&state).into_iter().filter(|m| m.starts_with("a6") && m.ends_with('6')).collect();
    assert_eq!(rank, ["a6b6", "a6c6", "a6d6", "a6e6"]);
}

#[test]
fn a3_pawns_take_diagonally_forward_and_never_step_twice() {
    let state = pos("4k4/9/9/9/9/3p1p3/4P4/9/4K4 w");
    let pawn: Vec<String> = moves(&state).into_iter().filter(|m| m.starts_with("e3")).collect();
    assert_eq!(pawn, ["e3d4", "e3e4", "e3f4"]);
    let blocked = pos("4k4/9/9/9/9/4p4/4P4/9/4K4 w");
    assert!(!moves(&blocked).iter().any(|m| m.starts_with("e3")), "blocked ahead, nothing to take");
    assert!(!moves(&State::start()).contains(&String::from("e2e4")), "no double step");
}

#[test]
fn a4_crossing_gives_the_plus_form_at_once_and_for_good() {
    let state = after(&pos("4k4/9/9/9/R8/9/9/9/4K4 w"), "a5a7 e9d9");
    assert_eq!(at(&state, "a7"), Some(Piece { side: Side::White, kind: Kind::Serpent, plus: true }));
    // Back across the river it stays a +: a diagonal step from a5 still works.
    let back = after(&state, "a7a5 d9e9");
    assert!(at(&back, "a5").unwrap().plus);
    assert!(moves(&back).contains(&String::from("a5b4")));
    // The Ajaw that crosses becomes the Warrior Ajaw.
    let warrior = after(&pos("8k/9/9/9/4K4/9/9/9/9 w"), "e5e6");
    assert_eq!(at(&warrior, "e6"), Some(Piece { side: Side::White, kind: Kind::Ajaw, plus: true }));
    // A pawn crossing stays a pawn.
    let pawn = after(&pos("8k/9/9/9/4P4/9/9/9/K8 w"), "e5e6");
    assert_eq!(at(&pawn, "e6"), Some(Piece::new(Side::White, Kind::Pawn)));
}

#[test]
fn a4_a_pawn_on_the_last_rank_becomes_the_plus_form_chosen() {
    let state = pos("k8/3P5/9/9/9/9/9/9/4K4 w");
    let promotions: Vec<String> = moves(&state).into_iter().filter(|m| m.starts_with("d8")).collect();
    assert_eq!(promotions, ["d8d9j", "d8d9r", "d8d9s", "d8d9v"]);
    let chosen = after(&state, "d8d9v");
    assert_eq!(at(&chosen, "d9"), Some(Piece { side: Side::White, kind: Kind::Vulture, plus: true }));
    assert_eq!(
        state.parse_action("d8d9").unwrap_err().to_string(),
        "move: a pawn reaching the last rank becomes s, v, r or j: add the letter (e8e9s)"
    );
    assert!(state.parse_action("d8d9k").is_err(), "not the Ajaw");
}

#[test]
fn a5_no_move_may_leave_the_ajaw_attacked() {
    // Pinned: the Shaman may only step along the Serpent's file.
    let pinned = pos("k3r4/9/9/9/9/9/9/4S4/4K4 w");
    assert_eq!(moves(&pinned), ["e1d1", "e1d2", "e1f1", "e1f2", "e2e3"]);
    // In check: only answers to it.
    let check = pos("k8/9/9/9/4+r4/9/9/9/4K4 w");
    assert!(check.in_check());
    assert_eq!(moves(&check), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    // The Ajaws never touch: e5 is next to Black's Ajaw on e6... (a Warrior there).
    let near = pos("9/9/9/4+k4/9/4K4/9/9/9 w");
    assert!(!moves(&near).iter().any(|m| m.ends_with("d5") || m.ends_with("e5") || m.ends_with("f5")));
}

#[test]
fn a5_checkmate_wins_and_stalemate_draws() {
    let mate = pos("k8/1+J7/1+K7/9/9/9/9/9/9 b");
    assert_eq!(mate.end(), Some(End::Win { winner: Side::White, how: Win::Checkmate }));
    assert_eq!(mate.payoffs(), Some(Payoffs::winner(chek_engine::Seat::ALL[0])));
    let stale = pos("k8/9/1+J7/9/9/9/9/9/4K4 b");
    assert_eq!(stale.end(), Some(End::Draw(Draw::Stalemate)));
    assert_eq!(stale.payoffs(), Some(Payoffs::shared(chek_engine::Seats::TWO)));
    // Played into: the +J slides to b8, the Warrior Ajaw on b7 guarding it.
    let played = after(&pos("k8/7+J1/1+K7/9/9/9/9/9/9 w"), "h8b8");
    assert_eq!(played.winner(), Some(Side::White));
}

#[test]
fn a6_the_temple_is_won_by_holding_it_through_a_reply() {
    let state = after(&pos("8k/3+K5/9/9/9/9/9/9/9 w"), "d8e9");
    assert_eq!(state.end(), None, "standing there is not yet a win");
    for reply in moves(&state) {
        let over = after(&state, &reply);
        assert_eq!(over.end(), Some(End::Win { winner: Side::White, how: Win::Temple }), "after {reply}");
    }
    assert_eq!(perft(&pos("8k/3+K5/9/9/9/9/9/9/9 w"), 2), 24);
}

#[test]
fn a6_a_reply_that_ends_the_game_comes_first() {
    // White's Warrior Ajaw steps onto e9; Black's +J answers a1a9, and it is mate (the
    // Ajaw on e7 guards rank 8): the mate counts, not the temple.
    let on_temple = after(&pos("3+K5/9/4k4/9/9/9/9/9/+j8 w"), "d9e9");
    assert_eq!(on_temple.end(), None);
    let mated = after(&on_temple, "a1a9");
    assert_eq!(mated.end(), Some(End::Win { winner: Side::Black, how: Win::Checkmate }));
    // Any other reply lets the temple stand.
    assert_eq!(after(&on_temple, "a1a2").end(), Some(End::Win { winner: Side::White, how: Win::Temple }));
    // Only the Warrior Ajaw wins there: a plain Ajaw on the temple is just a square.
    assert!(pos("8k/9/9/9/9/9/9/9/4K4 w").end().is_none());
}

#[test]
fn a7_fifty_moves_each_without_a_capture_or_pawn_move_draw() {
    let board = *pos("k8/9/9/9/9/9/9/4P4/1R2K4 w").board();
    let nearly = State::with_counts(board, Side::White, QUIET_DRAW_PLIES - 1, Default::default()).unwrap();
    assert_eq!(nearly.end(), None);
    // The hundredth quiet ply draws...
    let drawn = after(&nearly, "b1c1");
    assert_eq!(drawn.quiet(), QUIET_DRAW_PLIES);
    assert_eq!(drawn.end(), Some(End::Draw(Draw::Quiet)));
    // ...and a pawn move starts the count again.
    let pawn = after(&nearly, "e2e3");
    assert_eq!((pawn.quiet(), pawn.end()), (0, None));
    // Every quiet ply counts, from the start too.
    assert_eq!(after(&State::start(), "b1a2 b9a8").quiet(), 2);
}

#[test]
fn a7_the_third_repetition_draws_and_a_draw_can_be_agreed() {
    let start = pos("k8/9/9/9/9/9/9/9/4K4 w");
    let twice = after(&start, "e1d1 a9b9 d1e1 b9a9");
    assert_eq!(twice.repetitions(), 2);
    assert_eq!(twice.end(), None);
    let thrice = after(&twice, "e1d1 a9b9 d1e1 b9a9");
    assert_eq!(thrice.end(), Some(End::Draw(Draw::Repetition)));
    let mut agreed = State::start();
    agreed.agree_draw();
    assert_eq!(agreed.end(), Some(End::Draw(Draw::Agreement)));
}

#[test]
fn a8_notation_round_trips_and_errors_name_the_field() {
    let state = pos("k1r6/3P5/9/9/9/9/9/9/4K4 w");
    assert_eq!(State::parse(&state.to_string()).unwrap(), state);
    assert_eq!(
        State::parse(&format!("{START} 0 1")).unwrap_err().to_string(),
        "position: nothing may follow the side to move (w or b)"
    );
    let err = |text: &str| State::parse(text).unwrap_err().to_string();
    assert_eq!(err("rjvsksvjr w"), "board: expected 9 ranks separated by '/', found 1");
    assert!(err("rjvsksvjr/1ppppppp1/9/9/9/9/9/1PPPPPPP1/RJVSKSVJ w").starts_with("rank 1:"));
    assert_eq!(err("rjvsksvjr/1ppppppp1/9/9/9/9/9/1PPPPPPP1/RJVSKSVJR x"), "to-move: expected w (White) or b (Black)");
    assert_eq!(err("9/9/9/9/9/9/9/9/4K4 w"), "board: Black needs exactly one Ajaw (K or +K)");
    assert_eq!(err("4k3+R/9/9/9/9/9/9/9/4K4 w"), "board: Black has just moved, so its Ajaw cannot be attacked");
    assert_eq!(
        err("4k4/9/S8/9/9/9/9/9/4K4 w"),
        "board: the piece on a7 is across the river, so it is a + form (write +)"
    );
    assert_eq!(err("k3P4/9/9/9/9/9/9/9/4K4 w"), "board: a pawn on e9 would have been promoted");
    assert_eq!(mv(&State::start(), "b2b3").to_string(), "b2b3");
    assert_eq!(State::start().parse_action("b2b4").unwrap_err().to_string(), "move: not legal in this position");
    assert!(State::start().parse_action("z9a1").unwrap_err().to_string().starts_with("move: expected"));
}

#[test]
fn a9_the_anchors_from_the_start() {
    assert_eq!(moves(&State::start()).len(), 25);
    assert_eq!(perft(&State::start(), 2), 555);
}
