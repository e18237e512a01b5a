//! A tool whose reader has gone away (`namnam selfplay | head -1`) ends quietly, as `cat` does, instead of
//! panicking in `println!`.

use std::fs::File;
use std::io::Write;
use std::os::fd::FromRawFd;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

/// The writing end of a pipe whose reading end is already closed: every write to it fails with EPIPE.
fn closed_pipe() -> File {
    let mut fds = [0; 2];
    // SAFETY: `pipe` fills the two descriptors; the reading one is closed at once, and the writing one is
    // owned by the returned `File` alone.
    unsafe {
        assert_eq!(libc::pipe(fds.as_mut_ptr()), 0, "a pipe");
        libc::close(fds[0]);
        File::from_raw_fd(fds[1])
    }
}

#[test]
fn a_tool_whose_reader_is_gone_ends_quietly() {
    let selfplay = Command::new(env!("CARGO_BIN_EXE_namnam"))
        .args(["selfplay", "--games", "1"])
        .stdout(Stdio::from(closed_pipe()))
        .output()
        .expect("the binary runs");

    let mut engine = Command::new(env!("CARGO_BIN_EXE_namnam"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::from(closed_pipe()))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = engine.stdin.take().expect("piped");
    // Any line gets an answer, here a refusal: the answer is the write that meets the closed pipe.
    writeln!(stdin, r#"{{"op":"dance"}}"#).expect("the request is written");
    drop(stdin);
    let engine = engine.wait_with_output().expect("the engine ends");

    for (tool, out) in [("selfplay", selfplay), ("engine", engine)] {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{tool}: {stderr}");
        assert_eq!(
            out.status.signal(),
            Some(libc::SIGPIPE),
            "{tool}: {:?}, {stderr}",
            out.status
        );
    }
}
