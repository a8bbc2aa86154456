//! One test per rule of `docs/checkers.md`, on small positions.

use chek_cartridge::games::checkers::rules::{Draw, End, Side, State, Win, QUIET_DRAW_PLIES};
use chek_engine::{perft, Game, Notation, Payoffs, ToAct};

use super::reference::Reference;
use super::{after, moves, pos, quiet_moves};

const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

#[test]
fn k1_light_starts_on_21_to_32_dark_on_1_to_12_and_light_moves_first() {
    let start = State::start();
    assert_eq!(start.to_string(), START);
    assert_eq!(start.to_act(), ToAct::Seat(chek_engine::Seat::FIRST));
    assert_eq!(moves(&start), ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]);
}

#[test]
fn k1_the_anchors_of_perft_from_the_start() {
    let counts: Vec<u64> = (1..=6).map(|d| perft(&State::start(), d)).collect();
    assert_eq!(counts, [7, 49, 302, 1_469, 7_361, 36_768]);
}

#[test]
fn k2_a_man_steps_diagonally_forward_only() {
    assert_eq!(moves(&pos("W:W22:B1")), ["22-17", "22-18"]);
    assert_eq!(moves(&pos("B:W30:B11")), ["11-15", "11-16"]);
    // Blocked ahead by its own pieces: no step back.
    assert_eq!(moves(&pos("W:W17,18,22:B1")), ["17-13", "17-14", "18-14", "18-15"]);
}

#[test]
fn k3_capturing_is_compulsory_and_any_capture_may_be_chosen() {
    // 31 could step, but 21 and 24 can capture: only captures are legal, and the
    // single capture stands beside the double (no majority rule).
    let state = pos("W:W21,24,31:B9,17,19");
    assert!(state.must_capture());
    assert_eq!(moves(&state), ["21x14x5", "24x15"]);
}

#[test]
fn k3_men_capture_forward_only() {
    // A Dark man behind the Light man on 22 cannot be jumped backwards.
    assert_eq!(moves(&pos("W:W22:B1,26")), ["22-17", "22-18"]);
}

#[test]
fn k4_a_multi_jump_goes_on_while_it_can_and_may_turn() {
    // 21 jumps 17 to 14, then turns to jump 9 to 5: one move.
    let state = after(&pos("W:W21,24,31:B9,17,19"), "21x14x5");
    assert_eq!(state.board().pieces(Side::Dark).count_ones(), 1, "both pieces taken");
    assert_eq!(state.to_move(), Side::Dark, "the whole sequence was one move");
}

#[test]
fn k4_a_piece_is_jumped_once_and_taken_pieces_leave_at_the_end() {
    // A king's ring: it comes back to its start square over four pieces, and cannot
    // jump the first one again.
    let state = pos("W:WK22:B9,10,17,18");
    assert_eq!(moves(&state), ["22x13x6x15x22", "22x15x6x13x22"]);
    assert_eq!(after(&state, "22x15x6x13x22").board().pieces(Side::Dark), 0);
}

#[test]
fn k5_a_man_crowned_by_a_jump_stops_there() {
    // As a king on 2 it could jump 6 on to 9; as a man just crowned it stops.
    let state = pos("W:W11:B6,7");
    assert_eq!(moves(&state), ["11x2"]);
    let crowned = after(&state, "11x2");
    assert_eq!(crowned.to_string(), "B:WK2:B6");
}

#[test]
fn k5_a_man_reaching_the_far_row_is_crowned() {
    assert_eq!(after(&pos("W:W5:B28"), "5-1").to_string(), "B:WK1:B28");
    assert_eq!(after(&pos("B:W5:B28"), "28-32").to_string(), "W:W5:BK32");
}

#[test]
fn k6_a_king_moves_and_captures_both_ways() {
    assert_eq!(moves(&pos("W:WK15:B1")), ["15-10", "15-11", "15-18", "15-19"]);
    assert_eq!(moves(&pos("W:WK15:B19")), ["15x24"]);
}

#[test]
fn k7_two_paths_to_the_same_square_are_two_moves() {
    // The ring run both ways takes the same four pieces and ends on 22.
    let state = pos("W:WK22:B9,10,17,18");
    let list = state.legal();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].to(), list[1].to());
    assert_eq!(list[0].captured(), list[1].captured());
    assert_ne!(list[0], list[1]);
}

#[test]
fn k8_taking_the_last_piece_wins() {
    let over = after(&pos("W:W22:B18"), "22x15");
    assert_eq!(over.end(), Some(End::Win { winner: Side::Light, how: Win::NoPieces }));
    assert_eq!(over.payoffs(), Some(Payoffs::winner(chek_engine::Seat::ALL[0])));
    assert_eq!(over.to_act(), ToAct::Over);
}

#[test]
fn k8_leaving_the_opponent_no_move_wins() {
    // Dark's man on 5 is blocked by 9 and 14 once Light has moved elsewhere.
    let over = after(&pos("W:W9,14,30:B5"), "30-26");
    assert_eq!(over.end(), Some(End::Win { winner: Side::Light, how: Win::Blocked }));
    // Moving a blocker instead frees it.
    assert_eq!(after(&pos("W:W9,14,30:B5"), "9-6").end(), None);
}

#[test]
fn k8_all_the_movers_pieces_on_the_far_row_win() {
    let over = after(&pos("W:WK1,K7:B28"), "7-3");
    assert_eq!(over.end(), Some(End::Win { winner: Side::Light, how: Win::FarRow }));
    assert_eq!(after(&pos("W:WK1,K7:B28"), "7-10").end(), None);
}

#[test]
fn k8_a_lone_piece_on_the_far_row_has_won() {
    // The third win with one piece: a king stepping onto the far row.
    let over = after(&pos("W:WK6:BK23,K24"), "6-1");
    assert_eq!(over.end(), Some(End::Win { winner: Side::Light, how: Win::FarRow }));
}

#[test]
fn k8_the_far_row_counts_only_after_the_movers_own_move() {
    // Light's pieces all stand on the far row, but Dark moved last: no win, and Light
    // must leave the row.
    let state = pos("W:WK1,K2:B28");
    assert_eq!(state.end(), None);
    assert_eq!(moves(&state), ["1-5", "1-6", "2-6", "2-7"]);
}

#[test]
fn k9_forty_moves_each_without_a_capture_or_a_man_moving_draw() {
    // Two kings a side wander without capturing, repeating a position three times or
    // crowding the far row; the 80th such ply draws.
    let mut seed = 5u64;
    let mut random = move |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let start = pos("W:WK21,K26:BK7,K12");
    let walked = (0..200).find_map(|_| {
        let mut state = start.clone();
        for ply in 1..=QUIET_DRAW_PLIES as usize {
            let quiet = quiet_moves(&state, ply == QUIET_DRAW_PLIES as usize);
            if quiet.is_empty() {
                return None;
            }
            state.play(quiet[random(quiet.len())]);
            assert_eq!(state.quiet() as usize, ply);
        }
        Some(state)
    });
    let drawn = walked.expect("a quiet walk of 80 plies");
    assert_eq!(drawn.end(), Some(End::Draw(Draw::Quiet)), "{drawn}");
    assert_eq!(drawn.payoffs(), Some(Payoffs::shared(chek_engine::Seats::TWO)));
    // The same history restored (as a save does) ends the same way.
    let board = *drawn.board();
    let again = State::with_history(board, drawn.to_move(), drawn.history().clone(), false).unwrap();
    assert_eq!(again, drawn);
}

#[test]
fn k9_a_man_moving_or_a_capture_restarts_the_count() {
    let state = after(&pos("W:W21,K29:BK4"), "29-25 4-8 25-29 8-4");
    assert_eq!(state.quiet(), 4);
    assert_eq!(after(&state, "21-17").quiet(), 0);
}

#[test]
fn k9_the_same_position_a_third_time_draws() {
    let start = pos("W:WK14:BK23");
    let twice = after(&start, "14-9 23-27 9-14 27-23");
    assert_eq!(twice.end(), None);
    assert_eq!(twice.repetitions(), 2);
    let thrice = after(&twice, "14-9 23-27 9-14 27-23");
    assert_eq!(thrice.end(), Some(End::Draw(Draw::Repetition)));
    // The same squares with the other side to move are another position.
    let other = after(&start, "14-9 23-27 9-14");
    assert_eq!(other.repetitions(), 1);
}

#[test]
fn k9_both_sides_may_agree_to_a_draw() {
    let mut state = State::start();
    state.agree_draw();
    assert_eq!(state.end(), Some(End::Draw(Draw::Agreement)));
    assert!(!state.printable(), "an agreed draw has no text of its own");
}

#[test]
fn k10_numbers_positions_and_moves_as_written() {
    let state = pos("W:W21,22,K30:B1,2,12");
    assert_eq!(state.to_string(), "W:W21,22,K30:B1,2,12");
    assert_eq!(
        state.board().at(chek_cartridge::games::checkers::rules::Square::new(30).unwrap()),
        Some((Side::Light, true))
    );
    let errors = [
        ("W:W21", "position: expected 3 fields"),
        ("X:W21:B1", "to-move: expected W (Light) or B (Dark)"),
        ("W:B21:B1", "light pieces (W): the field starts with W"),
        ("W:W33:B1", "light pieces (W): expected square numbers 1-32"),
        ("W:W22,21:B1", "light pieces (W): list the squares in rising order"),
        ("W:W3:B1", "light pieces (W): a man on 3 would have been crowned"),
        ("W:W5:B5", "board: square 5 holds a light and a dark piece"),
        ("W:W5:B", "to-move: Dark has no pieces"),
    ];
    for (text, message) in errors {
        let e = State::parse(text).unwrap_err().to_string();
        assert!(e.starts_with(message), "{text}: {e}");
    }
    let start = State::start();
    assert_eq!(start.parse_move("22-18").map(|m| m.to_string()), Ok("22-18".into()));
    assert_eq!(start.parse_move("22-19").unwrap_err().to_string(), "move: not legal in this position");
    assert_eq!(
        start.parse_move("22 18").unwrap_err().to_string(),
        "move: expected 11-15 for a step or 18x11x4 for a capture"
    );
    // A capture may be given by its ends when only one capture fits.
    let ring = pos("W:W21,24,31:B9,17,19");
    assert_eq!(ring.parse_move("21x5").map(|m| m.to_string()), Ok("21x14x5".into()));
    let both_ways = pos("W:WK22:B9,10,17,18");
    assert_eq!(
        both_ways.parse_move("22x22").unwrap_err().to_string(),
        "move: more than one capture fits; write every landing square"
    );
}

#[test]
fn the_rules_agree_with_the_reference_on_random_positions() {
    // Positions of random games from the start and from boards with kings; every
    // move list and perft 3 agree with the plain reading of the rules.
    let starts = [START, "W:W21,22,23,K29,K30:BK1,K4,9,10,11", "B:WK14,K15,K22:B5,6,7,K18,K19"];
    let mut seed = 17u64;
    let mut compared = 0;
    for start in starts {
        for _ in 0..40 {
            let mut state = pos(start);
            loop {
                let reference = Reference::parse(&state.to_string());
                let mut expected: Vec<String> = reference.moves().into_iter().map(|(t, _)| t).collect();
                expected.sort();
                if state.end().is_none() {
                    assert_eq!(moves(&state), expected, "{state}");
                    compared += 1;
                    if compared % 25 == 0 {
                        assert_eq!(perft(&pos(&state.to_string()), 3), reference.perft(3), "{state}");
                    }
                }
                let list = state.legal();
                if list.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                state.play(list[(seed >> 33) as usize % list.len()]);
                if !state.printable() {
                    state = pos(&state.to_string());
                }
            }
        }
    }
    assert!(compared > 2_000, "{compared}");
}

#[test]
fn the_perft_records_agree_with_the_reference() {
    let text = include_str!("../perft/checkers.perft");
    let mut position = None;
    let mut checked = 0;
    for line in text.lines() {
        if let Some(p) = line.strip_prefix("pos ") {
            position = Some(p);
        }
        if let (Some(rest), Some(p)) = (line.strip_prefix("perft "), position) {
            let (depth, count) = rest.split_once(' ').unwrap();
            let depth: u32 = depth.parse().unwrap();
            if depth <= 4 {
                assert_eq!(Reference::parse(p).perft(depth), count.parse::<u64>().unwrap(), "{p} depth {depth}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked}");
}
