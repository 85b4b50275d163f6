/** Plain-text tables and time cells for human output. */
import type { FactJson } from '@palimpsest/persist';

export interface Column<T> {
  header: string;
  cell: (row: T) => string;
  /** Right-align (numbers). */
  right?: boolean;
  /** Longer cells are cut with "…". @default 48 */
  max?: number;
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((r) => columns.map((c) => cut(c.cell(r), c.max ?? 48)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => (columns[i]!.right ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** An ISO time without the noise: "2024-05-01", "2024-05-01 09:30", "2024-05-01 09:30:15.250"; null: "open". */
export function shortTime(iso: string | null): string {
  if (iso === null) return 'open';
  return iso.replace('T', ' ').replace(/(:00)?\.000Z$|Z$/, '').replace(/ 00:00$/, '');
}

export const FACT_COLUMNS: Column<FactJson>[] = [
  { header: 'id', cell: (f) => String(f.id), right: true },
  { header: 'subject', cell: (f) => f.subject },
  { header: 'predicate', cell: (f) => f.predicate },
  { header: 'object', cell: (f) => String(f.object) },
  { header: 'valid from', cell: (f) => shortTime(f.validFrom) },
  { header: 'valid to', cell: (f) => shortTime(f.validTo) },
  { header: 'recorded', cell: (f) => shortTime(f.recordedAt) },
  { header: 'invalidated', cell: (f) => shortTime(f.invalidAt) },
  { header: 'conf', cell: (f) => f.confidence.toFixed(2), right: true },
];
