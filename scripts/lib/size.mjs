// The size of dist/ as visitors download it: every file gzipped (-9), by
// file and by part (wasm, js, css, html, other). scripts/test runs this as
// a check that fails above the budget; scripts/report prints it too.
//
//   node scripts/lib/size.mjs [dist]     exit 1 when over BUDGET

import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The most dist/ may weigh, gzipped, in bytes. */
export const BUDGET = 300_000;

/** Every file of `dist` with its raw and gzipped size, the parts, and the total. */
export async function distSizes(dist) {
  const parts = { wasm: 0, js: 0, css: 0, html: 0, other: 0 };
  const files = [];
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    const body = await readFile(path);
    const gz = gzipSync(body, { level: 9 }).length;
    const ext = extname(path).slice(1);
    const part = ext === 'mjs' ? 'js' : ext in parts ? ext : 'other';
    parts[part] += gz;
    files.push({ name: path.slice(dist.length + 1), raw: body.length, gz });
  }
  files.sort((a, b) => b.gz - a.gz);
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return { files, parts, total };
}

export function printSizes({ files, parts, total }) {
  console.log('\nSize of dist/ (gzip -9 per file)');
  for (const f of files) {
    console.log(`  ${f.name.padEnd(48)} ${String(f.raw).padStart(8)} B raw ${String(f.gz).padStart(8)} B gz`);
  }
  for (const [part, gz] of Object.entries(parts)) console.log(`  ${part.padEnd(6)} ${gz.toLocaleString('en').padStart(9)} B`);
  console.log(`  total  ${total.toLocaleString('en').padStart(9)} B of ${BUDGET.toLocaleString('en')} B`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dist = resolve(process.argv[2] ?? join(root, 'dist'));
  const sizes = await distSizes(dist);
  printSizes(sizes);
  if (sizes.total > BUDGET) {
    console.error(`dist/ is ${sizes.total.toLocaleString('en')} B gzipped, over the budget of ${BUDGET.toLocaleString('en')} B`);
    process.exitCode = 1;
  }
}
