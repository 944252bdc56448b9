// Drops the JS classes that a dependency exports through wasm-bindgen and
// the app never uses, with their exports from the wasm, so that wasm-opt
// can drop their code.
//
// wasm-bindgen keeps every `#[wasm_bindgen]` export of every crate linked,
// used or not: an export is a root for the linker and for wasm-opt. Leptos'
// `csr` feature turns on server_fn's `browser` feature, which links
// wasm-streams, whose three exported classes (`IntoUnderlyingSource`,
// `IntoUnderlyingByteSource`, `IntoUnderlyingSink`: Rust streams offered to
// JS) this app never creates: no server functions, no streams. The glue
// exports the classes but never makes one (an instance comes only from
// Rust through the class's `__wrap`, which wasm-bindgen writes only when
// Rust hands one to JS), so they are dead code in both files. This step
// checks that before it drops them: the build stops if the glue ever
// makes one, or if a class is no longer there (a Leptos update).

import { leb, name, readLeb, readName } from './wasm-bytes.mjs';

/** The classes dropped (wasm-streams', see above). */
export const UNUSED_CLASSES = ['IntoUnderlyingByteSource', 'IntoUnderlyingSink', 'IntoUnderlyingSource'];

/** Whether an export of the wasm belongs to `className` (wasm-bindgen's names for its methods and free). */
function belongsTo(exportName, className) {
  const lower = className.toLowerCase();
  return exportName.startsWith(`${lower}_`) || exportName === `__wbg_${lower}_free`;
}

/**
 * The wasm (bytes) and glue (wasm-bindgen's JS for the web target) without
 * `classes` and their exports. Throws when the glue makes an instance of
 * one of them, or lacks one.
 */
export function withoutUnusedClasses(wasm, glue, classes = UNUSED_CLASSES) {
  let code = glue;
  for (const cls of classes) {
    if (new RegExp(`\\b${cls}\\.__wrap\\b|\\bnew ${cls}\\b`).test(code)) {
      throw new Error(`unused classes: the glue makes a ${cls}; it is used now, keep it`);
    }
    const declaration = new RegExp(
      `^export class ${cls} \\{\\n[\\s\\S]*?\\n\\}\\n(?:if \\(Symbol\\.dispose\\) ${cls}\\.prototype\\[Symbol\\.dispose\\] = ${cls}\\.prototype\\.free;\\n)?`,
      'm',
    );
    const finalization = new RegExp(`^const ${cls}Finalization = [^;]*;\\n`, 'm');
    if (!declaration.test(code) || !finalization.test(code)) {
      throw new Error(`unused classes: the glue has no class ${cls} as this step knows it (a dependency changed?)`);
    }
    code = code.replace(declaration, '').replace(finalization, '');
    if (new RegExp(`\\b${cls}\\b`).test(code)) throw new Error(`unused classes: the glue still names ${cls}`);
  }
  const bytes = new Uint8Array(wasm);
  const parts = [bytes.subarray(0, 8)];
  let dropped = 0;
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = readLeb(bytes, at + 1);
    const end = start + size;
    if (id === 7) {
      let [count, p] = readLeb(bytes, start);
      const kept = [];
      for (let i = 0; i < count; i++) {
        const [field, afterField] = readName(bytes, p);
        const next = readLeb(bytes, afterField + 1)[1];
        if (classes.some((cls) => belongsTo(field, cls))) dropped++;
        else kept.push(...name(field), ...bytes.subarray(afterField, next));
        p = next;
      }
      if (p !== end) throw new Error('unused classes: the export section did not read to its end');
      const body = [...leb(count - dropped), ...kept];
      parts.push(Uint8Array.from([id, ...leb(body.length), ...body]));
    } else {
      parts.push(bytes.subarray(at, end));
    }
    at = end;
  }
  for (const cls of classes) {
    const lower = cls.toLowerCase();
    if (new RegExp(`\\bwasm\\.(__wbg_)?${lower}_`).test(code)) throw new Error(`unused classes: the glue still calls ${cls}'s exports`);
  }
  if (dropped === 0) throw new Error('unused classes: the wasm exports none of them');
  return { wasm: Buffer.concat(parts), glue: code, dropped };
}
