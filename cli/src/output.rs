//! Writing results to stdout, buffered, with write failures as values: a
//! closed pipe (`robotstxt ... | head`) must not become a panic.

use std::io::{self, BufWriter, StdoutLock, Write};

use serde::Serialize;

use crate::error::CliError;

/// Buffered stdout.
pub struct Output {
    out: BufWriter<StdoutLock<'static>>,
}

impl Output {
    pub fn new() -> Output {
        Output {
            out: BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
        }
    }

    /// Writes `text` and a line end.
    pub fn line(&mut self, text: &str) -> Result<(), CliError> {
        self.out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.write_all(b"\n"))
            .map_err(CliError::from_output)
    }

    /// Writes `bytes` as they are.
    pub fn bytes(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        self.out.write_all(bytes).map_err(CliError::from_output)
    }

    /// Writes `value` as one line of JSON.
    pub fn json<T: Serialize>(&mut self, value: &T) -> Result<(), CliError> {
        let text = serde_json::to_string(value)
            .map_err(|e| CliError::Output(format!("cannot write JSON: {e}")))?;
        self.line(&text)
    }

    /// Sends what is buffered.
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.out.flush().map_err(CliError::from_output)
    }
}

/// How a command ended, when it ran to completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Exit 0.
    Success,
    /// Exit 1: the command found what it was asked to fail on (lint errors,
    /// `--fail-on-disallowed`, `--fail-on-change`).
    Findings,
}

impl Status {
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Findings => 1,
        }
    }
}
