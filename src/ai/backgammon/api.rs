//! The computer opponent on a [`Game`] of the rules engine: what the JS bindings call, with no
//! logic of their own. Each function reads the game's phase, position, dice and options, and
//! returns a choice the bindings apply with the engine's own calls (`Game::play_position`,
//! `Game::choose_doubles`, `Game::double`/`take`/`pass`).

use super::cube::{CubeAdvice, CubeOwner, CubeState, MatchScore};
use super::levels::Level;
use super::rollout::{RolloutConfig, RolloutError, RolloutResult};
use super::search::{Candidate, GameRules, Segment};
use super::{Evaluation, Hint};
use crate::backgammon::{Game, Phase, Player};

/// The dice and segment of the play being made, if the game waits for a play: the engine's
/// part of the turn ([`Game::turn_part`]) and the dice of that part ([`Game::dice`]: a rolled
/// pair, or the chosen doubles four times).
pub(crate) fn play_context(game: &Game) -> Option<(u8, u8, Segment)> {
    let part = game.turn_part()?;
    let dice = game.dice();
    Some((*dice.first()?, *dice.get(1)?, Segment::of_part(part)))
}

/// The computer's play for the player on turn (phase `Move`; steps already taken this turn are
/// ignored: the choice is made from the start of the dice). Apply it with
/// `game.play_position(&c.play.result)`. `None` if the game does not wait for a play.
pub fn best_play_for_game(game: &Game, level: Level, seed: u64) -> Option<Candidate> {
    let (d1, d2, segment) = play_context(game)?;
    let rules = GameRules::from_options(game.options());
    Some(super::best_play(&game.turn_start_position(), d1, d2, segment, &rules, level, seed))
}

/// The ranked plays for the player on turn (phase `Move`), valued at up to `ply` plies.
pub fn hint_for_game(game: &Game, ply: u8) -> Option<Vec<Hint>> {
    let (d1, d2, segment) = play_context(game)?;
    let rules = GameRules::from_options(game.options());
    Some(super::hint(&game.turn_start_position(), d1, d2, segment, &rules, ply))
}

/// Acey-deucey, phase `ChooseDoubles`: the doubles to choose.
pub fn choose_doubles_for_game(game: &Game, level: Level) -> Option<u8> {
    if game.phase() != Phase::ChooseDoubles {
        return None;
    }
    let rules = GameRules::from_options(game.options());
    Some(super::choose_doubles(&game.position(), &rules, level))
}

/// A cubeless rollout of the position [`evaluate_game`] values (the player on turn, before his
/// roll), played by the net of the game's rules ([`super::rollout`]); `stop` is asked between
/// groups of trials. `None` when no one is on roll ([`Game::player_on_roll`]: the opening, a
/// finished game).
pub fn rollout_for_game(
    game: &Game,
    cfg: &RolloutConfig,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Result<RolloutResult, RolloutError>> {
    game.player_on_roll()?;
    let rules = GameRules::from_options(game.options());
    Some(super::rollout::rollout(&game.turn_start_position(), None, &rules, cfg, stop))
}

/// The evaluation of the current position for the player on turn (before his roll if he has not
/// rolled; during a play, of the position at the start of the dice, still before rolling them).
pub fn evaluate_game(game: &Game, ply: u8) -> Evaluation {
    let rules = GameRules::from_options(game.options());
    super::evaluate(&game.turn_start_position(), &rules, ply)
}

/// The cube as the player on turn sees it.
pub fn cube_state(game: &Game) -> CubeState {
    cube_state_for(game, game.turn())
}

/// The cube as `player` sees it: who owns it from his side, its value (at least 1), whether the
/// Jacoby rule is in force, and the match score with his points first. The cube advice, the
/// analysis and the answer to a resignation all read the cube through this one function.
pub fn cube_state_for(game: &Game, player: Player) -> CubeState {
    let o = game.options();
    let c = game.cube();
    let owner = match c.owner {
        None => CubeOwner::Centered,
        Some(p) if p == player => CubeOwner::Mover,
        Some(_) => CubeOwner::Opponent,
    };
    let score = (o.match_length > 0).then(|| {
        let s = game.score();
        MatchScore {
            length: o.match_length,
            mover: s[player.index()],
            opponent: s[player.other().index()],
            crawford: game.is_crawford(),
        }
    });
    CubeState { value: c.value.max(1), owner, jacoby: o.jacoby_in_force(), score }
}

/// Cube advice for the player on turn (who may double before rolling; during phase
/// `CubeDecision` the player on turn is the doubler and `take` says whether his opponent
/// should take). `None` when the cube is not in play in this game.
pub fn cube_action_for_game(game: &Game, ply: u8) -> Option<CubeAdvice> {
    if !game.cube().enabled {
        return None;
    }
    let rules = GameRules::from_options(game.options());
    Some(super::cube_action(&game.position(), &rules, &cube_state(game), ply))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::{MatchStart, Options, Position};
    use crate::dice::Dice;

    /// One cube, two views: the player on turn's view is `cube_state`, and the other player's
    /// view has the owner from his side and the score the other way round (what the answer to a
    /// resignation reads).
    #[test]
    fn each_player_sees_the_same_cube_from_his_side() {
        let options = Options { match_length: 7, ..Options::default() };
        let mut g = Game::from_position(Position::start(), Player::White, options, Dice::seeded(3));
        g.restore_match(MatchStart {
            score: [2, 4],
            cube_value: 2,
            cube_owner: Some(Player::Black),
            crawford: false,
            crawford_done: false,
        });
        let white = cube_state_for(&g, Player::White);
        let black = cube_state_for(&g, Player::Black);
        assert_eq!(cube_state(&g), cube_state_for(&g, g.turn()));
        assert_eq!(white.owner, CubeOwner::Opponent);
        assert_eq!(black.owner, CubeOwner::Mover);
        assert_eq!((white.value, black.value), (2, 2));
        let (ws, bs) = (white.score.unwrap(), black.score.unwrap());
        assert_eq!((ws.mover, ws.opponent, ws.length), (2, 4, 7));
        assert_eq!(bs, ws.swapped());
        g.restore_match(MatchStart {
            score: [2, 4],
            cube_value: 1,
            cube_owner: None,
            crawford: false,
            crawford_done: false,
        });
        assert_eq!(cube_state_for(&g, Player::Black).owner, CubeOwner::Centered);
        assert_eq!(cube_state_for(&g, Player::White).value, 1);
    }
}
