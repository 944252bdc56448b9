// Short names for the names wasm-bindgen gives the calls between the wasm
// and its JS glue, in release builds.
//
// wasm-bindgen names every import and export it generates after the Rust
// item plus a 16-hex-digit hash (`__wbg_body_5f971cbc6950ca4f`,
// `wasm_bindgen_a707a7509dd3bb30___convert__closures_...`), and each name
// is written twice: in the wasm's import or export section and in the
// glue. The hashes are random digits gzip cannot shrink: about 200 of them
// cost some 3.5 KB of the first load (measured on the release build,
// 2026-11-26), which the size budget cannot spare. This step renames
// exactly those names, the same way in both files, to short ones
// (`$0`, `$1`, ...). Names without such a hash (`memory`, the start
// function) are left as they are, so nothing the browser or trunk looks
// up by name changes. A name the glue does not contain as a whole word,
// or a short name already in use, stops the build: a rename that missed a
// use would break the page, never silently.
//
// The modules the wasm imports from are renamed too (`a`, `b`, ...): the
// glue's own module (`./robots-playground-HASH_bg.js`, 42 bytes with a
// hash) is written before each of the wasm's ~240 imports, and the split's
// link module (`./__wasm_split.js`) before its own; the glue names each
// only as a key of the imports object it hands the wasm. Measured on the
// release build (2026-11-26, size build): the wasm 284,023 -> 283,746 B
// gzipped.

import { leb, name, readLeb, readName, skipImportDescription } from './wasm-bytes.mjs';

/** A name wasm-bindgen generated: it carries a 16-hex-digit hash. */
const HASHED = /_[0-9a-f]{16}(?![0-9a-zA-Z])/;

/**
 * The wasm and glue with every hashed import and export name shortened.
 * `wasm` is a Uint8Array (or Buffer), `glue` the glue's source.
 */
export function shortenNames(wasm, glue) {
  const bytes = new Uint8Array(wasm);
  const renames = new Map();
  const modules = new Map();
  const moduleFor = (old) => {
    if (!modules.has(old)) {
      if (modules.size >= 26) throw new Error('short names: more than 26 imported modules');
      modules.set(old, String.fromCharCode(97 + modules.size));
    }
    return modules.get(old);
  };
  const shortFor = (old) => {
    if (!HASHED.test(old)) return old;
    if (!renames.has(old)) renames.set(old, `$${renames.size.toString(36)}`);
    return renames.get(old);
  };
  // Sections kept as they are go in whole (a code section is far too large
  // to spread into an array); rewritten ones as byte arrays.
  const parts = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = readLeb(bytes, at + 1);
    const end = start + size;
    let body = null;
    if (id === 2 || id === 7) {
      let [count, p] = readLeb(bytes, start);
      body = [...leb(count)];
      for (let i = 0; i < count; i++) {
        if (id === 2) {
          const [module, afterModule] = readName(bytes, p);
          const [field, afterField] = readName(bytes, afterModule);
          const next = skipImportDescription(bytes, afterField);
          body.push(...name(moduleFor(module)), ...name(shortFor(field)), ...bytes.subarray(afterField, next));
          p = next;
        } else {
          const [field, afterField] = readName(bytes, p);
          const next = readLeb(bytes, afterField + 1)[1];
          body.push(...name(shortFor(field)), ...bytes.subarray(afterField, next));
          p = next;
        }
      }
      if (p !== end) throw new Error(`short names: section ${id} did not read to its end`);
    }
    if (body) parts.push(Uint8Array.from([id, ...leb(body.length), ...body]));
    else parts.push(bytes.subarray(at, end));
    at = end;
  }
  let code = glue;
  for (const [old, short] of renames) {
    if (glue.includes(short)) throw new Error(`short names: ${short} is already in the glue`);
    const word = new RegExp(`(?<![$\\w])${old.replace(/\$/g, '\\$')}(?![$\\w])`, 'g');
    const uses = code.match(word)?.length ?? 0;
    if (uses === 0) throw new Error(`short names: the glue never names ${old}`);
    code = code.replace(word, short);
  }
  for (const [old, short] of modules) {
    const key = JSON.stringify(old);
    if (code.includes(JSON.stringify(short))) throw new Error(`short names: "${short}" is already in the glue`);
    if (!code.includes(key)) throw new Error(`short names: the glue never names module ${old}`);
    code = code.replaceAll(key, JSON.stringify(short));
  }
  return { wasm: Buffer.concat(parts), glue: code, renamed: renames.size + modules.size };
}
