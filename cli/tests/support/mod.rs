//! Running the built `robotstxt` binary from integration tests.

#![allow(dead_code)] // Each test crate uses a different part.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a run produced.
pub struct Run {
    pub status: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl Run {
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }
}

/// `cli/tests/fixtures`.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
}

/// Runs the binary with `args` in `dir`, feeding `stdin`.
pub fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_robotstxt"));
    command.args(args).current_dir(dir);
    run_command(command, stdin)
}

/// Runs `command`, feeding `stdin`, and collects what it wrote.
fn run_command(mut command: Command, stdin: &[u8]) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the robotstxt binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    // Write from another thread so that a large input cannot deadlock
    // against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        // The binary may exit before reading everything (e.g. on a usage
        // error); a broken pipe here is not a failure of the test.
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the robotstxt binary runs");
    writer.join().expect("the stdin writer finishes");
    Run {
        status: output.status.code().unwrap_or(-1),
        stdout: output.stdout,
        stderr: output.stderr,
    }
}

/// Runs the binary in the fixtures directory.
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    run_in(&fixtures(), args, stdin)
}

/// Runs the binary with `args` in `dir` as [`run_in`] does, its address
/// space capped at `max_mib` MiB (a shell's `ulimit -v`): a run that would
/// take more fails to allocate instead of taking the machine's memory.
pub fn run_capped(dir: &Path, args: &[&str], stdin: &[u8], max_mib: u64) -> Run {
    let mut command = capped_command(args, max_mib);
    command.current_dir(dir);
    run_command(command, stdin)
}

/// The binary with `args`, started by `sh` under `ulimit -v`.
pub fn capped_command(args: &[&str], max_mib: u64) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            max_mib * 1024
        ))
        .arg(env!("CARGO_BIN_EXE_robotstxt"))
        .args(args);
    command
}
