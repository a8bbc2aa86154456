//! How hard an alpha-beta looks, and which of its refinements it uses.

/// How hard an alpha-beta looks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// The deepest iteration, in turns.
    pub max_depth: u8,
    /// After this many nodes no deeper iteration starts or continues (depth 1 always
    /// completes).
    pub max_nodes: u32,
    /// The most noisy actions searched past the nominal depth along a line (0: no
    /// quiescence).
    pub quiescence: u8,
    /// The most extensions along a line.
    pub extensions: u8,
    /// The transposition table's size in bytes (0: none).
    pub table_bytes: usize,
    /// Search every root action with a full window, so that each gets its exact score
    /// (for a softmax choice); otherwise only the best is exact.
    pub exact_root: bool,
    /// The refinements of the plain search it uses.
    pub features: Features,
}

/// The refinements of plain alpha-beta. Each is kept for a game only where it won a
/// sequential test against the search without it; [`Features::NONE`] is the plain
/// search of the first release, kept so that its levels stay reproducible.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Features {
    /// Principal-variation search: after the first action, the others are tried with a
    /// null window (is it better?) and searched again in full only when they are.
    pub pvs: bool,
    /// Two quiet actions per ply that cut off a sibling are tried early.
    pub killers: bool,
    /// Quiet actions that cut off anywhere are tried earlier (the evaluator's slots).
    pub history: bool,
    /// Late quiet actions are searched a turn shallower first (late-move reductions),
    /// and again at full depth when they look good.
    pub reductions: bool,
    /// Where the evaluator can pass the turn (never in zugzwang-prone positions), a
    /// shallow search after a pass that still holds beta cuts the node.
    pub null_move: bool,
    /// From the third iteration, the root searches a window of this many score units
    /// around the last iteration's value first (0: the full window).
    pub aspiration: u16,
    /// The table keeps two entries a slot: the deepest, and the most recent.
    pub buckets: bool,
    /// A node generates its noisy actions alone first (the evaluator's
    /// [`Evaluator::noisy_into`](crate::Evaluator::noisy_into)), and the quiet ones
    /// only if none of those cuts: a node cut by a capture never generates or orders
    /// the rest. Without history the order is the same as without stages, so the
    /// search is too (only cheaper); the evaluator's noisy list must then be exactly
    /// its noisy actions, in the legal list's order.
    pub staged: bool,
    /// Static scores are kept by state key, so a leaf met again (another order of the
    /// same actions) is not scored again. It never changes a value, only the cost.
    pub score_cache: bool,
    /// The transposition table is kept from one decision of a player to its next
    /// ([`crate::Thinker::keep_table`]): the search below the action played, and below
    /// the reply it expected, starts already known.
    pub keep: bool,
    /// Within three turns of the leaves, a node neither in check nor bound to capture
    /// whose static score stands past its bound by the evaluator's
    /// [`futility_margin`](crate::Evaluator::futility_margin) a turn left is cut at
    /// once (reverse futility pruning), without a list of its actions.
    pub futility: bool,
    /// A turn from the leaves, where a node's static score falls short of its bound by
    /// more than the evaluator's futility margin, its quiet actions after the first are
    /// not searched (futility pruning): only a noisy action (a capture, a promotion)
    /// or a killer still is.
    pub prune: bool,
    /// Within two turns of the leaves, a node that is neither in check nor bound to
    /// capture searches only its first [`late_moves`](super::late_moves) actions'
    /// worth of quiet ones (late-move pruning): its noisy actions and its killers
    /// are searched wherever they stand.
    pub lmp: bool,
    /// A node at least three turns from the leaves that the table knows no best action
    /// for is searched a turn shallower (internal iterative reduction): its order is a
    /// guess, and the next iteration will find it again with an action to try first.
    pub iir: bool,
    /// Late-move reductions grow with the node's depth and the action's place in its
    /// order ([`late_reduction`](super::late_reduction)), not one turn for all.
    pub deep_lmr: bool,
}

impl Features {
    /// The plain search of the first release.
    pub const NONE: Features = Features {
        pvs: false,
        killers: false,
        history: false,
        reductions: false,
        null_move: false,
        aspiration: 0,
        buckets: false,
        staged: false,
        score_cache: false,
        keep: false,
        futility: false,
        prune: false,
        lmp: false,
        iir: false,
        deep_lmr: false,
    };

    /// Every refinement, with an aspiration window of a half-pawn's 50 units.
    pub const ALL: Features = Features {
        pvs: true,
        killers: true,
        history: true,
        reductions: true,
        null_move: true,
        aspiration: 50,
        buckets: true,
        staged: true,
        score_cache: true,
        keep: true,
        futility: true,
        prune: true,
        lmp: true,
        iir: true,
        deep_lmr: true,
    };

    /// The refinements that never change a search's values, only how soon it gets
    /// them (the others prune on guesses, or bring what an earlier search stored).
    pub const EXACT: Features = Features {
        pvs: true,
        killers: true,
        history: true,
        aspiration: 50,
        buckets: true,
        staged: true,
        score_cache: true,
        ..Features::NONE
    };

    /// The names of the refinements, as the arena's player names write them
    /// (`hard-lmr`: Hard without late-move reductions).
    pub const NAMES: [&'static str; 15] = [
        "pvs",
        "killers",
        "history",
        "lmr",
        "null",
        "aspiration",
        "buckets",
        "staged",
        "scores",
        "keep",
        "futility",
        "prune",
        "lmp",
        "iir",
        "lmr2",
    ];

    /// These features with the one `name`d turned on or off; `None` for an unknown name.
    #[must_use]
    pub fn with(self, name: &str, on: bool) -> Option<Features> {
        let mut f = self;
        match name {
            "pvs" => f.pvs = on,
            "killers" => f.killers = on,
            "history" => f.history = on,
            "lmr" => f.reductions = on,
            "null" => f.null_move = on,
            "aspiration" => f.aspiration = if on { 50 } else { 0 },
            "buckets" => f.buckets = on,
            "staged" => f.staged = on,
            "scores" => f.score_cache = on,
            "keep" => f.keep = on,
            "futility" => f.futility = on,
            "prune" => f.prune = on,
            "lmp" => f.lmp = on,
            "iir" => f.iir = on,
            "lmr2" => f.deep_lmr = on,
            _ => return None,
        }
        Some(f)
    }

    /// The names of the features that are on, in [`Features::NAMES`]' order (as a
    /// spec's `+NAME` suffixes write them).
    pub fn on_names(self) -> impl Iterator<Item = &'static str> {
        Features::NAMES.into_iter().filter(move |name| self.has(name))
    }

    /// Whether the feature `name`d is on.
    pub fn has(self, name: &str) -> bool {
        match name {
            "pvs" => self.pvs,
            "killers" => self.killers,
            "history" => self.history,
            "lmr" => self.reductions,
            "null" => self.null_move,
            "aspiration" => self.aspiration > 0,
            "buckets" => self.buckets,
            "staged" => self.staged,
            "scores" => self.score_cache,
            "keep" => self.keep,
            "futility" => self.futility,
            "prune" => self.prune,
            "lmp" => self.lmp,
            "iir" => self.iir,
            "lmr2" => self.deep_lmr,
            _ => false,
        }
    }
}
