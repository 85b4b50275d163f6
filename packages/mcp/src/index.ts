export { createMcpServer, serveHttp, serveStdio, SERVER_NAME, SERVER_VERSION } from './server.js';
export type { MemoryServerOptions, RunningServer } from './server.js';
export { MEMORY_TOOLS, SERVER_INSTRUCTIONS, registerTools, runTool } from './tools.js';
export type { MemoryTool, ToolContext, ToolHints, ToolMemories, ToolMemory } from './tools.js';
export { MemoryFolder, MemoryShelf } from './store.js';
export type { MemoryFolderOptions } from './store.js';
