//! The player's own threads, to spread the work of a search over.

use std::fmt;
use std::sync::Arc;

use rayon::prelude::*;

/// A pool of threads that only one player's searches use (so that, while they wait, they
/// take up no other work of the program's), bounded by the player's settings.
#[derive(Clone)]
pub(crate) struct Threads {
    count: usize,
    /// `None` for one thread (the caller's), or if the pool could not be started.
    pool: Option<Arc<rayon::ThreadPool>>,
}

impl fmt::Debug for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Threads")
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}

impl Threads {
    /// Up to `count` threads (at least one).
    pub(crate) fn new(count: usize) -> Threads {
        let count = count.max(1);
        let pool = (count > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(count).build())
            .and_then(Result::ok)
            .map(Arc::new);
        Threads { count, pool }
    }

    /// The number of threads asked for.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// `work(share)` for every share `0..shares`, the results in share order: on the pool's
    /// threads when there are several shares, else (or without a pool) on the caller's. The
    /// caller waits meanwhile. (A thread of another rayon pool would take up that pool's
    /// work while it waits: whoever runs games at once runs them on plain threads.)
    pub(crate) fn spread<T: Send>(
        &self,
        shares: usize,
        work: impl Fn(usize) -> T + Sync,
    ) -> Vec<T> {
        match &self.pool {
            Some(pool) if shares > 1 => pool.install(|| {
                (0..shares)
                    .into_par_iter()
                    .with_max_len(1)
                    .map(&work)
                    .collect()
            }),
            _ => (0..shares).map(work).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_share_is_done_once_and_the_results_keep_their_order() {
        for count in [1, 2, 3] {
            let threads = Threads::new(count);
            assert_eq!(threads.count(), count);
            let squares = threads.spread(5, |share| share * share);
            assert_eq!(squares, [0, 1, 4, 9, 16]);
        }
    }

    #[test]
    fn several_shares_run_side_by_side_on_the_pool() {
        let threads = Threads::new(2);
        let ids = threads.spread(2, |_| std::thread::current().id());
        assert!(ids.iter().all(|&id| id != std::thread::current().id()));
    }
}
