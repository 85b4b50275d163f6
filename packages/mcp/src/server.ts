/**
 * The MCP server: the memory tools over stdio, or over Streamable HTTP on 127.0.0.1 (stateless: each POST
 * is answered on its own, every request sees the same memories). Either way a message is bounded
 * (`maxMessageBytes`), at most `maxOpenMemories` memories are open at once, and `close()` lets the calls
 * already read finish, then flushes and closes every memory (releasing its log).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Embedder, Extractor } from '@palimpsest/core';
import { refusal } from './http-access.js';
import { MemoryShelf } from './store.js';
import { DEFAULT_MAX_MESSAGE_BYTES, LineTransport } from './stdio-transport.js';
import { SERVER_INSTRUCTIONS, registerTools } from './tools.js';

export const SERVER_NAME = 'palimpsest';
export const SERVER_VERSION = '0.1.0';

export interface MemoryServerOptions {
  /** The data folder: one sub-folder per memory. */
  dataDir: string;
  /** The memory used when a tool call names none. @default 'default' */
  defaultMemory?: string;
  /** Snapshot and start a new log after this many logged operations. @default 1000 */
  compactEvery?: number;
  embedder?: Embedder;
  extractor?: Extractor;
  /** Longest message taken (a stdio line, an HTTP body), in bytes. @default DEFAULT_MAX_MESSAGE_BYTES (4 MiB) */
  maxMessageBytes?: number;
  /** Most memories open at once; the least recently used idle one is closed to open another. @default 64 */
  maxOpenMemories?: number;
}

export interface HttpServerOptions extends MemoryServerOptions {
  /** 0: any free port. */
  port: number;
  /** The bearer token every request must carry; `null` serves without one (insecure: any local process gets in). */
  token: string | null;
}

/** The tools on a fresh McpServer (one per connection; all share `shelf`). */
export function createMcpServer(shelf: MemoryShelf, options: Pick<MemoryServerOptions, 'defaultMemory' | 'extractor' | 'embedder'> = {}): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS });
  registerTools(server, {
    shelf,
    defaultMemory: options.defaultMemory ?? 'default',
    ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
  });
  return server;
}

function shelfFor(options: MemoryServerOptions): MemoryShelf {
  return new MemoryShelf(options.dataDir, {
    ...(options.compactEvery === undefined ? {} : { compactEvery: options.compactEvery }),
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
    ...(options.maxOpenMemories === undefined ? {} : { maxOpen: options.maxOpenMemories }),
  });
}

export interface RunningServer {
  /** The HTTP endpoint, when serving HTTP. */
  url?: string;
  /** Stops accepting calls, lets those already read finish, then flushes and closes every memory. */
  close(): Promise<void>;
  /** Resolves once the server has closed, by `close()` or by itself (stdin ended). */
  closed: Promise<void>;
}

/**
 * `close` run once: a second call (the transport reporting the close this one started) gets the same promise,
 * and `closed` settles with it. The work starts on a later tick, so the promise is in place before anything
 * it calls can call back.
 */
function closer(work: () => Promise<void>): Pick<RunningServer, 'close' | 'closed'> {
  let closing: Promise<void> | undefined;
  let started!: (p: Promise<void>) => void;
  const closed = new Promise<Promise<void>>((resolve) => (started = resolve)).then((p) => p);
  const close = (): Promise<void> => {
    if (closing === undefined) {
      closing = Promise.resolve().then(work);
      started(closing);
    }
    return closing;
  };
  return { close, closed };
}

/** Serves over stdin/stdout until stdin ends or `close()`. */
export async function serveStdio(options: MemoryServerOptions, io: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream } = {}): Promise<RunningServer> {
  const shelf = shelfFor(options);
  const server = createMcpServer(shelf, options);
  const { close, closed } = closer(async () => {
    await server.close(); // the transport: stop reading, answer what was read
    await shelf.close();
  });
  const transport = new LineTransport(io.input, io.output, { maxLineBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES });
  await server.connect(transport);
  server.server.onclose = () => void close(); // stdin ended (or the client went away)
  return { close, closed };
}

/** Serves Streamable HTTP at http://127.0.0.1:<port>/mcp (port 0: any free port), to callers `refusal` lets in. */
export async function serveHttp(options: HttpServerOptions): Promise<RunningServer> {
  const shelf = shelfFor(options);
  const token = options.token ?? undefined;
  const maxRequestBodySize = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  let active = 0;
  let stopping = false;
  const http = createServer((req, res) => {
    // Requests in progress: a close waits for them, then ends their (keep-alive) connections.
    active++;
    res.once('close', () => {
      if (--active === 0 && stopping) http.closeAllConnections();
    });
    const refused = refusal(req, token);
    if (refused !== undefined) {
      // The body is never read: the connection is closed after the answer.
      res.writeHead(refused.status, { 'content-type': 'text/plain', connection: 'close', ...refused.headers }).end(`${refused.message}\n`);
      return;
    }
    if ((req.url ?? '').split('?')[0] !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('palimpsest-mcp: the endpoint is /mcp\n');
      return;
    }
    if (req.method !== 'POST') {
      const body = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, use POST' }, id: null };
      res.writeHead(405, { 'content-type': 'application/json', allow: 'POST' }).end(JSON.stringify(body));
      return;
    }
    const server = createMcpServer(shelf, options);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((e: unknown) => {
        if (!res.headersSent) {
          const body = { jsonrpc: '2.0', error: { code: -32603, message: `Internal error: ${String(e)}` }, id: null };
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        }
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const { close, closed } = closer(async () => {
    // No new connections; requests in progress finish (their writes are stored), idle connections end.
    const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
    stopping = true;
    if (active === 0) http.closeAllConnections();
    else http.closeIdleConnections();
    await stopped;
    await shelf.close();
  });
  return { url: `http://127.0.0.1:${port}/mcp`, close, closed };
}
