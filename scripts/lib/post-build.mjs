// trunk's last build step (a post_build hook in Trunk.toml), run in the
// staging directory before it replaces dist/. The page loads
// wasm-bindgen's JS glue as its one module script (pattern_script in
// Trunk.toml), and this step makes that glue start the app with integrity
// checked all the way down:
//
// 0. it splits the app: its wasm and glue are made again from cargo's
//    output with the lazy panels' code in chunks of their own
//    (scripts/lib/split.mjs);
// 1. it appends to the glue the few lines that start the app: fetch the
//    wasm with its subresource integrity (a fetch from a script carries
//    none unless asked) and dispatch `TrunkApplicationStarted` (what
//    trunk's own loader dispatches; tests wait for it), after the failure
//    banner that shows when the wasm dies (src/components/failure_banner.js);
// 2. release builds: it minifies the glue with terser (trunk's own
//    minifier fails on its `export default`): 9.3 KB gzipped becomes 7.1 KB;
// 3. it sets `integrity` on every <link> and <script> of index.html that
//    names a file of the build, from the files as shipped (trunk hashes
//    the glue before it is rewritten here, so its own values would be
//    wrong).
//
// The app's Web Workers run the app's own wasm (src/worker/mod.rs): this
// step writes each worker's script (WORKERS), which imports the glue (so
// the wasm is fetched with its integrity, as the page fetches it) and
// starts the worker's job, whose code is a chunk fetched with its
// integrity too. A worker script itself cannot be given one.
//
// A browser then refuses a file whose bytes differ from what the page
// names: a CDN or cache serving a stale or altered file breaks loudly
// instead of running. e2e/specs/build.spec.mjs checks the hashes and that
// a changed file is refused. (A loader script importing the glue, as this
// build had before, cannot do this: `import()` takes no integrity, and
// Chromium runs a module again fetched without it after its modulepreload
// failed the check.)
//
//   node scripts/lib/post-build.mjs [dir]   (default: $TRUNK_STAGING_DIR)

import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { shortenNames } from './short-names.mjs';
import { splitApp } from './split.mjs';

/** `sha384-...` (or another of SRI's hashes) of `bytes`, as an integrity attribute names it. */
export function integrity(bytes, algorithm = 'sha384') {
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
}

/** The value of attribute `name` in a tag's text (quoted or not), or null. */
function attribute(tag, name) {
  const found = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>"']+))`, 'i').exec(tag);
  return found ? (found[1] ?? found[2] ?? found[3]) : null;
}

/** `tag` with attribute `name` set to `value` (replaced, or added). */
function withAttribute(tag, name, value) {
  const without = tag.replace(new RegExp(`\\s${name}=(?:"[^"]*"|'[^']*'|[^\\s>"']+)`, 'i'), '');
  return without.replace(/^<(\w+)/, `<$1 ${name}="${value}"`);
}

/**
 * `glue` (wasm-bindgen's JS for the web target) with the lines that
 * start the app from `wasmName` beside it, checked against `wasmIntegrity`.
 * Throws when the glue has no default export (its init function).
 */
export function withStart(glue, wasmName, wasmIntegrity, failureBanner = '') {
  const init = /export\s*\{[^}]*?\b([\w$]+)\s+as\s+default\b/.exec(glue)?.[1] ?? /export\s+default\s+([\w$]+)\s*;/.exec(glue)?.[1];
  if (!init) throw new Error("the JS glue has no default export (wasm-bindgen's init): cannot start the app");
  return `${glue}
${failureBanner}
// Appended by scripts/lib/post-build.mjs: start the app, the wasm checked
// against its integrity.
const started = await ${init}({
  module_or_path: fetch(new URL(${JSON.stringify(wasmName)}, import.meta.url), { integrity: ${JSON.stringify(wasmIntegrity)} }),
});
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm: started } }));
`;
}

/**
 * `html` with integrity on every <link> and <script> that names a file of
 * `files` (a map from file name to bytes). Throws when a tag names a file
 * that is not in the build.
 */
export function withIntegrity(html, files) {
  return html.replace(/<(?:link|script)\b[^>]*>/gi, (tag) => {
    const url = attribute(tag, 'href') ?? attribute(tag, 'src');
    if (!url || /^(data|https?):/i.test(url)) return tag;
    const name = basename(new URL(url, 'http://build.invalid/').pathname);
    const bytes = files.get(name);
    if (!bytes) throw new Error(`index.html names ${url}, which is not in the build`);
    return withAttribute(tag, 'integrity', integrity(bytes));
  });
}

/** The file name of the page's one module script: the app's JS glue. */
export function glueName(html) {
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => attribute(m[0], 'src')).filter(Boolean);
  if (scripts.length !== 1) throw new Error(`index.html should load one script (the app's JS), it loads ${scripts.length}`);
  return basename(new URL(scripts[0], 'http://build.invalid/').pathname);
}

/**
 * The app's Web Workers: each script's name (`*-worker*`: the size check
 * counts it on demand; the page starts it by this name) and the job it
 * runs (src/worker/mod.rs).
 */
export const WORKERS = new Map([
  ['robots-worker.js', 'lint'],
  ['robots-logs-worker.js', 'logs'],
]);

/**
 * The script of a worker that runs `job` on the app's wasm, whose glue is
 * `glueName`: the glue instantiates the wasm (checked against its
 * integrity; its `main` mounts nothing without a window), then the job
 * starts (its chunk checked against its integrity). A job that cannot
 * start throws: the page hears of it as the worker's `error` event.
 */
export function workerScript(glueName, job) {
  return `// Written by scripts/lib/post-build.mjs: a Web Worker running job
// ${job} of the app's wasm (src/worker/mod.rs).
import { worker_start } from './${glueName}';
worker_start(${JSON.stringify(job)});
`;
}

/**
 * `css` without comments and with runs of white space cut to what the
 * syntax needs (the stylesheets here hold no strings that contain them).
 */
export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

async function postBuild(dir, release) {
  const names = await readdir(dir);
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  // The glue's wasm is beside it (wasm-bindgen's naming); other files, such
  // as a worker's own glue, are left as they are.
  const glue = join(dir, glueName(html));
  // The app's wasm and glue remade with its lazy panels in chunks of their
  // own (see the file), before anything below reads them.
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await splitApp({
    staging: dir,
    glueName: basename(glue),
    release,
    root,
    targetDir: process.env.CARGO_TARGET_DIR ?? join(root, 'target'),
  });
  const wasmName = basename(glue).replace(/\.js$/, '_bg.wasm');
  let wasm = await readFile(join(dir, wasmName));
  let source = await readFile(glue, 'utf8');
  if (release) {
    // Hashed import and export names made short in both files (see the file).
    ({ wasm, glue: source } = shortenNames(wasm, source));
    await writeFile(join(dir, wasmName), wasm);
  }
  // The page's failure banner, ready before the wasm starts (see the file).
  const banner = await readFile(new URL('../../src/components/failure_banner.js', import.meta.url), 'utf8');
  let code = withStart(source, wasmName, integrity(wasm), banner);
  if (release) code = (await minify(code, { module: true, compress: true, mangle: true })).code;
  await writeFile(glue, code);
  for (const [name, job] of WORKERS) await writeFile(join(dir, name), workerScript(basename(glue), job));
  // Lazy panels' stylesheets are copied as written (index.html): in a
  // release build, without their comments and spaces, as trunk does for
  // the first load's.
  if (release) {
    for (const name of names.filter((n) => /^lazy-.*\.css$/.test(n))) {
      await writeFile(join(dir, name), minifyCss(await readFile(join(dir, name), 'utf8')));
    }
  }
  const files = new Map();
  for (const name of names) files.set(name, await readFile(join(dir, name)));
  await writeFile(join(dir, 'index.html'), withIntegrity(html, files));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('usage: node scripts/lib/post-build.mjs DIR (or run as a trunk hook)');
  await postBuild(dir, process.env.TRUNK_PROFILE === 'release');
}
