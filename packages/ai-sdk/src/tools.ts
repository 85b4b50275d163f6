/**
 * The memory tools as AI SDK tools, built from the tool table the MCP server and the Cloudflare Worker
 * serve (`@palimpsest/mcp/tools`): the same names, descriptions and argument schemas, one `tool()` per
 * entry, so a tool added to the table appears here with no change to this file.
 */
import { tool } from 'ai';
import type { Tool } from 'ai';
import type { Embedder, Extractor, MemoryGraph } from '@palimpsest/core';
import { MEMORY_TOOLS, oneMemoryContext, runTool, toolArguments } from '@palimpsest/mcp/tools';
import type { ToolMemory } from '@palimpsest/mcp/tools';

export interface MemoryToolsOptions {
  /** Extracts entities and facts from `remember`ed turns. @default the built-in rule extractor */
  extractor?: Extractor;
  /** The memory's embedder, when it is a model: `remember` embeds each turn before writing it. */
  embedder?: Embedder;
}

/**
 * One AI SDK tool per memory tool, keyed by the tool's name, over one memory: a MemoryGraph (changes
 * applied in process) or a ToolMemory whose `write` stores each change. A call that the memory refuses
 * throws its named error ("InvalidArgumentError: facts: …"), which the AI SDK hands the model as a tool
 * error; the memory is unchanged.
 */
export function memoryTools(memory: MemoryGraph | ToolMemory, options: MemoryToolsOptions = {}): Record<string, Tool<Record<string, unknown>, Record<string, unknown>>> {
  const ctx = oneMemoryContext(memory, options);
  const tools: Record<string, Tool<Record<string, unknown>, Record<string, unknown>>> = {};
  for (const t of MEMORY_TOOLS) {
    tools[t.name] = tool<Record<string, unknown>, Record<string, unknown>, {}>({
      title: t.title,
      description: t.description,
      inputSchema: toolArguments(t) as never,
      execute: (input) => runTool(t, input, ctx),
    });
  }
  return tools;
}
