export { PalimpsestStore } from './store.js';
export type {
  ItemVersion,
  PalimpsestGetOperation,
  PalimpsestListNamespacesOperation,
  PalimpsestPutOperation,
  PalimpsestSearchOperation,
  PalimpsestStoreOptions,
  StoreCut,
} from './store.js';
export { memoryTools } from './tools.js';
export type { MemoryToolsOptions } from './tools.js';
export { memoryHooks } from './hooks.js';
export type { MemoryHooks, MemoryHooksOptions } from './hooks.js';
export { MEMORY_HEADING } from '@palimpsest/mcp/tools';
