//! The budget of costly commands: what draws a picture or a chart, replays, analyses or exports a match
//! costs this process far more than a move, so each person may ask for [`COSTLY_PER_MINUTE`] of them a
//! minute (a burst of that many, then one every few seconds), per process. Past it, the request is refused
//! privately with the time to wait. Kept in memory: a restart forgets it, which costs nothing.

use namnam_model::UserId;
use std::num::NonZeroU32;
use std::ops::Add;
use std::sync::Arc;

use governor::clock::Reference;
use governor::nanos::Nanos;
use governor::{Quota, RateLimiter};

use super::clock::Clock;

/// Costly commands a person may ask for in a minute.
pub const COSTLY_PER_MINUTE: u32 = 10;

/// Above this many people remembered, those whose budget is full again are forgotten.
const REMEMBERED: usize = 4096;

/// The core's clock, as the rate limiter reads time: tests move it by hand.
#[derive(Clone)]
struct CoreTime(Arc<dyn Clock>);

/// A moment of [`CoreTime`], in nanoseconds since the epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Moment(u64);

impl Add<Nanos> for Moment {
    type Output = Moment;

    fn add(self, other: Nanos) -> Moment {
        Moment(self.0.saturating_add(other.as_u64()))
    }
}

impl Reference for Moment {
    fn duration_since(&self, earlier: Self) -> Nanos {
        Nanos::from(self.0.saturating_sub(earlier.0))
    }

    fn saturating_sub(&self, duration: Nanos) -> Self {
        Moment(self.0.saturating_sub(duration.as_u64()))
    }
}

impl governor::clock::Clock for CoreTime {
    type Instant = Moment;

    fn now(&self) -> Moment {
        let ms = u64::try_from(self.0.now_ms()).unwrap_or(0);
        Moment(ms.saturating_mul(1_000_000))
    }
}

type Limiter = RateLimiter<
    UserId,
    governor::state::keyed::DefaultKeyedStateStore<UserId>,
    CoreTime,
    governor::middleware::NoOpMiddleware<Moment>,
>;

/// Each person's budget of costly commands in this process.
pub(crate) struct Budget {
    limiter: Limiter,
    clock: CoreTime,
}

impl Budget {
    pub fn new(clock: Arc<dyn Clock>, per_minute: u32) -> Budget {
        let per_minute = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
        let clock = CoreTime(clock);
        Budget {
            limiter: RateLimiter::dashmap_with_clock(Quota::per_minute(per_minute), clock.clone()),
            clock,
        }
    }

    /// Spends one of `user`'s costly commands; `Err(when)` (milliseconds since the epoch) if none is left
    /// until then.
    pub fn spend(&self, user: UserId) -> Result<(), i64> {
        if self.limiter.len() > REMEMBERED {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&user).map_err(|not_until| {
            let now = governor::clock::Clock::now(&self.clock);
            let wait_ms =
                i64::try_from(not_until.wait_time_from(now).as_millis()).unwrap_or(i64::MAX);
            self.clock.0.now_ms().saturating_add(wait_ms.max(1))
        })
    }
}
