//! Chak's lesson: each piece's moves, the river and the + forms, promotion, check and
//! mate, and the temple, a step each on small positions (White to move).

use chek_ui::LessonStep;

/// The lesson's steps.
pub static STEPS: [LessonStep; 8] = [
    LessonStep {
        title: "Pawn",
        position: "4k4/9/9/9/3p5/4P4/9/9/4K4 w",
        say: "You play White, from the bottom. A pawn steps one square forward and takes one square diagonally forward. Take the black pawn.",
        expect: &["e4d5"],
        hint: "Take d5 with the pawn on e4.",
        then: "Pawns never step back and have no double step; a taken piece leaves the game (A3).",
        after: None,
    },
    LessonStep {
        title: "Shaman",
        position: "4k4/9/9/9/9/9/3p5/4S4/4K4 w",
        say: "The Shaman steps one square diagonally, or one straight forward. Take the pawn on d3.",
        expect: &["e2d3"],
        hint: "Take d3 with the Shaman on e2.",
        then: "A Shaman moves a single step: any diagonal, or straight forward (A3).",
        after: None,
    },
    LessonStep {
        title: "Vulture",
        position: "4k4/9/9/9/6p2/9/9/9/2V1K4 w",
        say: "The Vulture slides diagonally as far as it likes. Take the pawn on g5.",
        expect: &["c1g5"],
        hint: "Slide the Vulture on c1 up the diagonal to g5.",
        then: "Sliders stop at the first piece in their way, and may take it if it is an enemy (A3).",
        after: None,
    },
    LessonStep {
        title: "Jaguar",
        position: "4k4/9/9/9/9/9/3p5/2J6/4K4 w",
        say: "The Jaguar slides straight, or steps one square diagonally. Take d3 with a diagonal step.",
        expect: &["c2d3"],
        hint: "Take d3 with the Jaguar on c2.",
        then: "The Jaguar is the strongest piece before it crosses. The Serpent slides straight only (A3).",
        after: None,
    },
    LessonStep {
        title: "The river",
        position: "4k4/9/9/p8/R8/9/9/9/4K4 w",
        say: "The river runs between ranks 5 and 6. Cross it with the Serpent: take the pawn on a6.",
        expect: &["a5a6"],
        hint: "Take a6 with the Serpent on a5.",
        then: "A piece that crosses takes its + form for good: the Serpent+ also steps one square diagonally. Pawns stay pawns (A2, A4).",
        after: None,
    },
    LessonStep {
        title: "Check",
        position: "4k4/9/9/9/9/9/9/9/R3K4 w",
        say: "Attack the black Ajaw: slide the Serpent up to a9, along its rank.",
        expect: &["a1a9"],
        hint: "Slide the Serpent from a1 to a9.",
        then: "Check: Black must answer it, since no move may leave your own Ajaw attacked. The two Ajaws never stand side by side (A5).",
        after: None,
    },
    LessonStep {
        title: "Mate",
        position: "k8/3P5/1+K7/9/9/9/9/9/9 w",
        say: "A pawn on the last rank becomes a Shaman+, Vulture+, Serpent+ or Jaguar+. Promote d8 to a Serpent: A, then choose it.",
        expect: &["d8d9r"],
        hint: "Move the pawn to d9 and choose the Serpent in the picker.",
        then: "The Serpent+ checks along rank 9 and the Ajaw has no square left: checkmate, White wins. No legal move without check is stalemate, a draw; so are 50 quiet moves each and a third repetition (A4, A5, A7).",
        after: None,
    },
    LessonStep {
        title: "Temple",
        position: "k8/4+K4/9/9/9/9/9/9/9 w",
        say: "Your Ajaw crossed the river: it is a Warrior Ajaw (+K). Step onto Black's temple, e9.",
        expect: &["e8e9"],
        hint: "Step the Warrior Ajaw from e8 to e9.",
        then: "If it still stands on the temple after Black's next move, White wins. Mate, stalemate or a draw come first (A6).",
        after: None,
    },
];
