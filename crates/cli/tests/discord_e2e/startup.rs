//! A bot that cannot start says why: a token Discord rejects, or no token at all.

use namnam_discord::{CommandScope, RunError};

use crate::fixture::Fixture;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_discord_rejects_is_reported_as_such() {
    let fx = Fixture::start_unchecked().await;
    let bot = fx.bot_with("not.the.right-token", "x.db", CommandScope::Global);
    let outcome = bot.run(std::future::pending()).await;
    let error = outcome.expect_err("a wrong token stops the bot");
    assert!(matches!(error, RunError::TokenRejected), "{error:?}");
    assert!(error.to_string().contains("Discord rejected the token"));
    assert_eq!(
        fx.fake.state().connections,
        0,
        "no gateway connection with a rejected token"
    );
}

#[test]
fn namnam_without_a_token_explains_itself() {
    let folder = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_namnam"))
        .current_dir(folder.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("DISCORD_GUILD_ID")
        // Even when backtraces are asked for, a missing setting is one message, not a trace.
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("namnam runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");
    assert!(stderr.contains("namnam console"), "{stderr}");
    assert!(
        stderr.contains("discord.com/developers/applications"),
        "{stderr}"
    );
}
