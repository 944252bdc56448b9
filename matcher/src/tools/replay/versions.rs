//! The robots.txt versions a site served, each live from a time: a
//! request is judged by the version live when it was made, and the
//! earliest version applies before its time too (it was live before the
//! first change the replay knows of).

use std::fmt;
use std::ops::RangeInclusive;

use crate::read::log::Timestamp;
use crate::robots::Robots;

/// One version of the file.
#[derive(Debug)]
pub struct RobotsVersion {
    /// What to call it (a file name).
    pub name: String,
    /// When it went live; `None` for a version live from before the log
    /// (at most one).
    pub since: Option<Timestamp>,
    /// The file, parsed.
    pub robots: Robots,
}

/// Why a set of versions cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VersionsError {
    /// No version at all.
    Empty,
    /// Two versions have no time: which one was live?
    TwoWithoutTime {
        /// The first one's name.
        first: String,
        /// The second one's name.
        second: String,
    },
    /// Two versions went live at the same moment.
    SameTime {
        /// The first one's name.
        first: String,
        /// The second one's name.
        second: String,
        /// The moment.
        since: Timestamp,
    },
}

impl fmt::Display for VersionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionsError::Empty => f.write_str("no robots.txt version to judge the requests by"),
            VersionsError::TwoWithoutTime { first, second } => write!(
                f,
                "'{first}' and '{second}' both have no time; give every version but the earliest the time it went live (FILE@2024-05-01T12:00:00Z)"
            ),
            VersionsError::SameTime {
                first,
                second,
                since,
            } => write!(
                f,
                "'{first}' and '{second}' both went live at {since}; give each version its own time"
            ),
        }
    }
}

impl std::error::Error for VersionsError {}

/// The versions, in the order they went live.
#[derive(Debug)]
pub struct Versions {
    list: Vec<RobotsVersion>,
}

impl Versions {
    /// The versions of `list`, ordered by when they went live.
    pub fn new(mut list: Vec<RobotsVersion>) -> Result<Versions, VersionsError> {
        if list.is_empty() {
            return Err(VersionsError::Empty);
        }
        // `None` sorts first: the version live from the start.
        crate::sort::sort_by_key(&mut list, |version| version.since);
        for pair in list.windows(2) {
            let (first, second) = (pair[0].name.clone(), pair[1].name.clone());
            match (pair[0].since, pair[1].since) {
                (None, None) => return Err(VersionsError::TwoWithoutTime { first, second }),
                (Some(a), Some(b)) if a == b => {
                    return Err(VersionsError::SameTime {
                        first,
                        second,
                        since: a,
                    })
                }
                _ => {}
            }
        }
        Ok(Versions { list })
    }

    /// One version, live from the start.
    pub fn one(name: impl Into<String>, robots: Robots) -> Versions {
        Versions {
            list: vec![RobotsVersion {
                name: name.into(),
                since: None,
                robots,
            }],
        }
    }

    /// Every version, in the order they went live.
    pub fn list(&self) -> &[RobotsVersion] {
        &self.list
    }

    /// The index of the version live at `time` (the earliest before its
    /// time, and for a request whose time is unknown).
    pub fn live_at(&self, time: Option<Timestamp>) -> usize {
        let Some(time) = time else {
            return 0;
        };
        let after = self
            .list
            .partition_point(|version| version.since.is_none_or(|since| since <= time));
        after.saturating_sub(1)
    }

    /// The versions live at some moment from `from` to `to`.
    pub fn live_during(&self, from: Timestamp, to: Timestamp) -> RangeInclusive<usize> {
        self.live_at(Some(from))..=self.live_at(Some(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(name: &str, since: Option<&str>) -> RobotsVersion {
        RobotsVersion {
            name: name.to_string(),
            since: since.map(|s| Timestamp::parse(s).unwrap()),
            robots: Robots::parse(b""),
        }
    }

    fn at(text: &str) -> Option<Timestamp> {
        Some(Timestamp::parse(text).unwrap())
    }

    #[test]
    fn each_moment_has_its_live_version() {
        let versions = Versions::new(vec![
            version("c", Some("2024-05-03")),
            version("a", None),
            version("b", Some("2024-05-02")),
        ])
        .unwrap();
        let names: Vec<&str> = versions.list().iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        assert_eq!(versions.live_at(at("2024-05-01")), 0);
        assert_eq!(versions.live_at(at("2024-05-01T23:59:59Z")), 0);
        assert_eq!(versions.live_at(at("2024-05-02")), 1);
        assert_eq!(versions.live_at(at("2024-05-02T23:59:59Z")), 1);
        assert_eq!(versions.live_at(at("2024-05-03")), 2);
        assert_eq!(versions.live_at(at("2030-01-01")), 2);
        assert_eq!(versions.live_at(None), 0);
        assert_eq!(
            versions.live_during(
                at("2024-05-01").unwrap(),
                at("2024-05-03T01:00:00Z").unwrap()
            ),
            0..=2
        );
    }

    #[test]
    fn the_earliest_applies_before_its_time() {
        let versions = Versions::new(vec![
            version("b", Some("2024-05-02")),
            version("c", Some("2024-05-03")),
        ])
        .unwrap();
        assert_eq!(versions.live_at(at("2020-01-01")), 0);
        assert_eq!(versions.live_at(at("2024-05-03")), 1);
    }

    #[test]
    fn ambiguous_versions_are_refused_with_names() {
        let error = Versions::new(vec![version("a", None), version("b", None)]).unwrap_err();
        assert!(error
            .to_string()
            .starts_with("'a' and 'b' both have no time"));
        let error = Versions::new(vec![
            version("a", Some("2024-05-02T00:00:00Z")),
            version("b", Some("2024-05-02")),
        ])
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "'a' and 'b' both went live at 2024-05-02T00:00:00Z; give each version its own time"
        );
        assert_eq!(Versions::new(Vec::new()).unwrap_err(), VersionsError::Empty);
    }
}
