//! Time and memory limits for a whole run of playaid. Data cannot make a build unbounded (its
//! counts and texts are limited by `check`), but a game's own templates are programs: one that
//! loops or grows without end must still stop, with a message, in bounded time and memory.
//!
//! The binary counts live heap bytes with [`Counting`] (its global allocator) and a watchdog
//! thread compares them, and the time spent on the current step, with the limits. Over a limit
//! it reports an E039 finding naming the step (the document and the template being compiled),
//! in the output format asked for, and exits with code 1 (watch mode starts itself again and
//! waits for the next change); output files are written atomically, so the last good ones stay.

use std::alloc::{GlobalAlloc, Layout};
use std::sync::Mutex;
use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use mimalloc::MiMalloc;

/// Live heap bytes, in shards each on its own cache line: a thread counts in the shard of its
/// own, so that two threads compiling at once do not fight over one counter (one shared
/// counter was 5 % of a 5,000-counter build). Bytes freed on another thread than the one that
/// allocated them make shards negative; the sum is right. The shards are read one after the
/// other, so a free counted in an early shard and an allocation in a later one during those
/// nanoseconds can make one reading high by their size; the next reading, 20 ms on, is right.
const SHARDS: usize = 8;
#[repr(align(64))]
struct Shard(AtomicIsize);
static LIVE: [Shard; SHARDS] = [const { Shard(AtomicIsize::new(0)) }; SHARDS];

/// This thread's shard: threads take the shards in turn as they first allocate (a constant
/// thread-local without a destructor: safe to use inside the allocator).
fn shard() -> &'static AtomicIsize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    thread_local! {
        static MINE: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
    }
    let i = MINE.with(|m| {
        if m.get() == usize::MAX {
            m.set(NEXT.fetch_add(1, Ordering::Relaxed) % SHARDS);
        }
        m.get()
    });
    &LIVE[i].0
}

/// What each thread is doing and since when (documents compile on several threads at once).
static STEPS: Mutex<Vec<(std::thread::ThreadId, String, Instant)>> = Mutex::new(Vec::new());

/// mimalloc, counting the bytes in use. Not the system allocator: glibc's, once a build had
/// freed its documents, spent a third of `watch`'s next rebuild sorting its free lists
/// (`_int_malloc`, `unlink_chunk`, `malloc_consolidate` in a profile; loading a game took
/// 50-150 ms where a fresh process takes 1-5 ms), and a rebuild of The Marrow Front took
/// 255-300 ms where it takes 127-150 ms with mimalloc. mimalloc keeps memory it has touched for
/// reuse, so a peak is higher (5,000 counters: about 300 MiB, 190 with glibc's).
pub struct Counting;

// SAFETY: every call is forwarded to mimalloc unchanged; only a counter is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        shard().fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller upholds `alloc`'s contract, which is mimalloc's.
        unsafe { MiMalloc.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shard().fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: as for `alloc`.
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        shard().fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: as for `alloc`.
        unsafe { MiMalloc.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        shard().fetch_add(new_size as isize - layout.size() as isize, Ordering::Relaxed);
        // SAFETY: as for `alloc`.
        unsafe { MiMalloc.realloc(ptr, layout, new_size) }
    }
}

/// Heap bytes in use (0 when the binary does not count them).
pub fn live_bytes() -> usize {
    LIVE.iter().map(|s| s.0.load(Ordering::Relaxed)).sum::<isize>().max(0) as usize
}

/// Say what playaid is doing now ("compiling cheatsheet.pdf"); the time limit counts from here.
/// Each thread has its own step.
pub fn step(what: impl Into<String>) {
    let me = std::thread::current().id();
    if let Ok(mut s) = STEPS.lock() {
        s.retain(|(t, ..)| *t != me);
        s.push((me, what.into(), Instant::now()));
    }
}

/// This thread's step is over (a worker that compiled its documents, or the main thread handing
/// the documents to workers).
pub fn end_step() {
    let me = std::thread::current().id();
    if let Ok(mut s) = STEPS.lock() {
        s.retain(|(t, ..)| *t != me);
    }
}

/// `f` of every item, the items shared between the machine's cores (at most `max` threads at
/// once), the results in the items' order whichever thread finishes first: the same output on
/// any machine. The calling thread's step (and its time limit) covers the work.
pub fn on_cores<T: Sync, R: Send>(items: &[T], max: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(max).min(items.len());
    if threads <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let done: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    *done[i].lock().unwrap() = Some(r);
                }
            });
        }
    });
    done.into_iter().map(|d| d.into_inner().unwrap().expect("every item was done")).collect()
}

/// Nothing is being done (watch mode waiting for a change): no time limit runs.
pub fn idle() {
    if let Ok(mut s) = STEPS.lock() {
        s.clear();
    }
}

/// The limits of one run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The longest one step (loading and checking, or compiling one document) may take.
    pub time: Duration,
    /// The most heap memory playaid may use.
    pub memory_bytes: usize,
}

/// What the watchdog stopped: the step, what went over, and the option that raises the limit.
#[derive(Debug, Clone)]
pub struct Stopped {
    /// The step that was running ("compiling cheatsheet.pdf with the game's own ...").
    pub what: String,
    /// What went over ("took longer than 60 s").
    pub how: String,
    /// The option that raises this limit.
    pub option: &'static str,
}

impl Stopped {
    /// The E039 finding, for any of the output formats.
    pub fn diagnostic(&self) -> crate::diag::Diagnostic {
        crate::diag::Diagnostic::error(crate::diag::RESOURCE_LIMIT, format!("playaid stopped: {} {}", self.what, self.how))
            .note("nothing was written; the files of the last good build are unchanged")
            .help(format!(
                "a game's own template that loops or grows without end does this: fix it, or remove it to print with the built-in one; a game this large needs a higher {}",
                self.option
            ))
    }
}

/// Watch the limits from a background thread for the rest of the process; over a limit, call
/// `on_stop`, which reports the finding and ends (or restarts) the process.
pub fn start_watchdog(limits: Limits, on_stop: fn(&Stopped) -> !) {
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_millis(20));
            // The step running longest is the one to blame.
            let oldest = STEPS.lock().ok().and_then(|s| s.iter().min_by_key(|(_, _, t)| *t).cloned());
            let (what, since) = match oldest {
                Some((_, what, since)) => (what, since),
                None => ("starting".to_string(), Instant::now()),
            };
            let used = live_bytes();
            if used > limits.memory_bytes {
                on_stop(&Stopped {
                    what,
                    how: format!("needed more than {} MiB of memory", limits.memory_bytes >> 20),
                    option: "--memory-limit MIB",
                });
            }
            if since.elapsed() > limits.time {
                on_stop(&Stopped {
                    what,
                    how: format!("took longer than {} s", limits.time.as_secs()),
                    option: "--time-limit SECONDS",
                });
            }
        }
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn work_on_cores_comes_back_in_order() {
        let items: Vec<u64> = (0..100).collect();
        // Later items finish first on another thread: the order is still the items'.
        let out = super::on_cores(&items, 8, |&n| {
            std::thread::sleep(std::time::Duration::from_micros(100 - n));
            n * n
        });
        assert_eq!(out, items.iter().map(|n| n * n).collect::<Vec<_>>());
        assert!(super::on_cores(&[] as &[u8], 2, |_| 0).is_empty());
    }
}
