//! Building the crawler to check as from `--agent` values (or a batch
//! request's `agent` / `agents`): each value is a crawler spec, and several
//! values make one crawler whose tokens follow each other in order.

use robots_matcher::unusable_token_message;
use robots_matcher::Crawler;

/// One crawler from specs such as `["Googlebot-Image>Googlebot"]` or
/// `["Googlebot-Image", "Googlebot"]`. The error is a message for the user.
pub fn crawler_from_specs<S: AsRef<str>>(specs: &[S]) -> Result<Crawler, String> {
    let mut crawler: Option<Crawler> = None;
    for (index, spec) in specs.iter().enumerate() {
        let spec = spec.as_ref();
        let part = Crawler::parse_spec(spec).map_err(|e| e.to_string())?;
        if part.ignores_global() && index + 1 < specs.len() {
            return Err(format!(
                "crawler '{}' ends in '!*' (ignores the * group), which only the last agent may do",
                spec.trim()
            ));
        }
        crawler = Some(match crawler {
            None => part,
            Some(mut joined) => {
                for token in part.tokens() {
                    joined = joined.with_fallback(token.clone());
                }
                if part.ignores_global() {
                    joined = joined.ignoring_global();
                }
                joined
            }
        });
    }
    crawler.ok_or_else(|| "no crawler given".to_string())
}

/// Warnings for tokens no robots.txt group can name: group names are read
/// only up to the first character that is not a letter, `-` or `_`, so a
/// token like `Googlebot/2.1` never has a group of its own.
pub fn token_warnings(crawler: &Crawler) -> Vec<String> {
    crawler
        .tokens()
        .iter()
        .filter_map(|token| unusable_token_message(token))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_specs_are_one_crawler_in_order() {
        let crawler = crawler_from_specs(&["Googlebot-Image", "Googlebot"]).unwrap();
        assert_eq!(crawler.spec(), "Googlebot-Image>Googlebot");
        let crawler =
            crawler_from_specs(&["Googlebot-News>Googlebot", "AdsBot-Google>!*"]).unwrap();
        assert_eq!(crawler.spec(), "Googlebot-News>Googlebot>AdsBot-Google>!*");
    }

    #[test]
    fn bad_specs_are_messages() {
        assert!(crawler_from_specs::<&str>(&[]).is_err());
        assert!(crawler_from_specs(&[""])
            .unwrap_err()
            .contains("empty token"));
        let message = crawler_from_specs(&["AdsBot-Google>!*", "Googlebot"]).unwrap_err();
        assert!(message.contains("only the last agent"), "{message}");
    }

    #[test]
    fn warns_about_tokens_no_group_can_name() {
        let crawler = crawler_from_specs(&["Googlebot/2.1>*>Googlebot>2bot"]).unwrap();
        let warnings = token_warnings(&crawler);
        assert_eq!(warnings.len(), 2);
        assert!(warnings[0].contains("did you mean 'Googlebot'"));
        assert!(warnings[1].contains("'2bot' does not start with a letter"));
    }
}
