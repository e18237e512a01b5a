//! The routes and their pages. Every page of a server lives under its token (`namnam_core::web::Page`):
//! a token that is malformed, unknown, or no longer the server's, and a player, match or tournament of
//! another server, all get the same 404, so that nothing tells whether a token exists.
//!
//! - `/s/TOKEN/` (`?season=N`, `?page=N`): the leaderboard, the seasons, live matches, tournaments;
//! - `/s/TOKEN/players/ID`, and its chart `/s/TOKEN/players/ID/chart.png`;
//! - `/s/TOKEN/matches/ID` (`?ply=N`), its pictures `/s/TOKEN/matches/ID/PLY.png` (the board after PLY
//!   moves) and `/s/TOKEN/matches/ID/PLY.gif` (move PLY's animation), its record `/s/TOKEN/matches/ID.nnr`;
//!   a live match shows its current board only;
//! - `/s/TOKEN/tournaments/ID`;
//! - `/healthz`, `/static/style.css`, `/static/step.js`.

use namnam_model::{MatchId, Names, TournamentId, UserId};
use std::collections::HashMap;
use std::sync::Arc;

use askama::Template;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use namnam_core::web::Page;
use namnam_core::{Language, MatchRow, RatedOutcome, Site, SiteMatch, Text, TournamentState};
use namnam_game::{Match, MatchMove};
use namnam_render::MatchView;
use sha2::{Digest, Sha256};

use super::app::App;
use super::cache::Cached;
use super::respond::{error_page, n, say, shown_in, t, tw, with_names_isolated, written};

/// Rows of a leaderboard page.
const PER_PAGE: u32 = 50;
/// Live matches shown on a server's page.
const LIVE_SHOWN: u32 = 12;
/// Recent matches shown on a player's page.
const RECENT_SHOWN: u32 = 20;

/// A finished match's pictures and record never change, but their address holds the server's token: a
/// shared cache in front (a proxy's, a CDN's) must not keep serving them after `web:new-link` or `web:no`,
/// only the reader's own browser may keep them, for a day.
const KEPT_PRIVATE: &str = "private, max-age=86400";
/// Pages and live pictures change: asked again each time, answered 304 while their ETag holds.
const REVALIDATE: &str = "no-cache";

pub(crate) fn routes(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/static/style.css", get(style))
        .route("/static/step.js", get(script))
        .route("/s/{token}/", get(server_page))
        .route("/s/{token}/players/{id}", get(player_page))
        .route("/s/{token}/players/{id}/chart.png", get(chart))
        .route("/s/{token}/matches/{file}", get(match_or_record))
        .route("/s/{token}/matches/{id}/{file}", get(match_picture))
        .route("/s/{token}/tournaments/{id}", get(tournament_page))
        .fallback(not_found)
        .with_state(app)
}

/// Why a page is not served.
pub(crate) enum WebError {
    NotFound,
    Internal(String),
}

impl<E: std::error::Error> From<E> for WebError {
    fn from(e: E) -> WebError {
        WebError::Internal(namnam_core::cause_chain(&e))
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        match self {
            WebError::NotFound => error_page(
                StatusCode::NOT_FOUND,
                "web-not-found-title",
                "web-not-found",
            ),
            WebError::Internal(e) => {
                tracing::error!(error = %e, "a page failed");
                error_page(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "web-error-title",
                    "web-error",
                )
            }
        }
    }
}

type Served = Result<Response, WebError>;

/// The ETag of a body: a digest of its bytes.
fn etag_of(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// Whether the client's `If-None-Match` already names `etag`.
fn fresh(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|v| v.trim().trim_start_matches("W/"))
        .any(|v| v == etag || v == "*")
}

/// A response whose body may change: with its ETag, and a 304 when the client has it already.
fn revalidated(request: &HeaderMap, content_type: &'static str, body: Vec<u8>) -> Response {
    let etag = etag_of(&body);
    let mut response = if fresh(request, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, content_type)], body).into_response()
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    response
}

fn page(request: &HeaderMap, rendered: Result<String, askama::Error>) -> Served {
    let body = rendered.map_err(|e| WebError::Internal(e.to_string()))?;
    Ok(revalidated(
        request,
        "text/html; charset=utf-8",
        body.into_bytes(),
    ))
}

async fn healthz(State(app): State<Arc<App>>) -> Response {
    health(&app).await
}

/// `200 ok` while the pages can be served: the database answers, holds this binary's schema and (SQLite)
/// is still the file opened ([`namnam_core::Store::check`]); else `503`. Both `/healthz` answer so.
pub(crate) async fn health(app: &App) -> Response {
    let mut response = match app.core.store().check().await {
        Ok(()) => (StatusCode::OK, "ok").into_response(),
        Err(e) => {
            tracing::error!(error = %namnam_core::cause_chain(&e), "the pages cannot be served");
            (StatusCode::SERVICE_UNAVAILABLE, "down").into_response()
        }
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

async fn style() -> Response {
    asset(
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    )
}

async fn script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../assets/step.js"),
    )
}

async fn not_found() -> WebError {
    WebError::NotFound
}

/// The server whose pages live under `token`, with its language.
async fn server_of(app: &App, token: String) -> Result<Site, WebError> {
    app.core.site(&token).await?.ok_or(WebError::NotFound)
}

/// A number of an address, written as the pages write it: digits only, no leading zero (`+3`, ` 3` or
/// `03` would name the same thing under a second address), and one that fits.
fn number<T: std::str::FromStr>(given: &str) -> Result<T, WebError> {
    let digits = !given.is_empty() && given.bytes().all(|b| b.is_ascii_digit());
    if !digits || (given.len() > 1 && given.starts_with('0')) {
        return Err(WebError::NotFound);
    }
    given.parse().map_err(|_| WebError::NotFound)
}

/// The numbers of a query (`?page=2&season=1`) that a page reads, by name, read as [`number`]: a name
/// given twice, or a value that is not such a number, is a 404 as any other address that names nothing.
/// Other names are left alone.
fn query_numbers(
    query: &Option<String>,
    names: &[&'static str],
) -> Result<HashMap<&'static str, u32>, WebError> {
    let mut numbers = HashMap::new();
    for pair in query.as_deref().unwrap_or_default().split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        if let Some(name) = names.iter().find(|name| **name == key) {
            if numbers.insert(*name, number(value)?).is_some() {
                return Err(WebError::NotFound);
            }
        }
    }
    Ok(numbers)
}

struct LeaderRow {
    rank: u32,
    link: String,
    name: String,
    rating: String,
    games: u32,
    won: u32,
    drawn: u32,
    lost: u32,
    streak: String,
}

struct SeasonLink {
    label: String,
    link: String,
    current: bool,
}

struct LiveMatch {
    link: String,
    picture: String,
    line: String,
}

#[derive(Template)]
#[template(path = "server.html")]
struct ServerPage {
    lang: &'static str,
    title: String,
    server: String,
    heading: String,
    nobody: String,
    columns: Vec<String>,
    rows: Vec<LeaderRow>,
    provisional: String,
    streak_legend: String,
    previous_page: Option<(String, String)>,
    next_page: Option<(String, String)>,
    seasons_heading: String,
    seasons: Vec<SeasonLink>,
    live_heading: String,
    live_none: String,
    live: Vec<LiveMatch>,
    board_width: u32,
    board_height: u32,
    tournaments_heading: String,
    tournaments_none: String,
    tournaments: Vec<(String, String)>,
}

fn match_line(language: Language, id: MatchId, names: &Names) -> String {
    say(
        language,
        "web-match-line",
        &[
            ("id", n(id)),
            ("south", tw(&names.south)),
            ("north", tw(&names.north)),
        ],
    )
}

async fn server_page(
    State(app): State<Arc<App>>,
    Path(token): Path<String>,
    RawQuery(query): RawQuery,
    request: HeaderMap,
) -> Served {
    let server = server_of(&app, token).await?;
    let asked = query_numbers(&query, &["season", "page"])?;
    let language = server.language;
    // Pages from 1; the rows before this page's, in a number that fits.
    let page_number = asked.get("page").copied().unwrap_or(1);
    let before = page_number
        .checked_sub(1)
        .and_then(|p| p.checked_mul(PER_PAGE))
        .ok_or(WebError::NotFound)?;
    // The standings as the core reads them for `leaderboard` too; a season not begun is no page.
    let standings = app
        .core
        .standings_page(
            server.id,
            asked.get("season").copied(),
            page_number,
            PER_PAGE,
        )
        .await
        .map_err(|e| match e {
            namnam_core::CoreError::User(_) => WebError::NotFound,
            namnam_core::CoreError::Internal(e) => WebError::from(e),
        })?;
    let (season, current, total) = (standings.season, standings.current, standings.total);
    let rows = standings.rows;
    // Past the last page (the first is served even when nobody is rated yet).
    if page_number > 1 && before >= total {
        return Err(WebError::NotFound);
    }
    let ids: Vec<UserId> = rows.iter().map(|r| r.player).collect();
    let streaks = app.core.streaks(server.id, season, &ids).await?;
    let base = Page::Server.path(&server.token);
    let rows = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let streak = streaks
                .iter()
                .find(|s| s.player == r.player)
                .map(|s| {
                    let outcome = match s.outcome {
                        RatedOutcome::Win => "web-streak-win",
                        RatedOutcome::Draw => "web-streak-draw",
                        RatedOutcome::Loss => "web-streak-loss",
                    };
                    say(language, outcome, &[("count", n(s.length))])
                })
                .unwrap_or_default();
            LeaderRow {
                rank: before.saturating_add(i as u32).saturating_add(1),
                link: Page::Player(r.player.0).path(&server.token),
                name: written(&r.name),
                rating: say(
                    language,
                    "web-rating",
                    &[
                        ("rating", t(namnam_core::show_rating(r.rating, r.games))),
                        ("spread", n((2.0 * r.deviation).round() as i64)),
                    ],
                ),
                games: r.games,
                won: r.wins,
                drawn: r.draws,
                lost: r.losses,
                streak,
            }
        })
        .collect();
    let with_season = |page: u32| match season == current {
        true => format!("{base}?page={page}"),
        false => format!("{base}?season={season}&page={page}"),
    };
    let previous_page = (page_number > 1).then(|| {
        (
            with_season(page_number - 1),
            say(language, "web-page-previous", &[]),
        )
    });
    let next_page = (before.saturating_add(PER_PAGE) < total).then(|| {
        (
            with_season(page_number.saturating_add(1)),
            say(language, "web-page-next", &[]),
        )
    });
    let seasons = (1..=current)
        .rev()
        .map(|s| SeasonLink {
            label: match s == current {
                true => say(language, "web-season-current", &[("season", n(s))]),
                false => say(language, "web-season-link", &[("season", n(s))]),
            },
            link: match s == current {
                true => base.clone(),
                false => format!("{base}?season={s}"),
            },
            current: s == season,
        })
        .collect();
    let live = app
        .core
        .live_matches(server.id, LIVE_SHOWN)
        .await?
        .iter()
        .map(|m| {
            let link = Page::Match(m.id).path(&server.token);
            LiveMatch {
                picture: format!("{link}/{}.png", m.moves_played),
                line: match_line(language, m.id, &m.names),
                link,
            }
        })
        .collect();
    let tournaments = app
        .core
        .site_tournaments(server.id)
        .await?
        .iter()
        .map(|tr| {
            let state = match tr.state {
                TournamentState::Signup => say(language, "web-state-signup", &[]),
                TournamentState::Running => {
                    say(language, "web-state-running", &[("round", n(tr.round))])
                }
                TournamentState::Finished => say(language, "web-state-finished", &[]),
                TournamentState::Cancelled => say(language, "web-state-cancelled", &[]),
            };
            (
                Page::Tournament(tr.id).path(&server.token),
                say(
                    language,
                    "web-tournament-line",
                    &[
                        ("id", n(tr.id)),
                        ("name", tw(&tr.name)),
                        ("state", t(state)),
                    ],
                ),
            )
        })
        .collect();
    let columns = [
        "web-col-rank",
        "web-col-player",
        "web-col-rating",
        "web-col-games",
        "web-col-won",
        "web-col-drawn",
        "web-col-lost",
        "web-col-streak",
    ]
    .iter()
    .map(|id| say(language, id, &[]))
    .collect();
    let heading = match season == current {
        true => "web-leaderboard",
        false => "web-leaderboard-ended",
    };
    let rendered = ServerPage {
        lang: language.code(),
        title: say(
            language,
            "web-server-title",
            &[("server", tw(&server.name))],
        ),
        server: written(&server.name),
        heading: say(language, heading, &[("season", n(season))]),
        nobody: say(language, "web-nobody-rated", &[]),
        columns,
        rows,
        provisional: say(
            language,
            "web-provisional",
            &[("games", n(namnam_core::PROVISIONAL_GAMES))],
        ),
        streak_legend: say(language, "web-streak-legend", &[]),
        previous_page,
        next_page,
        seasons_heading: say(language, "web-seasons", &[]),
        seasons,
        live_heading: say(language, "web-live", &[]),
        live_none: say(language, "web-live-none", &[]),
        live,
        board_width: namnam_render::WIDTH,
        board_height: namnam_render::HEIGHT,
        tournaments_heading: say(language, "web-tournaments", &[]),
        tournaments_none: say(language, "web-tournaments-none", &[]),
        tournaments,
    }
    .render();
    page(&request, rendered)
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    lang: &'static str,
    title: String,
    back: (String, String),
    player: String,
    record: String,
    chart: Option<(String, String)>,
    chart_width: u32,
    chart_height: u32,
    recent_heading: String,
    recent_none: String,
    recent: Vec<(String, String)>,
}

fn back_link(server: &Site) -> (String, String) {
    (
        Page::Server.path(&server.token),
        say(server.language, "web-back", &[]),
    )
}

async fn player_page(
    State(app): State<Arc<App>>,
    Path((token, id)): Path<(String, String)>,
    request: HeaderMap,
) -> Served {
    let server = server_of(&app, token).await?;
    let player = UserId(number(&id)?);
    let language = server.language;
    // Only the players of this server: someone who never played here has no page here.
    let shown = app
        .core
        .site_player(server.id, player, RECENT_SHOWN)
        .await?
        .ok_or(WebError::NotFound)?;
    let (name, season, rating) = (shown.name, shown.season, shown.rating);
    let record = match &rating {
        Some(r) => say(
            language,
            "web-player-record",
            &[
                ("season", n(season)),
                ("rating", t(namnam_core::show_rating(r.rating, r.games))),
                ("games", n(r.games)),
                ("won", n(r.wins)),
                ("drawn", n(r.draws)),
                ("lost", n(r.losses)),
            ],
        ),
        None => say(language, "web-player-unrated", &[("season", n(season))]),
    };
    let chart = rating.as_ref().map(|_| {
        (
            format!("{}/chart.png", Page::Player(player.0).path(&server.token)),
            record.clone(),
        )
    });
    let recent = shown
        .recent
        .iter()
        .map(|m| {
            (
                Page::Match(m.id).path(&server.token),
                match_line(language, m.id, &m.names),
            )
        })
        .collect();
    let rendered = PlayerPage {
        lang: language.code(),
        title: say(language, "web-player-title", &[("player", tw(&name))]),
        back: back_link(&server),
        player: written(&name),
        record,
        chart,
        chart_width: namnam_render::CHART_WIDTH,
        chart_height: namnam_render::CHART_HEIGHT,
        recent_heading: say(language, "web-recent", &[]),
        recent_none: say(language, "web-recent-none", &[]),
        recent,
    }
    .render();
    page(&request, rendered)
}

async fn chart(
    State(app): State<Arc<App>>,
    Path((token, id)): Path<(String, String)>,
    request: HeaderMap,
) -> Served {
    let server = server_of(&app, token).await?;
    let player = UserId(number(&id)?);
    let charted = app
        .core
        .rating_history(server.id, player)
        .await?
        .ok_or(WebError::NotFound)?;
    let (season, rating, history) = (charted.season, charted.rating, charted.history);
    // A new rated match is a new key; the rest of the chart's input is in the key too.
    let key = format!(
        "chart/{}/{}/{season}/{}/{}/{}/{}",
        server.id.0,
        player.0,
        rating.games,
        history.len(),
        history.last().map_or(0, |h| h.at),
        server.language.code()
    );
    let language = server.language;
    let picture = cached(&app, key, move || {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        let (points, caption) = namnam_core::chart_points(&rating, &history, season, now);
        namnam_render::rating_chart(&namnam_render::RatingChart {
            language,
            name: &rating.name,
            points: &points,
            caption: &caption.plain_in(language),
        })
    })
    .await?;
    Ok(revalidated(&request, "image/png", picture.bytes.to_vec()))
}

/// The picture under `key`, drawn by `draw` on the blocking threads if the cache lacks it.
async fn cached(
    app: &App,
    key: String,
    draw: impl FnOnce() -> namnam_render::Picture + Send + 'static,
) -> Result<Cached, WebError> {
    if let Some(hit) = app.cache.get(&key) {
        return Ok(hit);
    }
    let picture = tokio::task::spawn_blocking(draw).await?;
    let cached = Cached {
        bytes: picture.bytes.into(),
        description: picture.description.into(),
    };
    app.cache.put(key, cached.clone());
    Ok(cached)
}

/// A match of this server, with its moves.
async fn match_of(app: &App, server: &Site, id: &str) -> Result<SiteMatch, WebError> {
    let id = MatchId(number(id)?);
    app.core
        .site_match(server.id, id)
        .await?
        .ok_or(WebError::NotFound)
}

fn view<'a>(
    language: Language,
    row: &'a MatchRow,
    game: &'a Match,
    played: Option<&'a MatchMove>,
) -> MatchView<'a> {
    MatchView {
        language,
        names: row.names.as_refs(),
        heading: namnam_render::Heading::Round(game.round()),
        position: game.position(),
        last_move: played.map(|m| &m.record),
        round_summary: played.and_then(|m| m.round_summary.as_ref()),
        result: game.result(),
        note: None,
    }
}

/// Which picture of a match.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Board,
    Animation,
}

/// The board after `ply` moves, or the animation of move `ply`, drawn or from the cache. The key holds the
/// match's turns: a live match's board changes with each move and takeback.
async fn match_picture_of(
    app: &App,
    language: Language,
    shown: &SiteMatch,
    ply: u32,
    kind: Kind,
) -> Result<Cached, WebError> {
    let key = format!(
        "{}/{}/{}/{ply}/{}",
        match kind {
            Kind::Board => "board",
            Kind::Animation => "move",
        },
        shown.row.id,
        shown.row.turns,
        language.code()
    );
    let SiteMatch { row, moves } = shown.clone();
    cached(app, key, move || {
        // The stored moves replay as they were played; a failure is a corrupt match, drawn as its
        // stored board.
        let (game, played) =
            namnam_core::replay_to(&row, &moves, ply).unwrap_or_else(|_| (row.game.clone(), None));
        let view = view(language, &row, &game, played.as_ref());
        match (kind, &played) {
            (Kind::Animation, Some(played)) => namnam_render::move_gif(&view, &played.record),
            _ => namnam_render::board_png(&view),
        }
    })
    .await
}

struct Ply {
    ply: u32,
    link: String,
    current: bool,
}

struct StepWords {
    first: String,
    previous: String,
    next: String,
    last: String,
    keys: String,
    animation: String,
    record: String,
    positions: String,
    verdict: String,
}

#[derive(Template)]
#[template(path = "match.html")]
struct MatchPage {
    lang: &'static str,
    title: String,
    back: (String, String),
    heading: String,
    notes: Vec<String>,
    picture: String,
    picture_alt: String,
    board_width: u32,
    board_height: u32,
    stepped: bool,
    first: Option<String>,
    previous: Option<String>,
    next: Option<String>,
    last: Option<String>,
    animation: Option<String>,
    record: String,
    plies: Vec<Ply>,
    verdict: Vec<String>,
    words: StepWords,
}

/// `/s/TOKEN/matches/ID` (the page) or `/s/TOKEN/matches/ID.nnr` (the record).
async fn match_or_record(
    State(app): State<Arc<App>>,
    Path((token, file)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    request: HeaderMap,
) -> Served {
    let server = server_of(&app, token).await?;
    let asked = query_numbers(&query, &["ply"])?;
    if let Some(id) = file.strip_suffix(".nnr") {
        return record(&app, &server, id).await;
    }
    let shown = match_of(&app, &server, &file).await?;
    let (row, moves) = (&shown.row, &shown.moves);
    let language = server.language;
    let path = Page::Match(row.id).path(&server.token);
    let heading = match_line(language, row.id, &row.names);
    let over = shown.is_over();
    let last = shown.last_ply();
    // A live match: its current board, nothing of its past (as in Discord, the replay waits for the end).
    // A position past the end is no page (and no second address for the last one).
    let ply = shown
        .shown_ply(asked.get("ply").copied())
        .ok_or(WebError::NotFound)?;
    let board = match_picture_of(&app, language, &shown, ply, Kind::Board).await?;
    let mut notes = Vec::new();
    let mut verdict = Vec::new();
    if over {
        let (_, played) = namnam_core::replay_to(row, moves, ply)
            .map_err(|e| WebError::Internal(e.to_string()))?;
        let judged = app.core.match_verdict(&shown).await?;
        let (lines, _) =
            namnam_core::replay_words(row, moves, ply, played.as_ref(), judged.as_deref());
        notes.extend(lines.iter().map(|line| shown_in(line, language)));
        if shown.is_aborted() {
            notes.push(say(language, "web-match-aborted", &[]));
        }
        if let Some(judged) = &judged {
            verdict.extend(
                namnam_core::verdict_words(row, moves, judged)
                    .iter()
                    .map(|line: &Text| shown_in(line, language)),
            );
        }
    } else {
        notes.push(say(language, "web-match-live", &[]));
    }
    let at = |p: u32| format!("{path}?ply={p}");
    let rendered = MatchPage {
        lang: language.code(),
        title: heading.clone(),
        back: back_link(&server),
        heading,
        notes,
        picture: format!("{path}/{ply}.png"),
        picture_alt: with_names_isolated(&board.description, &[&row.names.south, &row.names.north]),
        board_width: namnam_render::WIDTH,
        board_height: namnam_render::HEIGHT,
        stepped: over,
        first: (ply > 0).then(|| at(0)),
        previous: (ply > 0).then(|| at(ply - 1)),
        next: (ply < last).then(|| at(ply + 1)),
        last: (ply < last).then(|| at(last)),
        animation: (over && ply > 0).then(|| format!("{path}/{ply}.gif")),
        record: format!("{path}.nnr"),
        plies: (0..=last)
            .map(|p| Ply {
                ply: p,
                link: at(p),
                current: p == ply,
            })
            .collect(),
        verdict,
        words: StepWords {
            first: say(language, "web-step-first", &[]),
            previous: say(language, "web-step-previous", &[]),
            next: say(language, "web-step-next", &[]),
            last: say(language, "web-step-last", &[]),
            keys: say(language, "web-step-keys", &[]),
            animation: say(language, "web-animation", &[]),
            record: say(language, "web-record", &[]),
            positions: say(language, "web-positions", &[]),
            verdict: say(language, "web-verdict", &[]),
        },
    }
    .render();
    page(&request, rendered)
}

/// A finished match's record, to download.
async fn record(app: &App, server: &Site, id: &str) -> Served {
    let shown = match_of(app, server, id).await?;
    // A live match has no record yet.
    let record = app
        .core
        .match_record(&shown)
        .await?
        .ok_or(WebError::NotFound)?;
    let disposition = format!("attachment; filename=\"{}\"", record.file_name());
    let mut response = (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, KEPT_PRIVATE),
        ],
        record.to_text(),
    )
        .into_response();
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// `/s/TOKEN/matches/ID/PLY.png` and `/s/TOKEN/matches/ID/PLY.gif`.
async fn match_picture(
    State(app): State<Arc<App>>,
    Path((token, id, file)): Path<(String, String, String)>,
    request: HeaderMap,
) -> Served {
    let server = server_of(&app, token).await?;
    let (kind, ply, content_type) = match (file.strip_suffix(".png"), file.strip_suffix(".gif")) {
        (Some(ply), _) => (Kind::Board, number::<u32>(ply)?, "image/png"),
        (_, Some(ply)) => (Kind::Animation, number::<u32>(ply)?, "image/gif"),
        _ => return Err(WebError::NotFound),
    };
    let shown = match_of(&app, &server, &id).await?;
    // A live match shows only its current board.
    let exists = match kind {
        Kind::Board => shown.has_board(ply),
        Kind::Animation => shown.has_animation(ply),
    };
    if !exists {
        return Err(WebError::NotFound);
    }
    let picture = match_picture_of(&app, server.language, &shown, ply, kind).await?;
    if !shown.is_over() {
        return Ok(revalidated(&request, content_type, picture.bytes.to_vec()));
    }
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, KEPT_PRIVATE),
        ],
        picture.bytes.to_vec(),
    )
        .into_response())
}

struct RoundShown {
    heading: String,
    games: Vec<(String, Option<(String, String)>)>,
}

#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    lang: &'static str,
    title: String,
    back: (String, String),
    name: String,
    terms: String,
    standings_heading: String,
    columns: Vec<String>,
    lines: Vec<namnam_render::StandingsLine>,
    withdrawn: String,
    rounds: Vec<RoundShown>,
}

async fn tournament_page(
    State(app): State<Arc<App>>,
    Path((token, id)): Path<(String, String)>,
    request: HeaderMap,
) -> Served {
    let server = server_of(&app, token).await?;
    let id: i64 = number(&id)?;
    let language = server.language;
    let shown = app
        .core
        .site_tournament(server.id, TournamentId(id), language)
        .await?
        .ok_or(WebError::NotFound)?;
    let (tournament_name, sheet) = (shown.name, shown.sheet);
    let name = written(&tournament_name);
    let mut columns = vec![
        say(language, "web-col-rank", &[]),
        say(language, "web-col-player", &[]),
        say(language, "web-col-points", &[]),
    ];
    columns.extend(sheet.table.tiebreaks.iter().cloned());
    columns.push(say(language, "web-col-played", &[]));
    let names: Vec<&str> = sheet.table.lines.iter().map(|l| l.name.as_str()).collect();
    let rounds = sheet
        .rounds
        .iter()
        .map(|round| RoundShown {
            heading: say(language, "web-round", &[("round", n(round.round))]),
            games: round
                .games
                .iter()
                .map(|(line, game)| {
                    let link = game.map(|id| {
                        (
                            Page::Match(id).path(&server.token),
                            say(language, "web-game-match", &[("id", n(id))]),
                        )
                    });
                    (with_names_isolated(line, &names), link)
                })
                .collect(),
        })
        .collect();
    let lines = sheet
        .table
        .lines
        .iter()
        .map(|line| namnam_render::StandingsLine {
            name: written(&line.name),
            ..line.clone()
        })
        .collect();
    let rendered = TournamentPage {
        lang: language.code(),
        title: say(
            language,
            "web-server-title",
            &[("server", tw(&tournament_name))],
        ),
        back: back_link(&server),
        name,
        terms: sheet.terms,
        standings_heading: say(language, "web-standings", &[]),
        columns,
        lines,
        withdrawn: say(language, "web-withdrawn", &[]),
        rounds,
    }
    .render();
    page(&request, rendered)
}
