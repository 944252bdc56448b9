//! The `--help` texts: the CLI's usage documentation.

pub const MAIN: &str = "\
robotstxt: check URLs against robots.txt exactly as Googlebot reads it, or
strictly by RFC 9309.

Usage: robotstxt <command> [options]

Commands:
  check    Is each URL allowed for a crawler? One line (or JSON object) per URL
  batch    Answer JSON Lines requests from stdin, one JSON line per request
  lint     Report problems in robots.txt files, compiler-style
  explain  Show step by step how the verdict for a URL is reached
  diff     List the URLs whose verdict changes between two robots.txt files
  help     Show the help of a command: robotstxt help check

Options:
  -h, --help     Show this help; `robotstxt <command> --help` for a command
  -V, --version  Show the version

Crawlers (--agent SPEC): a product token such as Googlebot, or tokens to try
in order, separated by '>': Googlebot-Image>Googlebot obeys a Googlebot-Image
group, else a Googlebot group, else the * group. A spec ending in '>!*' never
obeys the * group (AdsBot-Google>!*). Several --agent flags are one crawler
whose tokens follow each other in order.

Files are read as raw bytes; '-' reads stdin. Like Googlebot, only the first
500 KiB (512000 bytes) of a robots.txt file are read unless --no-size-limit.

Exit status: 0 done, 1 found what was asked to fail on (lint errors,
--fail-on-disallowed, --fail-on-change), 2 bad command line or unreadable input.";

pub const CHECK: &str = "\
robotstxt check: is each URL allowed for a crawler?

Usage: robotstxt check --robots FILE --agent SPEC [options] [URL ...]

Prints one line per URL, in order (URLs from --urls first, then the
arguments): the verdict, the URL, the path checked (when it differs from the
URL), and the line and text of the deciding rule, or why no rule decided.
A summary line follows.

Options:
  --robots FILE             The robots.txt file ('-' for stdin)
  --agent SPEC              The crawler (repeatable; see `robotstxt --help`)
  --urls FILE               URLs to check ('-' for stdin): one per line
                            (blank lines and lines starting with # skipped),
                            a CSV table (url, loc or address column) or a
                            sitemap's <loc>s; other lines are skipped with a
                            warning
  --mode google|rfc9309     Whose reading to follow (default: google)
  --raw-url                 Match the path exactly as typed, without the
                            percent-encoding a crawler's request applies
  --no-size-limit           Read the whole file, not just the first 500 KiB
  --legacy-agent-matching   Let a group name a prefix of the crawler's token
                            (User-agent: Google applies to Googlebot), as old
                            parsers did; Google and RFC 9309 do not
  --json                    JSON Lines, one record per URL: allowed, line
                            (0 = no rule), rule (text or null), verdict,
                            category, url, path, agent, mode
  --fail-on-disallowed      Exit 1 if any URL is disallowed
  -h, --help                Show this help

Exit status: 0 whatever the verdicts (1 with --fail-on-disallowed when a URL
is disallowed), 2 for a bad command line or an unreadable file.

Example:
  robotstxt check --robots robots.txt --agent Googlebot https://example.com/private/x";

pub const BATCH: &str = "\
robotstxt batch: answer JSON Lines requests from stdin.

Usage: robotstxt batch [--mode google|rfc9309] [--no-size-limit]

Each input line is a JSON object:
  robots       robots.txt as text, or
  robots_b64   robots.txt as raw bytes in standard base64
  agent        a crawler spec (Googlebot, Googlebot-Image>Googlebot), or
  agents       a list of specs, in order, that make one crawler
  url          the URL to check
  raw_url      optional, true to match the path as typed (default false)
  mode         optional, google or rfc9309, overrides --mode
Other keys are ignored; null counts as absent for the optional keys.

Each request gets exactly one output line, in order, the record that
`check --json` writes:
  {\"allowed\":true,\"line\":3,\"rule\":\"Allow: /a\",\"verdict\":\"allowed\",\"category\":\"allowed-explicit\",\"url\":\"/a\",\"path\":\"/a\",\"agent\":\"Googlebot\",\"mode\":\"google\"}
line is 0 and rule null when no rule decided. The first five keys keep their
order; url, path (as checked), agent (the crawler spec) and mode follow.
A line that cannot be answered (bad JSON, a missing or mistyped key, bad
base64, an empty agent) gets {\"error\":\"...\"} and the rest go on. Blank
lines are skipped: they get no output line. Output is flushed whenever the
input has no further line ready, so the command can be driven interactively.
Consecutive requests with the same robots.txt (and mode) reuse the parsed
file.

Options:
  --mode google|rfc9309   Default mode for requests without one (google)
  --no-size-limit         Read whole files, not just the first 500 KiB
  -h, --help              Show this help

Exit status: 0 once stdin is answered (even if some lines were errors),
2 for a bad command line or unreadable stdin.";

pub const LINT: &str = "\
robotstxt lint: report problems in robots.txt files.

Usage: robotstxt lint [options] FILE...

Prints one line per finding, compiler-style:
  FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE
Columns count characters from 1. Findings about the whole file (an HTML page,
a UTF-16 file) have no line: FILE: SEVERITY[CODE]: MESSAGE. A summary line
follows: N errors, N warnings, N infos.

Options:
  --json                  JSON Lines, one object per finding: file, line
                          (0 = whole file), column, end (column just past the
                          finding; both null for whole-file findings),
                          severity, code, message, span (byte offsets)
  --mode google|rfc9309   Whose reading to follow (default: google)
  --no-size-limit         Read the whole file, not just the first 500 KiB
  -h, --help              Show this help

Exit status: 1 if any finding is an error (crawlers will not read the file as
intended), else 0; 2 for a bad command line or an unreadable file.";

pub const EXPLAIN: &str = "\
robotstxt explain: show step by step how the verdict for a URL is reached.

Usage: robotstxt explain --robots FILE --agent SPEC [options] URL...

For each URL: the path taken from it, the path actually checked, which
groups apply to the crawler and why, every rule of those groups that
matches and its length, how the longest match and the tie-break decide, and
the verdict with its deciding line.

Options:
  --robots FILE             The robots.txt file ('-' for stdin)
  --agent SPEC              The crawler (repeatable; see `robotstxt --help`)
  --mode google|rfc9309     Whose reading to follow (default: google)
  --raw-url                 Match the path exactly as typed
  --no-size-limit           Read the whole file, not just the first 500 KiB
  --legacy-agent-matching   Let a group name a prefix of the crawler's token
  -h, --help                Show this help

Exit status: 0, or 2 for a bad command line or an unreadable file.";

pub const DIFF: &str = "\
robotstxt diff: list the URLs whose verdict changes between two files.

Usage: robotstxt diff OLD NEW --agent SPEC --urls FILE [options] [URL ...]

For every URL whose verdict differs (allowed in one file, disallowed in the
other) prints the change and the deciding rule in each file with its line,
then a summary. URLs whose verdict stays the same are not listed, even when
another line decides it.

Options:
  --agent SPEC              The crawler (repeatable; see `robotstxt --help`)
  --urls FILE               URLs to compare ('-' for stdin), read like
                            check's --urls: a list, a CSV table or a sitemap
  --json                    JSON Lines, one object per changed URL: change
                            (newly-allowed, newly-disallowed), url, agent, old
                            and new (each the record check --json writes)
  --fail-on-change          Exit 1 if any verdict changes
  --mode google|rfc9309     Whose reading to follow (default: google)
  --raw-url                 Match the path exactly as typed
  --no-size-limit           Read whole files, not just the first 500 KiB
  --legacy-agent-matching   Let a group name a prefix of the crawler's token
  -h, --help                Show this help

Exit status: 0 (1 with --fail-on-change when a verdict changes), 2 for a bad
command line or an unreadable file.";
