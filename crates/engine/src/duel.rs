//! What every game of two sides taking turns without chance writes the same way:
//! the pair of sides, and the parts of [`crate::Game`] that follow from "the side to
//! move plays one of its moves until the game has ended". Checkers, Chak and Che use
//! both; each writes only what its own rules decide.

/// Declares a two-sided `enum` (the first side seat 0, the second seat 1) with the
/// questions every game asks of its sides: `ALL` (in seat order),
/// `other`, `seat`, `of_seat` and `name` (the variant's name, as the screen shows
/// it). The game's own questions (which way is forward, its notation's letter) go in
/// an `impl` block of its own.
///
/// ```
/// chek_engine::two_sides! {
///     /// Who plays: Red moves first.
///     pub enum Side { Red, Green }
/// }
/// assert_eq!(Side::ALL, [Side::Red, Side::Green]);
/// use chek_engine::Seat;
/// assert_eq!((Side::Red.other(), Side::Green.seat()), (Side::Green, Seat::SECOND));
/// assert_eq!((Side::of_seat(Seat::SECOND), Side::of_seat(Seat::ALL[2])), (Some(Side::Green), None));
/// assert_eq!(Side::Green.name(), "Green");
/// ```
#[macro_export]
macro_rules! two_sides {
    ($(#[$doc:meta])* $vis:vis enum $side:ident { $first:ident, $second:ident $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        $vis enum $side {
            #[doc = concat!(stringify!($first), ", seat 0.")]
            $first = 0,
            #[doc = concat!(stringify!($second), ", seat 1.")]
            $second = 1,
        }

        impl $side {
            /// Both sides, in seat order.
            pub const ALL: [$side; 2] = [$side::$first, $side::$second];

            /// The other side.
            pub const fn other(self) -> $side {
                match self {
                    $side::$first => $side::$second,
                    $side::$second => $side::$first,
                }
            }

            /// The side's seat: the first side plays first.
            pub const fn seat(self) -> $crate::Seat {
                match self {
                    $side::$first => $crate::Seat::FIRST,
                    $side::$second => $crate::Seat::SECOND,
                }
            }

            /// The side playing `seat` (the first or the second).
            pub const fn of_seat(seat: $crate::Seat) -> Option<$side> {
                match seat.index() {
                    0 => Some($side::$first),
                    1 => Some($side::$second),
                    _ => None,
                }
            }

            /// The side's name on the screen.
            pub const fn name(self) -> &'static str {
                match self {
                    $side::$first => stringify!($first),
                    $side::$second => stringify!($second),
                }
            }
        }
    };
}

/// Writes, inside a game's `impl Game for State`, what follows from "the side to move
/// plays one of its moves until the game has ended": the associated types (no chance
/// outcome), `to_act`, `legal`, `legal_into`, `apply` and `payoffs` (the winner takes
/// all, a draw is shared). The state has a field `end: Option<_>` and the methods
/// `to_move()` (a side with `seat()`), `moves_into(&mut list)` (the legal moves),
/// `play(action)` and `winner()`. The game writes the rest: `hash`, `max_steps` and its
/// checks.
#[macro_export]
macro_rules! duel_turns {
    ($action:ty, $actions:ty) => {
        type Action = $action;
        type Outcome = ();
        type Actions = $actions;

        fn to_act(&self) -> $crate::ToAct {
            match self.end {
                Some(_) => $crate::ToAct::Over,
                None => $crate::ToAct::Seat(self.to_move().seat()),
            }
        }

        fn legal(&self) -> $actions {
            let mut list = <$actions>::default();
            self.moves_into(&mut list);
            list
        }

        fn legal_into(&self, out: &mut $actions) {
            self.moves_into(out);
        }

        fn apply(&mut self, step: $crate::Step<$action, ()>) {
            if let $crate::Step::Act(action) = step {
                self.play(action);
            }
        }

        fn payoffs(&self) -> Option<$crate::Payoffs> {
            self.end?;
            Some(match self.winner() {
                Some(side) => $crate::Payoffs::winner(side.seat()),
                None => $crate::Payoffs::shared($crate::Seats::TWO),
            })
        }
    };
}
