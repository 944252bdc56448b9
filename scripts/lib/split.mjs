// The split step of the app's build: cold panels' code moves out of the
// first download into wasm chunks the page fetches when a panel is first
// shown (the entry functions marked `#[wasm_split(NAME, fallible)]`, see
// src/components/common/lazy.rs).
//
// Splitting needs the linker's output before wasm-bindgen (its relocations,
// kept by `--emit-relocs`, which build.rs gives the app's link only), and trunk runs
// wasm-bindgen right after cargo with no step between, so this step, run
// from the post-build hook (scripts/lib/post-build.mjs), redoes the app's
// wasm from cargo's output, in cargo-leptos' order:
//
// 1. `wasm-split-cli` (crate wasm_split_cli_support, pinned and installed
//    by ensure_wasm_split in scripts/lib/ensure.sh) cuts cargo's wasm into
//    the main module, one chunk per split name, and a JS link module whose
//    loaders fetch and instantiate a chunk against the main module's memory,
//    table and globals;
// 1b. the chunks of code several split points share are merged
//    into one, and their loaders in the link module into its loader
//    (scripts/lib/merge-chunks.mjs);
// 2. wasm-bindgen makes the main module's glue, keeping the linker's
//    exports (the function table the chunks fill); the JS classes a
//    dependency exports and the app never uses go, with their exports
//    (scripts/lib/unused-classes.mjs), so wasm-opt drops their code;
// 3. release builds: wasm-opt with the flags index.html gives the app
//    (`data-wasm-opt-params`; trunk's own wasm-opt is off for the app,
//    `data-wasm-opt="0"`, as its result would be thrown away), on the main
//    module and on every chunk;
// 4. each chunk is named `lazy-NAME-HASH.wasm` (HASH from its bytes, so a
//    changed chunk is a new name for caches) and fetched with its
//    subresource integrity (fetch() carries none unless asked);
// 5. the link module is put into the glue (one module script, whose
//    integrity index.html names: a second module imported by it could
//    carry none), and the main module and glue replace trunk's.
//
// Trunk's names stay (the glue `NAME-HASH.js`, the wasm `NAME-HASH_bg.wasm`),
// so index.html and the rest of the post-build step (short names, terser,
// integrity) work on them as before. A chunk that cannot be fetched or
// fails its integrity check is not a trap: the link module's loader
// reports it to the entry function, which returns an error the panel
// shows.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mergeChunks, withMergedLoader } from './merge-chunks.mjs';
import { withoutUnusedClasses } from './unused-classes.mjs';
import { integrity } from './post-build.mjs';
import { partOf } from './size.mjs';

const run = promisify(execFile);

/** The value of attribute `name` in a tag's text, or null. */
function attribute(tag, name) {
  const found = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return found ? (found[1] ?? found[2]) : null;
}

/** The `<link data-trunk rel="rust">` of index.html that builds `bin`. */
export function rustLink(html, bin) {
  const links = [...html.matchAll(/<link\b[^>]*>/gis)].map((m) => m[0]);
  const link = links.find((tag) => attribute(tag, 'rel') === 'rust' && attribute(tag, 'data-bin') === bin);
  if (!link) throw new Error(`index.html has no <link data-trunk rel="rust" data-bin="${bin}">`);
  return link;
}

/** wasm-opt's arguments for the app: -Oz and index.html's params. */
export function wasmOptArgs(link) {
  const params = attribute(link, 'data-wasm-opt-params');
  if (!params) throw new Error('the app\'s <link rel="rust"> has no data-wasm-opt-params');
  return ['-Oz', ...params.split(/\s+/).filter(Boolean)];
}

/** The `--enable-…` flags among index.html's wasm-opt params (wasm-merge takes the same). */
function wasmFeatures(link) {
  return wasmOptArgs(link).filter((a) => a.startsWith('--enable-'));
}

/**
 * Merges the shared chunks in `work` (`chunk_N.wasm`: code several split
 * points reach; 32 of them, most of 50 to 1,400 B gzipped) and the chunks
 * of the split points in `BUNDLED` into `chunk_shared.wasm`, and their
 * loaders in the link module (scripts/lib/merge-chunks.mjs). All the
 * shared ones: what every visit loads after its first verdicts (the lint
 * worker and its bridge, the explanation, why not, the diagnostics list)
 * needed 26 of the 32 already, 23,203 of their 25,092 B gzipped
 * (2026-11-26).
 */
async function mergeSharedChunks(work, features) {
  const small = (await readdir(work)).filter((name) => /^chunk_\d+\.wasm$/.test(name));
  const bundled = BUNDLED.map((point) => `split_${point}.wasm`);
  const present = await readdir(work);
  for (const name of bundled) {
    if (!present.includes(name)) throw new Error(`split: no chunk ${name} to bundle (BUNDLED in scripts/lib/split.mjs)`);
  }
  if (small.length < 2) throw new Error('split: fewer than two shared chunks to merge');
  await mergeChunks(work, [...small, ...bundled], MERGED_CHUNK, features);
  const linkPath = join(work, '__wasm_split.js');
  let link = withMergedLoader(await readFile(linkPath, 'utf8'), small, MERGED_CHUNK);
  for (const point of BUNDLED) link = withBundledLoader(link, point, MERGED_CHUNK);
  await writeFile(linkPath, link);
  for (const name of await readdir(work)) {
    if (small.includes(name) || bundled.includes(name) || name.endsWith('.hubbed') || name.startsWith('__wasm_split_hub')) {
      await rm(join(work, name));
    }
  }
}

/**
 * The split points whose chunks go into the merged shared chunk: those
 * every visit loads in the tasks after its first verdicts (the lint
 * worker's bridge at once, the explanation of the first selected result
 * and its near misses, the diagnostics list with the worker's first
 * findings), so one file is fetched where five were, a little earlier for
 * some. Measured on the size build (2026-11-27): all of `dist/` 2.5 KB
 * smaller gzipped (the files compress together; README, "Size: lazy
 * panels", has the figures), and four loaders fewer in the glue.
 */
const BUNDLED = ['lint_bridge', 'explanation', 'why_not', 'diagnostics'];

/**
 * The link module `link` with split point `point`'s loader standing for
 * the merged chunk `merged`'s (loading it, its table slots and data with
 * the rest): `export const __wasm_split_load_POINT =
 * wrapAsyncCb(makeLoad(…))` becomes `wrapAsyncCb(MERGED_LOADER)`.
 */
export function withBundledLoader(link, point, merged) {
  const mergedLoader = new RegExp(
    `const (__[\\w]+) = makeLoad\\(\\(\\) => \\{\\n\\s*const src = fetch\\(new URL\\("\\./${merged.replace(/\./g, '\\.')}"`,
  ).exec(link);
  if (!mergedLoader) throw new Error(`split: the link module has no loader of ${merged}`);
  const loader = new RegExp(
    `(export const __wasm_split_load_${point} = wrapAsyncCb\\()makeLoad\\(\\(\\) => \\{\\n\\s*const src = fetch\\(new URL\\("\\./split_${point}\\.wasm", import\\.meta\\.url\\)\\);[\\s\\S]*?\\n\\}\\n, \\[[^\\]]*\\]\\)\\);`,
  );
  if (!loader.test(link)) throw new Error(`split: the link module has no loader of split point ${point}`);
  return link.replace(loader, (_, head) => `${head}${mergedLoader[1]});`);
}

/**
 * Panels merged into one chunk each (`lazy-BUNDLE-HASH.wasm`): opening
 * one fetches the others' code too, and the files compress together.
 * `views`: the audit and matrix, the rules view and compare mode's
 * summary, the three views of the results that a visitor opens on
 * demand; measured on the size build (2026-11-27), all of `dist/` about
 * 2.2 KB smaller gzipped than as three chunks (README, "Size: lazy
 * panels").
 */
const BUNDLES = { views: ['matrix', 'rules', 'compare_summary'] };

/** The loader of split point `point` in the link module, and its parts. */
function splitLoader(link, point) {
  const found = new RegExp(
    `export const __wasm_split_load_${point} = wrapAsyncCb\\((makeLoad\\(\\(\\) => \\{\\n\\s*const src = fetch\\(new URL\\()"\\./split_${point}\\.wasm"(, import\\.meta\\.url\\)\\);[\\s\\S]*?\\n\\}\\n, \\[)([^\\]]*)(\\]\\)\\));`,
  ).exec(link);
  if (!found) throw new Error(`split: the link module has no loader of split point ${point}`);
  const deps = found[3].split(',').map((d) => d.trim()).filter(Boolean);
  return { whole: found[0], at: found.index, head: found[1], middle: found[2], deps, tail: found[4] };
}

/**
 * Merges the chunks of split points `points` into `split_BUNDLE.wasm` in
 * `work`, and makes their loaders one: the first in the link module
 * fetches the bundle (with every point's dependencies), the others are it.
 */
async function bundleSplitPoints(work, bundle, points, features) {
  const files = points.map((point) => `split_${point}.wasm`);
  await mergeChunks(work, files, `split_${bundle}.wasm`, features);
  const linkPath = join(work, '__wasm_split.js');
  const link = await readFile(linkPath, 'utf8');
  await writeFile(linkPath, withBundleLoader(link, bundle, points));
  for (const name of await readdir(work)) {
    if (files.includes(name) || name.endsWith('.hubbed') || name.startsWith('__wasm_split_hub')) await rm(join(work, name));
  }
}

/**
 * The link module `link` with the loaders of split points `points` made
 * one loader of `split_BUNDLE.wasm`: the first of them (in the module's
 * order, so the others can name it) fetches the bundle after every
 * point's dependencies, the others are the same function.
 */
export function withBundleLoader(link, bundle, points) {
  const loaders = points.map((point) => ({ point, ...splitLoader(link, point) })).sort((a, b) => a.at - b.at);
  const host = loaders[0];
  const deps = [...new Set(loaders.flatMap((l) => l.deps))];
  let out = link.replace(
    host.whole,
    `export const __wasm_split_load_${host.point} = wrapAsyncCb(${host.head}"./split_${bundle}.wasm"${host.middle}${deps.join(', ')}${host.tail};`,
  );
  for (const other of loaders.slice(1)) {
    out = out.replace(other.whole, `export const __wasm_split_load_${other.point} = __wasm_split_load_${host.point};`);
  }
  return out;
}

/** The merged shared chunk's file (`lazy-chunk-shared-HASH.wasm` in dist/). */
const MERGED_CHUNK = 'chunk_shared.wasm';

/**
 * The glue with the link module put in: its loaders, built once at the
 * top, stand where the glue imported them, and its import of the glue's `initSync`
 * becomes the glue's own function. `chunks` maps the link module's chunk
 * paths (`./split_NAME.wasm`) to their final names and integrity.
 */
export function withLinkModule(glue, link, chunks) {
  // wasm-bindgen imports the module once per function the wasm takes from it.
  const imports = /^import \* as ([\w$]+) from ["']\.\/__wasm_split\.js["'];?$/gm;
  if (!imports.test(glue)) throw new Error('split: the glue does not import the link module');
  const own = /^import \{ initSync \} from ["'][^"']+["'];?$/m;
  if (!own.test(link)) throw new Error("split: the link module does not import the glue's initSync");
  const names = [];
  let body = link.replace(own, '').replace(/^export const ([\w$]+) =/gm, (_, name) => {
    names.push(name);
    return `const ${name} =`;
  });
  if (/^\s*(import|export)\b/m.test(body)) throw new Error('split: the link module has an import or export this step does not know');
  let fetched = 0;
  body = body.replace(/fetch\(new URL\("\.\/([\w.-]+\.wasm)", import\.meta\.url\)\)/g, (_, path) => {
    const chunk = chunks.get(path);
    if (!chunk) throw new Error(`split: the link module fetches ${path}, which the split did not write`);
    fetched++;
    return `fetch(new URL(${JSON.stringify(`./${chunk.name}`)}, import.meta.url), { integrity: ${JSON.stringify(chunk.integrity)} })`;
  });
  if (fetched !== chunks.size) throw new Error(`split: ${chunks.size} chunks written, the link module fetches ${fetched}`);
  const inlined = `// The split's link module (scripts/lib/split.mjs): loaders of the lazy chunks.
const __wasm_split_link = (() => {
${body}
return { ${names.join(', ')} };
})();
`;
  if (glue.includes('__wasm_split_link')) throw new Error('split: the glue already names __wasm_split_link');
  return inlined + glue.replace(imports, (_, namespace) => `const ${namespace} = __wasm_split_link;`);
}

/**
 * Splits the app in `staging` (trunk's staging directory), whose glue is
 * `glueName`: replaces its wasm and glue, and writes its chunks. Returns
 * the chunks' file names.
 */
export async function splitApp({ staging, glueName, release, root, targetDir }) {
  const stem = glueName.replace(/\.js$/, '');
  // Trunk's hash is a u64 in hex without leading zeros: 16 digits or fewer.
  const bin = stem.replace(/-[0-9a-f]{1,16}$/, '');
  const html = await readFile(join(root, 'index.html'), 'utf8');
  const link = rustLink(html, bin);
  const profile = release ? (attribute(link, 'data-cargo-profile-release') ?? 'release') : 'debug';
  const raw = join(targetDir, 'wasm32-unknown-unknown', profile, `${bin}.wasm`);
  const work = await mkdtemp(join(tmpdir(), 'wasm-split-'));
  try {
    await run('wasm-split-cli', [raw, work, '--out-name', stem], { maxBuffer: 1 << 26 });
    await mergeSharedChunks(work, wasmFeatures(link));
    for (const [bundle, points] of Object.entries(BUNDLES)) await bundleSplitPoints(work, bundle, points, wasmFeatures(link));
    const bindgen = join(work, 'bindgen');
    await run('wasm-bindgen', [
      '--target=web', '--keep-lld-exports', '--no-typescript',
      `--out-dir=${bindgen}`, `--out-name=${stem}`, join(work, `${stem}.wasm`),
    ], { maxBuffer: 1 << 26 });
    const chunkPaths = (await readdir(work)).filter((n) => n.endsWith('.wasm') && n !== `${stem}.wasm`);
    const mainWasm = join(bindgen, `${stem}_bg.wasm`);
    const gluePath = join(bindgen, `${stem}.js`);
    const pruned = withoutUnusedClasses(await readFile(mainWasm), await readFile(gluePath, 'utf8'));
    await writeFile(mainWasm, pruned.wasm);
    await writeFile(gluePath, pruned.glue);
    if (release) {
      const args = wasmOptArgs(link);
      await Promise.all(
        [mainWasm, ...chunkPaths.map((n) => join(work, n))].map((file) => run('wasm-opt', [...args, file, '-o', file])),
      );
    }
    const chunks = new Map();
    for (const path of chunkPaths) {
      const bytes = await readFile(join(work, path));
      // 10 hex digits tell versions apart for caches; every chunk's name is
      // in the first load's glue, where more digits would not compress.
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
      const name = `lazy-${path.replace(/^split_/, '').replace(/\.wasm$/, '').replace(/_/g, '-')}-${hash}.wasm`;
      if (!partOf(name).startsWith('on demand')) throw new Error(`split: the size check would not count chunk ${name} on demand`);
      // sha256, SRI's shortest hash: every chunk's integrity is in the
      // glue (the first load), where base64 digests do not compress; with
      // the workers' jobs there are 35 chunks, and sha384 cost ~0.5 KB more.
      chunks.set(path, { name, integrity: integrity(bytes, 'sha256'), bytes });
    }
    const glue = withLinkModule(
      await readFile(gluePath, 'utf8'),
      await readFile(join(work, '__wasm_split.js'), 'utf8'),
      chunks,
    );
    await writeFile(join(staging, `${stem}_bg.wasm`), await readFile(mainWasm));
    await writeFile(join(staging, glueName), glue);
    for (const { name, bytes } of chunks.values()) await writeFile(join(staging, name), bytes);
    return [...chunks.values()].map((c) => c.name);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
