//! The state a first visit starts with, and the samples menu of small
//! teaching examples. The robots.txt texts live in `src/samples/` so they
//! read (and diff) as real files.

use robots_matcher::Mode;

use crate::link::AppState;

/// One entry of the samples menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// Stable identifier, usable in test selectors and analytics-free links.
    pub id: &'static str,
    pub title: &'static str,
    /// One sentence saying what the sample teaches.
    pub explanation: &'static str,
    pub robots_txt: &'static str,
    /// Crawler specs (see `crawlers::CrawlerPreset::spec`).
    pub crawlers: &'static [&'static str],
    pub urls: &'static [&'static str],
}

impl Sample {
    /// The playground state that loads this sample (in Google mode).
    pub fn to_state(&self) -> AppState {
        AppState {
            robots_txt: self.robots_txt.to_owned(),
            crawlers: self.crawlers.iter().map(|c| (*c).to_owned()).collect(),
            urls: self.urls.join("\n"),
            mode: Mode::Google,
            ..AppState::default()
        }
    }
}

/// What a visitor sees before editing anything: a realistic shop and news
/// site, checked as Googlebot.
pub const DEFAULT: Sample = Sample {
    id: "default",
    title: "Shop and news site",
    explanation: "A realistic robots.txt with a catch-all group, a Googlebot group, an AI-training block and sitemaps.",
    robots_txt: include_str!("samples/default.txt"),
    crawlers: &["Googlebot"],
    urls: &[
        "https://www.example.com/",
        "https://www.example.com/account/help",
        "https://www.example.com/news/archive/2019/old-story",
        "https://www.example.com/news/archive/2024/spring-sale",
        "https://www.example.com/products/shoes?sessionid=abc123",
        "https://www.example.com/catalog/spring.pdf",
        "https://www.example.com/cart/",
    ],
};

/// The samples menu, in teaching order.
pub const SAMPLES: &[Sample] = &[
    DEFAULT,
    Sample {
        id: "longest-match",
        title: "Longest match wins",
        explanation: "When several rules match a URL, the one with the longest path pattern decides, whatever their order.",
        robots_txt: include_str!("samples/longest-match.txt"),
        crawlers: &["Googlebot"],
        urls: &[
            "https://www.example.com/about",
            "https://www.example.com/shop/shoes",
            "https://www.example.com/shop/gift-cards/birthday",
        ],
    },
    Sample {
        id: "allow-wins-tie",
        title: "Allow wins a tie",
        explanation: "When an Allow and a Disallow rule match with patterns of equal length, the Allow rule wins.",
        robots_txt: include_str!("samples/allow-wins-tie.txt"),
        crawlers: &["Googlebot"],
        urls: &[
            "https://www.example.com/docs/intro",
            "https://www.example.com/page",
            "https://www.example.com/other",
        ],
    },
    Sample {
        id: "wildcards",
        title: "Wildcards: * and $",
        explanation: "An asterisk matches any sequence of characters and a trailing dollar sign anchors the pattern to the end of the URL.",
        robots_txt: include_str!("samples/wildcards.txt"),
        crawlers: &["Googlebot"],
        urls: &[
            "https://www.example.com/report.pdf",
            "https://www.example.com/report.pdf?download=1",
            "https://www.example.com/report.pdfx",
            "https://www.example.com/list?page=2",
            "https://www.example.com/list?sort=asc",
            "https://www.example.com/private-area/notes",
        ],
    },
    Sample {
        id: "merged-groups",
        title: "Merged groups",
        explanation: "All groups naming a crawler are merged into one, and a crawler with a group of its own ignores the * group.",
        robots_txt: include_str!("samples/merged-groups.txt"),
        crawlers: &["Googlebot", "bingbot", "DuckDuckBot"],
        urls: &[
            "https://www.example.com/a/",
            "https://www.example.com/b/",
            "https://www.example.com/c/",
        ],
    },
    Sample {
        id: "block-ai-training",
        title: "Blocking AI-training crawlers",
        explanation: "Naming the AI-training crawlers in their own group keeps them out while search engines keep crawling.",
        robots_txt: include_str!("samples/block-ai-training.txt"),
        crawlers: &["GPTBot", "Google-Extended", "CCBot", "Googlebot"],
        urls: &["https://www.example.com/articles/how-to-bake-bread"],
    },
    Sample {
        id: "empty-disallow",
        title: "Empty Disallow",
        explanation: "An empty Disallow rule allows everything, while Disallow: / blocks the whole site.",
        robots_txt: include_str!("samples/empty-disallow.txt"),
        crawlers: &["Googlebot", "bingbot"],
        urls: &["https://www.example.com/", "https://www.example.com/any/page"],
    },
    Sample {
        id: "index-html",
        title: "Allow: /index.html",
        explanation: "Google treats Allow: /index.html as also allowing the directory URL itself, which a strict RFC 9309 reading does not.",
        robots_txt: include_str!("samples/index-html.txt"),
        crawlers: &["Googlebot"],
        urls: &[
            "https://www.example.com/",
            "https://www.example.com/index.html",
            "https://www.example.com/about",
        ],
    },
    Sample {
        id: "google-vs-rfc",
        title: "Google vs RFC 9309",
        explanation: "A misspelt key, a missing colon, a percent-escape and Allow: /index.html: Google's parser and a strict RFC 9309 reading decide four of these five URLs differently; switch Read as to see it.",
        robots_txt: include_str!("samples/google-vs-rfc.txt"),
        crawlers: &["Googlebot"],
        urls: &[
            "https://www.example.com/drafts/plan",
            "https://www.example.com/tmp/cache.html",
            "https://www.example.com/~anna/cv.html",
            "https://www.example.com/shop/",
            "https://www.example.com/shop/shoes",
        ],
    },
    Sample {
        id: "ignores-wildcard",
        title: "Crawlers that ignore *",
        explanation: "Google's ads crawlers skip the * group and obey only groups that name them, so Disallow: / for * does not stop them.",
        robots_txt: include_str!("samples/ignores-wildcard.txt"),
        crawlers: &["Googlebot", "AdsBot-Google>!*", "Mediapartners-Google>!*"],
        urls: &["https://www.example.com/landing-page"],
    },
    Sample {
        id: "fallback-tokens",
        title: "Fallback tokens",
        explanation: "Googlebot-Image obeys the Googlebot group when no group names Googlebot-Image itself.",
        robots_txt: include_str!("samples/fallback-tokens.txt"),
        crawlers: &["Googlebot", "Googlebot-Image>Googlebot", "bingbot"],
        urls: &[
            "https://www.example.com/photos/cat.jpg",
            "https://www.example.com/photos/private/me.jpg",
        ],
    },
];

/// The state for a visit without a shared link.
pub fn default_state() -> AppState {
    DEFAULT.to_state()
}

/// Looks a sample up by its id.
pub fn find(id: &str) -> Option<&'static Sample> {
    SAMPLES.iter().find(|s| s.id == id)
}

/// The sample whose robots.txt is `text` as it stands (none once edited).
pub fn holding(text: &str) -> Option<&'static Sample> {
    SAMPLES.iter().find(|s| s.robots_txt == text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crawlers;
    use std::collections::HashSet;

    /// Directive keys the samples may use. The misspelling is deliberate in
    /// the default sample and in google-vs-rfc, to show what Google
    /// tolerates.
    const KNOWN_KEYS: &[&str] = &[
        "user-agent",
        "allow",
        "disallow",
        "sitemap",
        "crawl-delay",
        "dissallow",
    ];

    #[test]
    fn ids_are_unique_and_findable() {
        let mut seen = HashSet::new();
        for sample in SAMPLES {
            assert!(seen.insert(sample.id), "duplicate id {}", sample.id);
            assert_eq!(find(sample.id), Some(sample));
            assert_eq!(holding(sample.robots_txt), Some(sample));
        }
        assert_eq!(holding("User-agent: *\n"), None);
        assert_eq!(SAMPLES[0], DEFAULT);
    }

    #[test]
    fn texts_are_filled_in() {
        for s in SAMPLES {
            assert!(!s.title.trim().is_empty(), "{}", s.id);
            assert!(s.explanation.ends_with('.'), "{}: explanation", s.id);
            assert!(!s.crawlers.is_empty(), "{}: crawlers", s.id);
            assert!(!s.urls.is_empty(), "{}: urls", s.id);
        }
    }

    #[test]
    fn robots_txt_files_are_well_formed() {
        for s in SAMPLES {
            assert!(s.robots_txt.ends_with('\n'), "{}: final newline", s.id);
            assert!(!s.robots_txt.contains('\r'), "{}: LF line endings", s.id);
            let mut in_group = false;
            for line in s.robots_txt.lines() {
                let content = line.split('#').next().unwrap().trim();
                if content.is_empty() {
                    continue;
                }
                // google-vs-rfc leaves out a colon on purpose.
                let (key, _) = content
                    .split_once(':')
                    .or_else(|| content.split_once(' ').filter(|_| s.id == "google-vs-rfc"))
                    .unwrap_or_else(|| panic!("{}: no colon in {line:?}", s.id));
                let key = key.trim().to_ascii_lowercase();
                assert!(KNOWN_KEYS.contains(&key.as_str()), "{}: {line:?}", s.id);
                match key.as_str() {
                    "user-agent" => in_group = true,
                    "sitemap" => {}
                    _ => assert!(in_group, "{}: rule outside a group: {line:?}", s.id),
                }
            }
            assert!(in_group, "{}: no group", s.id);
        }
    }

    #[test]
    fn crawler_specs_match_the_presets() {
        for s in SAMPLES {
            for spec in s.crawlers {
                let token = spec.split(crawlers::SPEC_SEPARATOR).next().unwrap();
                let preset = crawlers::find(token)
                    .unwrap_or_else(|| panic!("{}: unknown crawler {token}", s.id));
                assert_eq!(&preset.spec(), spec, "{}", s.id);
            }
        }
    }

    #[test]
    fn urls_are_absolute_and_single_line() {
        for s in SAMPLES {
            for url in s.urls {
                assert!(url.starts_with("https://www.example.com/"), "{url}");
                assert!(!url.contains(char::is_whitespace), "{url}");
            }
        }
    }

    #[test]
    fn samples_survive_a_shared_link() {
        for s in SAMPLES {
            let state = s.to_state();
            assert_eq!(AppState::from_hash(&state.to_hash()), Ok(Some(state)));
        }
    }

    #[test]
    fn default_state_selects_googlebot() {
        let state = default_state();
        assert_eq!(state.crawlers, ["Googlebot"]);
        assert_eq!(state.mode, Mode::Google);
        assert!(state.robots_txt.contains("Sitemap:"));
        assert!(state.robots_txt.contains("Crawl-delay:"));
    }

    #[test]
    fn every_sample_computes_with_a_selection_and_explanations() {
        use std::sync::Arc;

        use crate::view_model::{
            CheckRun, CrawlerList, Document, ExplanationView, FetchedDocument, InputValues,
            Results, UrlSet,
        };
        for sample in SAMPLES {
            let inputs = InputValues::from_state(&sample.to_state());
            for mode in [Mode::Google, Mode::Rfc9309] {
                let results = Arc::new(Results::new(
                    FetchedDocument::as_usual(Arc::new(Document::new(
                        &inputs.robots_txt,
                        mode,
                        true,
                    ))),
                    &CrawlerList::parse(&inputs.agents),
                    Arc::new(UrlSet::parse(&inputs.urls)),
                ));
                assert_eq!(
                    results.len(),
                    sample.urls.len() * sample.crawlers.len(),
                    "{}",
                    sample.id
                );
                assert!(
                    results.notes.is_empty(),
                    "{}: {:?}",
                    sample.id,
                    results.notes
                );
                let run = CheckRun::compared_at_once(results.clone());
                for row in 0..results.len() {
                    let e = ExplanationView::new(&run, row).unwrap();
                    assert_eq!(e.allowed, results.cell(row).unwrap().allowed());
                }
                if sample.id == "google-vs-rfc" {
                    // What the sample is for: the readings differ.
                    assert_eq!(run.comparison().differing(), 4);
                }
                let selected = results.default_selection().unwrap();
                if sample.id == DEFAULT.id {
                    assert!(results.cell(selected).unwrap().line > 0);
                    assert!(results.counts.allowed > 0 && results.counts.disallowed > 0);
                }
            }
        }
    }
}
