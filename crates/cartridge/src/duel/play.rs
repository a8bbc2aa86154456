//! A two-seat game as the App plays it: [`chek_ui::Play`] for every [`Duel`].

use alloc::format;
use alloc::string::String;

use chek_engine::code::{CodeChars, CodeError};
use chek_engine::{Game, Notation, Payoffs, Seat};
use chek_ui::catalog::seat_name;
use chek_ui::hint::HintThought;
use chek_ui::records::Figures;
use chek_ui::save::Saved;
use chek_ui::{Clock, Command, Ending, Frame, GameInfo, Play, View};
use embedded_graphics::prelude::Point;
use embedded_graphics::primitives::Rectangle;

use super::{Board, Duel};

impl<B: Board> Duel<B> {
    /// The seats at the table.
    fn table(&self) -> chek_engine::Seats {
        B::INFO.setups.first().map(|s| s.seats).unwrap_or_default()
    }
}

impl<B: Board> Play for Duel<B> {
    fn info(&self) -> &'static GameInfo {
        B::INFO
    }

    fn variant(&self) -> usize {
        B::variant(self.state())
    }

    fn session(&self) -> &dyn chek_ui::session::SessionInfo {
        &self.session
    }

    fn setup(&self) -> usize {
        0
    }

    // Not inlined into the cartridge's dispatch: each game's frame stays its own, so
    // the device's stack holds one game's, not the sum of all (xtask stack).
    #[inline(never)]
    fn update(&mut self, command: &Command, now: u32) -> chek_ui::sound::Cues {
        let before = <B::Before as super::Snapshot<B>>::of(self);
        self.on_board(command, now);
        super::Snapshot::cues(&before, self, command)
    }

    fn draw(&self, f: &mut Frame, view: &View) {
        B::draw(self, f, view);
    }

    fn busy(&self, _now: u32) -> bool {
        false
    }

    fn cpu_to_act(&self) -> bool {
        self.cpu_to_move()
    }

    fn aiming(&self) -> bool {
        B::aiming(self)
    }

    fn is_over(&self) -> bool {
        self.seat_to_move().is_none()
    }

    fn end_by_agreement(&mut self) -> Result<(), String> {
        B::end_by_agreement(self)
    }

    fn ending(&self) -> Ending {
        let Some(payoffs) = self.state().payoffs() else { return Ending::default() };
        let verdict = match payoffs.sole_winner() {
            Some(winner) => format!("{} wins!", seat_name(B::INFO, winner)),
            None => String::from("Draw"),
        };
        Ending { reason: B::reason(self.state()), verdict }
    }

    fn end_words(&self) -> (&'static str, &'static str) {
        B::end_words()
    }

    fn end_terms(&self) -> [&'static str; 2] {
        B::end_terms(self)
    }

    fn draw_scores(&self, f: &mut Frame, at: Point) {
        (B::DRAW_SCORES)(f, self.state(), at);
    }

    fn turn(&self) -> (Seat, String) {
        let seat = self.to_act();
        (seat, format!("{}'s turn", seat_name(B::INFO, seat)))
    }

    fn to_act(&self) -> Seat {
        self.seat_to_move().unwrap_or_default()
    }

    fn save(&self) -> Saved {
        super::save::saved(self)
    }

    fn score_line(&self) -> String {
        B::score_line(self.state())
    }

    fn take_back_seat(&self) -> Option<Seat> {
        self.session.take_back_seat(self.table())
    }

    fn take_back(&mut self) -> bool {
        let Some(n) = self.session.take_back_point(self.table()) else { return false };
        self.rewind(n);
        true
    }

    fn payoffs(&self) -> Option<Payoffs> {
        self.state().payoffs()
    }

    fn figures(&self) -> Figures {
        Duel::figures(self)
    }

    fn share_code(&self) -> Result<CodeChars, CodeError> {
        super::Coded::share_code(self.state())
    }

    // A frame of its own on the device's small stack (see `cargo xtask stack`).
    #[inline(never)]
    fn think_hint(&mut self, clock: Option<Clock>) -> Option<HintThought> {
        if self.cpu_to_move() || self.seat_to_move().is_none() {
            self.hint = None;
            return None;
        }
        let at = self.plies();
        let seed = crate::search::hint_seed(self.session.seed, at);
        let state = super::DuelRecord::now(&self.session.now().record);
        let nodes = B::slice_nodes(state);
        if self.hint.as_ref().is_none_or(|(asked, _)| *asked != at) {
            self.hint = Some((at, super::CpuTurn::start(chek_ai::Level::Hard, state, seed, 0)));
        }
        let (_, turn) = self.hint.as_mut()?;
        Some(HintThought::of(turn.think(clock, nodes, chek_ai::Level::Hard), || turn.progress()))
    }

    fn mark_assisted(&mut self) {
        self.session.assisted = true;
    }

    fn rewind_to(&mut self, n: usize) {
        self.rewind(n);
    }

    fn value_next(&mut self) -> Option<chek_engine::PerSeat<f32>> {
        use crate::search::Tunable;
        let state = super::DuelRecord::now(&self.session.walk()?.record);
        Some(match state.payoffs() {
            Some(payoffs) => payoffs.values(),
            None => {
                let weights = B::Weights::level_spec(chek_ai::Level::Hard).map_or(B::Weights::DEFAULT, |s| s.weights);
                chek_ai::Evaluator::values(&B::Eval::from(weights), state)
            }
        })
    }

    fn cells_of(&self, decision: &str) -> [Option<Rectangle>; 2] {
        match self.state().parse_action(decision) {
            Ok(mv) => B::cells_of(self, mv),
            Err(_) => [None, None],
        }
    }

    fn card_area(&self) -> Rectangle {
        B::card_area(self)
    }
}
