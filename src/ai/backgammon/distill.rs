//! Supervised refinement ("distillation"): the net's 0-ply output is trained towards its own
//! deeper evaluation. Positions come from the net's self-play; each is labelled with the
//! `ply`-deep probabilities of the same net ([`super::search::Searcher::on_roll`]), and the net
//! is then fitted to the labels by plain back-propagation over shuffled epochs. Only our own
//! play and search are the teacher.
//!
//! Positions settled by the bear-off database are not labelled (the search never asks the net
//! about them). Everything is deterministic from the seed: game `g` uses the dice of
//! `(seed, g)`, and an epoch's order comes from `(seed, epoch)`.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

use super::bearoff;
use super::eval::{Probabilities, Scoring};
use super::game::{NetAgent, Solo, game_seed, play_game};
use super::inputs::{NUM_INPUTS, encode_for};
use super::levels::Level;
use super::net::{Adam, Gradient, Net, OUTPUTS, Ranking, Scratch};
use super::search::{GameRules, Next, Searcher, Segment};
use crate::backgammon::Position;
use crate::dice::SeededDice;

/// A position (side on roll, before his roll) and the probabilities it should have.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub pos: Position,
    pub target: [f32; OUTPUTS],
}

impl Sample {
    /// Bytes per sample in a samples file: board (26), off (2), unentered (2), 5 × f32 (LE).
    pub const BYTES: usize = 30 + 4 * OUTPUTS;

    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend(self.pos.board.iter().map(|&b| b as u8));
        out.extend_from_slice(&self.pos.off);
        out.extend_from_slice(&self.pos.unentered);
        for t in self.target {
            out.extend_from_slice(&t.to_le_bytes());
        }
    }

    /// Reads a sample written by [`Sample::write`]; `None` if `b` is shorter than
    /// [`Sample::BYTES`] or the position is not a valid one.
    pub fn read(b: &[u8]) -> Option<Sample> {
        if b.len() < Self::BYTES {
            return None;
        }
        let mut pos = Position::empty();
        for (d, &s) in pos.board.iter_mut().zip(&b[..26]) {
            *d = s as i8;
        }
        pos.off = [b[26], b[27]];
        pos.unentered = [b[28], b[29]];
        let mine: i32 = pos.board.iter().filter(|&&c| c > 0).map(|&c| c as i32).sum::<i32>()
            + (pos.off[0] + pos.unentered[0]) as i32;
        let theirs: i32 = pos.board.iter().filter(|&&c| c < 0).map(|&c| -(c as i32)).sum::<i32>()
            + (pos.off[1] + pos.unentered[1]) as i32;
        if mine != 15 || theirs != 15 {
            return None;
        }
        let mut target = [0.0f32; OUTPUTS];
        for (k, t) in target.iter_mut().enumerate() {
            let at = 30 + 4 * k;
            *t = f32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
        }
        Some(Sample { pos, target })
    }

    /// Every sample of a samples file; `None` unless it is whole samples, each a valid one.
    pub fn read_all(b: &[u8]) -> Option<Vec<Sample>> {
        if b.len() % Self::BYTES != 0 {
            return None;
        }
        b.chunks(Self::BYTES).map(Sample::read).collect()
    }
}

/// Self-play game `g` of the net at 0-ply; every position its side on roll faced (outside the
/// bear-off database) labelled with the net's `ply`-deep probabilities, appended to `out`.
pub fn label_game(net: &Net, rules: &GameRules, seed: u64, g: u64, ply: u8, out: &mut Vec<Sample>) {
    let mut dice = SeededDice::new(game_seed(seed, g));
    let mut positions: Vec<Position> = Vec::with_capacity(128);
    {
        let mut agent = NetAgent { net, level: Level::Advanced, seed: 0 };
        let mut players = Solo(&mut agent);
        play_game(&mut players, rules, &mut dice, (g & 1) as usize, &mut |p, _| {
            if bearoff::applies(p) {
                return false;
            }
            positions.push(*p);
            true
        });
    }
    let mut s = Searcher::new(net, *rules);
    for p in positions {
        out.push(Sample { pos: p, target: s.on_roll(&p, ply).probabilities.to_array() });
    }
}

/// Siblings of the game position `p` (side on roll): the plays of one roll drawn from `index`,
/// ranked at 0 ply by `net`, and of them the best two and one drawn from the rest, each result
/// labelled with the net's `ply`-deep probabilities for the opponent, now on roll. Appended to
/// `out` as three consecutive samples, or not at all when the roll has fewer than three plays or
/// one of the three does not simply pass the turn (it ends the game or the mover rolls again),
/// or reaches the bear-off database (the net is never asked there).
///
/// The game positions teach the net the plays it chose; siblings teach it the alternatives it
/// must rank them against at 0 ply, where it picks a play by their values.
pub fn label_siblings(net: &Net, rules: &GameRules, index: u64, p: &Position, ply: u8, out: &mut Vec<Sample>) {
    let mut rng = Pcg32::seed_from_u64(index);
    let (d1, d2) = (rng.next_u32() % 6 + 1, rng.next_u32() % 6 + 1);
    let mut s = Searcher::new(net, *rules);
    let ranked = s.rank(p, d1 as u8, d2 as u8, Segment::Roll, 0);
    if ranked.len() < 3 {
        return;
    }
    let other = 2 + rng.next_u32() as usize % (ranked.len() - 2);
    let picks = [&ranked[0], &ranked[1], &ranked[other]];
    let passes =
        |r: &&super::search::Ranked| r.candidate.next == Next::Opponent && !bearoff::applies(&r.candidate.play.result);
    if !picks.iter().all(passes) {
        return;
    }
    // A searcher of its own for the labels: the ranking set a work limit on `s` that three deep
    // labels of a position with many plays could pass, and a label must never be cut short.
    let mut labeller = Searcher::new(net, *rules);
    for r in picks {
        let q = r.candidate.play.result.flip();
        out.push(Sample { pos: q, target: labeller.on_roll(&q, ply).probabilities.to_array() });
    }
}

/// The samples' indices in an order shuffled from `(seed, epoch)`.
fn shuffled(n: usize, seed: u64, epoch: u64) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    let mut rng = Pcg32::seed_from_u64(game_seed(seed, epoch));
    for i in (1..order.len()).rev() {
        let j = ((rng.next_u32() as u64 * (i as u64 + 1)) >> 32) as usize;
        order.swap(i, j);
    }
    order
}

/// One epoch of fitting `net` to `samples` with learning rate `alpha`, in an order shuffled
/// from `(seed, epoch)`. Returns the mean squared error over the epoch (before each step).
pub fn fit_epoch(net: &mut Net, samples: &[Sample], alpha: f32, seed: u64, epoch: u64) -> f64 {
    let mut x = [0.0f32; NUM_INPUTS];
    let mut scratch = Scratch::default();
    let mut err = 0.0f64;
    for i in shuffled(samples.len(), seed, epoch) {
        let s = &samples[i as usize];
        encode_for(&s.pos, &mut x, net.inputs());
        let out = net.forward(&x, &mut scratch);
        err += out.iter().zip(&s.target).map(|(o, t)| ((o - t) * (o - t)) as f64).sum::<f64>();
        net.train(&x, &s.target, alpha, &mut scratch);
    }
    err / samples.len().max(1) as f64
}

/// Three siblings of one roll as [`label_siblings`] appends them.
pub type Siblings = [Sample; 3];

/// The groups of siblings in `v`, consecutive samples three at a time as [`label_siblings`]
/// appends them; `None` if `v` does not hold whole groups.
pub fn sibling_groups(v: &[Sample]) -> Option<Vec<Siblings>> {
    if v.len() % 3 != 0 {
        return None;
    }
    Some(v.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect())
}

/// The ranking term for siblings under `scoring`: each sibling is scored by the mover's
/// equity, the negated equity of its probabilities (the opponent is on roll there).
pub fn sibling_ranking(scoring: Scoring, weight: f32, temperature: f32) -> Ranking {
    Ranking { slopes: Probabilities::equity_slopes(scoring).map(|s| -s), weight, temperature }
}

/// How a net chooses among groups of siblings, measured against their labels
/// ([`sibling_choice`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SiblingChoice {
    /// Groups measured.
    pub groups: usize,
    /// The mean loss of the net's pick: the labels' best mover equity minus the label of the
    /// sibling the net ranks first (0 when it always picks the labels' best).
    pub loss: f64,
    /// The share of groups where the net picks the labels' best.
    pub best: f64,
    /// The root mean squared difference between the net's and the label's mover equity.
    pub rms: f64,
}

/// How `net` at `ply` would choose among each group of siblings ([`label_siblings`]), against
/// the groups' labels, every sibling valued by the mover's equity under `rules` (the negated
/// equity of the opponent on roll). What 0-ply play is judged on, without a duel's noise.
pub fn sibling_choice(net: &Net, rules: &GameRules, groups: &[Siblings], ply: u8) -> SiblingChoice {
    let scoring = rules.scoring();
    let mut searcher = Searcher::new(net, *rules);
    let (mut loss, mut best, mut squares) = (0.0f64, 0usize, 0.0f64);
    for g in groups {
        let label = g.map(|s| -Probabilities::from_outputs(&s.target).equity(scoring));
        let ours = g.map(|s| -searcher.on_roll(&s.pos, ply).equity);
        // The first of equal values, as a ranking keeps the first of equal plays.
        let first = |v: &[f32; 3]| (0..3).fold(0, |b, i| if v[i] > v[b] { i } else { b });
        let (pick, top) = (first(&ours), first(&label));
        loss += (label[top] - label[pick]) as f64;
        best += usize::from(label[pick] == label[top]);
        squares += (0..3).map(|i| ((ours[i] - label[i]) as f64).powi(2)).sum::<f64>();
    }
    let n = groups.len().max(1) as f64;
    SiblingChoice { groups: groups.len(), loss: loss / n, best: best as f64 / n, rms: (squares / (3.0 * n)).sqrt() }
}

/// What an epoch of [`fit_epoch_adam`] fits: single samples, and groups of siblings, each
/// group one unit of the shuffle; with `rank`, each group is also fitted on how it orders its
/// members ([`Net::add_group_gradient`]; see [`sibling_ranking`]).
#[derive(Clone, Copy, Debug)]
pub struct FitSet<'a> {
    pub samples: &'a [Sample],
    pub siblings: &'a [Siblings],
    pub rank: Option<Ranking>,
}

impl<'a> FitSet<'a> {
    /// Single samples only.
    pub fn samples(samples: &'a [Sample]) -> FitSet<'a> {
        FitSet { samples, siblings: &[], rank: None }
    }
}

/// One epoch of fitting `net` to `set` by [`Adam`] on the outputs' cross-entropy (and the
/// ranking term of `set.rank`), one step per `batch` units (a sample or a group of siblings)
/// of an order shuffled from `(seed, epoch)`, with learning rate `lr`. `adam` carries its
/// moments from epoch to epoch. Returns the mean squared error over the epoch's samples (each
/// sample's before its batch's step).
///
/// This fits far closer than [`fit_epoch`]'s per-sample steps on the squared error, whose
/// gradient fades where an output nears 0 or 1 and whose one rate suits no weight well.
pub fn fit_epoch_adam(
    net: &mut Net,
    set: &FitSet,
    adam: &mut Adam,
    lr: f32,
    batch: usize,
    seed: u64,
    epoch: u64,
) -> f64 {
    let singles = set.samples.len();
    let mut xs = [[0.0f32; NUM_INPUTS]; 3];
    let mut scratch = Scratch::default();
    let mut g = Gradient::default();
    let mut err = 0.0f64;
    for part in shuffled(singles + set.siblings.len(), seed, epoch).chunks(batch.max(1)) {
        for &u in part {
            let u = u as usize;
            if u < singles {
                let s = &set.samples[u];
                encode_for(&s.pos, &mut xs[0], net.inputs());
                err += net.add_gradient(&xs[0], &s.target, &mut scratch, &mut g) as f64;
                continue;
            }
            let group = &set.siblings[u - singles];
            for (x, s) in xs.iter_mut().zip(group) {
                encode_for(&s.pos, x, net.inputs());
            }
            match &set.rank {
                Some(rank) => {
                    let refs: [&[f32]; 3] = [&xs[0], &xs[1], &xs[2]];
                    let targets = group.map(|s| s.target);
                    err += net.add_group_gradient(&refs, &targets, rank, &mut scratch, &mut g) as f64;
                }
                None => {
                    for (x, s) in xs.iter().zip(group) {
                        err += net.add_gradient(x, &s.target, &mut scratch, &mut g) as f64;
                    }
                }
            }
        }
        adam.step(net, &mut g, lr);
    }
    err / (singles + 3 * set.siblings.len()).max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::backgammon::Variant;

    fn small_net() -> Net {
        Net::random(NUM_INPUTS, 8, 3)
    }

    #[test]
    fn samples_round_trip_through_bytes() {
        let net = small_net();
        let rules = GameRules::new(Variant::Backgammon);
        let mut v = Vec::new();
        label_game(&net, &rules, 1, 0, 0, &mut v);
        assert!(!v.is_empty());
        let mut bytes = Vec::new();
        for s in &v {
            s.write(&mut bytes);
        }
        assert_eq!(bytes.len(), v.len() * Sample::BYTES);
        let back: Vec<Sample> = bytes.chunks(Sample::BYTES).map(|c| Sample::read(c).unwrap()).collect();
        assert_eq!(back, v);
        assert_eq!(Sample::read_all(&bytes), Some(v.clone()));
        assert_eq!(Sample::read_all(&bytes[1..]), None);
    }

    #[test]
    fn labels_are_probabilities_and_deterministic() {
        let net = small_net();
        let rules = GameRules::new(Variant::Backgammon);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        label_game(&net, &rules, 9, 4, 1, &mut a);
        label_game(&net, &rules, 9, 4, 1, &mut b);
        assert_eq!(a, b);
        for s in &a {
            assert!(s.target.iter().all(|t| (0.0..=1.0).contains(t)), "{:?}", s.target);
        }
    }

    #[test]
    fn sibling_choice_is_nil_against_the_net_s_own_labels_and_sees_a_swap() {
        let net = small_net();
        let rules = GameRules::new(Variant::Backgammon);
        let mut games = Vec::new();
        label_game(&net, &rules, 5, 0, 0, &mut games);
        let mut v = Vec::new();
        for (i, g) in games.iter().enumerate() {
            label_siblings(&net, &rules, i as u64, &g.pos, 0, &mut v);
        }
        let groups = sibling_groups(&v).unwrap();
        assert!(groups.len() > 5, "{} groups", groups.len());
        let own = sibling_choice(&net, &rules, &groups, 0);
        assert_eq!(own.groups, groups.len());
        assert!(own.loss.abs() < 1e-6 && own.best == 1.0 && own.rms < 1e-5, "{own:?}");
        // the labels of the best two swapped: the net's pick now has the second-best label
        let swapped: Vec<Siblings> = groups
            .iter()
            .map(|g| {
                let mut g = *g;
                (g[0].target, g[1].target) = (g[1].target, g[0].target);
                g
            })
            .collect();
        let s = sibling_choice(&net, &rules, &swapped, 0);
        assert!(s.loss > 0.0 && s.best < 1.0 && s.rms > 0.0, "{s:?}");
        // at 1 ply the net's values are its 1-ply ones, not the 0-ply labels
        assert!(sibling_choice(&net, &rules, &groups, 1).rms > 0.0);
    }

    #[test]
    fn siblings_are_three_plays_of_one_roll_labelled_for_the_opponent() {
        let net = small_net();
        let rules = GameRules::new(Variant::Backgammon);
        let mut games = Vec::new();
        label_game(&net, &rules, 3, 0, 0, &mut games);
        let (mut groups, mut a) = (0, Vec::new());
        for (i, g) in games.iter().enumerate() {
            let before = a.len();
            label_siblings(&net, &rules, i as u64, &g.pos, 1, &mut a);
            let new = &a[before..];
            assert!(new.is_empty() || new.len() == 3, "{} samples", new.len());
            if new.is_empty() {
                continue;
            }
            groups += 1;
            // the best two plays of one roll at 0 ply and another of its plays, each seen by
            // the opponent on roll
            let mut s = Searcher::new(&net, rules);
            let rolls: Vec<(u8, u8)> = (1..=6u8).flat_map(|x| (x..=6).map(move |y| (x, y))).collect();
            let of_one_roll = rolls.iter().any(|&(x, y)| {
                let ranked = s.rank(&g.pos, x, y, Segment::Roll, 0);
                let after = |k: usize| ranked[k].candidate.play.result.flip();
                ranked.len() >= 3
                    && new[0].pos == after(0)
                    && new[1].pos == after(1)
                    && (2..ranked.len()).any(|k| new[2].pos == after(k))
            });
            assert!(of_one_roll, "siblings of one roll");
            for smp in new {
                let fresh = Searcher::new(&net, rules).on_roll(&smp.pos, 1);
                assert_eq!(smp.target, fresh.probabilities.to_array());
                assert!(!bearoff::applies(&smp.pos));
            }
        }
        assert!(groups > games.len() / 2, "{groups} groups of {} positions", games.len());
        let mut b = Vec::new();
        for (i, g) in games.iter().enumerate() {
            label_siblings(&net, &rules, i as u64, &g.pos, 1, &mut b);
        }
        assert_eq!(a, b, "deterministic");
    }

    /// The positions of four games of [`small_net`], labelled by it at 0 ply.
    fn four_games() -> Vec<Sample> {
        let rules = GameRules::new(Variant::Backgammon);
        let mut v = Vec::new();
        for g in 0..4 {
            label_game(&small_net(), &rules, 2, g, 0, &mut v);
        }
        v
    }

    #[test]
    fn fitting_reduces_the_error() {
        let v = four_games();
        // Targets from a different net: a fresh net has something to learn.
        let mut net = Net::random(NUM_INPUTS, 8, 11);
        let first = fit_epoch(&mut net, &v, 0.1, 5, 0);
        let mut last = first;
        for e in 1..6 {
            last = fit_epoch(&mut net, &v, 0.1, 5, e);
        }
        assert!(last < first * 0.8, "error {first} -> {last}");
    }

    /// Fitted with the ranking term, a net orders each group of siblings more as the labels
    /// do (a lower listwise cross-entropy over the groups) than fitted on the same groups
    /// sample by sample; the groups come in threes and nothing else is taken for them.
    #[test]
    fn the_ranking_term_orders_siblings_as_their_labels() {
        // the shipped net as the teacher, so that the siblings' values differ as in play
        let (teacher, rules) = (crate::ai::backgammon::net(Variant::Backgammon), GameRules::new(Variant::Backgammon));
        let mut games = Vec::new();
        for g in 0..2 {
            label_game(teacher, &rules, 4, g, 0, &mut games);
        }
        let mut v = Vec::new();
        for (i, g) in games.iter().enumerate() {
            label_siblings(teacher, &rules, i as u64, &g.pos, 0, &mut v);
        }
        assert!(sibling_groups(&v[1..]).is_none());
        let groups = sibling_groups(&v).unwrap();
        assert!(groups.len() > 40, "{} groups", groups.len());
        let rank = sibling_ranking(Scoring::Standard, 1.0, 0.05);
        let listwise = |net: &Net| {
            let mut x = [0.0f32; NUM_INPUTS];
            let mut s = Scratch::default();
            let mut total = 0.0f64;
            for g in &groups {
                let score =
                    |o: [f32; OUTPUTS]| o.iter().zip(&rank.slopes).map(|(a, b)| a * b).sum::<f32>() as f64 / 0.05;
                let outs: Vec<f64> = g
                    .iter()
                    .map(|m| {
                        encode_for(&m.pos, &mut x, net.inputs());
                        score(net.forward(&x, &mut s))
                    })
                    .collect();
                let labels: Vec<f64> = g.iter().map(|m| score(m.target)).collect();
                let soft = |v: &[f64]| {
                    let top = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    let z: f64 = v.iter().map(|a| (a - top).exp()).sum();
                    v.iter().map(|a| (a - top).exp() / z).collect::<Vec<f64>>()
                };
                let (p, q) = (soft(&outs), soft(&labels));
                total -= (0..3).map(|i| q[i] * p[i].ln()).sum::<f64>();
            }
            total / groups.len() as f64
        };
        let fit = |rank: Option<Ranking>| {
            let (mut net, mut adam) = (Net::random(NUM_INPUTS, 8, 11), Adam::default());
            let set = FitSet { samples: &[], siblings: &groups, rank };
            for e in 0..8 {
                fit_epoch_adam(&mut net, &set, &mut adam, 0.01, 8, 5, e);
            }
            net
        };
        let (pointwise, ranked) = (listwise(&fit(None)), listwise(&fit(Some(rank))));
        assert!(ranked < pointwise * 0.9, "listwise loss: pointwise fit {pointwise}, ranked fit {ranked}");
        // a zero weight fits as the samples one by one do, in the same order
        assert_eq!(fit(None), fit(Some(Ranking { weight: 0.0, ..rank })));
    }

    #[test]
    fn adam_fits_closer_than_plain_steps_in_as_many_epochs() {
        let v = four_games();
        let (mut plain, mut fitted) = (Net::random(NUM_INPUTS, 8, 11), Net::random(NUM_INPUTS, 8, 11));
        let mut adam = Adam::default();
        let (mut a, mut b) = (0.0, 0.0);
        for e in 0..6 {
            a = fit_epoch(&mut plain, &v, 0.1, 5, e);
            b = fit_epoch_adam(&mut fitted, &FitSet::samples(&v), &mut adam, 0.01, 16, 5, e);
        }
        assert!(b < a * 0.8, "plain {a}, adam {b}");
        // the same seed gives the same net
        let (mut again, mut adam2) = (Net::random(NUM_INPUTS, 8, 11), Adam::default());
        for e in 0..6 {
            fit_epoch_adam(&mut again, &FitSet::samples(&v), &mut adam2, 0.01, 16, 5, e);
        }
        assert_eq!(again, fitted);
    }
}
