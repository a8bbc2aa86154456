//! What a game tells the search: how good a state is, and which of its actions to look
//! at first, or at all.

use chek_engine::{Game, PerSeat, Seat};

/// One value per seat; seats not at the table hold 0.
pub type Values = PerSeat<f32>;

/// A game's evaluation, passed into the search. Only [`Evaluator::values`] is
/// required; the rest tune a search and default to doing nothing.
pub trait Evaluator<G: Game> {
    /// Each seat's chance of winning from `state`, which is not over: the leaves of
    /// [`crate::Expectimax`], and by default of [`crate::AlphaBeta`].
    fn values(&self, state: &G) -> Values;

    /// The root a search starts from: `state` as it is, or as the game would have a
    /// search see it (Checkers' and Chak's, where a position met again may count as a
    /// draw). Written straight into the search, so no second copy of `state` is made.
    fn search_root(&self, state: &G) -> G {
        state.clone()
    }

    /// This evaluator for a search from `root` (one that narrows its actions by how
    /// far a node is from the root keeps the root); by default itself.
    #[must_use]
    fn for_root(self, root: &G) -> Self
    where
        Self: Sized,
    {
        let _ = root;
        self
    }

    /// How many nodes a search from `root` may spend, given the level's `max_nodes`:
    /// by default those. A game whose nodes cost more in some positions than in others
    /// (more pieces to move) can give the cheap positions more, so that each decision
    /// spends about the same instructions.
    fn nodes_from(&self, _root: &G, max_nodes: u32) -> u32 {
        max_nodes
    }

    /// A score for `seat` in `state` (not over) for [`crate::AlphaBeta`]: higher is
    /// better, 0 is even, within ±[`crate::alphabeta::MAX_EVAL`]. By default the win
    /// chance over the best rival's, in ten-thousandths.
    fn score(&self, state: &G, seat: Seat) -> i32 {
        let values = self.values(state);
        let own = values[seat];
        let rival =
            values.iter().filter(|&(s, _)| s != seat && state.seats().contains(s)).map(|(_, &v)| v).fold(0.0, f32::max);
        ((own - rival) * 10_000.0) as i32
    }

    /// Narrows the actions the search looks at in `state` (never to none). `me` is the
    /// seat the search decides for; `streak` counts the decisions of the same turn
    /// before this one that went on after a chance node or a step within the turn
    /// (Chek: the chain attacks made so far).
    fn considered(&self, state: &G, me: Seat, streak: u8, actions: &mut G::Actions) {
        let _ = (state, me, streak, actions);
    }

    /// How far a rival deciding in `state` among `actions` is modelled at its best for
    /// itself (the rest at its average reply); `default` is the search's setting.
    fn rival_best(&self, state: &G, actions: &[G::Action], default: f32) -> f32 {
        let _ = (state, actions);
        default
    }

    /// Whether `action` is noisy (a capture, a promotion): quiescence searches these
    /// past the nominal depth.
    fn noisy(&self, state: &G, action: G::Action) -> bool {
        let _ = (state, action);
        false
    }

    /// Whether `action` is legal in `state`, for a game that can tell cheaply (without
    /// generating every action); `None` if it cannot. A search then tries the
    /// table's action before it generates the others, which a cut may spare.
    fn is_legal(&self, state: &G, action: G::Action) -> Option<bool> {
        let _ = (state, action);
        None
    }

    /// Writes exactly the legal noisy actions of `state` into `out` (what was there is
    /// replaced) and says true, for a game that can generate them alone (cheaper than
    /// every action, then [`Evaluator::noisy`]); false leaves `out` to the search.
    fn noisy_into(&self, state: &G, out: &mut G::Actions) -> bool {
        let _ = (state, out);
        false
    }

    /// Whether the seat to act in `state` must play a noisy action (Checkers'
    /// compulsory captures): quiescence then searches its noisy actions without the
    /// stand-pat, which would let it decline them.
    fn forced(&self, state: &G) -> bool {
        let _ = state;
        false
    }

    /// A key for trying `action` early (higher first): captures of valuable pieces,
    /// threats.
    fn order(&self, state: &G, action: G::Action) -> i32 {
        let _ = (state, action);
        0
    }

    /// Whether `state`, just reached, deserves another ply (a check, say). Asked of a
    /// node's own state, it says the node is in check: its actions are not reduced.
    fn extend(&self, state: &G) -> bool {
        let _ = state;
        false
    }

    /// How many history slots the game's actions fall into (0: no history ordering).
    fn history_slots(&self) -> usize {
        0
    }

    /// The history slot of `action` in `state` (say, its from and to squares), below
    /// [`Evaluator::history_slots`].
    fn history_slot(&self, state: &G, action: G::Action) -> Option<usize> {
        let _ = (state, action);
        None
    }

    /// Whether the seat to act in `state` may pass for a null move: never in check,
    /// nor where passing could be better than any move (zugzwang: Checkers, pawn
    /// endings).
    fn can_pass(&self, state: &G) -> bool {
        let _ = state;
        false
    }

    /// `state` with its turn passed to the rival (not a legal action: only the null
    /// move of [`crate::AlphaBeta`] asks for it).
    fn pass(&self, state: &G) -> Option<G> {
        let _ = state;
        None
    }

    /// How far, in score units a turn of depth, a quiet position's static score may
    /// be from what a search of it finds: near the leaves a node whose score stands
    /// past its bound by this much a turn left is cut at once (reverse futility,
    /// [`crate::alphabeta::Features::futility`]). 0, by default: never.
    fn futility_margin(&self) -> i32 {
        0
    }
}
