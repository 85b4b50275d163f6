export { main, VERSION } from './main.js';
export { COMMANDS } from './commands.js';
export type { Command, Io } from './commands.js';
export { openMemory, saveMemory, kindForPath } from './files.js';
export type { FileKind, OpenedMemory } from './files.js';
export { Progress, clockTime } from './progress.js';
export type { ProgressOptions } from './progress.js';
export { table, shortTime } from './table.js';
export type { Column } from './table.js';
