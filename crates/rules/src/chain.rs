//! Chain and link: inside a turn, after a conflict (C11–C13; V1 takes links away).

use crate::{Position, Square, SquareSet};

impl Position {
    /// C12: the active group: the controller's pieces 8-way connected to the active
    /// piece, through which links can pass the active role. Without links (V1) only
    /// the active piece. Empty outside the chain.
    pub fn active_group(&self) -> SquareSet {
        let Some(chain) = self.chain else {
            return SquareSet::EMPTY;
        };
        let own = self.pieces[chain.controller];
        let mut group = chain.active.set() & own;
        if !self.variant.has_links() {
            return group;
        }
        loop {
            let grown = group.grown8() & own;
            if grown == group {
                return group;
            }
            group = grown;
        }
    }

    /// C12: the controller's pieces the active role can pass to in one LINK step: its
    /// own pieces that are 8-way neighbours of the active piece. None without links
    /// (V1).
    pub fn link_targets(&self) -> SquareSet {
        match self.chain {
            Some(chain) if self.variant.has_links() => chain.active.neighbours8() & self.pieces[chain.controller],
            _ => SquareSet::EMPTY,
        }
    }

    /// C11: opponent pieces the active piece itself could chain-attack (its 8-way
    /// neighbours; in Chek Simple only where the support allows it, V2).
    pub fn active_targets(&self) -> SquareSet {
        match self.chain {
            Some(chain) => self.chain_targets_from(chain.active.set()),
            None => SquareSet::EMPTY,
        }
    }

    /// C11, C12: opponent pieces that some piece of the active group can chain-attack.
    pub fn chain_targets(&self) -> SquareSet {
        self.chain_targets_from(self.active_group())
    }

    fn chain_targets_from(&self, group: SquareSet) -> SquareSet {
        let Some(chain) = self.chain else {
            return SquareSet::EMPTY;
        };
        let targets = group.grown8() & self.opponents_of(chain.controller);
        if self.variant.has_dice() {
            return targets;
        }
        targets.iter().filter(|&to| self.takes(chain.controller, to, true)).collect()
    }

    /// C13: the chain ends by itself when there is no chain attack to make: no piece of
    /// the active group has an opponent as an 8-way neighbour (in Chek Simple: none it
    /// has the support to take, V2).
    pub fn chain_ends_by_itself(&self) -> bool {
        self.chain_targets().is_empty()
    }

    /// C12: a LINK step: the active role passes to `to`, one of the controller's pieces
    /// that is an 8-way neighbour of the active piece. Pieces do not move.
    ///
    /// # Errors
    /// `None` outside the chain state or if `to` is not a link target.
    pub fn link(&self, to: Square) -> Option<Position> {
        let chain = self.chain?;
        if !self.link_targets().contains(to) {
            return None;
        }
        let mut next = *self;
        next.chain = Some(crate::Chain { active: to, ..chain });
        Some(next)
    }
}
