#!/usr/bin/env node
// Serves a built dist/ over HTTP for the end-to-end suite, with no
// dependencies. Usage:
//
//   node e2e/serve-dist.mjs [--dir dist] [--port 4173] [--host 127.0.0.1] [--base /sub/path/]
//
// --base must match the --public-url the app was built with. Paths outside
// it, and missing files, get dist/404.html with status 404, as a static host
// would answer.

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '4173' },
    host: { type: 'string', default: '127.0.0.1' },
    base: { type: 'string', default: '/' },
  },
});

const root = resolve(opts.dir);
const base = `/${opts.base.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');

// Browsers refuse to stream-compile WebAssembly without application/wasm,
// and module scripts need a JavaScript type.
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

async function fileFor(urlPath) {
  if (!urlPath.startsWith(base)) return null;
  let rel;
  try {
    rel = decodeURIComponent(urlPath.slice(base.length));
  } catch {
    return null;
  }
  const path = resolve(root, `.${sep}${rel}`);
  // Refuse anything that escapes dist/ (e.g. "..%2F").
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    if (info.isFile()) return path;
    if (info.isDirectory()) {
      const index = join(path, 'index.html');
      if ((await stat(index)).isFile()) return index;
    }
  } catch {
    // Missing: fall through to 404.
  }
  return null;
}

async function send(res, status, path, headOnly) {
  const body = await readFile(path);
  res.writeHead(status, {
    'Content-Type': MIME[extname(path)] ?? 'application/octet-stream',
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(headOnly ? undefined : body);
}

const server = createServer(async (req, res) => {
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(req.url, 'http://localhost');
    if (pathname === base.slice(0, -1)) {
      // "/sub/path" -> "/sub/path/", so relative URLs resolve inside the app.
      res.writeHead(301, { Location: base }).end();
      return;
    }
    const headOnly = req.method === 'HEAD';
    const file = await fileFor(pathname);
    if (file) {
      await send(res, 200, file, headOnly);
      return;
    }
    const notFound = join(root, '404.html');
    try {
      await send(res, 404, notFound, headOnly);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
    }
  } catch (err) {
    console.error(err);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  }
});

server.listen(Number(opts.port), opts.host, () => {
  console.log(`serving ${root} at http://${opts.host}:${opts.port}${base}`);
});
