// trunk's last build step (a post_build hook in Trunk.toml), run in the
// staging directory before it replaces dist/:
//
// 1. release builds: minify wasm-bindgen's JS glue with terser (trunk's own
//    minifier fails on its `export default`): 9.3 KB gzipped becomes 7.1 KB;
// 2. every build: subresource integrity on every file index.html loads,
//    computed from the files as they are shipped, so after terser rewrote
//    the glue: `integrity` on each <link> and <script> naming a file of the
//    build (trunk's own, computed before terser, are replaced), and the
//    wasm's in `data-wasm-integrity` on the loader's tag, which
//    public/boot.js passes to its fetch (a fetch from a script carries no
//    integrity unless asked).
//
// A browser then refuses a file whose bytes differ from what the page
// names: a CDN or cache serving a stale or altered file breaks loudly
// instead of running it. e2e/specs/build.spec.mjs checks the hashes and
// that a changed file is refused.
//
//   node scripts/lib/post-build.mjs [dir]   (default: $TRUNK_STAGING_DIR)

import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';

/** `sha384-...` of `bytes`, as an integrity attribute names it. */
export function integrity(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
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
 * `html` with integrity on every <link> and <script> that names a file of
 * `files` (a map from file name to bytes), and `data-wasm-integrity` on a
 * tag with `data-wasm`. Throws when a tag names no file of the build.
 */
export function withIntegrity(html, files) {
  const bytesOf = (url) => {
    const name = basename(new URL(url, 'http://build.invalid/').pathname);
    const bytes = files.get(name);
    if (!bytes) throw new Error(`index.html names ${url}, which is not in the build`);
    return bytes;
  };
  return html.replace(/<(?:link|script)\b[^>]*>/gi, (tag) => {
    let out = tag;
    const url = attribute(tag, 'href') ?? attribute(tag, 'src');
    if (url && !/^(data|https?):/i.test(url)) out = withAttribute(out, 'integrity', integrity(bytesOf(url)));
    const wasm = attribute(tag, 'data-wasm');
    if (wasm) out = withAttribute(out, 'data-wasm-integrity', integrity(bytesOf(wasm)));
    return out;
  });
}

async function postBuild(dir, release) {
  const names = await readdir(dir);
  if (release) {
    for (const name of names.filter((n) => /^robots-playground-.*\.js$/.test(n))) {
      const path = join(dir, name);
      const result = await minify(await readFile(path, 'utf8'), { module: true, compress: true, mangle: true });
      await writeFile(path, result.code);
    }
  }
  const files = new Map();
  for (const name of names) files.set(name, await readFile(join(dir, name)));
  const index = join(dir, 'index.html');
  await writeFile(index, withIntegrity(files.get('index.html').toString('utf8'), files));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('usage: node scripts/lib/post-build.mjs DIR (or run as a trunk hook)');
  await postBuild(dir, process.env.TRUNK_PROFILE === 'release');
}
