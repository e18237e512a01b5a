//! Both `/healthz` of `namnam web` (the pages' port and the metrics' address) say whether the pages can be
//! served: `503` for a database of another schema, and (SQLite) for a file gone or replaced under the
//! server, which its pooled connections would not notice.

use crate::common::*;
use crate::pages::roomy;
use reqwest::StatusCode;

/// The pages' and the metrics' addresses of a web server on `url`.
async fn serve_both(url: &str) -> [String; 2] {
    let store = namnam_web::open(url).await.expect("opens read-only");
    let (pages, metrics) = namnam_web::routers(store, roomy());
    let mut bases = Vec::new();
    for router in [pages, metrics] {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        bases.push(format!("http://{}", listener.local_addr().unwrap()));
        tokio::spawn(namnam_web::serve(
            listener,
            router,
            &roomy(),
            std::future::pending(),
        ));
    }
    [bases[0].clone(), bases[1].clone()]
}

/// What both `/healthz` answer.
async fn health(bases: &[String; 2]) -> [StatusCode; 2] {
    let client = reqwest::Client::new();
    let mut statuses = [StatusCode::OK; 2];
    for (status, base) in statuses.iter_mut().zip(bases) {
        *status = client
            .get(format!("{base}/healthz"))
            .send()
            .await
            .expect("answered")
            .status();
    }
    statuses
}

const OK: [StatusCode; 2] = [StatusCode::OK; 2];
const DOWN: [StatusCode; 2] = [StatusCode::SERVICE_UNAVAILABLE; 2];

/// Runs `sql` through the bot's own (writing) store.
async fn write(h: &Harness, sql: &str) {
    let mut tx = h.core.store().begin().await.unwrap();
    sqlx::query(sql).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
}

async fn health_fails_for_a_database_of_another_schema(backend: Backend) {
    let h = Harness::new(backend).await;
    let bases = serve_both(&h.db.url).await;
    assert_eq!(health(&bases).await, OK);
    // A newer binary migrated the database under the server.
    write(
        &h,
        match backend {
            Backend::Sqlite => {
                "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
                 VALUES (999999, 'newer', 1, X'00', 0)"
            }
            Backend::Postgres => {
                "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
                 VALUES (999999, 'newer', TRUE, decode('00', 'hex'), 0)"
            }
        },
    )
    .await;
    assert_eq!(health(&bases).await, DOWN);
    write(&h, "DELETE FROM _sqlx_migrations WHERE version = 999999").await;
    assert_eq!(health(&bases).await, OK);
}

on_both_backends!(health_fails_for_a_database_of_another_schema);

#[tokio::test]
async fn health_fails_for_a_sqlite_file_gone_or_replaced() {
    let h = Harness::new(Backend::Sqlite).await;
    let file = namnam_store::sqlite_file(&h.db.url).expect("a SQLite file");
    let bases = serve_both(&h.db.url).await;
    assert_eq!(health(&bases).await, OK);
    // Gone.
    let aside = file.with_extension("aside");
    std::fs::rename(&file, &aside).unwrap();
    assert_eq!(health(&bases).await, DOWN);
    // Replaced by a copy: another file at the same path.
    std::fs::copy(&aside, &file).unwrap();
    assert_eq!(health(&bases).await, DOWN);
    // The very file opened, back in its place.
    std::fs::rename(&aside, &file).unwrap();
    assert_eq!(health(&bases).await, OK);
}
