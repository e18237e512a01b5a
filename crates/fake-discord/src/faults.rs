//! Faults as a pure function of (seed, route template, that route's request count), so that a seed
//! replays the same faults; and the gateway lag of interactions, a function of (seed, interaction
//! number).

use std::time::Duration;

/// Which faults to inject.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaultPlan {
    pub seed: u64,
    /// The probability that a request is faulted (0 = never). Interactions lag only when it is above 0.
    pub rate: f64,
}

impl Default for FaultPlan {
    fn default() -> Self {
        Self { seed: 0, rate: 0.0 }
    }
}

/// One kind of injected fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fault {
    /// 429 with `"global": false` and `X-RateLimit-Scope: user`; not applied.
    RateLimited,
    /// 429 with `"global": true` and `X-RateLimit-Global: true`; not applied.
    GlobalRateLimited,
    /// 500, 502 or 503; not applied.
    ServerError(u16),
    /// The connection is closed without an answer; not applied.
    DropBefore,
    /// The request is applied, then the connection is closed without an answer.
    DropAfter,
    /// An interaction dispatched 2.2–2.9 s old: the bot must defer at once.
    LagDefer,
    /// An interaction dispatched more than 3 s old: every callback fails with 10062.
    LagExpired,
}

impl Fault {
    pub fn name(self) -> String {
        match self {
            Fault::RateLimited => "429 route".into(),
            Fault::GlobalRateLimited => "429 global".into(),
            Fault::ServerError(status) => status.to_string(),
            Fault::DropBefore => "drop before".into(),
            Fault::DropAfter => "drop after".into(),
            Fault::LagDefer => "lag (defer)".into(),
            Fault::LagExpired => "lag (expired)".into(),
        }
    }
}

/// SplitMix64's finaliser: a good 64-bit mix.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A stable hash of the inputs (FNV-1a of the text, then mixed with the numbers).
pub fn hash(seed: u64, text: &str, n: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    mix(mix(seed ^ h) ^ n)
}

/// A number in [0, 1) from a hash.
fn unit(h: u64) -> f64 {
    (h >> 11) as f64 / (1u64 << 53) as f64
}

impl FaultPlan {
    /// The fault (if any) for the `count`-th request (from 1) of `template`.
    pub fn fault(&self, template: &str, count: u64) -> Option<Fault> {
        if self.rate <= 0.0 {
            return None;
        }
        let h = hash(self.seed, template, count);
        if unit(h) >= self.rate {
            return None;
        }
        Some(match mix(h) % 7 {
            0 => Fault::RateLimited,
            1 => Fault::GlobalRateLimited,
            2 => Fault::ServerError(500),
            3 => Fault::ServerError(502),
            4 => Fault::ServerError(503),
            5 => Fault::DropBefore,
            _ => Fault::DropAfter,
        })
    }

    /// How long a 429 asks to wait: 50–200 ms.
    pub fn retry_after(&self, template: &str, count: u64) -> f64 {
        let h = mix(hash(self.seed, template, count) ^ 0x5EED);
        0.05 + 0.15 * unit(h)
    }

    /// The gateway lag of the `n`-th interaction: ~15% between 2.2 and 2.9 s, ~8% between 3.1 and 5 s.
    pub fn lag(&self, n: u64) -> Option<(Fault, Duration)> {
        if self.rate <= 0.0 {
            return None;
        }
        let h = hash(self.seed, "interaction lag", n);
        let (u, v) = (unit(h), unit(mix(h)));
        if u < 0.08 {
            Some((
                Fault::LagExpired,
                Duration::from_millis(3_100 + (v * 1_900.0) as u64),
            ))
        } else if u < 0.23 {
            Some((
                Fault::LagDefer,
                Duration::from_millis(2_200 + (v * 700.0) as u64),
            ))
        } else {
            None
        }
    }
}

/// The route template of a request: the method and the path with ids and tokens replaced, e.g.
/// `POST /channels/{id}/messages` or `POST /interactions/{id}/{token}/callback`.
pub fn template(method: &str, path: &str) -> String {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let mut out = String::from(method);
    for (i, segment) in segments.iter().enumerate() {
        out.push('/');
        let previous_is_id = i >= 2
            && matches!(segments[i - 2], "interactions" | "webhooks")
            && segments[i - 1].bytes().all(|b| b.is_ascii_digit());
        if !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str("{id}");
        } else if previous_is_id {
            out.push_str("{token}");
        } else {
            out.push_str(segment);
        }
    }
    out.replacen('/', " /", 1)
}

/// The major parameter of a path (channel, guild or webhook id), for the rate-limit bucket.
pub fn major(path: &str) -> String {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match segments.as_slice() {
        ["channels" | "guilds" | "interactions", id, ..] => id.to_string(),
        ["webhooks", id, token, ..] => format!("{id}/{token}"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_hide_ids_and_tokens() {
        assert_eq!(
            template("POST", "/channels/12/messages"),
            "POST /channels/{id}/messages"
        );
        assert_eq!(
            template("POST", "/interactions/5/interaction-token-5/callback"),
            "POST /interactions/{id}/{token}/callback"
        );
        assert_eq!(
            template("PATCH", "/webhooks/1/tok/messages/@original"),
            "PATCH /webhooks/{id}/{token}/messages/@original"
        );
        assert_eq!(template("GET", "/users/@me"), "GET /users/@me");
    }

    #[test]
    fn a_plan_is_a_function_of_its_seed() {
        let plan = FaultPlan { seed: 7, rate: 0.3 };
        let faults = |plan: FaultPlan| {
            (1..200)
                .map(|n| plan.fault("POST /channels/{id}/messages", n))
                .collect::<Vec<_>>()
        };
        assert_eq!(faults(plan), faults(plan));
        assert_ne!(faults(plan), faults(FaultPlan { seed: 8, ..plan }));
        let count = faults(plan).iter().flatten().count();
        assert!((30..90).contains(&count), "{count} faults of 199 at 0.3");
        assert!(faults(FaultPlan { rate: 0.0, ..plan })
            .iter()
            .all(Option::is_none));
    }
}
