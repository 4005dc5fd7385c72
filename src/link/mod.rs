//! Play a friend by link, with no server: the whole game travels in a URL fragment, and the
//! dice come from a commit-reveal scheme that neither player can bias or foresee
//! (docs/link-protocol.md gives the protocol, its guarantees and its limits).
//!
//! # Messages
//!
//! A game by link is a sequence of messages, sent alternately: the inviter sends messages 1, 3,
//! 5, ... and plays White; the friend sends 2, 4, 6, ... and plays Black. Each link holds every
//! message so far. A message holds the actions its sender made since his last one, and ends
//! (LINK-MESSAGE-ENDS) when the engine's player to act is the other player, the game is over,
//! or a roll waits for the next message's dice; message 1 (the invitation) may also end before
//! its sender acted. An action by the player not to act is refused.
//!
//! # Dice (backgammon family)
//!
//! Each side has a secret root `r` and the hash chain `c[4096] = r`, `c[j-1] = H(c[j])`
//! (SHA-256 with a domain tag). The side's i-th message (from 0) carries `c[i]`: `c[0]` commits
//! to the whole chain, and each `c[i]` is at once the reveal of the value committed to by
//! `c[i-1]` (`H(c[i]) = c[i-1]`), the commitment for the next, and the fresh contribution the
//! opponent's next dice need. Write `e(k)` for the element message `k` carries.
//!
//! LINK-DICE: the dice rolled in message `k` are drawn from the stream seeded by
//! `H(e(k) || e(k-1))`. Its roller fixed `e(k)` before he saw `e(k-1)` (both are fixed from
//! the start by the chains' anchors); his opponent sees `e(k)` only when message `k` arrives.
//! No roll is possible before message 3 (`e(2)`, the friend's anchor, commits to nothing).
//!
//! LINK-DEFERRED-ROLL: a player who could have doubled before his roll would, with the dice of
//! his message known to him since the previous message, know his roll before deciding whether
//! to double. Such a roll therefore ends his message, and its dice come from the next message's
//! stream, `H(e(k+1) || e(k))`: the opponent's next element, revealed after the decision.
//!
//! Only the latest element of each side travels: every earlier one is a hash of it, so a link
//! of a whole game carries 64 bytes of cryptography. A link is verified on opening
//! ([`Session::open`]) against the game kept on the device; a link that alters a known
//! message, a die, a reveal, or that is older than the local game, is refused with a
//! [`LinkError`] and the local game is kept.

mod wire;

use sha2::{Digest, Sha256};

use crate::backgammon::{self as bg, Action, OutcomeKind, Phase, Player};
use crate::dice::{Dice, Roll};
use crate::draughts::{self as dr, Color};
use crate::errors::{ErrorCode, Field};

pub use wire::{RESIGN_KINDS, VERSION, base64url, from_base64url};

/// How many elements each side's hash chain holds: the most messages one side can send in one
/// game by link (a long match is a few hundred).
pub const CHAIN_LENGTH: usize = 4096;

const CHAIN_TAG: &[u8] = b"tabla-link-chain-v1";
const DICE_TAG: &[u8] = b"tabla-link-dice-v1";
const STREAM_TAG: &[u8] = b"tabla-link-stream-v1";

/// The first message that may hold a roll (LINK-DICE).
const FIRST_ROLL_MESSAGE: usize = 3;

/// The dice pairs one message's stream provides (opening ties and acey-deucey extra rolls
/// draw more than one).
const STREAM_ROLLS: usize = 64;

/// One of the two players of a game by link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// Sends the odd messages; plays White.
    Inviter,
    /// Sends the even messages; plays Black.
    Friend,
}

impl Side {
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn other(self) -> Side {
        match self {
            Side::Inviter => Side::Friend,
            Side::Friend => Side::Inviter,
        }
    }
    /// The sender of message `k` (from 1).
    pub fn of_message(k: usize) -> Side {
        if k % 2 == 1 { Side::Inviter } else { Side::Friend }
    }
    /// The backgammon player of this side.
    pub fn player(self) -> Player {
        match self {
            Side::Inviter => Player::White,
            Side::Friend => Player::Black,
        }
    }
    /// The draughts colour of this side.
    pub fn color(self) -> Color {
        match self {
            Side::Inviter => Color::White,
            Side::Friend => Color::Black,
        }
    }
}

/// The game and its rules, as a link carries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    Backgammon(bg::Options),
    Draughts(dr::GameOptions),
}

/// One action of a message. Dice are not chosen by anyone: a roll carries the dice the stream
/// gave (checked on reading), or `None` while they wait for the next message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    /// A roll (the opening roll too: White's die, Black's die).
    Roll(Option<[u8; 2]>),
    /// A backgammon play: each step as (from, die), points the mover's own.
    Play(Vec<(u8, u8)>),
    ChooseDoubles(u8),
    Double,
    Take,
    Pass,
    Resign(OutcomeKind),
    AcceptResignation,
    DeclineResignation,
    NextGame,
    /// A draughts move: the square indices (0-31) of its path.
    Move(Vec<u8>),
}

/// One message: the actions of its sender.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    pub acts: Vec<Act>,
}

/// A game by link of either family.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one or two alive at a time: their size does not matter
pub enum LinkGame {
    Backgammon(bg::Game),
    Draughts(dr::Game),
}

/// Why a link is refused (or a message cannot be sent). Each has a stable code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Not a link of this format (code `bad-link`).
    Format(String),
    /// A link of another format version (code `bad-link`).
    Version(u8),
    /// A link of another game than this one (code `link-other-game`).
    OtherGame,
    /// A message the device already has, or the game's rules, differ in the link
    /// (code `link-altered`).
    Altered(String),
    /// The link is older than the game on this device: a replayed link (code `link-stale`).
    Stale { link: usize, local: usize },
    /// A message or an action by the player whose turn it was not (code `link-out-of-turn`).
    OutOfTurn(String),
    /// The new message does not reveal its sender's next chain element
    /// (code `link-withheld-reveal`).
    WithheldReveal,
    /// A revealed element does not hash to its commitment (code `link-bad-reveal`).
    BadReveal,
    /// Dice in the link that are not the dice the reveals give (code `link-bad-dice`).
    BadDice { message: usize, carried: [u8; 2], drawn: [u8; 2] },
    /// An action the engine refuses (code `link-illegal`).
    Illegal { message: usize, reason: String },
    /// A message that ends before its sender's turn does (code `link-incomplete`).
    Incomplete { message: usize },
    /// One side has used every element of its chain (code `link-exhausted`).
    Exhausted,
    /// The system random generator failed (code `no-entropy`).
    Entropy(String),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::Format(why) => write!(f, "not a tabla game link: {why}"),
            LinkError::Version(v) => write!(f, "a game link of format version {v}; this tabla reads version {VERSION}"),
            LinkError::OtherGame => write!(f, "this link is of another game than this one"),
            LinkError::Altered(why) => write!(f, "the link was altered: {why}; your game is kept as it was"),
            LinkError::Stale { link, local } => write!(
                f,
                "this is an old link ({link} messages; your game has {local}): a replayed link is refused and your game is kept"
            ),
            LinkError::OutOfTurn(why) => write!(f, "the link is out of turn: {why}"),
            LinkError::WithheldReveal => write!(
                f,
                "the link does not reveal the seed its sender committed to, without which its dice cannot be checked"
            ),
            LinkError::BadReveal => {
                write!(f, "the link's revealed seed does not match its sender's commitment: its dice cannot be trusted")
            }
            LinkError::BadDice { message, carried, drawn } => write!(
                f,
                "message {message} shows the dice {}-{}, but the players' seeds give {}-{}",
                carried[0], carried[1], drawn[0], drawn[1]
            ),
            LinkError::Illegal { message, reason } => write!(f, "message {message} holds an illegal action: {reason}"),
            LinkError::Incomplete { message } => write!(f, "message {message} ends before its sender's turn is over"),
            LinkError::Exhausted => write!(f, "this game by link has used all of a player's {CHAIN_LENGTH} seeds"),
            LinkError::Entropy(e) => write!(f, "the system random generator failed: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

impl ErrorCode for LinkError {
    fn code(&self) -> &'static str {
        match self {
            LinkError::Format(_) | LinkError::Version(_) => "bad-link",
            LinkError::OtherGame => "link-other-game",
            LinkError::Altered(_) => "link-altered",
            LinkError::Stale { .. } => "link-stale",
            LinkError::OutOfTurn(_) => "link-out-of-turn",
            LinkError::WithheldReveal => "link-withheld-reveal",
            LinkError::BadReveal => "link-bad-reveal",
            LinkError::BadDice { .. } => "link-bad-dice",
            LinkError::Illegal { .. } => "link-illegal",
            LinkError::Incomplete { .. } => "link-incomplete",
            LinkError::Exhausted => "link-exhausted",
            LinkError::Entropy(_) => "no-entropy",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            LinkError::BadDice { message, .. }
            | LinkError::Illegal { message, .. }
            | LinkError::Incomplete { message } => {
                vec![("message", (*message).into())]
            }
            LinkError::Stale { link, local } => vec![("messages", (*link).into()), ("local", (*local).into())],
            _ => Vec::new(),
        }
    }
}

// ----- hashing -----

fn hash(tag: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(tag);
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// One step down a chain: the element before `e`.
fn chain_step(e: &[u8; 32]) -> [u8; 32] {
    hash(CHAIN_TAG, &[e])
}

/// Element `i` of the chain of `root` (`c[i]`, `c[CHAIN_LENGTH] = root`).
fn chain_element(root: &[u8; 32], i: usize) -> [u8; 32] {
    let mut e = *root;
    for _ in i..CHAIN_LENGTH {
        e = chain_step(&e);
    }
    e
}

/// The dice pairs of the stream seeded by `H(e(k) || e(k-1))` (LINK-DICE).
fn stream(this: &[u8; 32], previous: &[u8; 32]) -> Vec<Roll> {
    let seed = hash(DICE_TAG, &[this, previous]);
    let mut dice = Vec::with_capacity(2 * STREAM_ROLLS);
    let mut block = 0u32;
    while dice.len() < 2 * STREAM_ROLLS {
        for b in hash(STREAM_TAG, &[&seed, &block.to_le_bytes()]) {
            // the same unbiased mapping as the engine's other dice: 252 = 6 * 42
            if b < 252 && dice.len() < 2 * STREAM_ROLLS {
                dice.push(b % 6 + 1);
            }
        }
        block += 1;
    }
    dice.chunks(2).filter_map(|d| Roll::new(d[0], d[1]).ok()).collect()
}

/// A fresh secret root and game id from the system's random generator (getrandom).
pub fn fresh_secret() -> Result<([u8; 32], [u8; 8]), LinkError> {
    let mut bytes = [0u8; 40];
    getrandom::fill(&mut bytes).map_err(|e| LinkError::Entropy(e.to_string()))?;
    let mut root = [0u8; 32];
    let mut id = [0u8; 8];
    root.copy_from_slice(&bytes[..32]);
    id.copy_from_slice(&bytes[32..]);
    Ok((root, id))
}

// ----- the link's contents -----

/// A link read and checked on its own (every message replayed, every die checked against the
/// reveals). What it cannot check alone, against the game on a device, [`Session::open`] does.
#[derive(Clone, Debug)]
pub struct Link {
    pub id: [u8; 8],
    pub setup: Setup,
    pub messages: Vec<Message>,
    /// The latest element of each side (`[inviter, friend]`), once it has sent a message.
    pub heads: [Option<[u8; 32]>; 2],
}

impl Link {
    /// The link's text (base64url, for the fragment).
    pub fn to_text(&self) -> String {
        base64url(&wire::encode(&wire::Fields {
            id: self.id,
            setup: self.setup,
            messages: self.messages.clone(),
            heads: self.heads,
        }))
    }

    /// Reads a link's text (a whole URL, a fragment with its `#`, or the bare text) and checks
    /// its format; [`Link::replay`] checks its game.
    pub fn parse(text: &str) -> Result<Link, LinkError> {
        let t = text.trim();
        let t = t.rsplit_once('#').map_or(t, |(_, f)| f);
        let t = t.strip_prefix("g=").unwrap_or(t);
        let f = wire::decode(&from_base64url(t)?)?;
        Ok(Link { id: f.id, setup: f.setup, messages: f.messages, heads: f.heads })
    }

    /// The number of messages side `side` has sent.
    fn sent_by(&self, side: Side) -> usize {
        let n = self.messages.len();
        match side {
            Side::Inviter => n.div_ceil(2),
            Side::Friend => n / 2,
        }
    }

    /// The element every message carries, `e(1)..e(n)` (index 0 is `e(1)`), from the heads.
    fn elements(&self) -> Result<Vec<[u8; 32]>, LinkError> {
        let mut chains: [Vec<[u8; 32]>; 2] = [Vec::new(), Vec::new()];
        for side in [Side::Inviter, Side::Friend] {
            let m = self.sent_by(side);
            if m > CHAIN_LENGTH + 1 {
                return Err(LinkError::Exhausted);
            }
            if m == 0 {
                continue;
            }
            let head = self.heads[side.index()].ok_or(LinkError::WithheldReveal)?;
            let mut chain = vec![head; m];
            for i in (0..m - 1).rev() {
                chain[i] = chain_step(&chain[i + 1]);
            }
            chains[side.index()] = chain;
        }
        Ok((1..=self.messages.len()).map(|k| chains[Side::of_message(k).index()][(k - 1) / 2]).collect())
    }

    /// Replays every message through the engine (LINK-MESSAGE-ENDS, LINK-DICE,
    /// LINK-DEFERRED-ROLL). Returns the game, the messages with every die now known filled in,
    /// and whether the last message ends with a roll whose dice wait for the next one.
    pub fn replay(&self) -> Result<Replayed, LinkError> {
        let elements = self.elements()?;
        let mut messages = self.messages.clone();
        let game = match self.setup {
            Setup::Backgammon(options) => {
                let mut g = bg::Game::with_dice(options, Dice::fixed([]));
                let pending = replay_backgammon(&mut g, &mut messages, &elements)?;
                return Ok(Replayed { game: LinkGame::Backgammon(g), messages, pending_roll: pending });
            }
            Setup::Draughts(options) => {
                let mut g = dr::Game::new(options);
                replay_draughts(&mut g, &messages)?;
                LinkGame::Draughts(g)
            }
        };
        Ok(Replayed { game, messages, pending_roll: false })
    }
}

/// A link's game after its replay.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub game: LinkGame,
    pub messages: Vec<Message>,
    /// The last message ends with a roll whose dice come with the next message.
    pub pending_roll: bool,
}

/// The backgammon player to act now, if any (`None`: the game is over).
pub fn backgammon_actor(g: &bg::Game) -> Option<Player> {
    match g.phase() {
        Phase::Opening => Some(Player::White),
        Phase::Roll | Phase::Move | Phase::ChooseDoubles => Some(g.turn()),
        Phase::CubeDecision => Some(g.turn().other()),
        Phase::Resignation => g.resignation_offer().map(|o| o.player.other()),
        Phase::GameOver => None,
    }
}

/// Whether a roll now must wait for the next message's dice (LINK-DEFERRED-ROLL).
pub fn roll_is_deferred(g: &bg::Game) -> bool {
    g.phase() == Phase::Roll && g.can_double()
}

fn illegal(message: usize, e: impl std::fmt::Display) -> LinkError {
    LinkError::Illegal { message, reason: e.to_string() }
}

/// Rolls from the game's dice source and checks the dice the link carries.
fn roll_checked(g: &mut bg::Game, carried: &mut Option<[u8; 2]>, message: usize) -> Result<(), LinkError> {
    let drawn = g.roll().map_err(|e| illegal(message, e))?;
    // the opening roll draws [white, black]; a roll the mover's two dice: the same order both
    match *carried {
        Some(c) if c != drawn => return Err(LinkError::BadDice { message, carried: c, drawn }),
        _ => *carried = Some(drawn),
    }
    Ok(())
}

fn replay_backgammon(g: &mut bg::Game, messages: &mut [Message], elements: &[[u8; 32]]) -> Result<bool, LinkError> {
    let n = messages.len();
    // the deferred roll of the message before: (message index from 0, act index)
    let mut pending: Option<(usize, usize)> = None;
    for k in 1..=n {
        let sender = Side::of_message(k).player();
        let rolls = if k >= FIRST_ROLL_MESSAGE { stream(&elements[k - 1], &elements[k - 2]) } else { Vec::new() };
        g.set_dice_source(bg::game::GameDice { source: Dice::fixed(rolls), seed: None });
        if let Some((m, a)) = pending.take() {
            let Act::Roll(carried) = &mut messages[m].acts[a] else { unreachable_roll() };
            roll_checked(g, carried, m + 1)?;
        }
        let count = messages[k - 1].acts.len();
        let mut ends_with_pending = false;
        for a in 0..count {
            let act = messages[k - 1].acts[a].clone();
            if act != Act::NextGame && backgammon_actor(g) != Some(sender) {
                return Err(LinkError::OutOfTurn(format!(
                    "message {k} holds an action of {} while it is not {}'s turn",
                    sender.name(),
                    sender.name()
                )));
            }
            let r: Result<(), bg::GameError> = match act {
                Act::Roll(_) => {
                    if k < FIRST_ROLL_MESSAGE {
                        return Err(illegal(
                            k,
                            "no roll before the third message, where both players' seeds are committed",
                        ));
                    }
                    if !matches!(g.phase(), Phase::Opening | Phase::Roll) {
                        return Err(illegal(k, format!("a roll in the '{}' phase", g.phase())));
                    }
                    if roll_is_deferred(g) {
                        if a + 1 != count {
                            return Err(illegal(
                                k,
                                "a roll its player could have doubled before ends his message (its dice come with the next)",
                            ));
                        }
                        if k == n {
                            if matches!(messages[k - 1].acts[a], Act::Roll(Some(_))) {
                                return Err(illegal(k, "the dice of the last roll cannot be known yet"));
                            }
                        } else {
                            pending = Some((k - 1, a));
                        }
                        ends_with_pending = true;
                        continue;
                    }
                    let Act::Roll(carried) = &mut messages[k - 1].acts[a] else { unreachable_roll() };
                    roll_checked(g, carried, k)?;
                    Ok(())
                }
                Act::Play(steps) => (|| {
                    for (from, die) in steps {
                        g.step_die(from, die)?;
                    }
                    g.confirm()
                })(),
                Act::ChooseDoubles(d) => g.choose_doubles(d),
                Act::Double => g.double(),
                Act::Take => g.take(),
                Act::Pass => g.pass(),
                Act::Resign(kind) => g.resign(kind),
                Act::AcceptResignation => g.accept_resignation(),
                Act::DeclineResignation => g.decline_resignation(),
                Act::NextGame => g.next_game(),
                Act::Move(_) => return Err(illegal(k, "a draughts move in a backgammon game")),
            };
            r.map_err(|e| illegal(k, e))?;
        }
        let complete = ends_with_pending
            || k == 1
            || backgammon_actor(g) != Some(sender)
            || (k < FIRST_ROLL_MESSAGE && matches!(g.phase(), Phase::Opening | Phase::Roll));
        if !complete {
            return Err(LinkError::Incomplete { message: k });
        }
        if k == n {
            return Ok(ends_with_pending);
        }
    }
    Ok(false)
}

#[cold]
fn unreachable_roll() -> ! {
    // the act was matched as a roll just before; its slot cannot hold anything else
    unreachable!("a roll act")
}

fn replay_draughts(g: &mut dr::Game, messages: &[Message]) -> Result<(), LinkError> {
    for (i, m) in messages.iter().enumerate() {
        let k = i + 1;
        let side = Side::of_message(k);
        for act in &m.acts {
            let Act::Move(path) = act else {
                return Err(illegal(k, "a backgammon action in a draughts game"));
            };
            if g.is_over() || g.turn() != side.color() {
                return Err(LinkError::OutOfTurn(format!(
                    "message {k} has a move of {} while it is not their turn",
                    side.color().name()
                )));
            }
            let mv = g
                .legal_moves()
                .into_iter()
                .find(|mv| mv.path().map(|s| s.index() as u8).eq(path.iter().copied()))
                .ok_or_else(|| illegal(k, "the move is not legal here"))?;
            g.play_move(&mv).map_err(|e| illegal(k, e))?;
        }
        if k > 1 && !g.is_over() && g.turn() == side.color() {
            return Err(LinkError::Incomplete { message: k });
        }
    }
    Ok(())
}

/// The actions of a backgammon record, as a link carries them (`None` for an action the
/// protocol has no room for: dice set by hand).
fn backgammon_acts(record: &[Action]) -> Result<Vec<Act>, String> {
    record
        .iter()
        .map(|a| {
            Ok(match a {
                Action::OpeningRoll { white, black, set: false } => Act::Roll(Some([*white, *black])),
                Action::Roll { dice, set: false, .. } => Act::Roll(Some(*dice)),
                Action::OpeningRoll { .. } | Action::Roll { .. } => {
                    return Err("dice set by hand have no place in a game by link".to_string());
                }
                Action::Play { steps, .. } => Act::Play(steps.iter().map(|s| (s.from, s.die)).collect()),
                Action::ChooseDoubles { die, .. } => Act::ChooseDoubles(*die),
                Action::Double { .. } => Act::Double,
                Action::Take { .. } => Act::Take,
                Action::Pass { .. } => Act::Pass,
                Action::Resign { kind, .. } => Act::Resign(*kind),
                Action::AcceptResignation { .. } => Act::AcceptResignation,
                Action::DeclineResignation { .. } => Act::DeclineResignation,
                Action::NextGame => Act::NextGame,
            })
        })
        .collect()
}

fn draughts_acts(g: &dr::Game) -> Vec<Act> {
    g.history().iter().map(|p| Act::Move(p.mv.path().map(|s| s.index() as u8).collect())).collect()
}

// ----- a player's session -----

/// One player's side of a game by link: his secret root, the link so far (every message
/// verified), and the game it gives. Saved on his device ([`Session::to_save`]); the root never
/// leaves it.
#[derive(Clone, Debug)]
pub struct Session {
    me: Side,
    root: [u8; 32],
    link: Link,
    replayed: Replayed,
}

/// What a [`Session`] keeps on a device.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionSave {
    pub format: String,
    pub me: Side,
    /// The secret root, hex.
    pub secret: String,
    /// The link of every verified message.
    pub link: String,
}

/// The result of [`Session::open`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opened {
    /// The link held the opponent's new message.
    Updated,
    /// The link is the game as the device already has it.
    Unchanged,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

impl Session {
    /// A new game by link, `me` the inviter (White), with the secret `root` and game `id`
    /// ([`fresh_secret`]). Its first message is open: [`Session::link`] gives the invitation.
    pub fn invite(setup: Setup, root: [u8; 32], id: [u8; 8]) -> Session {
        let link = Link { id, setup, messages: Vec::new(), heads: [None, None] };
        let replayed = Replayed { game: new_game(setup), messages: Vec::new(), pending_roll: false };
        Session { me: Side::Inviter, root, link, replayed }
    }

    /// The friend's side of an invitation (a link of one message), with his secret `root`.
    pub fn join(text: &str, root: [u8; 32]) -> Result<Session, LinkError> {
        let link = Link::parse(text)?;
        if link.messages.len() != 1 {
            return Err(LinkError::OutOfTurn(format!(
                "only an invitation (one message) starts a game here; this link has {} messages",
                link.messages.len()
            )));
        }
        let replayed = link.replay()?;
        Ok(Session { me: Side::Friend, root, link: Link { messages: replayed.messages.clone(), ..link }, replayed })
    }

    /// A saved session back, its link verified again and its own reveals checked against its
    /// secret.
    pub fn from_save(save: &SessionSave) -> Result<Session, LinkError> {
        let root = from_hex::<32>(&save.secret).ok_or_else(|| LinkError::Format("a damaged secret".into()))?;
        let link = Link::parse(&save.link)?;
        let replayed = link.replay()?;
        let s = Session { me: save.me, root, link, replayed };
        if s.link.heads[s.me.index()] != s.my_head() {
            return Err(LinkError::Altered("the saved link does not hold this device's own reveals".into()));
        }
        Ok(s)
    }

    pub fn to_save(&self) -> SessionSave {
        SessionSave {
            format: "tabla-link".to_string(),
            me: self.me,
            secret: hex(&self.root),
            link: self.link.to_text(),
        }
    }

    pub fn me(&self) -> Side {
        self.me
    }

    /// The game id, hex (how a device finds its session for a link: [`link_id`]).
    pub fn id(&self) -> String {
        hex(&self.link.id)
    }

    pub fn setup(&self) -> Setup {
        self.link.setup
    }

    /// The messages so far.
    pub fn messages(&self) -> usize {
        self.link.messages.len()
    }

    /// Whether the next message is this player's to send.
    pub fn my_turn(&self) -> bool {
        Side::of_message(self.messages() + 1) == self.me
    }

    /// The link text of every message so far.
    pub fn link(&self) -> String {
        self.link.to_text()
    }

    /// The head this side's link should carry: its element for its latest message.
    fn my_head(&self) -> Option<[u8; 32]> {
        let m = self.link.sent_by(self.me);
        (m > 0).then(|| chain_element(&self.root, m - 1))
    }

    /// The element this side's next message will carry.
    fn my_next_element(&self) -> Result<[u8; 32], LinkError> {
        let i = self.link.sent_by(self.me);
        if i > CHAIN_LENGTH {
            return Err(LinkError::Exhausted);
        }
        Ok(chain_element(&self.root, i))
    }

    /// The game as this player sees it: the link's game, with the opponent's waiting roll
    /// rolled when it is this player's next element that gives its dice. When it is this
    /// player's turn, the game's dice are his next message's (LINK-DICE), none where a roll
    /// must wait (LINK-DEFERRED-ROLL).
    pub fn game(&self) -> Result<LinkGame, LinkError> {
        let mut game = self.replayed.game.clone();
        let LinkGame::Backgammon(g) = &mut game else { return Ok(game) };
        if !self.my_turn() {
            g.set_dice_source(bg::game::GameDice { source: Dice::fixed([]), seed: None });
            return Ok(game);
        }
        let k = self.messages() + 1;
        let rolls = if k >= FIRST_ROLL_MESSAGE {
            let last = self.link.elements()?[k - 2];
            stream(&self.my_next_element()?, &last)
        } else {
            Vec::new()
        };
        g.set_dice_source(bg::game::GameDice { source: Dice::fixed(rolls), seed: None });
        if self.replayed.pending_roll {
            g.roll().map_err(|e| illegal(k - 1, e))?;
        }
        if roll_is_deferred(g) {
            g.set_dice_source(bg::game::GameDice { source: Dice::fixed([]), seed: None });
        }
        Ok(game)
    }

    /// This player's new message from `game` (the game [`Session::game`] gave, played on), and
    /// the link with it. In phase `Roll` with a roll that must wait (LINK-DEFERRED-ROLL),
    /// sending is the roll. On error (an incomplete turn, a game that is not this one's) the
    /// session is unchanged.
    pub fn send(&mut self, game: &LinkGame) -> Result<String, LinkError> {
        if !self.my_turn() {
            return Err(LinkError::OutOfTurn("it is your friend's turn: wait for his link".into()));
        }
        let base = self.game()?;
        let acts = match (&base, game) {
            (LinkGame::Backgammon(b), LinkGame::Backgammon(g)) => {
                let (old, new) = (b.record(), g.record());
                if new.len() < old.len() || new[..old.len()] != *old {
                    return Err(LinkError::Altered("the game played is not this game by link".into()));
                }
                let mut acts = backgammon_acts(&new[old.len()..]).map_err(LinkError::Altered)?;
                let k = self.messages() + 1;
                if k >= FIRST_ROLL_MESSAGE
                    && roll_is_deferred(g)
                    && backgammon_actor(g) == Some(self.me.player())
                    && g.steps().is_empty()
                {
                    acts.push(Act::Roll(None));
                }
                acts
            }
            (LinkGame::Draughts(b), LinkGame::Draughts(g)) => {
                let (old, new) = (draughts_acts(b), draughts_acts(g));
                if new.len() < old.len() || new[..old.len()] != *old || g.start_position() != b.start_position() {
                    return Err(LinkError::Altered("the game played is not this game by link".into()));
                }
                new[old.len()..].to_vec()
            }
            _ => return Err(LinkError::Altered("the game played is not this game by link".into())),
        };
        // the opponent's waiting roll, rolled in `base`, is not one of this player's acts: the
        // replay fills its dice into his message
        let mut messages = self.link.messages.clone();
        messages.push(Message { acts });
        let mut heads = self.link.heads;
        heads[self.me.index()] = Some(self.my_next_element()?);
        let link = Link { messages, heads, ..self.link.clone() };
        let replayed = link.replay()?;
        self.link = Link { messages: replayed.messages.clone(), ..link };
        self.replayed = replayed;
        Ok(self.link())
    }

    /// Opens a link of this game from the friend: verified against this device's game (see
    /// the module doc). On error the session is unchanged.
    pub fn open(&mut self, text: &str) -> Result<Opened, LinkError> {
        let link = Link::parse(text)?;
        if link.id != self.link.id {
            return Err(LinkError::OtherGame);
        }
        if link.setup != self.link.setup {
            return Err(LinkError::Altered("the game's rules differ".into()));
        }
        let (n, local) = (link.messages.len(), self.messages());
        // every message this device has must be in the link as it is (dice once unknown may
        // now be known)
        for (k, (mine, theirs)) in self.link.messages.iter().zip(&link.messages).enumerate() {
            if !same_message(mine, theirs) {
                return Err(LinkError::Altered(format!("message {} is not the one played", k + 1)));
            }
        }
        if n < local {
            return Err(LinkError::Stale { link: n, local });
        }
        if n == local {
            return if link.heads == self.link.heads {
                Ok(Opened::Unchanged)
            } else {
                Err(LinkError::Altered("a reveal already known differs".into()))
            };
        }
        if n > local + 1 || Side::of_message(n) == self.me {
            return Err(LinkError::OutOfTurn("the link holds a message in your name that you did not send".into()));
        }
        if link.heads[self.me.index()] != self.my_head() {
            return Err(LinkError::Altered("your own reveal differs".into()));
        }
        let them = self.me.other();
        if let Some(known) = self.link.heads[them.index()] {
            let new = link.heads[them.index()].ok_or(LinkError::WithheldReveal)?;
            if new == known {
                return Err(LinkError::WithheldReveal);
            }
            if chain_step(&new) != known {
                return Err(LinkError::BadReveal);
            }
        }
        let replayed = link.replay()?;
        self.link = Link { messages: replayed.messages.clone(), ..link };
        self.replayed = replayed;
        Ok(Opened::Updated)
    }
}

/// What a player is to do in a game by link, as the page says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Turn {
    /// His turn: act, then send the link.
    Mine,
    /// His message has nothing more to hold (his friend acts next, or the friend's waiting
    /// roll needs this player's reveal): send the link.
    Send,
    /// Double, or send the link to roll: the dice come with the friend's answer
    /// (LINK-DEFERRED-ROLL).
    RollOrDouble,
    /// The friend's turn: wait for his link.
    Waiting,
    /// The game is over.
    Over,
}

impl Session {
    /// What this player is to do, with `game` the game [`Session::game`] gave, played on.
    pub fn turn_with(&self, game: &LinkGame) -> Turn {
        if !self.my_turn() {
            return Turn::Waiting;
        }
        match game {
            LinkGame::Backgammon(g) => match backgammon_actor(g) {
                None => Turn::Over,
                Some(p) if p != self.me.player() => Turn::Send,
                Some(_) if roll_is_deferred(g) && self.messages() + 1 >= FIRST_ROLL_MESSAGE => Turn::RollOrDouble,
                Some(_)
                    if self.messages() + 1 < FIRST_ROLL_MESSAGE
                        && matches!(g.phase(), Phase::Opening | Phase::Roll) =>
                {
                    Turn::Send
                }
                Some(_) => Turn::Mine,
            },
            LinkGame::Draughts(g) if g.is_over() => Turn::Over,
            LinkGame::Draughts(g) if g.turn() != self.me.color() => Turn::Send,
            LinkGame::Draughts(_) => Turn::Mine,
        }
    }
}

/// Whether two versions of a message are the same, a roll's dice unknown in `known` and known
/// in `other` being the same roll.
fn same_message(known: &Message, other: &Message) -> bool {
    known.acts.len() == other.acts.len()
        && known.acts.iter().zip(&other.acts).all(|(a, b)| match (a, b) {
            (Act::Roll(None), Act::Roll(_)) => true,
            _ => a == b,
        })
}

fn new_game(setup: Setup) -> LinkGame {
    match setup {
        Setup::Backgammon(o) => LinkGame::Backgammon(bg::Game::with_dice(o, Dice::fixed([]))),
        Setup::Draughts(o) => LinkGame::Draughts(dr::Game::new(o)),
    }
}

/// The game id of a link's text (hex), to find the session it belongs to; the link is only
/// read, not verified.
pub fn link_id(text: &str) -> Result<String, LinkError> {
    Ok(hex(&Link::parse(text)?.id))
}
