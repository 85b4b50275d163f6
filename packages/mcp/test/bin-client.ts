/**
 * The built `palimpsest-mcp` (dist/bin.js) over stdio with a fresh data folder, and the MCP SDK client an
 * agent would use, for the tests that call its tools. Needs `npm run build`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

export interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

export interface BinClient {
  client: Client;
  dataDir: string;
  /** A tool call's whole result. */
  call(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  /** A tool call that must succeed: its JSON reply. */
  ok(name: string, args: Record<string, unknown>): Promise<Record<string, any>>;
  close(): Promise<void>;
}

/**
 * Starts the bin and connects a client to it: on a new temporary data folder (named after `prefix`), or on
 * `dataDir` to reopen a folder an earlier server wrote (as a restart does); close() removes the folder.
 */
export async function connectToBin(prefix: string, dataDir?: string): Promise<BinClient> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`);
  dataDir ??= await mkdtemp(join(tmpdir(), `plmp-${prefix}-`));
  const client = new Client({ name: `${prefix}-test`, version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, '--data', dataDir], stderr: 'pipe' }));
  const call = async (name: string, args: Record<string, unknown>): Promise<ToolResult> => (await client.callTool({ name, arguments: args })) as ToolResult;
  return {
    client,
    dataDir,
    call,
    async ok(name, args) {
      const r = await call(name, args);
      if (r.isError) throw new Error(`${name} failed: ${r.content[0]?.text}`);
      return JSON.parse(r.content[0]!.text!) as Record<string, any>;
    },
    async close() {
      await client.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
