//! Which preset sent a request, from its `User-Agent` header as a server
//! log records it (`Mozilla/5.0 (compatible; Googlebot/2.1;
//! +http://www.google.com/bot.html)` is Googlebot).
//!
//! A user-agent string is read as words: runs of ASCII letters, digits,
//! `-`, `_` and `.` (so `Googlebot/2.1;` holds the words `Googlebot` and
//! `2.1`, and `Googlebot-Image/1.0` the word `Googlebot-Image`, not
//! `Googlebot`). A preset matches where its token's words appear in a row,
//! ignoring case; `Yahoo! Slurp` is the words `Yahoo`, `Slurp`. A token's
//! last word also matches the start of a word that goes on after a `-`
//! (`Slackbot-LinkExpanding` is Slackbot), below a whole word. Of the
//! presets found, the one with the most words wins, then a whole last word,
//! then the longest token, then the one named first: the most specific
//! name in the string. A winner whose token no
//! robots.txt group can name (`Brightbot 1.0`) gives way to the preset
//! named by its product token (`Brightbot`), the one whose groups apply.
//! Generic words some lists carry as tokens (`Spider`, `Fetch`) name no
//! one crawler and are never the answer.
//!
//! Every preset is tried at every word, a few thousand short comparisons
//! for a typical string (microseconds): a reader of a large log, where
//! the same strings come back on most lines, asks once per distinct string
//! and keeps the answer. (A sorted index of first words was smaller in
//! time but added code to the browser app, which links this through the
//! linter; see the README's size notes.)

use super::{find, presets, CrawlerPreset};
use crate::agent::{is_valid_token, product_token};

/// The words of `text`: runs of ASCII letters, digits, `-`, `_` and `.`,
/// without leading or trailing dots.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
        .map(|word| word.trim_matches('.'))
        .filter(|word| !word.is_empty())
}

/// How well a preset's token matches: words matched, whole last word,
/// token length, and earlier in the string (greater is better).
type Rank = (usize, bool, usize, std::cmp::Reverse<usize>);

/// The preset whose crawler sent `user_agent`, if any preset's token is in
/// it (see the module's documentation); none for browsers and unknown
/// clients.
pub fn identify(user_agent: &str) -> Option<&'static CrawlerPreset> {
    let ua_words: Vec<&str> = words(user_agent).collect();
    // (words matched, whole last word, token length, earlier in the
    // string) of the best match.
    let mut best: Option<(Rank, &'static CrawlerPreset)> = None;
    for preset in presets().iter().filter(|p| !p.is_generic()) {
        let token_words: Vec<&str> = words(preset.token).collect();
        for at in 0..ua_words.len() {
            let Some(whole) = matches_at(&ua_words, at, &token_words) else {
                continue;
            };
            let key = (
                token_words.len(),
                whole,
                preset.token.len(),
                std::cmp::Reverse(at),
            );
            if best.is_none_or(|(best_key, _)| key > best_key) {
                best = Some((key, preset));
            }
        }
    }
    let (_, preset) = best?;
    if is_valid_token(preset.token) {
        return Some(preset);
    }
    Some(
        find(product_token(preset.token))
            .filter(|p| p.token != "*")
            .unwrap_or(preset),
    )
}

/// Whether `token_words` appear in `ua_words` from `at` on: `Some(true)`
/// when every word is whole, `Some(false)` when the last one only starts
/// a longer word (followed by `-`), `None` when they do not appear.
fn matches_at(ua_words: &[&str], at: usize, token_words: &[&str]) -> Option<bool> {
    let row = ua_words.get(at..at + token_words.len())?;
    let (last, init) = token_words.split_last()?;
    let (ua_last, ua_init) = row.split_last()?;
    if !ua_init
        .iter()
        .zip(init)
        .all(|(a, b)| a.eq_ignore_ascii_case(b))
    {
        return None;
    }
    if ua_last.eq_ignore_ascii_case(last) {
        return Some(true);
    }
    let starts = ua_last
        .get(..last.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(last))
        && ua_last.as_bytes().get(last.len()) == Some(&b'-');
    starts.then_some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(user_agent: &str) -> Option<&'static str> {
        identify(user_agent).map(|p| p.token)
    }

    #[test]
    fn real_strings_of_major_crawlers() {
        for (ua, expected) in [
            ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"),
            ("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.122 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"),
            ("Googlebot-Image/1.0", "Googlebot-Image"),
            ("Googlebot-Video/1.0", "Googlebot-Video"),
            ("Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)", "Google-InspectionTool"),
            ("AdsBot-Google (+http://www.google.com/adsbot.html)", "AdsBot-Google"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile"),
            ("Mediapartners-Google", "Mediapartners-Google"),
            ("Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36", "Storebot-Google"),
            ("FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)", "FeedFetcher-Google"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36", "bingbot"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot", "GPTBot"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "ChatGPT-User"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", "OAI-SearchBot"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ClaudeBot"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "PerplexityBot"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", "Perplexity-User"),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", "Applebot"),
            ("DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "DuckDuckBot"),
            ("Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "YandexBot"),
            ("Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "Baiduspider"),
            ("Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)", "Bytespider"),
            ("CCBot/2.0 (https://commoncrawl.org/faq/)", "CCBot"),
            ("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "facebookexternalhit"),
            ("meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta-externalagent"),
            ("Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "AhrefsBot"),
            ("Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)", "SemrushBot"),
            ("Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)", "MJ12bot"),
            ("Mozilla/5.0 (compatible; DotBot/1.2; +https://opensiteexplorer.org/dotbot; help@moz.com)", "DotBot"),
            ("Mozilla/5.0 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)", "PetalBot"),
            ("Mozilla/5.0 (compatible; SeznamBot/4.0; +https://o-seznamu.seznam.cz/)", "SeznamBot"),
            ("Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)", "Yahoo! Slurp"),
            ("Twitterbot/1.0", "Twitterbot"),
            ("LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", "LinkedInBot"),
            ("Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", "Discordbot"),
            ("Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "Slackbot"),
            ("Mozilla/5.0 (compatible; archive.org_bot +http://archive.org/details/archive.org_bot)", "archive.org_bot"),
            ("ia_archiver (+http://www.alexa.com/site/help/webmasters; crawler@alexa.com)", "ia_archiver"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)", "MistralAI-User"),
            ("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-GeminiNotebook; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook)", "Google-GeminiNotebook"),
            ("Mozilla/5.0 (compatible; Qwantify/2.4w; +https://www.qwant.com/)/2.4w", "Qwantify"),
            ("Mozilla/5.0 (compatible; coccocbot-web/1.0; +http://help.coccoc.com/searchengine)", "coccocbot-web"),
            ("Mozilla/5.0 (compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)", "Amazonbot"),
        ] {
            assert_eq!(token(ua), Some(expected), "{ua}");
        }
    }

    #[test]
    fn every_string_in_the_data_identifies_its_own_crawler() {
        let mut checked = 0;
        for preset in presets() {
            for ua in preset.user_agents() {
                let found = token(ua);
                let own = Some(preset.token);
                // A token no group can name gives way to its product token.
                let named = Some(product_token(preset.token)).filter(|t| find(t).is_some());
                assert!(
                    found == own || found == named,
                    "{ua}: {found:?}, not {}",
                    preset.token
                );
                checked += 1;
            }
        }
        assert!(checked >= 300, "{checked}");
    }

    #[test]
    fn browsers_and_unknown_clients_are_none() {
        for ua in [
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
            "curl/8.5.0",
            "",
            "-",
            "Googlebotx/1.0",
            "My-Googlebot-Clone",
        ] {
            assert_eq!(token(ua), None, "{ua}");
        }
    }

    #[test]
    fn the_most_specific_name_wins_and_case_is_ignored() {
        assert_eq!(token("googlebot-image/1.0"), Some("Googlebot-Image"));
        assert_eq!(token("Brightbot 1.0"), Some("Brightbot"));
        // A longer word after a '-' is the token's crawler, below a whole word.
        assert_eq!(
            token("Mozilla/5.0 (compatible; SemrushBot-BM/1.0)"),
            Some("SemrushBot")
        );
        assert_eq!(
            token("Mozilla/5.0 (compatible; SemrushBot-SA/0.97)"),
            Some("SemrushBot-SA")
        );
        // On a tie, the crawler named first.
        assert_eq!(
            token("Claude-User (claude-code/2.1.86; +https://support.anthropic.com/)"),
            Some("Claude-User")
        );
        assert_eq!(
            token("Mozilla/5.0 (compatible; Screaming Frog SEO Spider/21.0)"),
            Some("Screaming Frog SEO Spider")
        );
        assert_eq!(
            token("Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)"),
            Some("Sogou")
        );
    }

    #[test]
    fn huge_and_hostile_strings_are_read_in_one_pass() {
        let long = "a/1 ".repeat(50_000) + "Googlebot/2.1";
        assert_eq!(token(&long), Some("Googlebot"));
        assert_eq!(token(&"\u{0}\u{ffff}/;".repeat(10_000)), None);
    }
}
