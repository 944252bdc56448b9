//! The timeline: requests per hour (or per bar of hours) by verdict, as an
//! SVG of stacked bars with a table beside it for screen readers, for every
//! crawler or one chosen.

use leptos::prelude::*;

use crate::store::Logs;
use crate::view_model::logs::LogsView;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 160.0;

/// The chart with its crawler choice.
pub fn timeline(logs: Logs, r: &LogsView) -> AnyView {
    let timeline = logs.timeline();
    let tokens: Vec<String> = r.crawlers.iter().map(|c| c.token.clone()).collect();
    view! {
        <figure class="logs-timeline" data-testid="logs-timeline">
            <figcaption>
                "Requests per hour by verdict, "
                <select aria-label="Crawler of the timeline" data-testid="logs-timeline-crawler"
                    on:change=move |ev| logs.show_timeline(event_target_value(&ev))>
                    <option value="">"every crawler"</option>
                    {tokens.into_iter().map(|t| view! { <option value=t.clone()>{t.clone()}</option> }).collect_view()}
                </select>
            </figcaption>
            {move || timeline.with(|(_, bars)| {
                let max = bars.iter().map(|b| b.total()).max().unwrap_or(0).max(1) as f64;
                let width = WIDTH / bars.len().max(1) as f64;
                let rects = bars.iter().enumerate().flat_map(|(i, bar)| {
                    let mut y = HEIGHT;
                    bar.parts().into_iter().filter(|(_, n)| *n > 0).map(move |(class, n)| {
                        let h = n as f64 / max * HEIGHT;
                        y -= h;
                        view! {
                            <rect class=format!("bar-{class}") x=i as f64 * width y=y width=(width - 1.0).max(0.5) height=h>
                                <title>{format!("{}: {n} {class}", bar.start)}</title>
                            </rect>
                        }
                    }).collect::<Vec<_>>()
                }).collect_view();
                let rows = bars.iter().filter(|b| b.total() > 0).map(|b| view! {
                    <tr><th scope="row">{b.start.clone()}</th><td>{b.allowed}</td><td>{b.violations}</td><td>{b.cached}</td><td>{b.unverified}</td></tr>
                }).collect_view();
                let per = bars.first().map_or(1, |b| b.hours);
                view! {
                    <svg viewBox=format!("0 0 {WIDTH} {HEIGHT}") role="img" class="logs-chart"
                        aria-label=format!("{} bars of {per} hour(s): allowed, violations, cached, unverified; the table below has the numbers", bars.len())>
                        {rects}
                    </svg>
                    <details>
                        <summary>{format!("The chart as a table (bars of {per} hour(s))")}</summary>
                        <table>
                            <thead><tr><th scope="col">"from"</th><th scope="col">"allowed"</th><th scope="col">"violations"</th><th scope="col">"cached"</th><th scope="col">"unverified"</th></tr></thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </details>
                }
            })}
        </figure>
    }
    .into_any()
}
