export { memoryTools } from './tools.js';
export type { MemoryToolsOptions } from './tools.js';
export { memoryMiddleware, userTurnOf, withMemory } from './middleware.js';
export type { WithMemoryOptions } from './middleware.js';
export { MEMORY_HEADING } from '@palimpsest/mcp/tools';
