// Reading and writing the few parts of the wasm binary format the build's
// steps rewrite (import and export names: scripts/lib/short-names.mjs; a
// shared chunk's imports: scripts/lib/merge-chunks.mjs): LEB128 numbers,
// names, and where an import's description ends.

/** The unsigned LEB128 number at `at`, and where it ends: [value, next]. */
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** `value` as unsigned LEB128 bytes. */
export function leb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** The name (length, UTF-8) at `at`, and where it ends: [text, next]. */
export function readName(bytes, at) {
  const [length, start] = readLeb(bytes, at);
  return [new TextDecoder().decode(bytes.subarray(start, start + length)), start + length];
}

/** `text` as a wasm name's bytes. */
export function name(text) {
  const encoded = new TextEncoder().encode(text);
  return [...leb(encoded.length), ...encoded];
}

/** Where an import's description (its kind byte at `at`, after its two names) ends. */
export function skipImportDescription(bytes, at) {
  const kind = bytes[at++];
  const limits = (from) => {
    const flags = bytes[from++];
    let [, next] = readLeb(bytes, from);
    if (flags & 1) [, next] = readLeb(bytes, next);
    return next;
  };
  switch (kind) {
    case 0: // function: its type
    case 4: // tag: attribute, then its type
      if (kind === 4) at++;
      return readLeb(bytes, at)[1];
    case 1: // table: element type, then limits
      return limits(at + 1);
    case 2: // memory: limits
      return limits(at);
    case 3: // global: value type, mutability
      return at + 2;
    default:
      throw new Error(`unknown wasm import kind ${kind}`);
  }
}
