//! A small command-line reader: walks the arguments of one subcommand and
//! tells flags (`--name`, `--name=value`, `-h`) from positional values.
//!
//! Hand-rolled because the CLI needs very little, and every mistake must
//! become a one-line message instead of a library's multi-line report.

use std::collections::VecDeque;
use std::ffi::OsString;

use crate::error::CliError;

/// One argument, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// `--name` or `--name=value` (the name keeps its dashes), or a short
    /// flag like `-h`.
    Flag {
        name: String,
        inline: Option<String>,
    },
    /// Anything else, including `-` (stdin) and everything after `--`.
    Positional(String),
}

/// The remaining arguments of one subcommand.
pub struct Args {
    rest: VecDeque<OsString>,
    command: Option<&'static str>,
    /// After `--`, everything is positional.
    only_positional: bool,
}

impl Args {
    /// `command` is the subcommand the arguments belong to, for error hints.
    pub fn new(rest: impl IntoIterator<Item = OsString>, command: Option<&'static str>) -> Args {
        Args {
            rest: rest.into_iter().collect(),
            command,
            only_positional: false,
        }
    }

    /// The arguments left, now belonging to `command`.
    pub fn for_command(self, command: &'static str) -> Args {
        Args {
            command: Some(command),
            ..self
        }
    }

    /// A usage error about these arguments.
    pub fn error(&self, message: impl Into<String>) -> CliError {
        CliError::usage(self.command, message)
    }

    /// The next argument, or `None` at the end.
    pub fn next_arg(&mut self) -> Result<Option<Arg>, CliError> {
        let Some(raw) = self.rest.pop_front() else {
            return Ok(None);
        };
        let text = self.utf8(raw)?;
        if self.only_positional {
            return Ok(Some(Arg::Positional(text)));
        }
        if text == "--" {
            self.only_positional = true;
            return self.next_arg();
        }
        if let Some(long) = text.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (long, None),
            };
            return Ok(Some(Arg::Flag {
                name: format!("--{name}"),
                inline,
            }));
        }
        if text.len() > 1 && text.starts_with('-') {
            return Ok(Some(Arg::Flag {
                name: text,
                inline: None,
            }));
        }
        Ok(Some(Arg::Positional(text)))
    }

    /// The value of flag `name`: the `=value` part, or else the next
    /// argument (which may start with `-`, so `--robots -` reads stdin).
    pub fn value(&mut self, name: &str, inline: Option<String>) -> Result<String, CliError> {
        if let Some(value) = inline {
            return Ok(value);
        }
        match self.rest.pop_front() {
            Some(raw) => self.utf8(raw),
            None => Err(self.error(format!("{name} needs a value"))),
        }
    }

    /// Fails if a flag that takes no value was written `--flag=value`.
    pub fn no_value(&self, name: &str, inline: &Option<String>) -> Result<(), CliError> {
        match inline {
            Some(_) => Err(self.error(format!("{name} takes no value"))),
            None => Ok(()),
        }
    }

    /// Stores a flag that may be given once.
    pub fn set_once<T>(&self, slot: &mut Option<T>, name: &str, value: T) -> Result<(), CliError> {
        if slot.is_some() {
            return Err(self.error(format!("{name} is given more than once")));
        }
        *slot = Some(value);
        Ok(())
    }

    /// The error for a flag this subcommand does not know, with a
    /// suggestion when the flag looks like a typo of a known one.
    pub fn unknown_flag(&self, name: &str, known: &[&str]) -> CliError {
        let context = match self.command {
            Some(command) => format!(" for 'robotstxt {command}'"),
            None => String::new(),
        };
        let suggestion = closest(name, known)
            .map(|k| format!(" (did you mean {k}?)"))
            .unwrap_or_default();
        self.error(format!("unknown option '{name}'{context}{suggestion}"))
    }

    fn utf8(&self, raw: OsString) -> Result<String, CliError> {
        raw.into_string().map_err(|raw| {
            self.error(format!(
                "the argument '{}' is not valid UTF-8",
                raw.to_string_lossy()
            ))
        })
    }
}

/// The known name closest to `name`, if close enough to be a typo.
pub fn closest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (edit_distance(name, k), *k))
        .filter(|(distance, k)| *distance <= 2.max(k.len() / 4))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, k)| k)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Args {
        Args::new(list.iter().map(OsString::from), Some("check"))
    }

    fn flag(name: &str, inline: Option<&str>) -> Arg {
        Arg::Flag {
            name: name.to_string(),
            inline: inline.map(str::to_string),
        }
    }

    #[test]
    fn classifies_flags_values_and_positionals() {
        let mut a = args(&[
            "--agent",
            "Googlebot",
            "--mode=rfc9309",
            "-",
            "-h",
            "--",
            "--json",
        ]);
        assert_eq!(a.next_arg().unwrap(), Some(flag("--agent", None)));
        assert_eq!(a.value("--agent", None).unwrap(), "Googlebot");
        assert_eq!(a.next_arg().unwrap(), Some(flag("--mode", Some("rfc9309"))));
        assert_eq!(a.next_arg().unwrap(), Some(Arg::Positional("-".into())));
        assert_eq!(a.next_arg().unwrap(), Some(flag("-h", None)));
        assert_eq!(
            a.next_arg().unwrap(),
            Some(Arg::Positional("--json".into()))
        );
        assert_eq!(a.next_arg().unwrap(), None);
    }

    #[test]
    fn a_value_may_start_with_a_dash() {
        let mut a = args(&["--robots", "-"]);
        a.next_arg().unwrap();
        assert_eq!(a.value("--robots", None).unwrap(), "-");
    }

    #[test]
    fn missing_values_and_repeats_are_usage_errors() {
        let mut a = args(&["--agent"]);
        a.next_arg().unwrap();
        let error = a.value("--agent", None).unwrap_err();
        assert_eq!(error.to_string(), "--agent needs a value");
        let mut slot = Some(1);
        assert!(a.set_once(&mut slot, "--mode", 2).is_err());
        assert!(a.no_value("--json", &Some("1".into())).is_err());
    }

    #[test]
    fn suggests_close_flags_only() {
        assert_eq!(closest("--agnet", &["--agent", "--json"]), Some("--agent"));
        assert_eq!(closest("--jsn", &["--agent", "--json"]), Some("--json"));
        assert_eq!(closest("--frobnicate", &["--agent", "--json"]), None);
        let message = args(&[]).unknown_flag("--agents", &["--agent"]).to_string();
        assert_eq!(
            message,
            "unknown option '--agents' for 'robotstxt check' (did you mean --agent?)"
        );
    }
}
