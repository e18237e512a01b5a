//! Matches, their moves and their rounds. A match row carries the whole [`Match`] as JSON (validated again on
//! every load) and a version: every update names the version it read, so of two racing changes exactly one
//! applies and the other learns that it is stale.

use super::columns::Columns;
use super::{player_from_sql, StoreError, StoreResult, WriteTx};
use namnam_ai::Level;
use namnam_game::{ByPlayer, Match, MatchMove, MoveEvent, Player};
use namnam_model::{ChallengeId, ChannelId, MatchId, Names, Place, ServerId, StoredId, UserId};
use sqlx::any::AnyRow;
use sqlx::Any;

/// Where a match is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchState {
    /// Being played: the player to move runs out of time at `deadline` (the computer's turn has one too,
    /// which no clock acts on).
    Active {
        deadline: i64,
    },
    Finished,
    /// Stopped by an admin: no result, unrated.
    Aborted,
}

impl MatchState {
    pub fn is_active(self) -> bool {
        matches!(self, MatchState::Active { .. })
    }

    /// When the player to move runs out of time, while the match is being played.
    pub fn deadline(self) -> Option<i64> {
        match self {
            MatchState::Active { deadline } => Some(deadline),
            MatchState::Finished | MatchState::Aborted => None,
        }
    }
}

/// A stored match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRow {
    pub id: MatchId,
    /// Where it is played: a channel, and what kind of place it is.
    pub place: Place,
    pub channel_name: String,
    pub players: ByPlayer<UserId>,
    /// The players' display names.
    pub names: Names,
    pub state: MatchState,
    pub game: Match,
    pub version: i64,
    /// Moves played so far; the next move is number `moves_played + 1`. A takeback sets it back by one.
    pub moves_played: u32,
    /// Moves and accepted takebacks so far: never decreases. A board's buttons carry `turns + 1`, the turn
    /// they were drawn for, so that a button from before a move or a takeback is out of date after it.
    pub turns: u32,
    pub clock_secs: u32,
    /// When to remind the player to move; `None` once reminded.
    pub remind_at: Option<i64>,
    /// The player who offered a draw, until the next move.
    pub draw_offer: Option<Player>,
    /// The player who asked to take back their last move, until the opponent answers or moves.
    pub takeback_request: Option<Player>,
    /// The turn at which a takeback was last asked: one request per move.
    pub takeback_asked_turn: Option<u32>,
    /// When its thread was closed and its board posted in the parent channel.
    pub thread_closed_at: Option<i64>,
    /// The last move stored (`None` before the first).
    pub last_move: Option<LastMove>,
    pub rated: bool,
    pub created_at: i64,
    /// Namnam's own computer plays one side of this match.
    pub computer: Option<ComputerSeat>,
    /// For a match moved into a thread: the channel the thread belongs to.
    pub parent_channel: Option<ChannelId>,
}

/// A match's last move, as far as a takeback needs it: whose it was, and in which round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub player: Player,
    pub round: u32,
    /// The house sown, 1–12.
    pub house: u8,
}

/// The side Namnam's computer plays in a match, and its level (1–5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerSeat {
    pub side: Player,
    pub level: Level,
}

impl MatchRow {
    /// When the player to move runs out of time, while the match is being played.
    pub fn deadline(&self) -> Option<i64> {
        self.state.deadline()
    }

    /// The player's side in this match, if they play in it.
    pub fn side_of(&self, user: UserId) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|&p| self.players.get(p) == user)
    }
}

/// A new match, as [`insert_match`] stores it.
pub struct NewMatch<'a> {
    pub place: Place,
    pub channel_name: &'a str,
    pub challenge_id: Option<ChallengeId>,
    pub players: ByPlayer<UserId>,
    pub game: &'a Match,
    pub clock_secs: u32,
    pub deadline: i64,
    pub remind_at: i64,
    pub now_ms: i64,
    /// The computer's level when Namnam's computer plays one side (the player of kind engine).
    pub engine_level: Option<Level>,
}

/// A move to store: the match after it, and the version the move was judged on.
pub struct StoredMove<'a> {
    pub match_id: MatchId,
    pub read_version: i64,
    pub ply: u32,
    pub played: &'a MatchMove,
    pub game_after: &'a Match,
    /// The mover's deadline when they played (kept with the move, for a takeback to give back).
    pub deadline_before: Option<i64>,
    pub deadline: Option<i64>,
    pub remind_at: Option<i64>,
    pub rated: bool,
    pub now_ms: i64,
}

/// One stored move, for the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: u32,
    pub round: u32,
    pub player: Player,
    pub house: u8,
    pub events: Vec<MoveEvent>,
    pub played_at: i64,
    /// The mover's deadline when they played it (`None`: the computer's move, or one stored before
    /// takebacks existed).
    pub deadline_before: Option<i64>,
}

/// A takeback to store: the match as it was before its last move.
pub struct TakenBack<'a> {
    pub match_id: MatchId,
    pub read_version: i64,
    /// The number of the move taken back: the match's last.
    pub ply: u32,
    pub game_after: &'a Match,
    pub deadline: i64,
    pub remind_at: Option<i64>,
    pub now_ms: i64,
}

/// What a match that ends keeps of its players' names: each one's name in the match's server then (their
/// account's name where the server has none), so that its record, page and history line stay as played.
const NAMES_AS_PLAYED: &str = "south_name = (SELECT COALESCE(sn.name, p.name) FROM players p
                LEFT JOIN server_names sn ON sn.server_id = matches.server_id AND sn.player_id = p.id
                WHERE p.id = matches.south_id),
            north_name = (SELECT COALESCE(sn.name, p.name) FROM players p
                LEFT JOIN server_names sn ON sn.server_id = matches.server_id AND sn.player_id = p.id
                WHERE p.id = matches.north_id)";

// The last move comes with the match (one row by the moves' key): whether it may be taken back decides a
// board's buttons, wherever a board is shown.
const SELECT: &str =
    "SELECT m.id, m.place, m.server_id, m.channel_id, m.south_id, m.north_id, m.state, m.game,
        m.version, m.moves_played, m.turns, m.clock_secs, m.deadline, m.remind_at, m.draw_offer,
        m.takeback_request, m.takeback_asked_turn, m.thread_closed_at, m.rated,
        m.created_at,
        COALESCE(m.south_name, sn.name, s.name) AS south_name,
        COALESCE(m.north_name, nn.name, n.name) AS north_name, m.channel_name, m.engine_level,
        s.kind AS south_kind, n.kind AS north_kind, m.parent_channel_id,
        lm.player AS last_mover, lm.round AS last_move_round, lm.house AS last_move_house
    FROM matches m JOIN players s ON s.id = m.south_id JOIN players n ON n.id = m.north_id
        LEFT JOIN server_names sn ON sn.server_id = m.server_id AND sn.player_id = m.south_id
        LEFT JOIN server_names nn ON nn.server_id = m.server_id AND nn.player_id = m.north_id
        LEFT JOIN moves lm ON lm.match_id = m.id AND lm.ply = m.moves_played";

fn from_row(row: &AnyRow) -> StoreResult<MatchRow> {
    let id: MatchId = row.id("id")?;
    let state = match (
        row.col::<&str>("state")?,
        row.col::<Option<i64>>("deadline")?,
    ) {
        ("active", Some(deadline)) => MatchState::Active { deadline },
        ("active", None) => {
            return Err(StoreError::Corrupt(format!(
                "match {id} is active but has no deadline"
            )))
        }
        ("finished", _) => MatchState::Finished,
        ("aborted", _) => MatchState::Aborted,
        (other, _) => return Err(StoreError::Corrupt(format!("match {id} state {other:?}"))),
    };
    let game: Match = serde_json::from_str(row.col("game")?)
        .map_err(|e| StoreError::Corrupt(format!("match {id}: {e}")))?;
    let draw_offer = row
        .col::<Option<&str>>("draw_offer")?
        .map(player_from_sql)
        .transpose()?;
    let takeback_request = row
        .col::<Option<&str>>("takeback_request")?
        .map(player_from_sql)
        .transpose()?;
    let last_move = match row.col::<Option<&str>>("last_mover")? {
        None => None,
        Some(player) => Some(LastMove {
            player: player_from_sql(player)?,
            round: row.int("last_move_round")?,
            house: row.int("last_move_house")?,
        }),
    };
    let level = row
        .opt_int::<i64>("engine_level")?
        .map(|level| Level::new(level).map_err(|e| StoreError::Corrupt(format!("match {id}: {e}"))))
        .transpose()?;
    let engines = (
        row.col::<&str>("south_kind")? == "engine",
        row.col::<&str>("north_kind")? == "engine",
    );
    let computer = match (level, engines) {
        (None, _) => None,
        (Some(level), (true, false)) => Some(ComputerSeat {
            side: Player::South,
            level,
        }),
        (Some(level), (false, true)) => Some(ComputerSeat {
            side: Player::North,
            level,
        }),
        (Some(_), _) => {
            return Err(StoreError::Corrupt(format!(
                "match {id} has a computer level but not exactly one computer player"
            )))
        }
    };
    Ok(MatchRow {
        id,
        place: row.place(&format!("match {id}"))?,
        channel_name: row.col("channel_name")?,
        players: ByPlayer::new(row.id("south_id")?, row.id("north_id")?),
        names: Names {
            south: row.col("south_name")?,
            north: row.col("north_name")?,
        },
        state,
        game,
        version: row.col("version")?,
        moves_played: row.int("moves_played")?,
        turns: row.int("turns")?,
        clock_secs: row.int("clock_secs")?,
        remind_at: row.col("remind_at")?,
        draw_offer,
        takeback_request,
        takeback_asked_turn: row.opt_int("takeback_asked_turn")?,
        thread_closed_at: row.col("thread_closed_at")?,
        last_move,
        rated: row.flag("rated")?,
        created_at: row.col("created_at")?,
        computer,
        parent_channel: row.opt_id("parent_channel_id")?,
    })
}

fn from_rows(rows: Vec<AnyRow>) -> StoreResult<Vec<MatchRow>> {
    rows.iter().map(from_row).collect()
}

fn one(row: Option<AnyRow>) -> StoreResult<Option<MatchRow>> {
    row.as_ref().map(from_row).transpose()
}

fn game_json(game: &Match) -> StoreResult<String> {
    serde_json::to_string(game).map_err(|e| StoreError::Corrupt(format!("match to JSON: {e}")))
}

fn player_sql(p: Player) -> &'static str {
    p.name()
}

/// A match by id.
pub async fn load_match<'e, E>(db: E, id: MatchId) -> StoreResult<Option<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{SELECT} WHERE m.id = $1");
    one(sqlx::query(&sql)
        .bind(id.to_sql())
        .fetch_optional(db)
        .await?)
}

/// The oldest active match in a channel, if any.
pub async fn active_match_in_channel<'e, E>(db: E, place: Place) -> StoreResult<Option<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    match_in_channel(db, place, "AND m.state = 'active' ORDER BY m.id LIMIT 1").await
}

/// The active matches in a channel, oldest first (a channel may hold several, one per pair of players).
pub async fn active_matches_in_channel<'e, E>(db: E, place: Place) -> StoreResult<Vec<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE m.channel_id = $2 AND m.server_id IS NOT DISTINCT FROM $1 AND m.state = 'active' ORDER BY m.id"
    );
    let rows = sqlx::query(&sql)
        .bind(place.server().map(StoredId::to_sql))
        .bind(place.channel().to_sql())
        .fetch_all(db)
        .await?;
    from_rows(rows)
}

/// The active match of two players in a channel, if any.
pub async fn active_match_of_pair<'e, E>(
    db: E,
    place: Place,
    pair: (UserId, UserId),
) -> StoreResult<Option<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE m.channel_id = $2 AND m.server_id IS NOT DISTINCT FROM $1 AND m.state = 'active'
            AND ((m.south_id = $3 AND m.north_id = $4) OR (m.south_id = $4 AND m.north_id = $3))"
    );
    let row = sqlx::query(&sql)
        .bind(place.server().map(StoredId::to_sql))
        .bind(place.channel().to_sql())
        .bind(pair.0.to_sql())
        .bind(pair.1.to_sql())
        .fetch_optional(db)
        .await?;
    one(row)
}

/// The newest match in a channel, active or not.
pub async fn last_match_in_channel<'e, E>(db: E, place: Place) -> StoreResult<Option<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    match_in_channel(db, place, "ORDER BY m.id DESC LIMIT 1").await
}

/// The first match in a channel that `rest` (more conditions, an order) picks.
async fn match_in_channel<'e, E>(db: E, place: Place, rest: &str) -> StoreResult<Option<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql =
        format!("{SELECT} WHERE m.channel_id = $2 AND m.server_id IS NOT DISTINCT FROM $1 {rest}");
    let row = sqlx::query(&sql)
        .bind(place.server().map(StoredId::to_sql))
        .bind(place.channel().to_sql())
        .fetch_optional(db)
        .await?;
    one(row)
}

/// The newest match of `player` in a channel, whatever its state.
pub async fn last_match_of_in_channel<'e, E>(
    db: E,
    place: Place,
    player: UserId,
) -> StoreResult<Option<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    newest_of_player_in_channel(db, place, player, "").await
}

/// The newest finished match in a channel that `player` played in.
pub async fn last_finished_match_of<'e, E>(
    db: E,
    place: Place,
    player: UserId,
) -> StoreResult<Option<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    newest_of_player_in_channel(db, place, player, "AND m.state = 'finished'").await
}

/// The newest match of `player` in a channel that `condition` (more of the WHERE clause) also picks.
async fn newest_of_player_in_channel<'e, E>(
    db: E,
    place: Place,
    player: UserId,
    condition: &str,
) -> StoreResult<Option<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE m.channel_id = $2 AND m.server_id IS NOT DISTINCT FROM $1 AND (m.south_id = $3 OR m.north_id = $3)
            {condition}
         ORDER BY m.id DESC LIMIT 1"
    );
    let row = sqlx::query(&sql)
        .bind(place.server().map(StoredId::to_sql))
        .bind(place.channel().to_sql())
        .bind(player.to_sql())
        .fetch_optional(db)
        .await?;
    one(row)
}

/// A player's active matches in a server (or outside any, with `None`), oldest first.
pub async fn matches_of_player<'e, E>(
    db: E,
    server: Option<ServerId>,
    player: UserId,
) -> StoreResult<Vec<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE m.server_id IS NOT DISTINCT FROM $1 AND m.state = 'active'
            AND (m.south_id = $2 OR m.north_id = $2)
         ORDER BY m.id"
    );
    let rows = sqlx::query(&sql)
        .bind(server.map(StoredId::to_sql))
        .bind(player.to_sql())
        .fetch_all(db)
        .await?;
    from_rows(rows)
}

/// A server's matches being played, newest first, at most `limit` (for its web page): only those played
/// where the bot is a member (`place = 'server'`), never a guest's, which count in the everywhere rating.
pub async fn live_matches_of_server<'e, E>(
    db: E,
    server: ServerId,
    limit: u32,
) -> StoreResult<Vec<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE m.server_id = $1 AND m.place = 'server' AND m.state = 'active'
         ORDER BY m.id DESC LIMIT $2"
    );
    let rows = sqlx::query(&sql)
        .bind(server.to_sql())
        .bind(i64::from(limit))
        .fetch_all(db)
        .await?;
    from_rows(rows)
}

/// A player's finished matches in a server, newest first, at most `limit` (for their web page): only those
/// played where the bot is a member, as [`live_matches_of_server`].
pub async fn finished_matches_of_player<'e, E>(
    db: E,
    server: ServerId,
    player: UserId,
    limit: u32,
) -> StoreResult<Vec<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE m.server_id = $1 AND m.place = 'server' AND m.state = 'finished'
            AND (m.south_id = $2 OR m.north_id = $2)
         ORDER BY m.id DESC LIMIT $3"
    );
    let rows = sqlx::query(&sql)
        .bind(server.to_sql())
        .bind(player.to_sql())
        .bind(i64::from(limit))
        .fetch_all(db)
        .await?;
    from_rows(rows)
}

/// Active matches whose player to move has run out of time.
pub async fn due_timeouts<'e, E>(db: E, now_ms: i64) -> StoreResult<Vec<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{SELECT} WHERE m.state = 'active' AND m.deadline <= $1 ORDER BY m.deadline");
    from_rows(sqlx::query(&sql).bind(now_ms).fetch_all(db).await?)
}

/// Active matches whose clock is running (a deadline is set), for the clock to move after an outage.
pub async fn running_clocks(tx: &mut WriteTx) -> StoreResult<Vec<MatchRow>> {
    let sql = format!("{SELECT} WHERE m.state = 'active' AND m.deadline IS NOT NULL ORDER BY m.id");
    from_rows(sqlx::query(&sql).fetch_all(&mut **tx).await?)
}

/// Moves the match's deadline (and its reminder, unless it was sent) later by `by_ms`: its clock was paused.
/// The version is bumped, as the board is shown again with the new deadline. Returns the match as it now
/// is; `None`, changing nothing, when it changed since it was read at `read_version`.
pub async fn pause_clock(
    tx: &mut WriteTx,
    match_id: MatchId,
    read_version: i64,
    by_ms: i64,
    now_ms: i64,
) -> StoreResult<Option<MatchRow>> {
    let updated = sqlx::query(
        "UPDATE matches SET deadline = deadline + $3, remind_at = remind_at + $3, version = version + 1,
            updated_at = $4
         WHERE id = $1 AND version = $2 AND state = 'active' AND deadline IS NOT NULL",
    )
    .bind(match_id.to_sql())
    .bind(read_version)
    .bind(by_ms)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    load_match(&mut **tx, match_id).await
}

/// Active matches against Namnam's computer (whoever is to move) that nothing has changed since
/// `idle_since` (a front end that is playing the computer's turn right now changed it just before).
pub async fn active_computer_matches<'e, E>(db: E, idle_since: i64) -> StoreResult<Vec<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE m.state = 'active' AND m.engine_level IS NOT NULL AND m.updated_at <= $1
         ORDER BY m.id"
    );
    from_rows(sqlx::query(&sql).bind(idle_since).fetch_all(db).await?)
}

/// Active matches whose player to move is due a reminder (and has not run out yet).
pub async fn due_reminders<'e, E>(db: E, now_ms: i64) -> StoreResult<Vec<MatchRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE m.state = 'active' AND m.remind_at <= $1 AND m.deadline > $1 ORDER BY m.remind_at"
    );
    from_rows(sqlx::query(&sql).bind(now_ms).fetch_all(db).await?)
}

/// Stores a new active match; returns its id. The schema refuses a second active match in the channel.
pub async fn insert_match(tx: &mut WriteTx, new: &NewMatch<'_>) -> StoreResult<MatchId> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (server_id, channel_id, challenge_id, south_id, north_id, game, clock_secs,
            deadline, remind_at, created_at, updated_at, channel_name, engine_level, place)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13) RETURNING id",
    )
    .bind(new.place.server().map(StoredId::to_sql))
    .bind(new.place.channel().to_sql())
    .bind(new.challenge_id.map(StoredId::to_sql))
    .bind(new.players.south.to_sql())
    .bind(new.players.north.to_sql())
    .bind(game_json(new.game)?)
    .bind(new.clock_secs as i64)
    .bind(new.deadline)
    .bind(new.remind_at)
    .bind(new.now_ms)
    .bind(new.channel_name)
    .bind(new.engine_level.map(|level| i64::from(level.number())))
    .bind(new.place.kind().name())
    .fetch_one(&mut **tx)
    .await?;
    Ok(MatchId(id))
}

/// Stores a move, its round's end if it ended one, and the match after it; returns the match as stored
/// now. `None`, changing nothing, when the match is no longer at `read_version` (another change came first).
pub async fn record_move(tx: &mut WriteTx, mv: &StoredMove<'_>) -> StoreResult<Option<MatchRow>> {
    let result = mv.game_after.result();
    let updated = sqlx::query(
        "UPDATE matches SET game = $3, version = version + 1, moves_played = moves_played + 1,
            turns = turns + 1, deadline = $4, remind_at = $5, draw_offer = NULL, takeback_request = NULL,
            updated_at = $6,
            computer_claimed_by = NULL, computer_claimed_until = NULL,
            state = $7, winner = $8, end_reason = $9, rated = $10,
            finished_at = CASE WHEN $7 = 'finished' THEN $6 END
         WHERE id = $1 AND version = $2 AND state = 'active'",
    )
    .bind(mv.match_id.to_sql())
    .bind(mv.read_version)
    .bind(game_json(mv.game_after)?)
    .bind(mv.deadline)
    .bind(mv.remind_at)
    .bind(mv.now_ms)
    .bind(if result.is_some() {
        "finished"
    } else {
        "active"
    })
    .bind(result.and_then(|r| r.winner).map(player_sql))
    .bind(result.map(|r| end_reason_sql(r.reason)))
    .bind(i64::from(mv.rated))
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    let record = &mv.played.record;
    let events = serde_json::to_string(&record.events)
        .map_err(|e| StoreError::Corrupt(format!("events to JSON: {e}")))?;
    let after = serde_json::to_string(&record.after)
        .map_err(|e| StoreError::Corrupt(format!("position to JSON: {e}")))?;
    sqlx::query(
        "INSERT INTO moves (match_id, ply, round, player, house, events, position_after, played_at,
            deadline_before)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(mv.match_id.to_sql())
    .bind(mv.ply as i64)
    .bind(mv.played.round as i64)
    .bind(player_sql(record.mover))
    .bind(record.house.label() as i64)
    .bind(events)
    .bind(after)
    .bind(mv.now_ms)
    .bind(mv.deadline_before)
    .execute(&mut **tx)
    .await?;
    if let Some(summary) = &mv.played.round_summary {
        sqlx::query(
            "INSERT INTO rounds (match_id, round, starter, territory_before, territory_after, store_south,
                store_north, end_reason, winner)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(mv.match_id.to_sql())
        .bind(summary.round as i64)
        .bind(player_sql(summary.starter))
        .bind(summary.territory_before.south_houses() as i64)
        .bind(summary.territory_after.south_houses() as i64)
        .bind(summary.stores.south as i64)
        .bind(summary.stores.north as i64)
        .bind(summary.end_reason.name())
        .bind(summary.winner.map(player_sql))
        .execute(&mut **tx)
        .await?;
    }
    stored(tx, mv.match_id).await.map(Some)
}

/// The match as this transaction has just written it.
async fn stored(tx: &mut WriteTx, match_id: MatchId) -> StoreResult<MatchRow> {
    load_match(&mut **tx, match_id)
        .await?
        .ok_or_else(|| StoreError::Corrupt(format!("match {match_id} vanished while updated")))
}

fn end_reason_sql(reason: namnam_game::MatchEnd) -> &'static str {
    use namnam_game::MatchEnd::*;
    match reason {
        WholeBoard => "whole-board",
        Target => "target",
        RoundLimit => "round-limit",
        Resignation => "resignation",
        Timeout => "timeout",
        Agreement => "agreement",
        Adjudicated => "adjudicated",
    }
}

/// Ends a match without a move (resignation, timeout, agreed draw): `game` already holds the result.
/// Returns the match as stored now; `None`, changing nothing, when it is no longer at `read_version`.
pub async fn finish_match(
    tx: &mut WriteTx,
    match_id: MatchId,
    read_version: i64,
    game: &Match,
    rated: bool,
    now_ms: i64,
) -> StoreResult<Option<MatchRow>> {
    let result = game
        .result()
        .ok_or_else(|| StoreError::Corrupt("finishing a match without a result".into()))?;
    let updated = sqlx::query(
        &format!("UPDATE matches SET game = $3, version = version + 1, state = 'finished', winner = $4, end_reason = $5,
            rated = $6, deadline = NULL, remind_at = NULL, draw_offer = NULL, takeback_request = NULL,
            updated_at = $7, finished_at = $7,
            {NAMES_AS_PLAYED}
         WHERE id = $1 AND version = $2 AND state = 'active'"),
    )
    .bind(match_id.to_sql())
    .bind(read_version)
    .bind(game_json(game)?)
    .bind(result.winner.map(player_sql))
    .bind(end_reason_sql(result.reason))
    .bind(i64::from(rated))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    stored(tx, match_id).await.map(Some)
}

/// Stops a match with no result (an admin's abort). False when it is no longer at `read_version`.
pub async fn abort_match(
    tx: &mut WriteTx,
    match_id: MatchId,
    read_version: i64,
    now_ms: i64,
) -> StoreResult<bool> {
    let updated = sqlx::query(&format!(
        "UPDATE matches SET version = version + 1, state = 'aborted', rated = 0, deadline = NULL,
            remind_at = NULL, draw_offer = NULL, takeback_request = NULL, end_reason = 'aborted',
            updated_at = $3, finished_at = $3,
            {NAMES_AS_PLAYED}
         WHERE id = $1 AND version = $2 AND state = 'active'"
    ))
    .bind(match_id.to_sql())
    .bind(read_version)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Stops every active match of a server, unrated (the bot was removed from it); returns their ids.
pub async fn abort_server_matches(
    tx: &mut WriteTx,
    server: ServerId,
    now_ms: i64,
) -> StoreResult<Vec<MatchId>> {
    let ids: Vec<i64> = sqlx::query_scalar(&format!(
        "UPDATE matches SET version = version + 1, state = 'aborted', rated = 0, deadline = NULL,
            remind_at = NULL, draw_offer = NULL, takeback_request = NULL, end_reason = 'bot removed',
            updated_at = $2, finished_at = $2,
            {NAMES_AS_PLAYED}
         WHERE server_id = $1 AND state = 'active' RETURNING id"
    ))
    .bind(server.to_sql())
    .bind(now_ms)
    .fetch_all(&mut **tx)
    .await?;
    Ok(ids.into_iter().map(MatchId).collect())
}

/// Moves an active match to another channel (a thread made for it). The version stays: a button of the
/// match is as good in the thread as it was before. False, changing nothing, when the match is not active.
pub async fn move_match(
    tx: &mut WriteTx,
    match_id: MatchId,
    channel: ChannelId,
    channel_name: &str,
    now_ms: i64,
) -> StoreResult<bool> {
    let updated = sqlx::query(
        "UPDATE matches SET parent_channel_id = COALESCE(parent_channel_id, channel_id), channel_id = $2,
            channel_name = $3, updated_at = $4
         WHERE id = $1 AND state = 'active'",
    )
    .bind(match_id.to_sql())
    .bind(channel.to_sql())
    .bind(channel_name)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Records (or withdraws, with `None`) a draw offer. False when the match is no longer at `read_version`.
pub async fn set_draw_offer(
    tx: &mut WriteTx,
    match_id: MatchId,
    read_version: i64,
    offer: Option<Player>,
    now_ms: i64,
) -> StoreResult<bool> {
    let updated = sqlx::query(
        "UPDATE matches SET version = version + 1, draw_offer = $3, updated_at = $4
         WHERE id = $1 AND version = $2 AND state = 'active'",
    )
    .bind(match_id.to_sql())
    .bind(read_version)
    .bind(offer.map(player_sql))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Records (or withdraws, with `None`) a request to take back a move. False when the match is no longer at
/// `read_version`. The turn stays: the board's buttons are as good as before.
pub async fn set_takeback_request(
    tx: &mut WriteTx,
    match_id: MatchId,
    read_version: i64,
    asker: Option<Player>,
    now_ms: i64,
) -> StoreResult<bool> {
    let updated = sqlx::query(
        "UPDATE matches SET version = version + 1, takeback_request = $3, updated_at = $4,
            takeback_asked_turn = CASE WHEN $3 IS NULL THEN takeback_asked_turn ELSE turns END
         WHERE id = $1 AND version = $2 AND state = 'active'",
    )
    .bind(match_id.to_sql())
    .bind(read_version)
    .bind(asker.map(player_sql))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Records that the match's thread was closed and its board posted in the parent: false if it was already.
pub async fn mark_thread_closed(
    tx: &mut WriteTx,
    match_id: MatchId,
    now_ms: i64,
) -> StoreResult<bool> {
    let updated = sqlx::query(
        "UPDATE matches SET thread_closed_at = $2 WHERE id = $1 AND thread_closed_at IS NULL",
    )
    .bind(match_id.to_sql())
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Takes back the match's last move: the move is deleted, the match goes back to `game_after` (the match
/// before it) with a new deadline, and the turn goes on by one. The request and any draw offer lapse.
/// Returns the match as stored now; `None`, changing nothing, when it is no longer at `read_version`.
pub async fn take_back(tx: &mut WriteTx, tb: &TakenBack<'_>) -> StoreResult<Option<MatchRow>> {
    let updated = sqlx::query(
        "UPDATE matches SET game = $4, version = version + 1, moves_played = moves_played - 1,
            turns = turns + 1, deadline = $5, remind_at = $6, draw_offer = NULL, takeback_request = NULL,
            updated_at = $7
         WHERE id = $1 AND version = $2 AND moves_played = $3 AND state = 'active'",
    )
    .bind(tb.match_id.to_sql())
    .bind(tb.read_version)
    .bind(tb.ply as i64)
    .bind(game_json(tb.game_after)?)
    .bind(tb.deadline)
    .bind(tb.remind_at)
    .bind(tb.now_ms)
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    let deleted = sqlx::query("DELETE FROM moves WHERE match_id = $1 AND ply = $2")
        .bind(tb.match_id.to_sql())
        .bind(tb.ply as i64)
        .execute(&mut **tx)
        .await?;
    if deleted.rows_affected() != 1 {
        return Err(StoreError::Corrupt(format!(
            "match {} has no move {} to take back",
            tb.match_id, tb.ply
        )));
    }
    stored(tx, tb.match_id).await.map(Some)
}

/// Marks the reminder for the current deadline as sent. It does not bump the version: a reminder never
/// makes a player's button stale. False when the match has changed since it was read.
pub async fn clear_reminder(
    tx: &mut WriteTx,
    match_id: MatchId,
    read_version: i64,
) -> StoreResult<bool> {
    let updated = sqlx::query(
        "UPDATE matches SET remind_at = NULL WHERE id = $1 AND version = $2 AND state = 'active'",
    )
    .bind(match_id.to_sql())
    .bind(read_version)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// The numbers of every finished match of the database, oldest first (`namnam puzzles mine --db`).
pub async fn finished_match_ids<'e, E>(db: E) -> StoreResult<Vec<MatchId>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query("SELECT id FROM matches WHERE state = 'finished' ORDER BY id")
        .fetch_all(db)
        .await?;
    rows.iter().map(|row| row.id("id")).collect()
}

/// Every move of a match, in order.
pub async fn match_moves<'e, E>(db: E, match_id: MatchId) -> StoreResult<Vec<MoveRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT ply, round, player, house, events, played_at, deadline_before FROM moves
         WHERE match_id = $1 ORDER BY ply",
    )
    .bind(match_id.to_sql())
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(MoveRow {
                ply: row.int("ply")?,
                round: row.int("round")?,
                player: player_from_sql(row.col("player")?)?,
                house: row.int("house")?,
                events: serde_json::from_str(row.col("events")?)
                    .map_err(|e| StoreError::Corrupt(format!("move events: {e}")))?,
                played_at: row.col("played_at")?,
                deadline_before: row.col("deadline_before")?,
            })
        })
        .collect()
}

/// Who played South in the newest match between `a` and `b` in a server, or outside any with `None` (for
/// a rematch to swap sides).
pub async fn last_meeting_south(
    tx: &mut WriteTx,
    server: Option<ServerId>,
    a: UserId,
    b: UserId,
) -> StoreResult<Option<UserId>> {
    let south: Option<i64> = sqlx::query_scalar(
        "SELECT south_id FROM matches
         WHERE server_id IS NOT DISTINCT FROM $1
            AND ((south_id = $2 AND north_id = $3) OR (south_id = $3 AND north_id = $2))
         ORDER BY id DESC LIMIT 1",
    )
    .bind(server.map(StoredId::to_sql))
    .bind(a.to_sql())
    .bind(b.to_sql())
    .fetch_optional(&mut **tx)
    .await?;
    Ok(south.map(UserId::from_sql))
}

/// The computer's level in `player`'s newest match against it, if they ever played it.
pub async fn last_computer_level<'e, E>(db: E, player: UserId) -> StoreResult<Option<Level>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let level: Option<i64> = sqlx::query_scalar(
        "SELECT engine_level FROM matches
         WHERE engine_level IS NOT NULL AND (south_id = $1 OR north_id = $1)
         ORDER BY id DESC LIMIT 1",
    )
    .bind(player.to_sql())
    .fetch_optional(db)
    .await?;
    level
        .map(|l| Level::new(l).map_err(|e| StoreError::Corrupt(format!("a computer level: {e}"))))
        .transpose()
}
