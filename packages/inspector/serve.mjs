#!/usr/bin/env node
// @ts-check
/**
 * `npm run inspect -- PATH [--port N]`: builds the inspector page, serves it and the memory at PATH on
 * 127.0.0.1 (node:http; an ephemeral port unless --port or PORT is given), and prints the URL to open.
 * PATH is a snapshot, a log, or a memory folder as palimpsest-mcp writes it (a log tail log-<g>.jsonl is
 * served with the snapshot and logs before it in its folder). A folder's files are listed and read at each
 * request, so a reload sees the memory as it is now, compactions included. Nothing is served but
 * index.html, the bundle and those files; Ctrl-C stops it. Only requests naming
 * a loopback Host (127.0.0.1, localhost, [::1]) are served: a web page on another name that resolves to
 * 127.0.0.1 (DNS rebinding) gets 403, not the memory.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, dirname, join, resolve } from 'node:path';
import { folderFiles as memoryFiles, isMemoryFileName, LOG_FILE, logName, snapshotName } from '@palimpsest/persist';
import { HERE, writeInspector } from './build.mjs';

const usage = 'usage: npm run inspect -- SNAPSHOT.plmp | LOG.jsonl | MEMORY-FOLDER [--port N]';
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
const kind = path === undefined ? undefined : statSync(path, { throwIfNoEntry: false });
if (path !== undefined && !kind?.isFile() && !kind?.isDirectory()) {
  console.error(`inspect: ${path} is neither a file nor a folder\n${usage}`);
  process.exit(2);
}

const tail = path !== undefined && kind?.isFile() ? LOG_FILE.exec(basename(path)) : null;
/** The folder served, and the newest log generation to serve (a tail given on its own). */
const folder = path === undefined ? undefined : kind?.isDirectory() ? { dir: path, upTo: Infinity } : tail ? { dir: dirname(path), upTo: Number(tail[1]) } : undefined;

/** The folder's newest snapshot up to `upTo` and the logs of its generation or later, as read now. */
function folderFiles({ dir, upTo }) {
  const { base, logs } = memoryFiles(readdirSync(dir), upTo);
  return [...(base >= 0 ? [snapshotName(base)] : []), ...logs.map(logName)];
}
if (folder !== undefined && folderFiles(folder).length === 0) {
  const inside = readdirSync(folder.dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && readdirSync(join(folder.dir, e.name)).some(isMemoryFileName))
    .map((e) => e.name);
  const hint = inside.length > 0 ? `: it is palimpsest-mcp's data folder; give one of its memories, e.g. ${join(folder.dir, inside.sort()[0])}` : ' (no snapshot-<n>.plmp or log-<n>.jsonl)';
  console.error(`inspect: ${folder.dir} holds no memory${hint}\n${usage}`);
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
  if (folder === undefined && path !== undefined && url.pathname === snapshotPath) {
    // Read at each request, so a snapshot rewritten while the server runs is seen on reload.
    return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' }).end(readFileSync(path));
  }
  if (folder !== undefined && url.pathname === '/memory/files.json') {
    const body = JSON.stringify({ name: basename(folder.dir), files: folderFiles(folder) });
    return void res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body);
  }
  if (folder !== undefined && url.pathname.startsWith('/memory/')) {
    const file = decodeURIComponent(url.pathname.slice('/memory/'.length));
    // Only the files the listing names now: nothing else in (or outside) the folder is reachable.
    if (folderFiles(folder).includes(file)) {
      const bytes = readFileSync(join(folder.dir, file), { flag: 'r' });
      return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' }).end(bytes);
    }
  }
  const route = routes.get(url.pathname);
  if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${url.pathname}`);
  res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' }).end(route.body);
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const query = path === undefined ? '' : folder !== undefined ? `?folder=${encodeURIComponent('/memory/files.json')}` : `?open=${encodeURIComponent(snapshotPath)}`;
  console.log(`inspect: http://127.0.0.1:${actual}/${query}`);
  if (path === undefined) console.log('inspect: no PATH given: drop a snapshot, a log or a memory folder on the page, or choose one');
});
