#!/usr/bin/env node
/** palimpsest-mcp: the memory tools for an MCP client, over stdio or Streamable HTTP on 127.0.0.1. */
import { parseArgs } from 'node:util';
import { InvalidArgumentError } from '@palimpsest/core';
import { MODEL_HELP, MODEL_OPTIONS, describeModels, modelsFromFlags } from '@palimpsest/model-flags';
import { serveHttp, serveStdio, SERVER_VERSION } from './server.js';

const USAGE = `Usage: palimpsest-mcp --data DIR [--memory ID] [--http PORT] [--compact-every N] [model flags]

Serves palimpsest memories to an MCP client (tools: remember, remember_many, recall, facts, history,
changes, get_episodes, search_entities, list_memories, assert_fact, retract_fact, merge_entities,
define_predicate, forget, delete_memory).

  --data DIR          data folder; each memory is a sub-folder (a snapshot + an operation log)
  --memory ID         the memory used when a call names none (default: "default")
  --http PORT         serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio (0: any free port)
  --compact-every N   snapshot and start a new log after N logged operations (default: 1000)
  -h, --help          this help
  -v, --version       the version

${MODEL_HELP.join('\n')}

Every write is fsynced to the memory's log before the tool answers.`;

function fail(message: string): never {
  process.stderr.write(`palimpsest-mcp: ${message}\n${USAGE.split('\n')[0]}\n`);
  process.exit(2);
}

function wholeNumber(text: string | undefined, flag: string, min: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min) fail(`${flag} must be a whole number ≥ ${min}, got "${text}"`);
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        data: { type: 'string' },
        memory: { type: 'string' },
        http: { type: 'string' },
        'compact-every': { type: 'string' },
        ...MODEL_OPTIONS,
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  if (values.version) {
    process.stdout.write(SERVER_VERSION + '\n');
    return;
  }
  if (values.data === undefined) fail('--data DIR is required');
  const port = wholeNumber(values.http, '--http', 0);
  if (port !== undefined && port > 65535) fail(`--http must be a port number up to 65535, got ${port}`);
  const compactEvery = wholeNumber(values['compact-every'], '--compact-every', 1);
  let models;
  try {
    models = await modelsFromFlags(values);
  } catch (e) {
    if (e instanceof InvalidArgumentError) fail(e.message.replace(/^palimpsest: /, ''));
    throw e;
  }
  const options = {
    dataDir: values.data,
    ...models,
    ...(values.memory === undefined ? {} : { defaultMemory: values.memory }),
    ...(compactEvery === undefined ? {} : { compactEvery }),
  };
  const running = port === undefined ? await serveStdio(options) : await serveHttp({ ...options, port });
  const { embedder, extractor } = describeModels(models);
  process.stderr.write(`palimpsest-mcp: embedder ${embedder}, extractor ${extractor}\n`);
  if (running.url) process.stderr.write(`palimpsest-mcp: listening on ${running.url}\n`);
  const stop = (): void => {
    running.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`palimpsest-mcp: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`palimpsest-mcp: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}\n`);
  process.exit(1);
});
