/**
 * One call stores one instant whatever the machine's zone: '2025-05-01T09:00' (no zone) is 09:00 UTC under
 * TZ=America/New_York as under TZ=UTC (the Worker runs in UTC), through the core API and through the built
 * palimpsest-mcp; impossible dates and signed years are refused by name in both. Needs `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const CORE = fileURLToPath(new URL('../../core/dist/index.js', import.meta.url));
const ZONES = ['America/New_York', 'UTC'];

let dataDir: string;
beforeAll(async () => {
  if (!existsSync(BIN) || !existsSync(CORE)) throw new Error('run npm run build first');
  dataDir = await mkdtemp(join(tmpdir(), 'plmp-tz-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('a time without a zone, under two TZ values', () => {
  it('is the same UTC instant through the core API in processes of either zone', () => {
    const script = `
      const { MemoryGraph } = await import(${JSON.stringify(CORE)});
      const mem = new MemoryGraph();
      const out = { local: new Date(2025, 4, 1, 9).getTime() };
      out.validFrom = mem.fact(mem.assert({ subject: 'Ann', predicate: 'works_at', object: 'Acme', validFrom: '2025-05-01T09:00' }).id).validFrom;
      for (const t of ['2025-02-30', '-2025-05-01']) {
        try { mem.facts({ validAt: t }); out[t] = 'accepted'; } catch (e) { out[t] = e.name + ': ' + e.message; }
      }
      console.log(JSON.stringify(out));`;
    const runs = ZONES.map((TZ) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TZ }, encoding: 'utf8' })));
    // The zones differ (the processes really ran in them), the stored instant does not.
    expect(runs[0].local).not.toBe(runs[1].local);
    for (const r of runs) {
      expect(r.validFrom).toBe(Date.UTC(2025, 4, 1, 9));
      expect(r['2025-02-30']).toMatch(/^InvalidArgumentError: MemoryGraph\.facts: validAt \("2025-02-30"\) is not an ISO-8601 date/);
      expect(r['-2025-05-01']).toMatch(/^InvalidArgumentError: MemoryGraph\.facts: validAt \("-2025-05-01"\) is not an ISO-8601 date/);
    }
  });

  it('is the same UTC instant through palimpsest-mcp run in either zone', async () => {
    const seen: string[] = [];
    for (const TZ of ZONES) {
      const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, '--data', dataDir, '--memory', TZ.replace('/', '-')], env: { ...process.env, TZ } as Record<string, string>, stderr: 'pipe' });
      const client = new Client({ name: 'palimpsest-test', version: '0.0.0' });
      await client.connect(transport);
      const r = (await client.callTool({ name: 'assert_fact', arguments: { subject: 'Ann', predicate: 'works_at', object: 'Acme', validFrom: '2025-05-01T09:00' } })) as any;
      seen.push(r.structuredContent.fact.validFrom);
      const bad = (await client.callTool({ name: 'facts', arguments: { validAt: '2025-02-30' } })) as any;
      expect(bad.isError).toBe(true);
      expect(bad.content[0].text).toMatch(/^InvalidArgumentError: MemoryGraph\.facts: validAt \("2025-02-30"\) is not an ISO-8601 date/);
      const signed = (await client.callTool({ name: 'remember', arguments: { text: 'Ann met Bo.', at: '+002025-05-01T09:00Z' } })) as any;
      expect(signed.isError).toBe(true);
      expect(signed.content[0].text).toMatch(/is not an ISO-8601 date/);
      await client.close();
    }
    expect(seen.map((t) => Date.parse(t))).toEqual([Date.UTC(2025, 4, 1, 9), Date.UTC(2025, 4, 1, 9)]);
  });
});
