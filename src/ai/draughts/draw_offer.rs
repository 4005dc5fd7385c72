//! The computer's answer to a draw offered by the player on move (RU-AI-DRAW-OFFER).
//!
//! The rule, one place for the worker and every other caller: the computer (the side *not* to
//! move) accepts only when it stands worse —
//! - by the search: its score (the negation of the mover's) is [`WORSE_BY`] hundredths of a man
//!   or more below level, or the search finds a forced loss for it; or
//! - by material: it has fewer pieces and no more kings, or fewer kings and no more pieces, and
//!   the search's score is not in its favour.
//!
//! It never accepts when level or ahead, so an offer at move 0 is declined.

use super::{Clock, Engine, Limits, Score, SearchRoot};

/// How far below level (hundredths of a man) the computer's score must be for it to accept on
/// the search alone.
pub const WORSE_BY: i32 = 30;

/// How long the computer thinks about an offer (ms).
pub const THINK_MS: f64 = 300.0;

/// Whether the computer, not on move in `root`, accepts the mover's draw offer; `None` when the
/// game is over (there is nothing to offer a draw in).
pub fn accepts_draw(engine: &mut Engine, root: &SearchRoot, clock: &dyn Clock) -> Option<bool> {
    let limits = Limits { depth: None, nodes: None, time_ms: Some(THINK_MS) };
    let result = engine.analyze(root, &limits, clock)?;
    Some(accepts_with(root, result.score()))
}

/// The rule for a given search score (the mover's view), without the search.
pub fn accepts_with(root: &SearchRoot, mover_score: Score) -> bool {
    let mover = root.position.turn();
    let me = root.position.count(mover.opposite());
    let them = root.position.count(mover);
    let behind_in_material =
        (me.total() < them.total() && me.kings <= them.kings) || (me.kings < them.kings && me.total() <= them.total());
    match mover_score {
        // the mover wins by force: the computer loses
        Score::WinIn(_) => true,
        Score::LossIn(_) => false,
        Score::Centi(c) => {
            let mine = -c;
            mine <= -WORSE_BY || (behind_in_material && mine <= 0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::draughts::StdClock;
    use crate::draughts::Position;

    fn root(fen: &str) -> SearchRoot {
        SearchRoot::new(Position::from_fen(fen).unwrap())
    }

    /// RU-AI-DRAW-OFFER: at move 0 the computer is level and declines.
    #[test]
    fn a_draw_offered_at_the_start_is_declined() {
        let r = SearchRoot::new(Position::start());
        assert_eq!(accepts_draw(&mut Engine::new(4), &r, &StdClock::new()), Some(false));
        assert!(!accepts_with(&r, Score::Centi(0)));
    }

    /// RU-AI-DRAW-OFFER: worse by the search (30 hundredths or a forced loss) accepts; better
    /// or level declines.
    #[test]
    fn the_computer_accepts_only_when_it_stands_worse() {
        let r = SearchRoot::new(Position::start());
        assert!(accepts_with(&r, Score::Centi(WORSE_BY)));
        assert!(!accepts_with(&r, Score::Centi(WORSE_BY - 1)));
        assert!(accepts_with(&r, Score::WinIn(9)));
        assert!(!accepts_with(&r, Score::LossIn(9)));
        assert!(!accepts_with(&r, Score::Centi(-500)));
    }

    /// RU-AI-DRAW-OFFER: a man down (and no more kings), a level score is enough; a man up,
    /// a small deficit by the search is not.
    #[test]
    fn material_behind_accepts_a_level_score() {
        // White (the player) to move has three men, Black (the computer) two
        let behind = root("W:Wc3,e3,g3:Bb8,d8");
        assert!(accepts_with(&behind, Score::Centi(0)));
        assert!(!accepts_with(&behind, Score::Centi(-1)));
        // Black has three, White two: the computer is ahead in material
        let ahead = root("W:Wc3,e3:Bb8,d8,f8");
        assert!(!accepts_with(&ahead, Score::Centi(10)));
        assert!(accepts_with(&ahead, Score::Centi(WORSE_BY)));
        // fewer kings, as many pieces: behind
        let kings = root("W:WKc3,e3:Bb8,d8");
        assert!(accepts_with(&kings, Score::Centi(0)));
    }

    /// A game that is over has nothing to offer a draw in.
    #[test]
    fn no_answer_when_the_game_is_over() {
        let r = root("W:Wh2:Bg3,f4");
        assert_eq!(accepts_draw(&mut Engine::new(4), &r, &StdClock::new()), None);
    }
}
