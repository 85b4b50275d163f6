/**
 * The README's quickstart, followed literally from this clone: the installed commands in node_modules/.bin
 * (linked by `npm ci`, committed and executable so they exist before the build), `npx palimpsest-mcp`
 * resolving to this workspace (with the registry switched off), and the README's client configuration
 * connected through the MCP SDK's own stdio client. Needs `npm ci` and `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN_DIR = join(ROOT, 'node_modules', '.bin');
/** npx and npm must not reach a registry: a bare name resolving outside this clone fails instead. */
const OFFLINE = { ...process.env, npm_config_offline: 'true', npm_config_yes: 'false' };

/** A scratch folder inside the clone (.tmp/ is git-ignored): `npx` run there finds this workspace. */
let dir: string;
beforeAll(async () => {
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  dir = await mkdtemp(join(ROOT, '.tmp', 'quickstart-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The JSON block the README marks as the client configuration. */
function readmeConfig(): { command: string; args: string[] } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const m = /<!-- quickstart-config[^>]*-->\s*```json\n([\s\S]*?)```/.exec(readme);
  if (m === null) throw new Error('README.md has no quickstart-config JSON block');
  const config = JSON.parse(m[1]!) as { mcpServers: Record<string, { command: string; args: string[] }> };
  return config.mcpServers['palimpsest']!;
}

async function connect(command: string, args: string[], cwd = ROOT): Promise<Client> {
  const client = new Client({ name: 'quickstart', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command, args, cwd, env: OFFLINE as Record<string, string>, stderr: 'pipe' }));
  return client;
}

describe('the installed commands', () => {
  it('are linked in node_modules/.bin to committed, executable entry files of this workspace', () => {
    for (const [name, pkg] of [
      ['palimpsest-mcp', 'packages/mcp'],
      ['palimpsest', 'packages/cli'],
    ] as const) {
      const link = join(BIN_DIR, name);
      expect(existsSync(link), `${link} is missing: run npm ci`).toBe(true);
      const target = realpathSync(link);
      expect(target).toBe(join(ROOT, pkg, 'bin', `${name}.js`));
      expect(statSync(target).mode & 0o111).not.toBe(0);
      expect(readFileSync(target, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
      const manifest = JSON.parse(readFileSync(join(ROOT, pkg, 'package.json'), 'utf8')) as { bin: Record<string, string>; files: string[] };
      expect(manifest.bin[name]).toBe(`./bin/${name}.js`);
      expect(manifest.files).toContain('bin/*.js');
      // Executable in git too, so a fresh clone has it so before any build.
      const staged = spawnSync('git', ['ls-files', '-s', `${pkg}/bin/${name}.js`], { cwd: ROOT, encoding: 'utf8' });
      expect(staged.stdout).toMatch(/^100755 /);
    }
  });

  it('run: `npx palimpsest --help` and `npx palimpsest-mcp --version` answer from this clone, offline', () => {
    const cli = spawnSync('npx', ['palimpsest', '--help'], { cwd: ROOT, env: OFFLINE, encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/^Usage: palimpsest /m);
    const mcp = spawnSync('npx', ['palimpsest-mcp', '--version'], { cwd: ROOT, env: OFFLINE, encoding: 'utf8' });
    expect(mcp.status, mcp.stderr).toBe(0);
    expect(mcp.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('the README quickstart', () => {
  it('`npx palimpsest-mcp --data ./memories` in the clone serves the MCP SDK client', async () => {
    const client = await connect('npx', ['palimpsest-mcp', '--data', './memories'], dir);
    try {
      expect(client.getServerVersion()?.name).toBe('palimpsest');
      const r = (await client.callTool({ name: 'remember', arguments: { text: 'I live in Lisbon.', at: '2024-01-01' } })) as { isError?: boolean };
      expect(r.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(existsSync(join(dir, 'memories', 'default'))).toBe(true);
  });

  it('its client configuration, with the placeholders filled in, connects and keeps what it is told', async () => {
    const config = readmeConfig();
    const fill = (s: string): string => s.replace('/path/to/palimpsest/', ROOT).replace('/path/to/memories', join(dir, 'configured'));
    const client = await connect(fill(config.command), config.args.map(fill), tmpdir());
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toContain('remember');
      expect(tools).toContain('recall');
      await client.callTool({ name: 'assert_fact', arguments: { subject: 'Maya', predicate: 'lives_in', object: 'Lisbon' } });
      const facts = (await client.callTool({ name: 'facts', arguments: { subject: 'Maya' } })) as { content: Array<{ text: string }> };
      expect(facts.content[0]!.text).toContain('Lisbon');
    } finally {
      await client.close();
    }
  });
});
