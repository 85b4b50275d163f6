/**
 * Files a person hands the page: several picked files, a folder picked with the folder input, or a drop of
 * files or of a folder. A memory folder is flat (snapshot-<g>.plmp, log-<g>.jsonl, its lock); palimpsest-mcp's
 * data folder holds one such folder per memory, and choosing it is answered with the memories it holds.
 */
import { isMemoryFileName } from '@palimpsest/persist';

export type ChosenFiles = { files: File[]; name: string } | { problem: string };

/** One folder's files: `top` (its own files) and the memories among its sub-folders. */
function folderChoice(name: string, top: File[], subFolders: Map<string, string[]>): ChosenFiles {
  const own = top.filter((f) => isMemoryFileName(f.name));
  if (own.length > 0) return { files: own, name };
  const memories = [...subFolders].filter(([, names]) => names.some(isMemoryFileName)).map(([m]) => m).sort();
  if (memories.length > 0) {
    const list = memories.slice(0, 8).join(', ') + (memories.length > 8 ? `, … (${memories.length})` : '');
    return { problem: `${name} is palimpsest-mcp's data folder, holding the memories ${list}: open one of them` };
  }
  return { problem: `${name} holds no memory (no snapshot-<n>.plmp or log-<n>.jsonl)` };
}

/** The folder input's files carry their path from the chosen folder ("mem/log-0.jsonl", "data/a/log-0.jsonl"). */
export function fromFolderInput(files: File[]): ChosenFiles {
  if (files.length === 0) return { problem: 'the chosen folder is empty' };
  const parts = (f: File): string[] => (f.webkitRelativePath || f.name).split('/');
  const name = parts(files[0]!)[0]!;
  const top = files.filter((f) => parts(f).length === 2);
  const subFolders = new Map<string, string[]>();
  for (const f of files) {
    const p = parts(f);
    if (p.length === 3) subFolders.set(p[1]!, [...(subFolders.get(p[1]!) ?? []), p[2]!]);
  }
  return folderChoice(name, top, subFolders);
}

const entries = (dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> =>
  new Promise((resolve, reject) => {
    const reader = dir.createReader();
    const all: FileSystemEntry[] = [];
    // readEntries gives its answer in batches, ending with an empty one.
    const next = (): void => reader.readEntries((batch) => (batch.length === 0 ? resolve(all) : (all.push(...batch), next())), reject);
    next();
  });

const fileOf = (entry: FileSystemFileEntry): Promise<File> => new Promise((resolve, reject) => entry.file(resolve, reject));

/** A drop: its files, or the one folder dropped (read as the folder input reads it). */
export async function fromDrop(data: DataTransfer): Promise<ChosenFiles> {
  const dropped = [...data.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  const folder = dropped.length === 1 && dropped[0]?.isDirectory ? (dropped[0] as FileSystemDirectoryEntry) : undefined;
  if (folder === undefined) {
    const files = [...data.files];
    if (files.length === 0) return { problem: 'nothing to open in what was dropped' };
    return { files, name: files.length === 1 ? files[0]!.name : files.map((f) => f.name).join(' + ') };
  }
  const top: File[] = [];
  const subFolders = new Map<string, string[]>();
  for (const entry of await entries(folder)) {
    if (entry.isFile) top.push(await fileOf(entry as FileSystemFileEntry));
    else subFolders.set(entry.name, (await entries(entry as FileSystemDirectoryEntry)).map((e) => e.name));
  }
  return folderChoice(folder.name, top, subFolders);
}
