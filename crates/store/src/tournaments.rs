//! Tournaments: their terms, their players and their games round by round (see
//! `migrations/sqlite/0010_tournaments.sql`). A tournament row carries a version, as a match does: the change
//! that pairs a round names the version it read, so that a round is paired once however many changes race.

use super::columns::terms_json;
use super::columns::Columns;
use super::{StoreError, StoreResult, WriteTx};
use namnam_model::{
    ChannelId, Format, MatchId, Place, ServerId, StoredId, Terms, TournamentId, UserId,
};
use sqlx::any::AnyRow;
use sqlx::Any;

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentState {
    /// Players join and leave.
    Signup,
    Running,
    Finished,
    Cancelled,
}

impl TournamentState {
    fn name(self) -> &'static str {
        match self {
            TournamentState::Signup => "signup",
            TournamentState::Running => "running",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled",
        }
    }

    pub fn is_live(self) -> bool {
        matches!(self, TournamentState::Signup | TournamentState::Running)
    }
}

/// A tournament to store.
#[derive(Clone, Debug)]
pub struct NewTournament<'a> {
    pub server: ServerId,
    pub channel: ChannelId,
    pub channel_name: &'a str,
    pub name: &'a str,
    pub organiser: UserId,
    pub format: Format,
    pub rounds: Option<u32>,
    /// The terms of every match (a target or a round limit, so that every match ends).
    pub terms: Terms,
    pub round_days: u32,
    pub starts_at: Option<i64>,
    pub player_limit: Option<u32>,
    pub now_ms: i64,
}

/// A stored tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: TournamentId,
    pub server: ServerId,
    pub channel: ChannelId,
    pub channel_name: String,
    pub name: String,
    pub organiser: UserId,
    pub organiser_name: String,
    pub format: Format,
    /// Swiss: the rounds to play (set at the start when none was asked for).
    pub rounds: Option<u32>,
    /// The terms of every match: a target or a round limit, so that every match ends.
    pub terms: Terms,
    pub round_days: u32,
    pub starts_at: Option<i64>,
    pub player_limit: Option<u32>,
    pub state: TournamentState,
    /// The round being played (0 before the start; the last one once finished).
    pub round: u32,
    pub round_ends_at: Option<i64>,
    pub version: i64,
    pub created_at: i64,
}

impl TournamentRow {
    /// Its channel, a channel of its server: a tournament is run where the bot is a member.
    pub fn place(&self) -> Place {
        Place::ServerChannel {
            server: self.server,
            channel: self.channel,
        }
    }
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    pub player: UserId,
    pub name: String,
    pub joined_at: i64,
    /// Their place in the pairings, from 0 (set at the start).
    pub seed: Option<u32>,
    /// The round in which they withdrew.
    pub withdrawn_round: Option<u32>,
}

/// The result of a tournament game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    SouthWon,
    NorthWon,
    Draw,
}

/// How a tournament game was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// Its match ended (by the board, a resignation, the clock, an agreement).
    Match,
    /// The round ran out: scored by the houses each player owned.
    Houses,
    /// The opponent withdrew.
    Forfeit,
    /// A bye (`north` is `None`).
    Bye,
}

impl DecidedBy {
    fn name(self) -> &'static str {
        match self {
            DecidedBy::Match => "match",
            DecidedBy::Houses => "houses",
            DecidedBy::Forfeit => "forfeit",
            DecidedBy::Bye => "bye",
        }
    }
}

/// One game of a tournament round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub round: u32,
    pub board: u32,
    pub south: UserId,
    /// `None`: a bye for `south`.
    pub north: Option<UserId>,
    pub match_id: Option<MatchId>,
    pub result: Option<(GameResult, DecidedBy)>,
}

const SELECT: &str =
    "SELECT t.id, t.server_id, t.channel_id, t.channel_name, t.name, t.organiser_id,
        COALESCE(otn.name, o.name) AS organiser_name, t.format, t.rounds, t.terms,
        t.round_days, t.starts_at, t.player_limit, t.state, t.round, t.round_ends_at,
        t.version, t.created_at
    FROM tournaments t JOIN players o ON o.id = t.organiser_id
        LEFT JOIN server_names otn ON otn.server_id = t.server_id AND otn.player_id = t.organiser_id";

fn from_row(row: &AnyRow) -> StoreResult<TournamentRow> {
    let id: TournamentId = row.id("id")?;
    let corrupt = |what: &str| StoreError::Corrupt(format!("tournament {id}: {what}"));
    let format = match row.col::<&str>("format")? {
        "round_robin" => Format::RoundRobin,
        "swiss" => Format::Swiss,
        other => return Err(corrupt(&format!("format {other:?}"))),
    };
    let state = match row.col::<&str>("state")? {
        "signup" => TournamentState::Signup,
        "running" => TournamentState::Running,
        "finished" => TournamentState::Finished,
        "cancelled" => TournamentState::Cancelled,
        other => return Err(corrupt(&format!("state {other:?}"))),
    };
    let terms = row.terms(&format!("tournament {id}"))?;
    if !terms.always_ends() {
        return Err(corrupt(
            "its matches would have no end (no target, no round limit)",
        ));
    }
    Ok(TournamentRow {
        id,
        server: row.id("server_id")?,
        channel: row.id("channel_id")?,
        channel_name: row.col("channel_name")?,
        name: row.col("name")?,
        organiser: row.id("organiser_id")?,
        organiser_name: row.col("organiser_name")?,
        format,
        rounds: row.opt_int("rounds")?,
        terms,
        round_days: row.int("round_days")?,
        starts_at: row.col("starts_at")?,
        player_limit: row.opt_int("player_limit")?,
        state,
        round: row.int("round")?,
        round_ends_at: row.col("round_ends_at")?,
        version: row.col("version")?,
        created_at: row.col("created_at")?,
    })
}

fn from_rows(rows: &[AnyRow]) -> StoreResult<Vec<TournamentRow>> {
    rows.iter().map(from_row).collect()
}

/// Stores a new tournament, open for sign-up; returns its id.
pub async fn insert_tournament(
    tx: &mut WriteTx,
    new: &NewTournament<'_>,
) -> StoreResult<TournamentId> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO tournaments (server_id, channel_id, channel_name, name, organiser_id, format, rounds,
            terms, round_days, starts_at, player_limit, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
         RETURNING id",
    )
    .bind(new.server.to_sql())
    .bind(new.channel.to_sql())
    .bind(new.channel_name)
    .bind(new.name)
    .bind(new.organiser.to_sql())
    .bind(new.format.name())
    .bind(new.rounds.map(i64::from))
    .bind(terms_json(&new.terms)?)
    .bind(i64::from(new.round_days))
    .bind(new.starts_at)
    .bind(new.player_limit.map(i64::from))
    .bind(new.now_ms)
    .fetch_one(&mut **tx)
    .await?;
    Ok(TournamentId(id))
}

/// A tournament by id.
pub async fn load_tournament<'e, E>(db: E, id: TournamentId) -> StoreResult<Option<TournamentRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{SELECT} WHERE t.id = $1");
    let row = sqlx::query(&sql)
        .bind(id.to_sql())
        .fetch_optional(db)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// A server's tournaments in sign-up or running, oldest first.
pub async fn live_tournaments<'e, E>(db: E, server: ServerId) -> StoreResult<Vec<TournamentRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE t.server_id = $1 AND t.state IN ('signup', 'running') ORDER BY t.id"
    );
    let rows = sqlx::query(&sql)
        .bind(server.to_sql())
        .fetch_all(db)
        .await?;
    from_rows(&rows)
}

/// Every tournament of a server, newest first (for its web page).
pub async fn tournaments_of_server<'e, E>(
    db: E,
    server: ServerId,
) -> StoreResult<Vec<TournamentRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{SELECT} WHERE t.server_id = $1 ORDER BY t.id DESC");
    let rows = sqlx::query(&sql)
        .bind(server.to_sql())
        .fetch_all(db)
        .await?;
    from_rows(&rows)
}

/// The newest tournament of a server, whatever its state.
pub async fn last_tournament<'e, E>(db: E, server: ServerId) -> StoreResult<Option<TournamentRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{SELECT} WHERE t.server_id = $1 ORDER BY t.id DESC LIMIT 1");
    let row = sqlx::query(&sql)
        .bind(server.to_sql())
        .fetch_optional(db)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Tournaments with something due: a sign-up whose start time has come, a round whose days have run out.
pub async fn due_tournaments<'e, E>(db: E, now_ms: i64) -> StoreResult<Vec<TournamentRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE (t.state = 'signup' AND t.starts_at <= $1)
            OR (t.state = 'running' AND t.round_ends_at <= $1)
         ORDER BY t.id"
    );
    let rows = sqlx::query(&sql).bind(now_ms).fetch_all(db).await?;
    from_rows(&rows)
}

/// Moves a tournament on (its state, round, round's end and rounds to play), if it is still at
/// `read_version`; `false`, changing nothing, if another change came first.
pub async fn update_tournament(
    tx: &mut WriteTx,
    read: &TournamentRow,
    state: TournamentState,
    round: u32,
    round_ends_at: Option<i64>,
    now_ms: i64,
) -> StoreResult<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET state = $1, round = $2, round_ends_at = $3, rounds = $4,
            version = version + 1, updated_at = $5
         WHERE id = $6 AND version = $7",
    )
    .bind(state.name())
    .bind(i64::from(round))
    .bind(round_ends_at)
    .bind(read.rounds.map(i64::from))
    .bind(now_ms)
    .bind(read.id.to_sql())
    .bind(read.version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes the tournament's row for this transaction (its version goes up): two changes that end games of one
/// round at once then take turns, and the second sees the first's result, so that one of them sees the round
/// over and pairs the next. (On SQLite a write transaction holds the whole database anyway.)
pub async fn touch_tournament(tx: &mut WriteTx, id: TournamentId) -> StoreResult<()> {
    sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1")
        .bind(id.to_sql())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The players of a tournament: by seed once it has started, else in the order they joined.
pub async fn entrants<'e, E>(db: E, tournament: TournamentId) -> StoreResult<Vec<EntrantRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT e.player_id, COALESCE(sn.name, p.name) AS name, e.joined_at, e.seed, e.withdrawn_round
         FROM tournament_players e JOIN players p ON p.id = e.player_id
            JOIN tournaments t ON t.id = e.tournament_id
            LEFT JOIN server_names sn ON sn.server_id = t.server_id AND sn.player_id = e.player_id
         WHERE e.tournament_id = $1
         ORDER BY CASE WHEN e.seed IS NULL THEN 1 ELSE 0 END, e.seed, e.joined_at, e.player_id",
    )
    .bind(tournament.to_sql())
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(EntrantRow {
                player: row.id("player_id")?,
                name: row.col("name")?,
                joined_at: row.col("joined_at")?,
                seed: row.opt_int("seed")?,
                withdrawn_round: row.opt_int("withdrawn_round")?,
            })
        })
        .collect()
}

/// Adds a player (who must be recorded); `false` if they are in already.
pub async fn add_entrant(
    tx: &mut WriteTx,
    tournament: TournamentId,
    player: UserId,
    now_ms: i64,
) -> StoreResult<bool> {
    let done = sqlx::query(
        "INSERT INTO tournament_players (tournament_id, player_id, joined_at) VALUES ($1, $2, $3)
         ON CONFLICT (tournament_id, player_id) DO NOTHING",
    )
    .bind(tournament.to_sql())
    .bind(player.to_sql())
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes a player out before the start; `false` if they were not in.
pub async fn remove_entrant(
    tx: &mut WriteTx,
    tournament: TournamentId,
    player: UserId,
) -> StoreResult<bool> {
    let done =
        sqlx::query("DELETE FROM tournament_players WHERE tournament_id = $1 AND player_id = $2")
            .bind(tournament.to_sql())
            .bind(player.to_sql())
            .execute(&mut **tx)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets a player's seed at the start.
pub async fn set_seed(
    tx: &mut WriteTx,
    tournament: TournamentId,
    player: UserId,
    seed: u32,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE tournament_players SET seed = $1 WHERE tournament_id = $2 AND player_id = $3",
    )
    .bind(i64::from(seed))
    .bind(tournament.to_sql())
    .bind(player.to_sql())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Marks a player withdrawn in `round`; `false` if they were not in, or withdrawn already.
pub async fn withdraw_entrant(
    tx: &mut WriteTx,
    tournament: TournamentId,
    player: UserId,
    round: u32,
) -> StoreResult<bool> {
    let done = sqlx::query(
        "UPDATE tournament_players SET withdrawn_round = $1
         WHERE tournament_id = $2 AND player_id = $3 AND withdrawn_round IS NULL",
    )
    .bind(i64::from(round))
    .bind(tournament.to_sql())
    .bind(player.to_sql())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Every game of a tournament, by round and board.
pub async fn games<'e, E>(db: E, tournament: TournamentId) -> StoreResult<Vec<GameRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT round, board, south_id, north_id, match_id, result, decided_by FROM tournament_games
         WHERE tournament_id = $1 ORDER BY round, board",
    )
    .bind(tournament.to_sql())
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            let result = match (
                row.col::<Option<&str>>("result")?,
                row.col::<Option<&str>>("decided_by")?,
            ) {
                (None, None) => None,
                (Some(result), Some(by)) => Some((result_from_sql(result)?, decided_from_sql(by)?)),
                _ => {
                    return Err(StoreError::Corrupt(format!(
                        "tournament {tournament}: a game's result without how it was decided"
                    )))
                }
            };
            Ok(GameRow {
                round: row.int("round")?,
                board: row.int("board")?,
                south: row.id("south_id")?,
                north: row.opt_id("north_id")?,
                match_id: row.opt_id("match_id")?,
                result,
            })
        })
        .collect()
}

fn result_sql(result: GameResult) -> &'static str {
    match result {
        GameResult::SouthWon => "south",
        GameResult::NorthWon => "north",
        GameResult::Draw => "draw",
    }
}

fn result_from_sql(s: &str) -> StoreResult<GameResult> {
    match s {
        "south" => Ok(GameResult::SouthWon),
        "north" => Ok(GameResult::NorthWon),
        "draw" => Ok(GameResult::Draw),
        other => Err(StoreError::Corrupt(format!(
            "tournament game result {other:?}"
        ))),
    }
}

fn decided_from_sql(s: &str) -> StoreResult<DecidedBy> {
    match s {
        "match" => Ok(DecidedBy::Match),
        "houses" => Ok(DecidedBy::Houses),
        "forfeit" => Ok(DecidedBy::Forfeit),
        "bye" => Ok(DecidedBy::Bye),
        other => Err(StoreError::Corrupt(format!(
            "tournament game decided by {other:?}"
        ))),
    }
}

/// Stores a game of a round.
pub async fn insert_game(
    tx: &mut WriteTx,
    tournament: TournamentId,
    game: &GameRow,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO tournament_games (tournament_id, round, board, south_id, north_id, match_id,
            result, decided_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(tournament.to_sql())
    .bind(i64::from(game.round))
    .bind(i64::from(game.board))
    .bind(game.south.to_sql())
    .bind(game.north.map(StoredId::to_sql))
    .bind(game.match_id.map(StoredId::to_sql))
    .bind(game.result.map(|(r, _)| result_sql(r)))
    .bind(game.result.map(|(_, by)| by.name()))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Decides a game not decided yet; `false` if it was.
pub async fn decide_game(
    tx: &mut WriteTx,
    tournament: TournamentId,
    round: u32,
    board: u32,
    result: GameResult,
    by: DecidedBy,
) -> StoreResult<bool> {
    let done = sqlx::query(
        "UPDATE tournament_games SET result = $1, decided_by = $2
         WHERE tournament_id = $3 AND round = $4 AND board = $5 AND result IS NULL",
    )
    .bind(result_sql(result))
    .bind(by.name())
    .bind(tournament.to_sql())
    .bind(i64::from(round))
    .bind(i64::from(board))
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The tournament game a match is played for: the tournament, the round and the board.
pub async fn game_of_match<'e, E>(
    db: E,
    match_id: MatchId,
) -> StoreResult<Option<(TournamentId, u32, u32)>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row =
        sqlx::query("SELECT tournament_id, round, board FROM tournament_games WHERE match_id = $1")
            .bind(match_id.to_sql())
            .fetch_optional(db)
            .await?;
    row.map(|row| {
        Ok((
            row.id("tournament_id")?,
            row.int("round")?,
            row.int("board")?,
        ))
    })
    .transpose()
}
