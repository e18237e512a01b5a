//! Rebuild when a migration changes: `sqlx::migrate!` embeds `migrations/` at compile time.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
