/**
 * `palimpsest <command> …`: dispatch, --help everywhere, and errors as one line with a non-zero exit
 * (1: the command failed, e.g. a named error from the memory; 2: the command line itself is wrong).
 */
import { parseArgs } from 'node:util';
import { PalimpsestError } from '@palimpsest/core';
import { COMMANDS, UsageError } from './commands.js';
import type { Command, Io } from './commands.js';

export const VERSION = '0.1.0';

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: palimpsest <command> FILE … [--json]',
    '',
    'Looks into a palimpsest memory: a snapshot (.plmp), an operation log (.jsonl), or a memory folder as',
    'palimpsest-mcp keeps it (or a log tail inside one). Exit codes: 0 done, 1 the command failed, 2 wrong usage.',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'palimpsest <command> --help shows a command\'s options. --json prints JSON (times ISO-8601, open ends null).',
  ].join('\n');
}

function commandHelp(c: Command): string {
  return [`Usage: ${c.usage}`, '', `${c.summary[0]!.toUpperCase()}${c.summary.slice(1)}.`, ...c.details].join('\n');
}

function parse(c: Command, args: string[]): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...c.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (!values.help && parsed.positionals.length !== c.positionals) {
    const want = c.positionals === 1 ? 'one argument (FILE)' : `${c.positionals} arguments`;
    throw new UsageError(`${c.name} takes ${want}, got ${parsed.positionals.length}`);
  }
  return { values, positionals: parsed.positionals };
}

/** Runs one command line; resolves to the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.out(VERSION);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    io.err(`palimpsest: unknown command "${name}" (commands: ${COMMANDS.map((c) => c.name).join(', ')}; palimpsest --help)`);
    return 2;
  }
  try {
    const { values, positionals } = parse(command, rest);
    if (values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    await command.run({ values, positionals, io });
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`palimpsest ${name}: ${e.message}\nUsage: ${command.usage}`);
      return 2;
    }
    // Messages that already start with "palimpsest…" are not prefixed again.
    const message = e instanceof Error ? e.message.replace(/^palimpsest: /, '') : String(e);
    if (e instanceof PalimpsestError) io.err(`palimpsest: ${e.name}: ${message}`);
    else io.err(`palimpsest: ${message}`);
    return 1;
  }
}
