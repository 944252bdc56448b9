// Part of the split step (scripts/lib/split.mjs): the chunks of code that
// several split points share are merged into one chunk.
//
// wasm-split-cli puts each function that two or more split points reach
// into a chunk per set of split points: 32 chunks for this app, most of
// them under 700 B gzipped. Each costs a file of its own (its wasm header,
// imports and types again, gzip's own overhead) and a loader with its name
// and integrity in the glue, which is in the first load. Merged, a panel
// may fetch shared code it does not run (once; README, "Size: lazy
// panels", has the figures).
//
// How: a shared chunk imports only the main module's memory, function
// table and shared globals (module `__wasm_split`), fills table slots with
// active element segments and memory with active data segments, at fixed
// places, and exports nothing. So chunks merge into one module with
// binaryen's wasm-merge once their imports are one: a small hub module
// imports them and exports them under the same names, the chunks import
// them from the hub, and wasm-merge links the chunks to the hub's and
// keeps the hub's imports. The merged chunk's loader stands for all of
// theirs in the link module.

import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { leb, name, readLeb, readName, skipImportDescription } from './wasm-bytes.mjs';

const run = promisify(execFile);

/** The module the chunks import from, and the hub's name for wasm-merge. */
const SPLIT_MODULE = '__wasm_split';
const HUB = '__wasm_split_hub';

function section(id, body) {
  return [id, ...leb(body.length), ...body];
}

/** The sections of a wasm module: [{ id, start, end }] (the body's bytes). */
function sections(bytes) {
  if (bytes.readUInt32LE(0) !== 0x6d736100 || bytes.readUInt32LE(4) !== 1) throw new Error('merge: not a wasm module');
  const found = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = readLeb(bytes, at + 1);
    found.push({ id, start, end: start + size });
    at = start + size;
  }
  return found;
}

/**
 * The imports of a module: [{ module, field, kind, desc }] (desc: the
 * import's type bytes as written).
 */
function imports(bytes) {
  const importSection = sections(bytes).find((s) => s.id === 2);
  if (!importSection) return [];
  const list = [];
  let [count, at] = readLeb(bytes, importSection.start);
  while (count-- > 0) {
    const [module, afterModule] = readName(bytes, at);
    const [field, afterField] = readName(bytes, afterModule);
    at = skipImportDescription(bytes, afterField);
    list.push({ module, field, kind: bytes[afterField], desc: [...bytes.subarray(afterField + 1, at)] });
  }
  if (at !== importSection.end) throw new Error('merge: the import section was misread');
  return list;
}

/** `bytes` with its import section written from `list`. */
function withImports(bytes, list) {
  const importSection = sections(bytes).find((s) => s.id === 2);
  const body = [...leb(list.length)];
  for (const i of list) body.push(...name(i.module), ...name(i.field), i.kind, ...i.desc);
  const header = importSection.start - 1 - leb(importSection.end - importSection.start).length;
  return Buffer.concat([bytes.subarray(0, header), Buffer.from(section(2, body)), bytes.subarray(importSection.end)]);
}

/** Whether `bytes` is a chunk this step can merge: it imports only from `__wasm_split`, no function, and exports nothing. */
export function mergeable(bytes) {
  const list = imports(bytes);
  const exported = sections(bytes).some((s) => s.id === 7 && readLeb(bytes, s.start)[0] > 0);
  const started = sections(bytes).some((s) => s.id === 8);
  return !exported && !started && list.every((i) => i.module === SPLIT_MODULE && i.kind !== 0);
}

/**
 * Merges the chunks `names` (files in `dir`) into `dir/merged`, with
 * wasm-merge and `features` (wasm-opt's --enable-… flags).
 */
export async function mergeChunks(dir, names, merged, features) {
  const chunks = await Promise.all(names.map(async (n) => ({ n, bytes: await readFile(join(dir, n)) })));
  const shared = new Map();
  for (const { n, bytes } of chunks) {
    if (!mergeable(bytes)) throw new Error(`merge: chunk ${n} imports or exports what this step does not know`);
    for (const i of imports(bytes)) {
      const key = `${i.kind}:${i.field}`;
      const seen = shared.get(key);
      // wasm-split-cli gives every chunk the main module's own limits and types.
      if (seen && Buffer.compare(Buffer.from(i.desc), Buffer.from(seen.desc)) !== 0) {
        throw new Error(`merge: chunks import ${i.field} with different types`);
      }
      shared.set(key, i);
    }
  }
  const hubImports = [...shared.values()];
  const exportsBody = [...leb(hubImports.length)];
  const counts = [0, 0, 0, 0];
  for (const i of hubImports) exportsBody.push(...name(i.field), i.kind, ...leb(counts[i.kind]++));
  const importsBody = [...leb(hubImports.length)];
  for (const i of hubImports) importsBody.push(...name(i.module), ...name(i.field), i.kind, ...i.desc);
  const hub = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...section(2, importsBody), ...section(7, exportsBody)]);
  const args = [join(dir, `${HUB}.wasm`), HUB];
  await writeFile(args[0], hub);
  for (const { n, bytes } of chunks) {
    const renamed = join(dir, `${n}.hubbed`);
    await writeFile(renamed, withImports(bytes, imports(bytes).map((i) => ({ ...i, module: HUB }))));
    args.push(renamed, n.replace(/\.wasm$/, ''));
  }
  await run('wasm-merge', [...args, ...features, '-o', join(dir, merged)], { maxBuffer: 1 << 26 });
}

/**
 * The link module `link` (wasm-split-cli's `__wasm_split.js`) with the
 * loaders of `names` (files `./NAME`) replaced by one of `merged`.
 */
export function withMergedLoader(link, names, merged) {
  const loader = (file) =>
    new RegExp(`(?:/\\*[^*\\n]*\\*/\\n)?const (__[\\w]+) = makeLoad\\(\\(\\) => \\{\\n\\s*const src = fetch\\(new URL\\("\\./${file.replace(/\./g, '\\.')}", import\\.meta\\.url\\)\\);[\\s\\S]*?\\n\\}\\n, \\[\\]\\);\\n`);
  const gone = new Set();
  let out = link;
  let kept = null;
  for (const n of names) {
    const found = loader(n).exec(out);
    if (!found) throw new Error(`merge: the link module has no loader of ${n}`);
    gone.add(found[1]);
    if (kept === null) {
      kept = found[1];
      out = out.replace(found[0], `/* the merged shared chunks */\n${found[0].replace(/^\/\*[^\n]*\n/, '').replace(`"./${n}"`, `"./${merged}"`)}`);
    } else {
      out = out.replace(found[0], '');
    }
  }
  // Each loader's dependencies: the merged chunk once, where any was.
  out = out.replace(/\n, \[([^\]]*)\]\)/g, (whole, deps) => {
    const list = deps.split(',').map((d) => d.trim()).filter(Boolean);
    if (!list.some((d) => gone.has(d))) return whole;
    const next = [];
    for (const d of list) {
      const to = gone.has(d) ? kept : d;
      if (!next.includes(to)) next.push(to);
    }
    return `\n, [${next.join(', ')}])`;
  });
  for (const g of gone) {
    if (g !== kept && new RegExp(`\\b${g}\\b`).test(out)) throw new Error(`merge: ${g} is still named in the link module`);
  }
  return out;
}
