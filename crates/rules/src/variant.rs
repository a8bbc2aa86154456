//! The designer's named variants (V1–V3): the same board and setups, other conflict
//! rules, and in Chek Nights cards for pieces.

use core::fmt;

/// Which rules a position is played by. The variant is part of the position: the
/// notation's last token `rules:basic`, `rules:simple` or `rules:nights` (none for
/// Standard).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[repr(u8)]
pub enum Variant {
    /// Chek: the rules C1–C19.
    #[default]
    Standard = 0,
    /// V1 Chek Basic: no bully (C7) and no link (C12).
    Basic = 1,
    /// V2 Chek Simple: no dice; an attack needs more support than the defender and
    /// always wins; a seat left with one piece is out.
    Simple = 2,
    /// V3 Chek Nights: cards for pieces; strength around the contested card adds to
    /// the dice (N1–N6).
    Nights = 3,
}

impl Variant {
    /// Every variant, in the order the new-game screen lists them.
    pub const ALL: [Variant; 4] = [Variant::Standard, Variant::Basic, Variant::Simple, Variant::Nights];

    /// The id for the command line and the notation: `standard`, `basic`, `simple`,
    /// `nights`.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Basic => "basic",
            Variant::Simple => "simple",
            Variant::Nights => "nights",
        }
    }

    /// The variant with this id.
    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.id() == id)
    }

    /// The name for people: "Chek", "Chek Basic", "Chek Simple", "Chek Nights".
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Chek",
            Variant::Basic => "Chek Basic",
            Variant::Simple => "Chek Simple",
            Variant::Nights => "Chek Nights",
        }
    }

    /// Whether the bully bonus applies (C7; not in Basic, Simple counts support
    /// instead and Nights strength, N4).
    pub const fn has_bully(self) -> bool {
        matches!(self, Variant::Standard)
    }

    /// Whether the active role can pass to touching allies (C12; not in Basic).
    pub const fn has_links(self) -> bool {
        !matches!(self, Variant::Basic)
    }

    /// Whether conflicts roll dice (C6; not in Simple).
    pub const fn has_dice(self) -> bool {
        !matches!(self, Variant::Simple)
    }

    /// Whether the pieces are cards (V3 Chek Nights, N1).
    pub const fn has_cards(self) -> bool {
        matches!(self, Variant::Nights)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
