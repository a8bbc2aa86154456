//! One node of the line being searched: its state, its actions and where it stands.

use chek_engine::{Game, Outcomes};

/// Who decides at a node, from the root seat's view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    /// The root seat: the highest value.
    Max,
    /// Its rival: the lowest.
    Min,
    /// Chance: the weighted mean.
    Chance,
}

/// How the child under way is being searched again (principal-variation search and
/// late-move reductions search a child first on a guess).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Retry {
    /// The first search of the child.
    First,
    /// Again at full depth, after a reduced search looked good.
    Unreduced,
    /// Again with the node's whole window, after a null window looked good.
    Full,
}

/// Where a node's null move stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Null {
    /// None is tried here.
    Skip,
    /// One is to be tried before the node's actions.
    Pending,
    /// It is being searched.
    Searching,
}

/// Which of a node's actions its list holds: they are generated in stages, so that a
/// node cut early never generates (or orders) the rest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stage {
    /// Only the table's action (checked legal); the others follow.
    Table,
    /// The noisy actions (the table's left out); the quiet ones follow
    /// ([`super::Features::staged`]).
    Noisy,
    /// Every action not searched in an earlier stage: the last stage.
    Rest,
}

/// Where a frame stands in the search: its depth, window and budgets.
#[derive(Clone, Copy)]
pub(super) struct Place {
    pub depth: u8,
    pub ply: u8,
    pub alpha: i32,
    pub beta: i32,
    pub quiescent: bool,
    pub noisy_left: u8,
    pub extensions: u8,
    pub streak: u8,
    /// The node was reached by a null move (no second one in a row).
    pub after_null: bool,
}

/// A node of the line.
#[derive(Clone)]
pub(super) struct Frame<G: Game> {
    pub state: G,
    pub kind: Kind,
    pub actions: G::Actions,
    pub outcomes: Outcomes<G::Outcome>,
    pub total: i64,
    pub sum: i64,
    pub next: usize,
    pub alpha: i32,
    pub beta: i32,
    pub alpha0: i32,
    pub beta0: i32,
    pub best: i32,
    pub best_action: Option<G::Action>,
    pub depth: u8,
    pub ply: u8,
    pub quiescent: bool,
    pub noisy_left: u8,
    pub extensions: u8,
    pub streak: u8,
    pub after_null: bool,
    pub key: u64,
    /// How the child under way is searched, and whether it was reduced or given a
    /// null window on its first search.
    pub retry: Retry,
    pub reduced: bool,
    pub scout: bool,
    pub null: Null,
    /// Which actions `actions` holds: the stages before the last are generated one at
    /// a time, each once the one before was searched without a cut.
    pub stage: Stage,
    /// The table's action, when the first stage held it.
    pub table_action: Option<G::Action>,
    /// The children searched so far (across the stages).
    pub searched: usize,
    /// A turn from the leaves and too far below its bound for a quiet action to
    /// matter ([`super::Features::prune`]).
    pub futile: bool,
    /// Quiet actions after this many children are not searched
    /// ([`super::Features::lmp`]; `usize::MAX`: all are).
    pub late: usize,
}

impl<G: Game> Frame<G> {
    /// A frame for `state` (its other fields are set when it is opened).
    pub fn holding(state: G) -> Frame<G> {
        Frame {
            state,
            kind: Kind::Max,
            actions: G::Actions::default(),
            outcomes: Outcomes::new(),
            total: 0,
            sum: 0,
            next: 0,
            alpha: 0,
            beta: 0,
            alpha0: 0,
            beta0: 0,
            best: 0,
            best_action: None,
            depth: 0,
            ply: 0,
            quiescent: false,
            noisy_left: 0,
            extensions: 0,
            streak: 0,
            after_null: false,
            key: 0,
            retry: Retry::First,
            reduced: false,
            scout: false,
            null: Null::Skip,
            stage: Stage::Rest,
            table_action: None,
            searched: 0,
            futile: false,
            late: usize::MAX,
        }
    }

    /// Opens the frame as a node of `kind` at `place`, its best so far `best` (its
    /// state, actions and outcomes are set by the caller).
    pub fn open(&mut self, kind: Kind, key: u64, place: Place, best: i32) {
        let Place { depth, ply, alpha, beta, quiescent, noisy_left, extensions, streak, after_null } = place;
        self.kind = kind;
        self.total = 0;
        self.sum = 0;
        self.next = 0;
        self.alpha = alpha;
        self.beta = beta;
        self.alpha0 = alpha;
        self.beta0 = beta;
        self.best = best;
        self.best_action = None;
        self.depth = depth;
        self.ply = ply;
        self.quiescent = quiescent;
        self.noisy_left = noisy_left;
        self.extensions = extensions;
        self.streak = streak;
        self.after_null = after_null;
        self.key = key;
        self.retry = Retry::First;
        self.reduced = false;
        self.scout = false;
        self.null = Null::Skip;
        self.stage = Stage::Rest;
        self.table_action = None;
        self.searched = 0;
        self.futile = false;
        self.late = usize::MAX;
    }
}
