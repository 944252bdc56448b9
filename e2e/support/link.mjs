// Reads the link the app keeps in the address bar (format v3, see
// src/link.rs), so a test can wait until the link holds a given state
// rather than for "some change" of the hash (which raced with the app's
// debounced writes).

import { inflateRawSync } from 'node:zlib';
import { expect } from '@playwright/test';

/** The state in a `v3.` hash, or null when there is none yet. */
export function decodeLink(hash) {
  const [tag, payload] = hash.replace(/^#/, '').split('.');
  if (tag !== 'v3' || !payload) return null;
  const raw = inflateRawSync(Buffer.from(payload, 'base64url'));
  let at = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = raw[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const bytes = () => {
    const len = varint();
    at += len;
    return raw.subarray(at - len, at);
  };
  const text = () => bytes().toString('utf8');
  const state = { mode: raw[at++] === 1 ? 'rfc9309' : 'google', robots: text() };
  state.crawlers = Array.from({ length: varint() }, text);
  state.urls = text();
  state.before = raw[at++] === 1 ? text() : null;
  state.fetch = text();
  state.view = null;
  state.origin = null;
  state.sites = [];
  state.expectations = '';
  const optional = () => (raw[at++] === 1 ? text() : null);
  while (at < raw.length) {
    const tag = varint();
    const section = bytes();
    if (tag === 2) {
      const saved = at;
      at = section.byteOffset - raw.byteOffset;
      state.origin = optional();
      const count = varint();
      for (let i = 0; i < count; i++) state.sites.push({ origin: text(), robots: text(), before: optional() });
      at = saved;
      continue;
    }
    if (tag === 3) {
      state.expectations = section.toString('utf8');
      continue;
    }
    if (tag !== 1) continue;
    const saved = at;
    const outer = raw;
    // Read the view section with the same helpers.
    at = section.byteOffset - outer.byteOffset;
    const verdict = text();
    const crawler = varint() - 1;
    const filter = text();
    const decidedBy = varint() - 1;
    const order = text();
    const flags = raw[at++];
    const selected = varint() - 1;
    state.view = { verdict, crawler, text: filter, decidedBy, order, byRule: !!(flags & 1), matrix: !!(flags & 2), selected };
    at = saved;
  }
  return state;
}

/**
 * Waits until the link in the address bar holds a state for which `holds`
 * is true, and returns the page's URL then.
 */
export async function waitForLink(page, holds) {
  await expect
    .poll(async () => {
      const state = decodeLink(await page.evaluate(() => location.hash));
      return state !== null && holds(state);
    })
    .toBe(true);
  return page.evaluate(() => location.href);
}
