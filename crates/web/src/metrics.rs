//! The web server's own metrics, in Prometheus' text format on their own address (`--metrics ADDR`, never
//! the pages' port): requests by kind of page and class of status, their durations, the picture cache's
//! bytes. Labels are bounded: a kind of page, never a path, a token or an id.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

/// A request's labels.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    /// `server`, `player`, `match`, `tournament`, `picture`, `record`, `chart`, `static`, `health`, `other`.
    pub page: &'static str,
    /// `2xx`, `3xx`, `4xx`, `5xx`.
    pub status: &'static str,
}

/// The kind of page a request's path names.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct PageLabel {
    pub page: &'static str,
}

/// The web server's metrics and their registry.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    seconds: Family<PageLabel, Histogram>,
    pub(crate) cache_bytes: Gauge,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("namnam_web");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("requests", "Requests answered", requests.clone());
        let seconds = Family::<PageLabel, Histogram>::new_with_constructor(|| {
            // From half a millisecond to about two seconds.
            Histogram::new(prometheus_client::metrics::histogram::exponential_buckets(
                0.0005, 2.0, 13,
            ))
        });
        registry.register(
            "request_seconds",
            "From a request's arrival to its answer's head",
            seconds.clone(),
        );
        let cache_bytes = Gauge::default();
        registry.register(
            "picture_cache_bytes",
            "Bytes of pictures kept in memory",
            cache_bytes.clone(),
        );
        Metrics {
            registry,
            requests,
            seconds,
            cache_bytes,
        }
    }
}

impl Metrics {
    /// Counts one answered request.
    pub fn answered(&self, path: &str, status: u16, seconds: f64) {
        let page = page_of(path);
        let status = match status {
            200..=299 => "2xx",
            300..=399 => "3xx",
            400..=499 => "4xx",
            _ => "5xx",
        };
        self.requests
            .get_or_create(&RequestLabels { page, status })
            .inc();
        self.seconds
            .get_or_create(&PageLabel { page })
            .observe(seconds);
    }

    /// Everything, in Prometheus' text format.
    pub fn render(&self) -> String {
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

/// The kind of page of a path (the token and ids never become labels).
pub fn page_of(path: &str) -> &'static str {
    let Some(rest) = path.strip_prefix("/s/") else {
        return match path {
            "/healthz" => "health",
            p if p.starts_with("/static/") => "static",
            _ => "other",
        };
    };
    let mut parts = rest.split('/').skip(1);
    match (parts.next(), parts.next(), parts.next()) {
        (None | Some(""), _, _) => "server",
        (Some("players"), Some(_), Some("chart.png")) => "chart",
        (Some("players"), Some(_), None) => "player",
        (Some("matches"), Some(id), None) if id.ends_with(".nnr") => "record",
        (Some("matches"), Some(_), None) => "match",
        (Some("matches"), Some(_), Some(_)) => "picture",
        (Some("tournaments"), Some(_), None) => "tournament",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_few_labels() {
        let t = "ab".repeat(32);
        assert_eq!(page_of(&format!("/s/{t}/")), "server");
        assert_eq!(page_of(&format!("/s/{t}/players/12")), "player");
        assert_eq!(page_of(&format!("/s/{t}/players/12/chart.png")), "chart");
        assert_eq!(page_of(&format!("/s/{t}/matches/3")), "match");
        assert_eq!(page_of(&format!("/s/{t}/matches/3.nnr")), "record");
        assert_eq!(page_of(&format!("/s/{t}/matches/3/9.png")), "picture");
        assert_eq!(page_of(&format!("/s/{t}/tournaments/1")), "tournament");
        assert_eq!(page_of("/healthz"), "health");
        assert_eq!(page_of("/wp-admin"), "other");
    }

    #[test]
    fn answers_are_counted_by_page_and_status() {
        let metrics = Metrics::default();
        let t = "ab".repeat(32);
        metrics.answered(&format!("/s/{t}/matches/3"), 200, 0.002);
        metrics.answered(&format!("/s/{t}/matches/4"), 404, 0.001);
        let text = metrics.render();
        assert!(
            text.contains(r#"namnam_web_requests_total{page="match",status="2xx"} 1"#),
            "{text}"
        );
        assert!(
            text.contains(r#"namnam_web_requests_total{page="match",status="4xx"} 1"#),
            "{text}"
        );
        assert!(!text.contains(&t), "no token in a label");
    }
}
