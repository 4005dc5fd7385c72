//! A small fully connected network: inputs → sigmoid hidden layer → 5 sigmoid outputs, with
//! hand-written f32 inference and training.
//!
//! **Identical natively and in wasm.** Only IEEE-754 additions, multiplications, divisions,
//! `floor` and bit manipulation are used, in a fixed order (Rust never contracts `a * b + c`
//! into a fused multiply-add), and the exponential is our own ([`exp`]), not the platform's
//! libm. Vectorisation of the per-hidden-unit loops does not change any result because every
//! hidden unit is an independent sum over the inputs in the same order.
//!
//! Hidden sums skip zero inputs (most of the board encoding is zero), so a forward pass costs
//! about (non-zero inputs) × (hidden units) multiply-adds.
//!
//! File format (little endian): `b"TBNN"`, `u32` version (1), `u32` inputs, `u32` hidden,
//! `u32` outputs (5), `u64` training games, then f32 arrays: hidden weights (input-major:
//! `inputs × hidden`), hidden biases, output weights (`outputs × hidden`), output biases.
//! Version 2 stores the same arrays as IEEE f16. Version 3 (8-bit) stores them as rows — one
//! per input of the hidden weights, the hidden biases, one per output of the output weights —
//! each an f32 scale then `i8` values (weight = value × scale, the scale being the row's
//! largest magnitude / 127), and the output biases as f32. Version 4 (8-bit, square law) has
//! version 3's layout, but each row's f32 is its largest magnitude `m` and a stored value `q`
//! stands for `m · (q / 127) · |q / 127|`: the levels crowd near zero, where most weights are,
//! and thin out towards the row's few large ones.

use crate::dice::SplitMix64;

/// The number of outputs: win, win gammon, win backgammon, lose gammon, lose backgammon.
pub const OUTPUTS: usize = 5;

const MAGIC: &[u8; 4] = b"TBNN";
/// Version 1 stores the weights as f32 (training checkpoints); version 2 as IEEE f16 (the
/// weights compiled into the package: half the size, widened to f32 on load).
const VERSION: u32 = 1;
const VERSION_F16: u32 = 2;
const VERSION_Q8: u32 = 3;
const VERSION_Q8_SQUARE: u32 = 4;

/// Version 4's law: the fraction of its row's largest magnitude that a stored `q` stands for,
/// `(q / 127) · |q / 127|`. The writer picks each weight's nearest level by it and the reader
/// decodes by it, so the two cannot disagree.
fn square_level(q: i32) -> f32 {
    let t = q as f32 / 127.0;
    t * t.abs()
}

/// `e^x` from IEEE arithmetic only: `2^(x log2 e)` split into an integer power of two (set in the
/// exponent bits) and a degree-6 Taylor polynomial of `2^f` for `f` in [-0.5, 0.5] (relative
/// error below 2e-7). Inputs are clamped to [-80, 80].
#[inline(always)]
pub fn exp(x: f32) -> f32 {
    let x = x.clamp(-80.0, 80.0);
    let t = x * std::f32::consts::LOG2_E;
    let n = floor_i32(t + 0.5);
    let f = t - n as f32;
    let p = 1.0
        + f * (std::f32::consts::LN_2
            + f * (0.240_226_5 + f * (0.055_504_11 + f * (0.009_618_129 + f * (0.001_333_356 + f * 0.000_154_035_3)))));
    let bits = ((n + 127) as u32) << 23;
    p * f32::from_bits(bits)
}

/// `y.floor()` as an integer, for `|y| < 2^24` (where every integer is an `f32`, so the
/// conversions are exact and the result is `floor`'s, bit for bit). wasm has `f32.floor` as an
/// instruction and keeps it (the conversions measured 6% slower there); natively, without
/// SSE4.1 (the x86-64 baseline), `f32::floor` is a call into libm, about 6% of a rollout's
/// time, so the truncating conversion is used.
#[inline(always)]
fn floor_i32(y: f32) -> i32 {
    if cfg!(target_arch = "wasm32") {
        return y.floor() as i32;
    }
    let i = y as i32;
    if (i as f32) > y { i - 1 } else { i }
}

/// The logistic function `1 / (1 + e^-x)` with [`exp`].
#[inline(always)]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + exp(-x))
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    inputs: usize,
    hidden: usize,
    /// Games of self-play this net was trained on (informative).
    pub games: u64,
    /// `inputs × hidden`, input-major: the weights from input `i` are `w1[i*hidden..][..hidden]`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// `OUTPUTS × hidden`.
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
}

/// Scratch space for a forward pass (the hidden activations) and a gradient, reusable across calls.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub(crate) hidden: Vec<f32>,
    /// The hidden units' deltas of a gradient ([`Net::add_gradient`]).
    deltas: Vec<f32>,
}

impl Net {
    /// A fresh net with small random weights drawn from `seed` (uniform in ±0.1 / ±0.5).
    pub fn random(inputs: usize, hidden: usize, seed: u64) -> Net {
        let mut rng = SplitMix64(seed);
        let w1 = (0..inputs * hidden).map(|_| rng.unit_f32() * 0.2 - 0.1).collect();
        let w2 = (0..OUTPUTS * hidden).map(|_| rng.unit_f32() - 0.5).collect();
        Net { inputs, hidden, games: 0, w1, b1: vec![0.0; hidden], w2, b2: [0.0; OUTPUTS] }
    }

    pub fn inputs(&self) -> usize {
        self.inputs
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The hidden activations for the input vector `x` (written into `h`).
    #[inline]
    fn hidden_layer(&self, x: &[f32], h: &mut Vec<f32>) {
        let nh = self.hidden;
        h.clear();
        h.extend_from_slice(&self.b1);
        for (i, &xi) in x.iter().enumerate().take(self.inputs) {
            if xi == 0.0 {
                continue;
            }
            let w = &self.w1[i * nh..(i + 1) * nh];
            if xi == 1.0 {
                for (hj, &wj) in h.iter_mut().zip(w) {
                    *hj += wj;
                }
            } else {
                for (hj, &wj) in h.iter_mut().zip(w) {
                    *hj += xi * wj;
                }
            }
        }
        for hj in h.iter_mut() {
            *hj = sigmoid(*hj);
        }
    }

    #[inline]
    fn output_layer(&self, h: &[f32]) -> [f32; OUTPUTS] {
        let nh = self.hidden;
        let mut out = [0.0f32; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            let w = &self.w2[k * nh..(k + 1) * nh];
            let mut s = 0.0f32;
            for (&hj, &wj) in h.iter().zip(w) {
                s += hj * wj;
            }
            *o = sigmoid(s + self.b2[k]);
        }
        out
    }

    /// The five outputs for the input vector `x` (length [`Net::inputs`]).
    #[inline]
    pub fn forward(&self, x: &[f32], scratch: &mut Scratch) -> [f32; OUTPUTS] {
        self.hidden_layer(x, &mut scratch.hidden);
        self.output_layer(&scratch.hidden)
    }

    /// One gradient step on the squared error between the outputs for `x` and `target`, with
    /// learning rate `alpha` (plain back-propagation through the sigmoids).
    pub fn train(&mut self, x: &[f32], target: &[f32; OUTPUTS], alpha: f32, scratch: &mut Scratch) {
        let nh = self.hidden;
        self.hidden_layer(x, &mut scratch.hidden);
        let h = std::mem::take(&mut scratch.hidden);
        let out = self.output_layer(&h);
        let mut delta = [0.0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            delta[k] = (target[k] - out[k]) * out[k] * (1.0 - out[k]);
        }
        // Hidden deltas with the output weights before their update.
        let mut dh = vec![0.0f32; nh];
        for (k, &dk) in delta.iter().enumerate() {
            let w = &self.w2[k * nh..(k + 1) * nh];
            for (d, &wj) in dh.iter_mut().zip(w) {
                *d += dk * wj;
            }
        }
        for (d, &hj) in dh.iter_mut().zip(&h) {
            *d *= hj * (1.0 - hj) * alpha;
        }
        for (k, &dk) in delta.iter().enumerate() {
            let a = alpha * dk;
            let w = &mut self.w2[k * nh..(k + 1) * nh];
            for (wj, &hj) in w.iter_mut().zip(&h) {
                *wj += a * hj;
            }
            self.b2[k] += a;
        }
        for (i, &xi) in x.iter().enumerate().take(self.inputs) {
            if xi == 0.0 {
                continue;
            }
            let w = &mut self.w1[i * nh..(i + 1) * nh];
            for (wj, &d) in w.iter_mut().zip(&dh) {
                *wj += xi * d;
            }
        }
        for (b, &d) in self.b1.iter_mut().zip(&dh) {
            *b += d;
        }
        scratch.hidden = h;
    }

    /// Adds to `g` the gradient, with respect to every weight, of the cross-entropy between the
    /// outputs for `x` and `target` (each output a probability of its own:
    /// `-(t ln o + (1 - t) ln (1 - o))`, whose derivative at an output's sum is `o - t`), and
    /// returns the squared error of the outputs before any step.
    pub fn add_gradient(&self, x: &[f32], target: &[f32; OUTPUTS], scratch: &mut Scratch, g: &mut Gradient) -> f32 {
        let out = self.forward(x, scratch);
        let mut dz = [0.0f32; OUTPUTS];
        let mut err = 0.0;
        for k in 0..OUTPUTS {
            dz[k] = out[k] - target[k];
            err += dz[k] * dz[k];
        }
        self.backpropagate(x, &dz, scratch, g);
        err
    }

    /// Adds to `g` the gradient of a group's loss: each member's cross-entropy against its
    /// target (as [`Net::add_gradient`]) plus the ranking term `rank.weight` × `-Σ q_i ln p_i`,
    /// where `p` and `q` are the softmax over the group of the members' scores
    /// (`rank.slopes · outputs / rank.temperature`) by the net's outputs and by the targets. The
    /// ranking term asks the net to order the members as their targets do, which the pointwise
    /// term alone weighs no more than their values. Returns the squared error of every output
    /// before any step, summed over the group; counts one example per member.
    pub fn add_group_gradient(
        &self,
        xs: &[&[f32]],
        targets: &[[f32; OUTPUTS]],
        rank: &Ranking,
        scratch: &mut Scratch,
        g: &mut Gradient,
    ) -> f32 {
        let outs: Vec<[f32; OUTPUTS]> = xs.iter().map(|x| self.forward(x, scratch)).collect();
        let (p, q) = (rank.softmax(&outs), rank.softmax(targets));
        let mut err = 0.0;
        for (i, (x, o)) in xs.iter().zip(&outs).enumerate() {
            let dv = rank.weight * (p[i] - q[i]) / rank.temperature;
            let mut dz = [0.0f32; OUTPUTS];
            for k in 0..OUTPUTS {
                let d = o[k] - targets[i][k];
                err += d * d;
                dz[k] = d + dv * rank.slopes[k] * o[k] * (1.0 - o[k]);
            }
            self.hidden_layer(x, &mut scratch.hidden);
            self.backpropagate(x, &dz, scratch, g);
        }
        err
    }

    /// Adds to `g` the gradient, with respect to every weight, of a loss whose derivative at
    /// each output's sum (before its sigmoid) for the input `x` is `dz[k]`, and counts one
    /// example. `scratch` must hold the hidden layer of `x` ([`Net::forward`] of `x` last).
    pub fn backpropagate(&self, x: &[f32], dz: &[f32; OUTPUTS], scratch: &mut Scratch, g: &mut Gradient) {
        let nh = self.hidden;
        g.fit(self);
        let (h, dh) = (&scratch.hidden, &mut scratch.deltas);
        dh.clear();
        dh.resize(nh, 0.0);
        for (k, &d) in dz.iter().enumerate() {
            let w = &self.w2[k * nh..(k + 1) * nh];
            let gw = &mut g.w2[k * nh..(k + 1) * nh];
            for j in 0..nh {
                dh[j] += d * w[j];
                gw[j] += d * h[j];
            }
            g.b2[k] += d;
        }
        for (d, &hj) in dh.iter_mut().zip(h) {
            *d *= hj * (1.0 - hj);
        }
        for (b, &d) in g.b1.iter_mut().zip(dh.iter()) {
            *b += d;
        }
        for (i, &xi) in x.iter().enumerate().take(self.inputs) {
            if xi == 0.0 {
                continue;
            }
            for (gw, &d) in g.w1[i * nh..(i + 1) * nh].iter_mut().zip(dh.iter()) {
                *gw += xi * d;
            }
        }
        g.count += 1;
    }

    /// The net as bytes (see the module documentation for the format).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(28 + 4 * (self.w1.len() + self.b1.len() + self.w2.len() + OUTPUTS));
        v.extend_from_slice(MAGIC);
        v.extend_from_slice(&VERSION.to_le_bytes());
        v.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        v.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        v.extend_from_slice(&(OUTPUTS as u32).to_le_bytes());
        v.extend_from_slice(&self.games.to_le_bytes());
        for f in self.w1.iter().chain(&self.b1).chain(&self.w2).chain(&self.b2) {
            v.extend_from_slice(&f.to_le_bytes());
        }
        v
    }

    /// The net with its weights stored as f16 (version 2), for shipping.
    pub fn to_bytes_f16(&self) -> Vec<u8> {
        let mut v = self.to_bytes();
        v.truncate(28);
        v[4..8].copy_from_slice(&VERSION_F16.to_le_bytes());
        for f in self.w1.iter().chain(&self.b1).chain(&self.w2).chain(&self.b2) {
            v.extend_from_slice(&half::f16::from_f32(*f).to_le_bytes());
        }
        v
    }

    /// The net with its weights stored as 8-bit values with a scale per row (version 3): a
    /// quarter of the f32 size. Every weight is within half a step (its row's largest
    /// magnitude / 254) of the original.
    pub fn to_bytes_q8(&self) -> Vec<u8> {
        self.to_bytes_rows(VERSION_Q8, |row, max, v| {
            let scale = if max > 0.0 { max / 127.0 } else { 1.0 };
            v.extend_from_slice(&scale.to_le_bytes());
            v.extend(row.iter().map(|w| ((w / scale).round().clamp(-127.0, 127.0) as i8) as u8));
        })
    }

    /// The 8-bit layout of versions 3 and 4: the header, then each row of the hidden weights,
    /// the hidden biases and each row of the output weights as `row(values, largest magnitude,
    /// out)` writes it, then the output biases as f32.
    fn to_bytes_rows(&self, version: u32, mut row: impl FnMut(&[f32], f32, &mut Vec<u8>)) -> Vec<u8> {
        let mut v = self.to_bytes();
        v.truncate(28);
        v[4..8].copy_from_slice(&version.to_le_bytes());
        for r in self.w1.chunks(self.hidden).chain([&self.b1[..]]).chain(self.w2.chunks(self.hidden)) {
            row(r, r.iter().fold(0.0f32, |m, w| m.max(w.abs())), &mut v);
        }
        for f in &self.b2 {
            v.extend_from_slice(&f.to_le_bytes());
        }
        v
    }

    /// The net with its weights stored as 8-bit values on a square law (version 4): the size of
    /// version 3, with levels `m · (k / 127)²` (`k` = 0..=127, either sign; `m` the row's
    /// largest magnitude), each weight at its nearest level. A row's weights are mostly small
    /// beside its largest, and a long fit grows a few large ones: near zero the levels lie far
    /// closer than version 3's even step of `m / 127`.
    pub fn to_bytes_q8_square(&self) -> Vec<u8> {
        self.to_bytes_rows(VERSION_Q8_SQUARE, |row, max, v| {
            v.extend_from_slice(&max.to_le_bytes());
            v.extend(row.iter().map(|&w| {
                let t = if max > 0.0 { (w.abs() / max).min(1.0) } else { 0.0 };
                let low = ((t.sqrt() * 127.0).floor() as i32).min(127);
                let k = if low < 127 && square_level(low + 1) - t < t - square_level(low) { low + 1 } else { low };
                (if w < 0.0 { -k } else { k }) as i8 as u8
            }));
        })
    }

    /// The element-wise mean of the weights of `nets` (checkpoints of one training run: averaging
    /// them smooths out the run's step-to-step noise). `None` if `nets` is empty or the shapes
    /// differ. `games` is the largest of theirs.
    pub fn average(nets: &[Net]) -> Option<Net> {
        let first = nets.first()?;
        if nets.iter().any(|n| n.inputs != first.inputs || n.hidden != first.hidden) {
            return None;
        }
        let k = nets.len() as f32;
        let mean = |get: fn(&Net) -> &[f32]| -> Vec<f32> {
            (0..get(first).len()).map(|i| nets.iter().map(|n| get(n)[i]).sum::<f32>() / k).collect()
        };
        let b2 = mean(|n| &n.b2);
        Some(Net {
            inputs: first.inputs,
            hidden: first.hidden,
            games: nets.iter().map(|n| n.games).max().unwrap_or(0),
            w1: mean(|n| &n.w1),
            b1: mean(|n| &n.b1),
            w2: mean(|n| &n.w2),
            b2: [b2[0], b2[1], b2[2], b2[3], b2[4]],
        })
    }

    /// One net that evaluates as the ensemble of `nets` (any widths): their hidden units side
    /// by side, each output the sigmoid of the mean of the nets' output sums (an average in
    /// logit space). The encodings are prefixes of one another (`inputs::is_supported`), so a
    /// net of fewer inputs joins with zero weights from the inputs it does not read; the
    /// ensemble has the most inputs. `None` if `nets` is empty.
    pub fn ensemble(nets: &[Net]) -> Option<Net> {
        let first = nets.first()?;
        let inputs = nets.iter().map(|n| n.inputs).max()?;
        let k = nets.len() as f32;
        let hidden: usize = nets.iter().map(|n| n.hidden).sum();
        let mut w1 = Vec::with_capacity(inputs * hidden);
        for i in 0..inputs {
            for n in nets {
                if i < n.inputs {
                    w1.extend_from_slice(&n.w1[i * n.hidden..(i + 1) * n.hidden]);
                } else {
                    w1.extend(std::iter::repeat_n(0.0, n.hidden));
                }
            }
        }
        let mut w2 = Vec::with_capacity(OUTPUTS * hidden);
        let mut b2 = [0.0f32; OUTPUTS];
        for (o, b) in b2.iter_mut().enumerate() {
            for n in nets {
                w2.extend(n.w2[o * n.hidden..(o + 1) * n.hidden].iter().map(|w| w / k));
                *b += n.b2[o] / k;
            }
        }
        Some(Net {
            inputs,
            hidden,
            games: nets.iter().map(|n| n.games).max().unwrap_or(first.games),
            w1,
            b1: nets.iter().flat_map(|n| n.b1.iter().copied()).collect(),
            w2,
            b2,
        })
    }

    /// Reads a net written by [`Net::to_bytes`], [`Net::to_bytes_f16`], [`Net::to_bytes_q8`] or
    /// [`Net::to_bytes_q8_square`].
    pub fn from_bytes(b: &[u8]) -> Result<Net, String> {
        if b.len() < 28 || &b[0..4] != MAGIC {
            return Err("not a tabla network file".into());
        }
        let u32_at = |o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        let version = u32_at(4);
        if ![VERSION, VERSION_F16, VERSION_Q8, VERSION_Q8_SQUARE].contains(&version) {
            return Err(format!(
                "network file version {version} (expected {VERSION}, {VERSION_F16}, {VERSION_Q8} or {VERSION_Q8_SQUARE})"
            ));
        }
        let inputs = u32_at(8) as usize;
        let hidden = u32_at(12) as usize;
        if u32_at(16) as usize != OUTPUTS {
            return Err("network file has the wrong number of outputs".into());
        }
        let games = u64::from_le_bytes(b[20..28].try_into().unwrap());
        let n = inputs * hidden + hidden + OUTPUTS * hidden + OUTPUTS;
        let rows = inputs + 1 + OUTPUTS;
        let expected = match version {
            VERSION => 28 + 4 * n,
            VERSION_F16 => 28 + 2 * n,
            _ => 28 + rows * (4 + hidden) + 4 * OUTPUTS,
        };
        if b.len() != expected {
            return Err(format!("network file has {} bytes, expected {expected}", b.len()));
        }
        let data = &b[28..];
        let f32_at = |o: usize| f32::from_le_bytes([data[o], data[o + 1], data[o + 2], data[o + 3]]);
        let all: Vec<f32> = match version {
            VERSION => (0..n).map(|i| f32_at(4 * i)).collect(),
            VERSION_F16 => data.chunks_exact(2).map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f32()).collect(),
            _ => {
                let mut v = Vec::with_capacity(n);
                for row in data[..rows * (4 + hidden)].chunks_exact(4 + hidden) {
                    let scale = f32::from_le_bytes([row[0], row[1], row[2], row[3]]);
                    if version == VERSION_Q8 {
                        v.extend(row[4..].iter().map(|&q| q as i8 as f32 * scale));
                    } else {
                        v.extend(row[4..].iter().map(|&q| square_level(q as i8 as i32) * scale));
                    }
                }
                let tail = rows * (4 + hidden);
                v.extend((0..OUTPUTS).map(|k| f32_at(tail + 4 * k)));
                v
            }
        };
        let mut f = all.into_iter();
        let w1 = f.by_ref().take(inputs * hidden).collect();
        let b1 = f.by_ref().take(hidden).collect();
        let w2 = f.by_ref().take(OUTPUTS * hidden).collect();
        let mut b2 = [0.0; OUTPUTS];
        for x in b2.iter_mut() {
            *x = f.next().unwrap_or(0.0);
        }
        Ok(Net { inputs, hidden, games, w1, b1, w2, b2 })
    }
}

/// The ranking term of [`Net::add_group_gradient`]: a member's score is `slopes · outputs`
/// (for example a play's equity for the mover), compared across the group at `temperature`
/// (in the score's units: how far apart two scores must be for one to be clearly preferred).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ranking {
    pub slopes: [f32; OUTPUTS],
    pub weight: f32,
    pub temperature: f32,
}

impl Ranking {
    /// The softmax over the group of the scores of `outs` divided by the temperature.
    fn softmax(&self, outs: &[[f32; OUTPUTS]]) -> Vec<f32> {
        let score = |o: &[f32; OUTPUTS]| o.iter().zip(&self.slopes).map(|(a, b)| a * b).sum::<f32>() / self.temperature;
        let v: Vec<f32> = outs.iter().map(score).collect();
        let top = v.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let e: Vec<f32> = v.iter().map(|s| exp(s - top)).collect();
        let z: f32 = e.iter().sum();
        e.iter().map(|x| x / z).collect()
    }
}

/// A batch's summed gradient, shaped like the net it was taken from ([`Net::add_gradient`]).
#[derive(Clone, Debug, Default)]
pub struct Gradient {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
    /// Examples summed since the last step.
    count: u32,
}

impl Gradient {
    /// Shapes the gradient like `net` (zeroed) if it is not already.
    fn fit(&mut self, net: &Net) {
        if self.w1.len() != net.w1.len() || self.b1.len() != net.b1.len() {
            *self = Gradient {
                w1: vec![0.0; net.w1.len()],
                b1: vec![0.0; net.b1.len()],
                w2: vec![0.0; net.w2.len()],
                ..Gradient::default()
            };
        }
    }

    fn clear(&mut self) {
        for v in [&mut self.w1, &mut self.b1, &mut self.w2] {
            v.fill(0.0);
        }
        self.b2 = [0.0; OUTPUTS];
        self.count = 0;
    }
}

/// Adam (Kingma and Ba, 2015; β₁ 0.9, β₂ 0.999, ε 1e-8): each weight moves by about the learning
/// rate in the direction of its mean gradient, scaled by that gradient's recent size, so rarely
/// seen inputs learn as fast as common ones.
#[derive(Clone, Debug, Default)]
pub struct Adam {
    m: Gradient,
    v: Gradient,
    steps: i32,
}

impl Adam {
    /// One step of `net` down the mean of the gradient `g` holds (nothing if it holds none);
    /// clears `g` for the next batch.
    pub fn step(&mut self, net: &mut Net, g: &mut Gradient, lr: f32) {
        if g.count == 0 {
            return;
        }
        self.m.fit(net);
        self.v.fit(net);
        self.steps += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(self.steps);
        let c2 = 1.0 - b2.powi(self.steps);
        let scale = 1.0 / g.count as f32;
        let update = |w: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32]| {
            for (((w, &g), m), v) in w.iter_mut().zip(g).zip(m.iter_mut()).zip(v.iter_mut()) {
                let g = g * scale;
                *m = b1 * *m + (1.0 - b1) * g;
                *v = b2 * *v + (1.0 - b2) * g * g;
                *w -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            }
        };
        update(&mut net.w1, &g.w1, &mut self.m.w1, &mut self.v.w1);
        update(&mut net.b1, &g.b1, &mut self.m.b1, &mut self.v.b1);
        update(&mut net.w2, &g.w2, &mut self.m.w2, &mut self.v.w2);
        update(&mut net.b2, &g.b2, &mut self.m.b2, &mut self.v.b2);
        g.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_average_of_nets_is_their_element_wise_mean() {
        let (a, b) = (Net::random(6, 3, 1), Net::random(6, 3, 2));
        let m = Net::average(&[a.clone(), b.clone()]).unwrap();
        for i in 0..a.w1.len() {
            assert_eq!(m.w1[i], (a.w1[i] + b.w1[i]) / 2.0);
        }
        assert_eq!(Net::average(std::slice::from_ref(&a)), Some(a.clone()));
        assert_eq!(Net::average(&[a, Net::random(6, 4, 2)]), None);
        assert_eq!(Net::average(&[]), None);
    }

    #[test]
    fn an_ensemble_averages_the_output_sums_of_its_nets() {
        let (a, b) = (Net::random(6, 3, 1), Net::random(6, 5, 2));
        let e = Net::ensemble(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(e.hidden, 8);
        let x = [1.0, 0.0, 0.5, 2.0, 0.0, 1.0];
        let mut s = Scratch::default();
        let logit = |p: f32| (p / (1.0 - p)).ln();
        let (oa, ob, oe) = (a.forward(&x, &mut s), b.forward(&x, &mut s), e.forward(&x, &mut s));
        for k in 0..OUTPUTS {
            let want = (logit(oa[k]) + logit(ob[k])) / 2.0;
            assert!((logit(oe[k]) - want).abs() < 1e-4, "{k}: {} vs {want}", logit(oe[k]));
        }
        assert_eq!(Net::ensemble(std::slice::from_ref(&a)).unwrap().forward(&x, &mut s), oa);
        // a net of fewer inputs joins as if the extra inputs had zero weights
        let c = Net::random(7, 3, 2);
        let e = Net::ensemble(&[a.clone(), c.clone()]).unwrap();
        assert_eq!((e.inputs, e.hidden), (7, 6));
        let x7 = [1.0, 0.0, 0.5, 2.0, 0.0, 1.0, 0.75];
        let (oa, oc, oe) = (a.forward(&x7, &mut s), c.forward(&x7, &mut s), e.forward(&x7, &mut s));
        assert_eq!(oa, a.forward(&x, &mut s), "a net reads only its own inputs");
        for k in 0..OUTPUTS {
            let want = (logit(oa[k]) + logit(oc[k])) / 2.0;
            assert!((logit(oe[k]) - want).abs() < 1e-4, "{k}: {} vs {want}", logit(oe[k]));
        }
        assert_eq!(Net::ensemble(&[]), None);
    }

    /// The cross-entropy of the outputs for `x` against `t`, in f64.
    fn cross_entropy(n: &Net, x: &[f32], t: &[f32; OUTPUTS]) -> f64 {
        let o = n.forward(x, &mut Scratch::default());
        (0..OUTPUTS).map(|k| -(t[k] as f64 * (o[k] as f64).ln() + (1.0 - t[k] as f64) * (1.0 - o[k] as f64).ln())).sum()
    }

    /// `g` is the slope of `loss` at `n` by central differences, on weights of every kind.
    fn assert_is_slope(n: &Net, g: &Gradient, loss: &dyn Fn(&Net) -> f64) {
        let slope = |set: &dyn Fn(&mut Net, f32)| {
            let h = 1e-2;
            let (mut a, mut b) = (n.clone(), n.clone());
            set(&mut a, h);
            set(&mut b, -h);
            (loss(&a) - loss(&b)) / (2.0 * h as f64)
        };
        let close =
            |got: f32, want: f64| assert!((got as f64 - want).abs() < 2e-3 * (1.0 + want.abs()), "{got} vs {want}");
        for i in [0usize, 5, 9, 14, 23] {
            close(g.w1[i], slope(&|m: &mut Net, h| m.w1[i] += h));
        }
        for j in 0..4 {
            close(g.b1[j], slope(&|m: &mut Net, h| m.b1[j] += h));
        }
        for i in [0usize, 7, 19] {
            close(g.w2[i], slope(&|m: &mut Net, h| m.w2[i] += h));
        }
        for k in 0..OUTPUTS {
            close(g.b2[k], slope(&|m: &mut Net, h| m.b2[k] += h));
        }
    }

    #[test]
    fn the_gradient_is_the_cross_entropy_s_slope() {
        let n = Net::random(6, 4, 5);
        let x = [1.0, 0.0, 0.5, 2.0, 0.0, 1.0];
        let t = [0.7, 0.2, 0.01, 0.1, 0.02];
        let mut g = Gradient::default();
        n.add_gradient(&x, &t, &mut Scratch::default(), &mut g);
        assert_is_slope(&n, &g, &|m| cross_entropy(m, &x, &t));
        // a zero input's weights get no gradient
        assert!(g.w1[4..8].iter().all(|&v| v == 0.0));
    }

    /// The group gradient is the slope of the members' cross-entropies plus the ranking term,
    /// and with a zero weight it is the sum of the members' own gradients.
    #[test]
    fn the_group_gradient_is_the_ranked_loss_s_slope() {
        let n = Net::random(6, 4, 7);
        let xs: [&[f32]; 3] =
            [&[1.0, 0.0, 0.5, 2.0, 0.0, 1.0], &[0.0, 1.0, 1.0, 0.0, 0.25, 0.0], &[1.0, 1.0, 0.0, 0.5, 1.0, 0.0]];
        let ts = [[0.7, 0.2, 0.01, 0.1, 0.02], [0.3, 0.05, 0.0, 0.4, 0.1], [0.5, 0.1, 0.0, 0.2, 0.0]];
        let rank = Ranking { slopes: [-2.0, -1.0, -1.0, 1.0, 1.0], weight: 5.0, temperature: 0.05 };
        let loss = |m: &Net| {
            let pointwise: f64 = (0..3).map(|i| cross_entropy(m, xs[i], &ts[i])).sum();
            let outs: Vec<[f32; OUTPUTS]> = xs.iter().map(|x| m.forward(x, &mut Scratch::default())).collect();
            let (p, q) = (rank.softmax(&outs), rank.softmax(&ts));
            pointwise - rank.weight as f64 * (0..3).map(|i| q[i] as f64 * (p[i] as f64).ln()).sum::<f64>()
        };
        let mut g = Gradient::default();
        n.add_group_gradient(&xs, &ts, &rank, &mut Scratch::default(), &mut g);
        assert_eq!(g.count, 3);
        assert_is_slope(&n, &g, &loss);
        // the ranking term matters here, and without it the members are fitted one by one
        let (mut plain, mut s) = (Gradient::default(), Scratch::default());
        for i in 0..3 {
            n.add_gradient(xs[i], &ts[i], &mut s, &mut plain);
        }
        assert!((plain.b2[0] - g.b2[0]).abs() > 0.01, "{} {}", plain.b2[0], g.b2[0]);
        let mut unranked = Gradient::default();
        n.add_group_gradient(&xs, &ts, &Ranking { weight: 0.0, ..rank }, &mut s, &mut unranked);
        assert_eq!((unranked.w1, unranked.b2), (plain.w1, plain.b2));
    }

    #[test]
    fn adam_steps_lower_the_loss_and_clear_the_gradient() {
        let mut n = Net::random(6, 4, 5);
        let xs = [[1.0, 0.0, 0.5, 2.0, 0.0, 1.0], [0.0, 1.0, 1.0, 0.0, 0.25, 0.0]];
        let ts = [[0.7, 0.2, 0.01, 0.1, 0.02], [0.3, 0.05, 0.0, 0.4, 0.1]];
        let loss = |n: &Net| (0..2).map(|i| cross_entropy(n, &xs[i], &ts[i])).sum::<f64>();
        let (mut adam, mut g, mut s) = (Adam::default(), Gradient::default(), Scratch::default());
        let before = loss(&n);
        let unchanged = n.clone();
        adam.step(&mut n, &mut g, 0.01);
        assert_eq!(n, unchanged, "an empty batch changes nothing");
        for _ in 0..200 {
            for i in 0..2 {
                n.add_gradient(&xs[i], &ts[i], &mut s, &mut g);
            }
            adam.step(&mut n, &mut g, 0.01);
            assert_eq!((g.count, g.b2), (0, [0.0; OUTPUTS]));
        }
        let after = loss(&n);
        // the floor: each output's entropy, reached when it equals its target
        let floor: f64 = ts
            .iter()
            .flatten()
            .map(|&t| {
                let t = t as f64;
                if t == 0.0 { 0.0 } else { -(t * t.ln() + (1.0 - t) * (1.0 - t).ln()) }
            })
            .sum();
        assert!(after - floor < 0.1 * (before - floor), "loss {before} -> {after} (floor {floor})");
    }

    #[test]
    fn floor_i32_is_floor_over_exps_range() {
        // exp's `t + 0.5` lies in [-114.9, 115.9]: every 16th f32 of [-116, 116] by bit
        // pattern, and each integer there with its neighbours one unit in the last place away.
        let sparse = (0u32..=0x42E8_0000).chain(0x8000_0000..=0xC2E8_0000).step_by(16).map(f32::from_bits);
        let edges = (-116..=116).flat_map(|k: i32| {
            let y = k as f32;
            [y, y.next_up(), y.next_down()]
        });
        for y in sparse.chain(edges) {
            assert_eq!(floor_i32(y), y.floor() as i32, "{y}");
        }
    }

    #[test]
    fn exp_is_accurate() {
        for i in -400..=400 {
            let x = i as f32 / 20.0;
            let e = exp(x);
            let r = (x as f64).exp();
            assert!(((e as f64 - r) / r).abs() < 1e-6, "exp({x}) = {e}, expected {r}");
        }
    }

    #[test]
    fn f16_bytes_keep_every_weight_within_half_precision() {
        let n = Net::random(10, 4, 7);
        let m = Net::from_bytes(&n.to_bytes_f16()).unwrap();
        assert_eq!((m.inputs, m.hidden, m.games), (n.inputs, n.hidden, n.games));
        for (a, b) in n.w1.iter().chain(&n.b1).chain(&n.w2).zip(m.w1.iter().chain(&m.b1).chain(&m.w2)) {
            assert!((a - b).abs() <= a.abs() * 1e-3 + 1e-7, "{a} vs {b}");
        }
    }

    /// The rows of the 8-bit files: each input's hidden weights, the hidden biases, each output's weights.
    fn rows(n: &Net) -> Vec<Vec<f32>> {
        n.w1.chunks(n.hidden).chain([&n.b1[..]]).chain(n.w2.chunks(n.hidden)).map(<[f32]>::to_vec).collect()
    }

    #[test]
    fn q8_bytes_keep_every_weight_within_half_a_step_of_its_row() {
        let mut n = Net::random(10, 4, 7);
        n.w1[0..4].fill(0.0); // an all-zero row
        n.b2 = [0.1, -0.2, 0.3, -0.4, 0.5];
        let b = n.to_bytes_q8();
        assert_eq!(b.len(), 28 + (10 + 1 + OUTPUTS) * (4 + 4) + 4 * OUTPUTS);
        let m = Net::from_bytes(&b).unwrap();
        assert_eq!((m.inputs, m.hidden, m.games, m.b2), (n.inputs, n.hidden, n.games, n.b2));
        for (a, b) in rows(&n).iter().zip(rows(&m)) {
            let step = a.iter().fold(0.0f32, |x, w| x.max(w.abs())) / 127.0;
            for (x, y) in a.iter().zip(&b) {
                assert!((x - y).abs() <= step / 2.0 + 1e-7, "{x} vs {y} (step {step})");
            }
        }
        assert!(m.w1[0..4].iter().all(|&w| w == 0.0));
        // a truncated file is refused, not misread
        assert!(Net::from_bytes(&b[..b.len() - 1]).is_err());
    }

    #[test]
    fn q8_square_bytes_keep_every_weight_at_its_nearest_level() {
        let mut n = Net::random(10, 4, 7);
        n.w1[0..4].fill(0.0); // an all-zero row
        n.w1[4..8].copy_from_slice(&[8.0, 0.01, -0.02, 0.3]); // one large weight beside small ones
        n.b2 = [0.1, -0.2, 0.3, -0.4, 0.5];
        let b = n.to_bytes_q8_square();
        assert_eq!(b.len(), n.to_bytes_q8().len(), "the same size as version 3");
        let m = Net::from_bytes(&b).unwrap();
        assert_eq!((m.inputs, m.hidden, m.games, m.b2), (n.inputs, n.hidden, n.games, n.b2));
        for (a, b) in rows(&n).iter().zip(rows(&m)) {
            let max = a.iter().fold(0.0f32, |x, w| x.max(w.abs()));
            let levels: Vec<f32> = (0..=127).map(|k| max * (k as f32 / 127.0).powi(2)).collect();
            for (x, y) in a.iter().zip(&b) {
                let nearest = levels.iter().map(|l| (l - x.abs()).abs()).fold(f32::INFINITY, f32::min);
                assert!(((x - y).abs() - nearest).abs() <= 1e-6 * max.max(1.0), "{x} vs {y} (nearest level {nearest})");
                assert!(x * y >= 0.0, "{x} keeps its sign");
            }
        }
        assert!(m.w1[0..4].iter().all(|&w| w == 0.0));
        assert_eq!(m.w1[4], 8.0, "a row's largest weight is kept exactly");
        // near zero the square law is finer than version 3's even step (8 / 127 = 0.063 here)
        assert!((m.w1[5] - 0.01).abs() < 0.003 && (m.w1[6] + 0.02).abs() < 0.003, "{:?}", &m.w1[4..8]);
        assert!(Net::from_bytes(&b[..b.len() - 1]).is_err());
    }

    #[test]
    fn bytes_round_trip() {
        let n = Net::random(10, 4, 7);
        assert_eq!(Net::from_bytes(&n.to_bytes()).unwrap(), n);
    }

    #[test]
    fn training_moves_outputs_towards_target() {
        let mut n = Net::random(6, 5, 1);
        let x = [1.0, 0.0, 0.5, 0.0, 1.0, 2.0];
        let t = [0.9, 0.1, 0.0, 0.5, 0.2];
        let mut s = Scratch::default();
        let err =
            |n: &Net, s: &mut Scratch| -> f32 { n.forward(&x, s).iter().zip(&t).map(|(a, b)| (a - b) * (a - b)).sum() };
        let before = err(&n, &mut s);
        for _ in 0..200 {
            n.train(&x, &t, 0.5, &mut s);
        }
        assert!(err(&n, &mut s) < before * 0.1);
    }
}
