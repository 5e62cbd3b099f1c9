//! The limits of a search: a deadline, an amount of work, or both.

use std::time::Instant;

/// How far a search may go: until a deadline (if any) and for an amount of work (in the
/// search's own unit: worlds, iterations, positions; `u64::MAX` for no limit). A search asks
/// [`Limits::is_spent`] as it goes, and hands a part of its time on with [`Limits::share`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    deadline: Option<Instant>,
    work: u64,
    /// The clock is read only when the work done is a multiple of this (reading it costs
    /// more than a unit of the fastest searches).
    clock_every: u64,
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        deadline: None,
        work: u64::MAX,
        clock_every: 1,
    };

    /// At most `work` units, and nothing past `deadline`, if there is one.
    pub const fn new(deadline: Option<Instant>, work: u64) -> Limits {
        Limits {
            deadline,
            work,
            clock_every: 1,
        }
    }

    /// At most `work` units, whatever the time.
    pub const fn work(work: u64) -> Limits {
        Limits::new(None, work)
    }

    /// These limits with another amount of work (the same deadline).
    pub const fn with_work(self, work: u64) -> Limits {
        Limits { work, ..self }
    }

    /// These limits, reading the clock only every `units` units of work.
    pub const fn clock_every(self, units: u64) -> Limits {
        Limits {
            clock_every: if units == 0 { 1 } else { units },
            ..self
        }
    }

    /// The deadline, if any.
    pub const fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The amount of work (`u64::MAX` for no limit).
    pub const fn work_limit(&self) -> u64 {
        self.work
    }

    /// Whether a search that has done `done` units of work must stop: the work is done, or
    /// (looked at every [`Limits::clock_every`] units) the deadline has passed.
    #[inline]
    pub fn is_spent(&self, done: u64) -> bool {
        done >= self.work
            || (done % self.clock_every == 0
                && self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline))
    }

    /// A share of the time left from `now` to the deadline: the deadline moved to `fraction`
    /// of the way there (the work stays: each search shares out its own unit).
    pub fn share(&self, now: Instant, fraction: f64) -> Limits {
        Limits {
            deadline: self
                .deadline
                .map(|deadline| now + deadline.saturating_duration_since(now).mul_f64(fraction)),
            ..*self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn work_is_spent_at_its_limit_and_a_deadline_when_it_has_passed() {
        let limits = Limits::work(3);
        assert!(!limits.is_spent(2));
        assert!(limits.is_spent(3));
        assert!(!Limits::NONE.is_spent(u64::MAX - 1));
        let past = Limits::new(Some(Instant::now()), 10);
        assert!(past.is_spent(0));
        let later = Limits::new(Some(Instant::now() + Duration::from_secs(3600)), 10);
        assert!(!later.is_spent(0));
        // The clock is read only at multiples of `clock_every`.
        let every = past.clock_every(4);
        assert!(!every.is_spent(3));
        assert!(every.is_spent(4));
    }

    #[test]
    fn a_share_moves_the_deadline_and_keeps_the_work() {
        let now = Instant::now();
        let limits = Limits::new(Some(now + Duration::from_millis(900)), 100);
        let half = limits.share(now, 0.5);
        assert_eq!(half.deadline(), Some(now + Duration::from_millis(450)));
        assert_eq!(half.work_limit(), 100);
        assert_eq!(Limits::NONE.share(now, 0.5), Limits::NONE);
        // Past the deadline, a share of it is now.
        let late = now + Duration::from_secs(1);
        assert_eq!(limits.share(late, 0.5).deadline(), Some(late));
    }
}
