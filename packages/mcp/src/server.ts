/**
 * The MCP server: the memory tools over stdio, or over Streamable HTTP on 127.0.0.1 (stateless: each POST
 * is answered on its own, every request sees the same memories).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Embedder, Extractor } from '@palimpsest/core';
import { MemoryShelf } from './store.js';
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
  });
}

export interface RunningServer {
  /** The HTTP endpoint, when serving HTTP. */
  url?: string;
  /** Stops accepting calls, then flushes and closes every memory. */
  close(): Promise<void>;
}

/** Serves over stdin/stdout until stdin ends. */
export async function serveStdio(options: MemoryServerOptions): Promise<RunningServer> {
  const shelf = shelfFor(options);
  const server = createMcpServer(shelf, options);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      await server.close();
      await shelf.close();
    })());
  const transport = new StdioServerTransport();
  transport.onclose = () => void close();
  await server.connect(transport);
  process.stdin.once('end', () => void close());
  return { close };
}

/** Serves Streamable HTTP at http://127.0.0.1:<port>/mcp (port 0: any free port). */
export async function serveHttp(options: MemoryServerOptions & { port: number }): Promise<RunningServer> {
  const shelf = shelfFor(options);
  const http = createServer((req, res) => {
    // Only local callers: refuse requests addressed to another host name (DNS rebinding).
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (host !== '127.0.0.1' && host !== 'localhost') {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('palimpsest-mcp: only 127.0.0.1 and localhost are served\n');
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
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
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
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => http.close(() => resolve()));
        http.closeAllConnections();
        await closed;
        await shelf.close();
      })()),
  };
}
