export { createMcpServer, serveHttp, serveStdio, SERVER_NAME, SERVER_VERSION } from './server.js';
export type { MemoryServerOptions, RunningServer } from './server.js';
export { MEMORY_TOOLS, SERVER_INSTRUCTIONS, registerTools, runTool } from './tools.js';
export type { MemoryTool, ToolContext, ToolHints, ToolMemories, ToolMemory } from './tools.js';
export { MemoryFolder, MemoryShelf } from './store.js';
export type { MemoryShelfOptions } from './store.js';
export { DEFAULT_MAX_OPEN_MEMORIES, ShelfFullError } from './open-bound.js';
export { DEFAULT_MAX_MESSAGE_BYTES } from './stdio-transport.js';
export type { MemoryFolderOptions } from './store.js';
