// The size of a build as visitors download it: every file gzipped (-9),
// each in one of three parts, each part against its budget:
//
//   first load  what the page fetches before its first verdicts: every file
//               but the on-demand parts and 404.html (served only for stray
//               paths); e2e/specs/build.spec.mjs and size-split.spec.mjs
//               check that the page fetches nothing else before its first
//               verdicts
//   on demand   parts loaded later, each checked on its own: a Web Worker's
//               JS and wasm (files named `*-worker*`), the lazy panels'
//               wasm chunks together (`lazy-*.wasm`, written by the split
//               step: scripts/lib/split.mjs), or files given with
//               --on-demand NAME (a glob: `*` any run of characters)
//   dist/       all of it
//
// The budgets are those of the release build. The stable build (the
// fallback when the toolchain refuses the size options: see
// choose_release_build in scripts/lib/ensure.sh; --build stable) compiles
// the prebuilt standard library in and has none of the size options
// (build-std, immediate-abort, optimize_for_size, no panic locations, no
// Debug formatting), which cost its first load about 30 KB (2026-11-26:
// 326,777 B against 296,666 B), so it has budgets of its own
// (BUDGETS.stable): the size build's plus that gap and a little room.
//
// scripts/test runs this as a check that fails when a part is over its
// budget; scripts/report prints it too.
//
//   node scripts/lib/size.mjs [dist] [--build size|stable] [--on-demand NAME]...

import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/** Budgets in gzipped bytes, by build. */
export const BUDGETS = {
  size: { firstLoad: 300_000, onDemand: 200_000, dist: 500_000 },
  // The size build's budgets plus what the prebuilt std costs: 22,192 B
  // of the app's first load measured (21,853 of wasm, 339 of JS glue),
  // rounded up; a worker's wasm pays it too. Measured again on 2026-11-26
  // (a fresh clone of main at 4aad1a9): 32,743 B (299,704 B in the size
  // build, 332,447 B in this one; the overhead grows with the code, panic
  // sites above all), so the first load's allowance is 33,000 B. The size
  // build's 300,000 B, what visitors get, is unchanged.
  stable: { firstLoad: 333_000, onDemand: 225_000, dist: 550_000 },
};

/** Files no page load fetches. */
const NOT_FETCHED = ['404.html'];
/** The lazy panels' chunks (scripts/lib/split.mjs names them). */
export const LAZY_CHUNKS = 'lazy-*.wasm';
/**
 * On-demand parts by name, beside those the caller gives; a file is in
 * the first that matches. Each Web Worker is a part: its script and its
 * job's chunk (src/worker/mod.rs; the log worker, `robots-logs-worker.js`
 * and `lazy-logs-worker-*.wasm`, before the lint worker, `robots-worker.js`
 * and `lazy-lint-worker-*.wasm`); the lazy panels' chunks are another,
 * and their stylesheets (`lazy-*.css`, linked when the panel opens) one
 * more.
 */
const ON_DEMAND = ['*logs-worker*', '*-worker*', LAZY_CHUNKS, 'lazy-*.css'];

function globToRegExp(glob) {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/**
 * The part a file of dist/ (its path inside dist/) counts in: `first load`,
 * `on demand: GLOB` (GLOB the on-demand part's pattern) or `not fetched`.
 * The one classification: the size check and the e2e specs that compare
 * it with what the page fetches use it.
 */
export function partOf(name, { onDemand = [] } = {}) {
  const demand = [...ON_DEMAND, ...onDemand].find((glob) => globToRegExp(glob).test(name));
  if (demand) return `on demand: ${demand}`;
  return NOT_FETCHED.includes(name) ? 'not fetched' : 'first load';
}

/**
 * Every file of `dist` with its raw and gzipped size and its part
 * (`first load`, an on-demand part's name, or `not fetched`), the parts'
 * totals, and the total.
 */
export async function distSizes(dist, { onDemand = [] } = {}) {
  const files = [];
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    const name = path.slice(dist.length + 1).replaceAll('\\', '/');
    const body = await readFile(path);
    const gz = gzipSync(body, { level: 9 }).length;
    const part = partOf(name, { onDemand });
    files.push({ name, raw: body.length, gz, part });
  }
  files.sort((a, b) => b.gz - a.gz);
  const parts = {};
  for (const f of files) parts[f.part] = (parts[f.part] ?? 0) + f.gz;
  const total = files.reduce((sum, f) => sum + f.gz, 0);
  return { files, parts, firstLoad: parts['first load'] ?? 0, total };
}

/** Each part against its budget: [{ part, gz, budget, pass }]. */
export function verdicts(sizes, budgets) {
  const rows = [{ part: 'first load', gz: sizes.firstLoad, budget: budgets.firstLoad }];
  for (const [part, gz] of Object.entries(sizes.parts)) {
    if (part.startsWith('on demand')) rows.push({ part, gz, budget: budgets.onDemand });
  }
  rows.push({ part: 'all of dist/', gz: sizes.total, budget: budgets.dist });
  return rows.map((r) => ({ ...r, pass: r.gz <= r.budget }));
}

export function printSizes(sizes, budgets = BUDGETS.size) {
  const n = (x) => x.toLocaleString('en').padStart(9);
  console.log('\nSize of dist/ (gzip -9 per file)');
  for (const f of sizes.files) {
    console.log(`  ${f.name.padEnd(48)} ${n(f.raw)} B raw ${n(f.gz)} B gz  ${f.part}`);
  }
  for (const v of verdicts(sizes, budgets)) {
    console.log(`  ${v.pass ? 'PASS' : 'MISS'}  ${v.part.padEnd(28)} ${n(v.gz)} B of ${n(v.budget)} B`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      build: { type: 'string', default: 'size' },
      'on-demand': { type: 'string', multiple: true, default: [] },
    },
  });
  const budgets = BUDGETS[values.build];
  if (!budgets) throw new Error(`--build must be one of ${Object.keys(BUDGETS).join(', ')}`);
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dist = resolve(positionals[0] ?? join(root, 'dist'));
  const sizes = await distSizes(dist, { onDemand: values['on-demand'] });
  console.log(`(${values.build} build's budgets)`);
  printSizes(sizes, budgets);
  const over = verdicts(sizes, budgets).filter((v) => !v.pass);
  for (const v of over) {
    console.error(`${v.part} is ${v.gz.toLocaleString('en')} B gzipped, over its budget of ${v.budget.toLocaleString('en')} B`);
  }
  if (over.length > 0) process.exitCode = 1;
}
