#!/usr/bin/env node
// @ts-check
/**
 * `npm run inspect -- FILE [--port N]`: builds the inspector page, serves it and the snapshot FILE on
 * 127.0.0.1 (node:http; an ephemeral port unless --port or PORT is given), and prints the URL to open.
 * Nothing is served but index.html, the bundle and that one file; Ctrl-C stops it. Only requests naming
 * a loopback Host (127.0.0.1, localhost, [::1]) are served: a web page on another name that resolves to
 * 127.0.0.1 (DNS rebinding) gets 403, not the memory.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, join, resolve } from 'node:path';
import { HERE, writeInspector } from './build.mjs';

const usage = 'usage: npm run inspect -- FILE.plmp [--port N]';
const args = process.argv.slice(2);
let file;
let port = Number(process.env.PORT ?? 0);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--port') port = Number(args[++i]);
  else if (a === '--help' || a === '-h') {
    console.log(usage);
    process.exit(0);
  } else if (file === undefined) file = a;
  else {
    console.error(`inspect: unexpected argument ${a}\n${usage}`);
    process.exit(2);
  }
}
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`inspect: --port must be a whole number from 0 to 65535\n${usage}`);
  process.exit(2);
}
// npm runs root scripts from the repository root; a relative FILE means the caller's directory.
const cwd = process.env.INIT_CWD ?? process.cwd();
const path = file === undefined ? undefined : resolve(cwd, file);
if (path !== undefined && !statSync(path, { throwIfNoEntry: false })?.isFile()) {
  console.error(`inspect: ${path} is not a file\n${usage}`);
  process.exit(2);
}

const { js, map } = await writeInspector();
const name = path === undefined ? '' : basename(path);
const routes = new Map([
  ['/', { body: readFileSync(join(HERE, 'index.html')), type: 'text/html; charset=utf-8' }],
  ['/dist/inspector.js', { body: Buffer.from(js), type: 'text/javascript; charset=utf-8' }],
  ['/dist/inspector.js.map', { body: Buffer.from(map), type: 'application/json' }],
]);
const snapshotPath = `/snapshot/${encodeURIComponent(name)}`;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const server = createServer((req, res) => {
  const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  if (!LOOPBACK.has(host)) {
    return void res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' }).end('inspect: only 127.0.0.1 and localhost are served (Host)\n');
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
  if (path !== undefined && url.pathname === snapshotPath) {
    // Read at each request, so a snapshot rewritten while the server runs is seen on reload.
    return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' }).end(readFileSync(path));
  }
  const route = routes.get(url.pathname);
  if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${url.pathname}`);
  res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' }).end(route.body);
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const query = path === undefined ? '' : `?snapshot=${encodeURIComponent(snapshotPath)}`;
  console.log(`inspect: http://127.0.0.1:${actual}/${query}`);
  if (path === undefined) console.log('inspect: no FILE given: drop a snapshot on the page or choose one');
});
