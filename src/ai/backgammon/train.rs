//! TD(λ) self-play training (Tesauro): the net plays both sides at 0-ply; after each game every
//! position the side on roll faced is moved towards its λ-return (offline TD(λ)): the outcome
//! blended with the net's own later estimates, `G_t = (1-λ) V_{t+1} + λ G_{t+1}`, each seen from
//! the side on roll at `t` (inverted when the turn passes to the other side).
//!
//! When both sides are home and each has borne off a checker the game stops: the bear-off
//! database gives the exact value, which becomes the return. The dice of game `g` come from
//! `(seed, g)` only, so a run is reproducible and resumes exactly from a checkpoint (the net
//! stores how many games it was trained on).

use super::bearoff;
use super::eval::{Evaluator, Probabilities, Scoring, finished_value};
use super::game::{NetAgent, Solo, game_seed, play_game};
use super::inputs::{BASE_INPUTS, NUM_INPUTS};
use super::levels::Level;
use super::net::{Net, Scratch};
use super::search::{GameRules, Variant};
use crate::backgammon::Position;
use crate::dice::SeededDice;

/// Training settings.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub variant: Variant,
    pub hidden: usize,
    pub seed: u64,
    /// Initial learning rate.
    pub alpha: f32,
    /// Lowest learning rate.
    pub alpha_min: f32,
    /// The learning rate halves every this many games.
    pub alpha_half_life: f64,
    pub lambda: f32,
    /// Inputs of a fresh net (`inputs::is_supported`).
    pub inputs: usize,
}

impl TrainConfig {
    pub fn new(variant: Variant, seed: u64) -> TrainConfig {
        TrainConfig {
            variant,
            hidden: 80,
            seed,
            alpha: 0.1,
            alpha_min: 0.01,
            alpha_half_life: 300_000.0,
            lambda: 0.7,
            inputs: BASE_INPUTS,
        }
    }
}

/// A net being trained.
pub struct Trainer {
    pub net: Net,
    pub cfg: TrainConfig,
    pub rules: GameRules,
    scratch: Scratch,
    /// Positions trained on so far in this process.
    pub positions: u64,
}

impl Trainer {
    /// A trainer for `net`, or a fresh random net from the seed.
    pub fn new(cfg: TrainConfig, net: Option<Net>) -> Trainer {
        let net = net.unwrap_or_else(|| Net::random(cfg.inputs, cfg.hidden, cfg.seed ^ 0x5EED));
        let rules = GameRules::new(cfg.variant);
        Trainer { net, cfg, rules, scratch: Scratch::default(), positions: 0 }
    }

    /// The learning rate for the next game.
    pub fn alpha(&self) -> f32 {
        let a = self.cfg.alpha as f64 * 0.5f64.powf(self.net.games as f64 / self.cfg.alpha_half_life);
        (a as f32).max(self.cfg.alpha_min)
    }

    /// Plays one self-play game and learns from it. Returns the number of positions trained on.
    pub fn game(&mut self) -> usize {
        let g = self.net.games;
        let mut dice = SeededDice::new(game_seed(self.cfg.seed, g));
        let mut states: Vec<(Position, usize)> = Vec::with_capacity(128);
        let mut stopped_at_db = false;
        let result = {
            let mut agent = NetAgent { net: &self.net, level: Level::Advanced, seed: 0 };
            let mut players = Solo(&mut agent);
            play_game(&mut players, &self.rules, &mut dice, 0, &mut |p, side| {
                states.push((*p, side));
                if bearoff::applies(p) && p.off(false) > 0 && p.off(true) > 0 {
                    stopped_at_db = true;
                    return false;
                }
                true
            })
        };
        self.net.games += 1;
        let mut ev = Evaluator::new(&self.net, Scoring::Standard);
        // The final return, seen from the side on roll in the last trained state.
        let (train_len, z) = match (result, stopped_at_db) {
            (Some(r), _) => {
                let p = finished_value(&r.last, Scoring::Standard).probabilities;
                let last_side = states.last().map(|s| s.1).unwrap_or(r.winner);
                (states.len(), if last_side == r.winner { p } else { p.invert() })
            }
            (None, true) if states.len() >= 2 => {
                let (p, side) = states[states.len() - 1];
                let q = ev.probabilities(&p);
                let prev = states[states.len() - 2].1;
                (states.len() - 1, if prev == side { q } else { q.invert() })
            }
            _ => return 0,
        };
        let values: Vec<Probabilities> = states[..train_len].iter().map(|(p, _)| ev.probabilities(p)).collect();
        let lambda = self.cfg.lambda;
        let mut targets = vec![Probabilities::default(); train_len];
        targets[train_len - 1] = z;
        for t in (0..train_len - 1).rev() {
            let next = values[t + 1].mix(1.0 - lambda, &targets[t + 1], lambda);
            targets[t] = if states[t].1 == states[t + 1].1 { next } else { next.invert() };
        }
        let inputs: Vec<[f32; NUM_INPUTS]> = states[..train_len].iter().map(|(p, _)| *ev.inputs(p)).collect();
        drop(ev);
        let alpha = self.alpha();
        for (x, t) in inputs.iter().zip(&targets) {
            self.net.train(x, &t.to_array(), alpha, &mut self.scratch);
        }
        self.positions += train_len as u64;
        train_len
    }
}
