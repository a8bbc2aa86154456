//! Checkers' lesson: captures, multi-jumps, kings and the rulebook's far-row win, a
//! step each on small positions (Light to move, from the bottom).

use chek_ui::LessonStep;

/// The lesson's steps.
pub static STEPS: [LessonStep; 5] = [
    LessonStep {
        title: "Capture",
        position: "W:W22,24:B3,18",
        say: "You play Light, moving up the board diagonally. A Dark piece stands beside yours: jump over it onto the empty square behind.",
        expect: &["22x15"],
        hint: "Pick up the piece on c3 and jump the Dark piece on d4, landing on e5.",
        then: "A capture must be made when one exists, so your piece on g3 could not move. The jumped piece leaves the board (K3).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "Multi-jump",
        position: "W:W22:B3,11,18",
        say: "After a jump the same piece jumps again while it can. Take both Dark pieces in one move: A at each landing.",
        expect: &["22x15x8"],
        hint: "Jump d4 from c3 to e5, then f6 from e5 to g7.",
        then: "All the jumps make one move; the jumped pieces leave when it is over (K4, K7).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "Crown",
        position: "W:W6,30:B12,20",
        say: "A man that reaches the far row is crowned king. Step the man on c7 onto the top row.",
        expect: &["6-1", "6-2"],
        hint: "Move the man on c7 up to b8 or d8.",
        then: "Crowned! A king steps and jumps diagonally both ways, backwards too (K5, K6).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "King",
        position: "W:WK15,30:B3,19",
        say: "Your king on e5 can jump backwards. Take the Dark man on f4.",
        expect: &["15x24"],
        hint: "Jump from e5 over f4 to g3 with the king.",
        then: "Kings jump forwards and backwards, even within one multi-jump; men only go forward. 40 moves each without a capture or a man moving, or a position seen three times, is a draw (K6, K9).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "Far row",
        position: "W:WK1,7:B20,28",
        say: "In the rulebook's game you also win when all your pieces stand on the far row. Move the man on e7 up.",
        expect: &["7-2", "7-3"],
        hint: "Step the man on e7 to d8 or f8.",
        then: "Every Light piece is on the far row: Light wins. You also win by taking every piece or leaving no move. English draughts has no far-row win (K8, KE1).",
        after: None,
        seed: None,
        key: None,
    },
];
