//! The text notation: exact printing, and one-line errors naming the field.

use chek_rules::{Position, PositionError, Seat, Setup};

fn err(text: &str) -> PositionError {
    text.parse::<Position>().expect_err(text)
}

#[test]
fn valid_positions_print_exactly_as_written() {
    for text in [
        "1NNNNNN1/1NNNNNN1/8/8/8/8/1SSSSSS1/1SSSSSS1 SN S 0,0",
        "1NNNNNN1/W6E/W6E/W6E/W6E/W6E/W6E/1SSSSSS1 SWNE E 0,0,0,0",
        "7N/8/8/8/3S4/8/8/8 SN N 12,3 quiet:60",
        "7N/8/4N3/3S4/8/8/8/8 SN N 1,0 chain:S@d5",
        "8/8/8/3S4/8/8/8/8 SN S 64,0",
        "SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSN SN S 0,0",
    ] {
        let p: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.to_string(), text);
    }
}

#[test]
fn every_bad_field_is_named() {
    let cases = [
        ("", "position:"),
        ("8/8/8/8/8/8/8/S7 SN S", "position:"),
        ("8/8/8/8/8/8/8/S7  SN S 0,0", "position:"),
        ("8/8/8/8/8/8/S7 SN S 0,0", "board: expected 8 ranks"),
        ("8/8/8/8/8/8/8/S8 SN S 0,0", "board: rank 1"),
        ("8/8/8/8/8/8/8/S6 SN S 0,0", "board: rank 1"),
        ("8/8/8/8/8/8/9/S7 SN S 0,0", "board: unexpected '9' in rank 2"),
        ("8/8/8/8/8/8/8/S0N6 SN S 0,0", "board: unexpected '0' in rank 1"),
        ("8/8/8/8/8/8/44/S7 SN S 0,0", "board: two digits in a row in rank 2"),
        ("8/8/8/8/8/8/8/Sx6 SN S 0,0", "board: unexpected 'x' in rank 1"),
        ("8/8/8/8/8/8/8/8 SN S 0,0", "board: no pieces"),
        ("8/8/8/8/8/8/8/SW6 SN S 0,0", "board: W has pieces but is not in play"),
        ("8/8/8/8/8/8/8/SN6 NS S 0,0", "seats:"),
        ("8/8/8/8/8/8/8/SN6 SN W 0,0", "to-move:"),
        ("8/8/8/8/8/8/8/SN6 SN SN 0,0", "to-move:"),
        ("8/8/8/8/8/8/8/S7 SN N 0,0", "to-move: N has no pieces left"),
        ("8/8/8/8/8/8/8/SN6 SN S 0", "scores: expected 2 scores"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0,0,0", "scores: expected 2 scores"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,01", "scores:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,65", "scores:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,-1", "scores:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 quiet:0", "quiet:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 quiet:07", "quiet:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 quiet:61", "quiet:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 calm:3", "position: expected quiet"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 chain:S", "chain: expected chain:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 chain:X@a1", "chain: expected chain:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 chain:S@i1", "chain: expected chain:"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 chain:W@a1", "chain: W is not in play"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 chain:S@c1", "chain: c1 holds no piece of S"),
        ("8/8/8/8/8/8/8/S1N5 SN S 0,0 chain:S@a1", "chain: the active group has no opponent"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 quiet:3 chain:S@a1", "quiet: the chain state"),
        ("8/8/8/8/8/8/8/SN6 SN S 0,0 chain:S@a1 quiet:3", "position: expected quiet"),
    ];
    for (text, start) in cases {
        let message = err(text).to_string();
        assert!(message.starts_with(start), "{text:?}: {message:?} should start with {start:?}");
        assert!(!message.contains('\n'));
    }
}

#[test]
fn start_positions_name_the_seat_to_move() {
    let p = Setup::FourSides.position(Seat::North).unwrap();
    assert_eq!(p.to_string(), "1NNNNNN1/W6E/W6E/W6E/W6E/W6E/W6E/1SSSSSS1 SWNE N 0,0,0,0");
}

#[test]
fn actions_parse_only_when_legal_and_with_their_modifier() {
    let p: Position = "7N/8/8/2SN4/3S4/8/8/8 SN S 0,0".parse().unwrap();
    assert!(p.parse_action("d4xd5 +1").is_ok());
    assert_eq!(p.parse_action("d4xd5 +0").unwrap_err().to_string(), "action: this attack carries +1 here");
    assert_eq!(p.parse_action("d4-d5").unwrap_err().to_string(), "action: not legal in this position");
    assert_eq!(p.parse_action("end").unwrap_err().to_string(), "action: not legal in this position");
    assert!(p.parse_action("d4xd5").unwrap_err().to_string().starts_with("action: expected"));
    assert!(p.parse_action("z9-a1").is_err());
}
