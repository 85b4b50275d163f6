/**
 * One tool table, four hosts: what a model is shown for each memory tool — name, description and argument
 * schema as JSON Schema — is the same from the MCP server (listed over the MCP SDK client), the Cloudflare
 * Worker (its MCP endpoint, in workerd; needs `npm run build`), the AI SDK (the tools a generateText call
 * hands its model) and LangGraph (the tools a ReAct agent binds to its chat model, as a provider gets them).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { memoryTools as aiSdkTools } from '@palimpsest/ai-sdk';
import { memoryTools as langGraphTools } from '@palimpsest/langgraph';
import { createMcpServer, MemoryShelf } from '@palimpsest/mcp';
import { MEMORY_TOOLS } from '@palimpsest/mcp/tools';
import { ScriptedChatModel } from '../packages/langgraph/test/scripted-chat-model.js';
// @ts-expect-error plain ESM helper of the Worker's tests
import { startLocal } from '../packages/cloudflare/scripts/local.mjs';

/** The Worker serves no one without a token (or PUBLIC_MEMORIES); this test is one of its clients. */
const WORKER_TOKEN = 'tool-table-test-token-0123456789';

interface Shown {
  name: string;
  description: string | undefined;
  schema: unknown;
}

/** A JSON Schema as a model reads it: without the `$schema` dialect line, which no model is shown the same way. */
function bare(schema: unknown): unknown {
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

async function overMcp(client: Client): Promise<Shown[]> {
  const { tools } = await client.listTools();
  return tools.map((t) => ({ name: t.name, description: t.description, schema: bare(t.inputSchema) }));
}

async function fromAiSdk(): Promise<Shown[]> {
  const model = new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: 'ok' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } },
      warnings: [],
    }),
  });
  await generateText({ model, prompt: 'hi', tools: aiSdkTools(new MemoryGraph()) });
  const tools = model.doGenerateCalls[0]!.tools as Array<{ name: string; description?: string; inputSchema: unknown }>;
  return tools.map((t) => ({ name: t.name, description: t.description, schema: bare(t.inputSchema) }));
}

async function fromLangGraph(): Promise<Shown[]> {
  let bound: unknown[] = [];
  const model = new ScriptedChatModel(() => ({ text: 'ok' }));
  const bind = model.bindTools.bind(model);
  model.bindTools = (tools) => ((bound = tools), bind(tools));
  await createReactAgent({ llm: model, tools: langGraphTools(new MemoryGraph()) }).invoke({ messages: [{ role: 'user', content: 'hi' }] });
  return bound.map((t) => {
    const f = convertToOpenAITool(t as never).function;
    return { name: f.name, description: f.description, schema: bare(f.parameters) };
  });
}

describe('the memory tools, as each host shows them to a model', () => {
  let dir: string;
  let mcp: Shown[];
  let local: { mf: { dispose(): Promise<void> }; url: string };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'palimpsest-tool-table-'));
    const client = new Client({ name: 'tool-table-test', version: '0.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(new MemoryShelf(dir)).connect(serverSide);
    await client.connect(clientSide);
    mcp = await overMcp(client);
    await client.close();
    local = await startLocal({ vars: { API_TOKEN: WORKER_TOKEN } });
  });

  afterAll(async () => {
    await local?.mf.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('the MCP server lists every tool of the table, in its order, with its description', () => {
    expect(mcp.map((t) => [t.name, t.description])).toEqual(MEMORY_TOOLS.map((t) => [t.name, t.description]));
  });

  it('the Worker serves the same tools as the MCP server', async () => {
    const client = new Client({ name: 'tool-table-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${local.url}/memories/tool-table/mcp`), { requestInit: { headers: { Authorization: `Bearer ${WORKER_TOKEN}` } } }));
    const worker = await overMcp(client);
    await client.close();
    expect(worker).toEqual(mcp);
  });

  it('the AI SDK hands its model the same names, descriptions and schemas', async () => {
    expect(await fromAiSdk()).toEqual(mcp);
  });

  it('LangGraph binds the same names, descriptions and schemas to its model', async () => {
    expect(await fromLangGraph()).toEqual(mcp);
  });
});
