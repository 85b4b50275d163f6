export { memoryTools } from './tools.js';
export type { MemoryToolsOptions } from './tools.js';
export { MEMORY_HEADING, userTurnOf, memoryMiddleware, withMemory } from './middleware.js';
export type { WithMemoryOptions } from './middleware.js';
