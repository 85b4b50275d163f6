/**
 * The memory tools as LangChain tools (for LangGraph's prebuilt ReAct agent, a ToolNode or any tool-calling
 * model), built from the tool table the MCP server and the Cloudflare Worker serve (`@palimpsest/mcp/tools`):
 * the same names, descriptions and argument schemas, one tool per entry. A tool answers with its result as
 * JSON text; a call the memory refuses throws its named error, which LangGraph's ToolNode hands the model.
 */
import { tool } from '@langchain/core/tools';
import type { DynamicStructuredTool } from '@langchain/core/tools';
import type { Embedder, Extractor, MemoryGraph } from '@palimpsest/core';
import { MEMORY_TOOLS, oneMemoryContext, runTool, toolArguments } from '@palimpsest/mcp/tools';
import type { ToolMemory } from '@palimpsest/mcp/tools';

export interface MemoryToolsOptions {
  /** Extracts entities and facts from `remember`ed turns. @default the built-in rule extractor */
  extractor?: Extractor;
  /** The memory's embedder, when it is a model: `remember` embeds each turn before writing it. */
  embedder?: Embedder;
}

/** One LangChain tool per memory tool, in the table's order, over one memory (a MemoryGraph or a ToolMemory). */
export function memoryTools(memory: MemoryGraph | ToolMemory, options: MemoryToolsOptions = {}): DynamicStructuredTool[] {
  const ctx = oneMemoryContext(memory, options);
  return MEMORY_TOOLS.map(
    (t) =>
      tool(async (input: Record<string, unknown>) => JSON.stringify(await runTool(t, input, ctx)), {
        name: t.name,
        description: t.description,
        schema: toolArguments(t),
      }) as unknown as DynamicStructuredTool,
  );
}
