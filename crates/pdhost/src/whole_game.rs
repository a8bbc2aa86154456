//! How the whole-game tests play each game through the console's inputs, the same on
//! the Simulator library and on the emulated device: where the game is on the title,
//! what the new-game screen is set to, and how a person's turn is pressed.

/// One game as a whole-game test plays it: a person in the first seat against CPU
/// hard in the second.
#[derive(Clone, Copy, Debug)]
pub struct WholeGame {
    /// The game's id (its save is `save-<id>.bin`).
    pub id: &'static str,
    /// The game's (or variant's) name, as the test reports it.
    pub name: &'static str,
    /// Presses of right on the title to reach it.
    pub rights: usize,
    /// Its number in saves, and the variant's.
    pub save_id: u8,
    /// The variant's number in saves.
    pub variant: u8,
    /// Presses of right on each row of the new-game screen, from the top: the rules
    /// where there is a choice, then each seat's kind (3: CPU hard).
    pub rows: &'static [usize],
    /// Pieces (or tiles) moved in a turn, each found with the crank and played with
    /// `presses` presses of A: Checkers' A confirms each landing (the first one
    /// offered); Chak's third A takes the picker's choice if a pawn promotes; Che takes
    /// a tile and places it, twice a move after the first; Chek picks up and moves,
    /// and B then ends its chain.
    pub picks: usize,
    /// Presses of A for each pick.
    pub presses: usize,
    /// Frames for the CPU's reply: thinking in slices, then its move shown.
    pub reply_frames: usize,
    /// The most turns a game takes.
    pub turns: usize,
}

impl WholeGame {
    /// Whether a turn ends with B (Chek's chain).
    pub fn ends_turn_with_b(&self) -> bool {
        self.id == "chek"
    }
}

/// Every game and rule set, in the title's order.
pub const WHOLE_GAMES: [WholeGame; 5] = [
    WholeGame {
        id: "chek",
        name: "Chek",
        rights: 0,
        save_id: 0,
        variant: 0,
        rows: &[0, 0, 0, 3],
        picks: 1,
        presses: 2,
        reply_frames: 200,
        turns: 600,
    },
    WholeGame {
        id: "checkers",
        name: "Checkers",
        rights: 1,
        save_id: 1,
        variant: 0,
        rows: &[0, 0, 3],
        picks: 1,
        presses: 13,
        reply_frames: 400,
        turns: 300,
    },
    // English draughts: the second rules; Dark (the CPU) moves first.
    WholeGame {
        id: "checkers",
        name: "English draughts",
        rights: 1,
        save_id: 1,
        variant: 1,
        rows: &[1, 0, 3],
        picks: 1,
        presses: 13,
        reply_frames: 400,
        turns: 300,
    },
    WholeGame {
        id: "chak",
        name: "Chak",
        rights: 2,
        save_id: 2,
        variant: 0,
        rows: &[0, 3],
        picks: 1,
        presses: 3,
        reply_frames: 400,
        turns: 300,
    },
    WholeGame {
        id: "che",
        name: "Che",
        rights: 3,
        save_id: 3,
        variant: 0,
        rows: &[0, 3],
        picks: 2,
        presses: 2,
        reply_frames: 600,
        turns: 64,
    },
];

/// The two-seat games of [`WHOLE_GAMES`] (all but Chek).
pub fn two_seat_games() -> &'static [WholeGame] {
    &WHOLE_GAMES[1..]
}
