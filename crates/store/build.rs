//! Rebuild when a migration changes: `sqlx::migrate!` embeds `migrations/` (beside this file) at compile
//! time, and a virtual workspace runs no root build script, so this crate names the folder itself.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
