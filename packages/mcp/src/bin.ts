#!/usr/bin/env node
/** palimpsest-mcp: the memory tools for an MCP client, over stdio or Streamable HTTP on 127.0.0.1. */
import { parseArgs } from 'node:util';
import { InvalidArgumentError } from '@palimpsest/core';
import { MODEL_HELP, MODEL_OPTIONS, describeModels, modelsFromFlags } from '@palimpsest/model-flags';
import { MIN_TOKEN_LENGTH } from './http-access.js';
import { serveHttp, serveStdio, SERVER_VERSION } from './server.js';
import type { RunningServer } from './server.js';

const USAGE = `Usage: palimpsest-mcp --data DIR [--memory ID] [--http PORT (--token T | --insecure-no-auth)] [--compact-every N] [model flags]

Serves palimpsest memories to an MCP client (tools: remember, remember_many, recall, facts, history,
changes, get_episodes, search_entities, list_memories, assert_fact, retract_fact, merge_entities,
define_predicate, forget, delete_memory).

  --data DIR          data folder; each memory is a sub-folder (a snapshot + an operation log)
  --memory ID         the memory used when a call names none (default: "default")
  --http PORT         serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio (0: any free port)
  --token T           over HTTP: every request must carry "Authorization: Bearer T" (at least ${MIN_TOKEN_LENGTH}
                      characters; or set PALIMPSEST_TOKEN, which keeps it out of the process list)
  --insecure-no-auth  over HTTP without a token: any local process may read and write every memory
  --compact-every N   snapshot and start a new log after N logged operations (default: 1000)
  --max-message-bytes N     longest request taken (a stdio line, an HTTP body; default: 4194304)
  --max-open-memories N     most memories open at once; idle ones are closed to open others (default: 64)
  -h, --help          this help
  -v, --version       the version

${MODEL_HELP.join('\n')}

Every write is fsynced to the memory's log before the tool answers. Over HTTP, requests must name
a loopback Host (127.0.0.1, localhost) and come from no Origin or a loopback one. The server stops
on stdin's end (stdio), SIGTERM or SIGINT: calls already read are answered, every memory is closed,
and it exits 0.`;

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
        token: { type: 'string' },
        'insecure-no-auth': { type: 'boolean' },
        'max-message-bytes': { type: 'string' },
        'max-open-memories': { type: 'string' },
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
  const maxMessageBytes = wholeNumber(values['max-message-bytes'], '--max-message-bytes', 1024);
  const maxOpenMemories = wholeNumber(values['max-open-memories'], '--max-open-memories', 1);
  const token = tokenFor(port, values.token, values['insecure-no-auth'] === true);
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
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
    ...(maxOpenMemories === undefined ? {} : { maxOpenMemories }),
  };
  const running = port === undefined ? await serveStdio(options) : await serveHttp({ ...options, port, token });
  const { embedder, extractor } = describeModels(models);
  process.stderr.write(`palimpsest-mcp: embedder ${embedder}, extractor ${extractor}\n`);
  if (running.url) process.stderr.write(`palimpsest-mcp: listening on ${running.url}${token === null ? ' WITHOUT authentication (--insecure-no-auth)' : ''}\n`);
  exitWhenClosed(running);
}

/**
 * The token of an HTTP server: --token, else PALIMPSEST_TOKEN; null only with --insecure-no-auth.
 * Over stdio the client owns the pipes, so there is none to check.
 */
function tokenFor(port: number | undefined, flag: string | undefined, insecure: boolean): string | null {
  const token = flag ?? (process.env.PALIMPSEST_TOKEN || undefined); // set but empty: none
  if (port === undefined) {
    if (flag !== undefined || insecure) fail('--token and --insecure-no-auth apply to --http only');
    return null;
  }
  if (token !== undefined && insecure) fail('give either a token or --insecure-no-auth, not both');
  if (insecure) return null;
  if (token === undefined || token === '') fail('--http needs a token: --token T or PALIMPSEST_TOKEN (or --insecure-no-auth to serve every local process)');
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) fail(`the token must be at least ${MIN_TOKEN_LENGTH} characters without spaces`);
  return token;
}

/**
 * Exit 0 once the server has closed: on stdin's end (stdio), SIGTERM or SIGINT, after the calls already
 * read are answered and every memory is closed (its log flushed and released). A second signal exits at once.
 */
function exitWhenClosed(running: RunningServer): void {
  let stopping = false;
  const onSignal = (code: number) => (): void => {
    if (stopping) process.exit(code);
    stopping = true;
    running.close().catch(() => undefined); // reported through `closed`
  };
  process.on('SIGINT', onSignal(130));
  process.on('SIGTERM', onSignal(143));
  running.closed.then(
    () => process.stdout.write('', () => process.exit(0)),
    (e: unknown) => {
      process.stderr.write(`palimpsest-mcp: ${String(e)}\n`);
      process.exit(1);
    },
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`palimpsest-mcp: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}\n`);
  process.exit(1);
});
