//! Che's lesson: the four kinds, turning a tile to fit, two tiles a move, closing a
//! region, and the largest region when the tiles run out.

use chek_ui::widgets::Key;
use chek_ui::LessonStep;

/// The lesson's steps.
pub static STEPS: [LessonStep; 6] = [
    LessonStep {
        title: "Four kinds",
        position: "- W 0",
        say: "A tile has two corner caps and a band between them. White places the first tile: A takes it, the crank turns it through the four kinds, A places it.",
        expect: &["0,0,WL", "0,0,WR", "0,0,BL", "0,0,BR"],
        hint: "Place a tile of any kind on the marked cell.",
        then: "White bands are White's, blue bands Blue's; L tiles have their caps at two corners, R tiles at the other two (H1).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "Fit",
        position: "0,0,WR B 0",
        say: "You are Blue now. A tile goes beside a placed one, and every edge it shares must match colours. Place one on the marked cell.",
        expect: &["1,0,WL", "1,0,BR"],
        hint: "Only two kinds fit on the marked cell: turn the tile until the edges match, then A.",
        then: "Only the kinds that match fit: the crank offers just those (H5).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "Two a move",
        position: "0,0,WR;1,0,WL B 1",
        say: "After the first move each move is two tiles. Place Blue's second tile anywhere it fits.",
        expect: &[],
        hint: "Place a tile on any free cell where it fits.",
        then: "Two tiles a move; B lifts the first back before the second is down. The tiles need not touch each other (H4).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "Close a region",
        position: "0,1,WL;-1,0,WL;0,0,WR;1,0,WL;0,-1,WL B 0",
        say: "Three blue caps meet at the marked corner. Close the blue ring with a fourth tile: a closed region wins for its colour.",
        expect: &["1,-1,WR"],
        hint: "Place a WR tile on the marked cell: its cap completes the ring.",
        then: "A closed blue region: Blue wins at once. Close only your colour: close both and you lose, close only theirs and they win (H6, H7).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "Tiles run out",
        position: "-3,3,BL;-2,3,BR;-1,3,WR;0,3,BR;1,3,WR;2,3,BR;3,3,WR;4,3,BR;-3,2,WL;-2,2,BL;-1,2,BR;0,2,WR;1,2,WL;2,2,BL;3,2,BR;4,2,WR;-3,1,BL;-2,1,WL;-1,1,BL;0,1,BR;1,1,BL;2,1,BR;3,1,WR;4,1,BR;-3,0,WL;-2,0,WR;-1,0,BR;0,0,WR;1,0,WL;2,0,BL;3,0,BR;4,0,WR;-3,-1,WR;-2,-1,WL;-1,-1,BL;0,-1,WL;1,-1,BL;2,-1,BR;3,-1,WR;4,-1,WL;-3,-2,BR;-2,-2,BL;-1,-2,WL;0,-2,BL;1,-2,WL;2,-2,BL;3,-2,BR;4,-2,BL;-3,-3,WR;-2,-3,WL;-1,-3,WR;0,-3,WL;1,-3,WR;2,-3,WL;3,-3,BL;4,-3,WL;-3,-4,BR;-2,-4,WR;0,-4,WR;1,-4,BR;2,-4,BL;3,-4,WL;4,-4,WR W 0",
        say: "63 of the 64 tiles are down and nothing is closed. Place the last tile in the gap, turned so that it closes nothing.",
        expect: &["-1,-4,BR"],
        hint: "That closed a region. Turn the tile in the gap to BR, which closes nothing.",
        then: "All 64 tiles are down with nothing closed, so the largest regions decide: a region counts the bands in it. Blue's is larger: Blue wins (H8).",
        after: None,
        seed: None,
        key: None,
    },
    LessonStep {
        title: "Threats",
        position: "0,1,WL;-1,0,WL;0,0,WR;1,0,WL;0,-1,WL B 0",
        say: "Before a move, B shows the threats: a ring on each cell where one tile would close a region. Then place a tile that closes nothing.",
        expect: &[],
        hint: "Place a tile somewhere that does not close a region.",
        then: "Watch the rings: a black ring closes a blue region, a white ring a White one. Leave your rival none.",
        after: None,
        seed: None,
        key: Some(Key::B),
    },
];
