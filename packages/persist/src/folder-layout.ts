/**
 * The names of a memory folder's files, as palimpsest-mcp keeps them and the CLI and the inspector read them:
 * `snapshot-<g>.plmp` (the whole memory when generation g began) and `log-<g>.jsonl` (the operations logged
 * after snapshot-<g>; log-0 everything since the memory began). A memory is the newest snapshot plus the logs
 * of its generation or later. Names only, so the browser reads a picked folder by the same rule.
 */

export const SNAPSHOT_FILE = /^snapshot-(\d+)\.plmp$/;
export const LOG_FILE = /^log-(\d+)\.jsonl$/;

export const snapshotName = (g: number): string => `snapshot-${g}.plmp`;
export const logName = (g: number): string => `log-${g}.jsonl`;

/** Whether a name is one a memory folder's files have. */
export const isMemoryFileName = (name: string): boolean => SNAPSHOT_FILE.test(name) || LOG_FILE.test(name);

/** The generation a name carries (`re`: SNAPSHOT_FILE or LOG_FILE), or -1 for a file named otherwise. */
export function generationOf(name: string, re: RegExp): number {
  const m = re.exec(name);
  return m ? Number(m[1]) : -1;
}

/** The generations of the names matching `re`, ascending. */
export function generationsIn(names: readonly string[], re: RegExp): number[] {
  return names
    .map((n) => generationOf(n, re))
    .filter((g) => g >= 0)
    .sort((a, b) => a - b);
}

/**
 * What to read of a folder holding `names`: the newest snapshot's generation (-1: none) and the logs of its
 * generation or later, ascending; `upTo` stops at a generation (a log tail opened on its own).
 */
export function folderFiles(names: readonly string[], upTo = Infinity): { base: number; logs: number[] } {
  const snapshots = generationsIn(names, SNAPSHOT_FILE).filter((g) => g <= upTo);
  const base = snapshots.length > 0 ? snapshots[snapshots.length - 1]! : -1;
  return { base, logs: generationsIn(names, LOG_FILE).filter((g) => g >= base && g <= upTo) };
}
