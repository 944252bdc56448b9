//! What the file says besides rules (sitemaps, crawl-delays, other
//! directives) and the diagnostics list.

use leptos::prelude::*;

use crate::components::common::{reference_link, severity_class, severity_symbol, LineLink};
use crate::store::{use_inputs, Side};
use crate::view_model::{diagnostic_place, format_crawl_delay, plural};

/// The diagnostics list shows at most this many; a huge file can have
/// thousands.
const MAX_LISTED: usize = 300;

#[component]
pub fn Diagnostics() -> impl IntoView {
    let inputs = use_inputs();
    let document = inputs.document(Side::After);
    let list = Memo::new(move |_| {
        document.with(|d| {
            let all = d.diagnostics();
            let shown: Vec<_> = all
                .iter()
                .take(MAX_LISTED)
                .map(|d| {
                    (
                        d.line,
                        d.severity,
                        d.code.as_str(),
                        d.message.clone(),
                        diagnostic_place(d),
                        d.fix.clone(),
                        d.code.reference(),
                    )
                })
                .collect();
            (shown, all.len())
        })
    });
    let total = Memo::new(move |_| list.with(|l| l.1));
    view! {
        <section class="card diagnostics-card" aria-labelledby="diagnostics-heading">
            <div class="card-head">
                <h2 id="diagnostics-heading">"Diagnostics"</h2>
                <span class="muted small">{move || plural(total.get(), "finding", "findings")}</span>
            </div>
            <Show
                when=move || { total.get() > 0 }
                fallback=|| view! { <p class="muted">"No problems found."</p> }
            >
                    <ul class="diagnostics" data-testid="diagnostics">
                        <For
                            each=move || list.with(|l| l.0.clone())
                            key=|d| d.clone()
                            children=move |(line, severity, code, message, place, fix, reference)| {
                                view! {
                                    <li class=format!("diagnostic {}", severity_class(severity)) data-testid="diagnostic" data-code=code data-line=line.to_string()>
                                        <button
                                            type="button"
                                            class="diagnostic-jump"
                                            disabled={line == 0}
                                            on:click=move |_| inputs.show_line(Side::After, line, true)
                                        >
                                            <span class="sev-symbol" aria-hidden="true">{severity_symbol(severity)}</span>
                                            <span class="diagnostic-place">{place}</span>
                                            <span class="sev-text">{severity.as_str()}</span>
                                            <code class="diagnostic-code">{code}</code>
                                            // The name is the visible text, then what the button does.
                                            <span class="visually-hidden">{(line > 0).then_some(": go to the line")}</span>
                                        </button>
                                        <p class="diagnostic-message">{message} " " {reference_link(reference)}</p>
                                        {fix.map(|fix| {
                                            let title = fix.title.clone();
                                            view! {
                                                <button
                                                    type="button"
                                                    class="button button-small"
                                                    data-testid="quick-fix"
                                                    title="Edits the file; Ctrl+Z in the editor undoes it"
                                                    on:click=move |_| inputs.apply_fix(&fix)
                                                >
                                                    {format!("Fix: {title}")}
                                                </button>
                                            }
                                        })}
                                    </li>
                                }
                            }
                        />
                    </ul>
                    {move || {
                        let total = total.get();
                        (total > MAX_LISTED)
                            .then(|| view! { <p class="muted small">{format!("{} more not listed.", total - MAX_LISTED)}</p> })
                    }}
            </Show>
        </section>
    }
}

#[component]
pub fn FileFacts() -> impl IntoView {
    let document = use_inputs().document(Side::After);
    let facts = Memo::new(move |_| {
        document.with(|d| {
            let sitemaps: Vec<(u32, String)> = d
                .robots
                .sitemaps()
                .iter()
                .map(|s| (s.line, s.url.clone()))
                .collect();
            let delays: Vec<(u32, String, String)> = d
                .crawl_delays()
                .into_iter()
                .map(|(line, group, delay)| (line, group, format_crawl_delay(delay)))
                .collect();
            let others: Vec<(u32, String, String)> = d
                .robots
                .other_directives()
                .iter()
                .filter(|o| !o.key.eq_ignore_ascii_case("crawl-delay"))
                .map(|o| (o.line, o.key.clone(), o.value.clone()))
                .collect();
            (sitemaps, delays, others, d.robots.groups().len())
        })
    });
    let line_button = |line: u32| view! { <LineLink line label=format!("L{line}")/> };
    view! {
        <section class="card facts-card" aria-labelledby="facts-heading">
            <div class="card-head">
                <h2 id="facts-heading">"What else the file says"</h2>
                <span class="muted small">{move || plural(facts.with(|f| f.3), "group", "groups")}</span>
            </div>
            <div class="facts">
                <div class="fact" data-testid="sitemaps">
                    <h3>"Sitemaps"</h3>
                    {move || {
                        let items = facts.with(|f| {
                            f.0.iter()
                                .map(|(line, url)| view! { {line_button(*line)}" "<code class="wrap">{url.clone()}</code> }.into_any())
                                .collect()
                        });
                        fact_list(items, None)
                    }}
                </div>
                <div class="fact" data-testid="crawl-delays">
                    <h3>"Crawl-delay"</h3>
                    {move || {
                        let items = facts.with(|f| {
                            f.1.iter()
                                .map(|(line, group, value)| {
                                    view! { {line_button(*line)}" "<strong>{group.clone()}</strong>": "{value.clone()} }.into_any()
                                })
                                .collect()
                        });
                        fact_list(items, Some("Google ignores Crawl-delay; Bing and Yandex read it."))
                    }}
                </div>
                <div class="fact" data-testid="other-directives">
                    <h3>"Other directives"</h3>
                    {move || {
                        let items = facts.with(|f| {
                            f.2.iter()
                                .map(|(line, key, value)| {
                                    view! { {line_button(*line)}" "<code class="wrap">{format!("{key}: {value}")}</code> }.into_any()
                                })
                                .collect()
                        });
                        fact_list(items, None)
                    }}
                </div>
            </div>
        </section>
    }
}

/// One fact's list: its items, then `note`; or "None." when it is empty.
fn fact_list(items: Vec<AnyView>, note: Option<&'static str>) -> AnyView {
    if items.is_empty() {
        return view! { <p class="muted">"None."</p> }.into_any();
    }
    view! {
        <ul>{items.into_iter().map(|item| view! { <li>{item}</li> }).collect_view()}</ul>
        {note.map(|note| view! { <p class="muted small">{note}</p> })}
    }
    .into_any()
}
