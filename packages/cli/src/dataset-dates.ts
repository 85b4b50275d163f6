/**
 * The session dates of the data sets' own files, read as UTC (the files carry no zone), the same way
 * @palimpsest/datasets reads them: LoCoMo "1:56 pm on 8 May, 2023", LongMemEval "2023/05/20 (Sat) 02:21".
 */
import { InvalidArgumentError } from '@palimpsest/core';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const LOCOMO = /^\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i;
const LONGMEMEVAL = /^\s*(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\s*\([A-Za-z]{3}\))?\s+(\d{1,2}):(\d{2})\s*$/;

/** A UTC instant; a field Date.UTC would roll over (31 June) is refused. */
function utc(text: string, where: string, y: number, mo: number, d: number, h: number, mi: number): number {
  const ms = Date.UTC(y, mo, d, h, mi);
  const back = new Date(ms);
  if (mo < 0 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo || back.getUTCDate() !== d || h > 23 || mi > 59) {
    throw new InvalidArgumentError(`${where}: ${JSON.stringify(text)} is not a real date and time`);
  }
  return ms;
}

export function locomoDate(v: unknown, where: string): number {
  const m = typeof v === 'string' ? LOCOMO.exec(v) : null;
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) throw new InvalidArgumentError(`${where}: ${JSON.stringify(v)} is not like "1:56 pm on 8 May, 2023"`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'p' ? 12 : 0);
  return utc(v as string, where, Number(m[6]), MONTHS.indexOf(m[5]!.toLowerCase()), Number(m[4]), hour, Number(m[2]));
}

export function longMemEvalDate(v: unknown, where: string): number {
  const m = typeof v === 'string' ? LONGMEMEVAL.exec(v) : null;
  if (!m) throw new InvalidArgumentError(`${where}: ${JSON.stringify(v)} is not like "2023/05/20 (Sat) 02:21"`);
  return utc(v as string, where, Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}
