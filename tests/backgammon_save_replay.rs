//! Loading a save replays its record in time (and memory traffic) linear in the record: a
//! 200-game money session loads as fast per action as a 20-game one. Measured by the bytes
//! allocated while loading (a counting allocator: deterministic, unlike wall time).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use tabla::backgammon::{Game, Options, Phase, Variant};

/// The system allocator, counting the bytes it hands out.
struct Counting;

static ALLOCATED: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size() as u64, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size as u64, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A money session of `games` games with seeded dice, doubles taken and passed, plays chosen by
/// a fixed rule.
fn money_session(games: usize) -> Game {
    let mut g = Game::with_seed(Options::new(Variant::Backgammon), 15);
    let mut k: usize = 0;
    let mut played = 1;
    loop {
        k = k.wrapping_mul(31).wrapping_add(7) % 1009;
        match g.phase() {
            Phase::Opening => {
                g.roll().unwrap();
            }
            Phase::Roll => {
                if g.can_double() && k % 9 == 0 {
                    g.double().unwrap();
                } else {
                    g.roll().unwrap();
                }
            }
            Phase::Resignation => g.decline_resignation().unwrap(),
            Phase::CubeDecision => {
                if k % 3 == 0 {
                    g.pass().unwrap()
                } else {
                    g.take().unwrap()
                }
            }
            Phase::Move => {
                let plays = g.legal_plays();
                let p = &plays[k % plays.len()];
                g.play_steps(&p.steps).unwrap();
            }
            Phase::ChooseDoubles => unreachable!("no acey-deucey in backgammon"),
            Phase::GameOver => {
                if played >= games {
                    return g;
                }
                g.next_game().unwrap();
                played += 1;
            }
        }
    }
}

/// Bytes allocated per recorded action while loading the save of a session of `games` games,
/// and the record's length.
fn load_cost(games: usize) -> (u64, usize) {
    let save = money_session(games).to_save();
    let before = ALLOCATED.load(Ordering::Relaxed);
    let loaded = Game::from_save(&save).unwrap();
    let bytes = ALLOCATED.load(Ordering::Relaxed) - before;
    assert_eq!(loaded.record().len(), save.record.len());
    (bytes / save.record.len() as u64, save.record.len())
}

/// BG-SAVE-REPLAY: loading is linear in the record. Copying the record once per play (as
/// `play_steps` did for its undo backup) made a 200-game session allocate hundreds of
/// kilobytes per action, and take 106 s to load.
#[test]
fn bg_save_replay_is_linear_in_the_record() {
    let (small, n_small) = load_cost(20);
    let (large, n_large) = load_cost(200);
    assert!(n_large > 8 * n_small, "the sessions are long enough: {n_small} and {n_large} actions");
    // Per action, the large session costs about what the small one does (a quadratic replay
    // would cost ten times as much).
    assert!(large < 2 * small + 1024, "{large} bytes per action for 200 games, {small} for 20");
    let start = std::time::Instant::now();
    let save = money_session(200).to_save();
    let t0 = start.elapsed();
    Game::from_save(&save).unwrap();
    eprintln!(
        "200-game money session: {} actions, played in {t0:?}, loaded in {:?}",
        save.record.len(),
        start.elapsed() - t0
    );
}
