/**
 * The tool table hosted by an agent framework (the AI SDK, LangGraph) on one memory in the agent's own
 * process: a tool context whose shelf holds that memory alone, and each tool's arguments as one zod object
 * (what `runTool` checks), so a framework's tool is built from the same names, descriptions and schemas.
 */
import type { z } from 'zod';
import { MemoryGraph, NotFoundError } from '@palimpsest/core';
import type { Embedder, Extractor } from '@palimpsest/core';
import { strictSchema } from './tools.js';
import type { MemoryTool, ToolContext, ToolMemory } from './tools.js';

/** The name the one memory answers to when a call names it (`memory` argument). */
export const ONE_MEMORY_NAME = 'default';

/** A tool's arguments as one strict zod object, the one the MCP server lists: an unknown key is refused by name. */
export function toolArguments(t: MemoryTool): z.ZodObject<z.ZodRawShape, 'strict'> {
  return strictSchema(t);
}

/** A memory with no store behind it: a change is applied and is then at once what readers see. */
export function inProcessMemory(mem: MemoryGraph): ToolMemory {
  return { mem, write: async (change) => change(mem) };
}

/**
 * A tool context over one memory: a MemoryGraph (changes applied in process) or a ToolMemory (changes go
 * through its `write`, e.g. to a log on disk). A call naming another memory is refused with NotFoundError.
 */
export function oneMemoryContext(memory: MemoryGraph | ToolMemory, models: { extractor?: Extractor; embedder?: Embedder } = {}): ToolContext {
  const one = memory instanceof MemoryGraph ? inProcessMemory(memory) : memory;
  const shelf = {
    get: async (id: string, call: string): Promise<ToolMemory> => {
      if (id !== ONE_MEMORY_NAME) throw new NotFoundError(`${call}: no memory "${id}" here; this agent has one memory, "${ONE_MEMORY_NAME}"`);
      return one;
    },
    /** The memories there are: this one. */
    list: async (): Promise<string[]> => [ONE_MEMORY_NAME],
  };
  return {
    shelf,
    defaultMemory: ONE_MEMORY_NAME,
    ...(models.extractor === undefined ? {} : { extractor: models.extractor }),
    ...(models.embedder === undefined ? {} : { embedder: models.embedder }),
  };
}
