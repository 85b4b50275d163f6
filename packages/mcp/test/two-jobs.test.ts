/**
 * Two jobs at once as an agent meets them through the MCP SDK's client, against the built `palimpsest-mcp`
 * over stdio: a second job remembered from conversation closes nothing, an ending closes only the job it
 * names, and assert_fact takes `alongside`. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToBin } from './bin-client.js';
import type { BinClient } from './bin-client.js';

let mcp: BinClient;
const ok = (name: string, args: Record<string, unknown>) => mcp.ok(name, args);
const jobs = async (args: Record<string, unknown> = {}): Promise<string[]> =>
  (await ok('facts', { subject: 'Maya', predicate: 'works_at', ...args })).facts.map((f: { object: string }) => f.object).sort();

beforeAll(async () => {
  mcp = await connectToBin('two-jobs');
});
afterAll(async () => {
  await mcp?.close();
});

describe('two jobs over MCP', () => {
  it('a second job remembered from conversation keeps the first; quitting it ends only it', async () => {
    await ok('remember', { text: 'I work at Acme as a data analyst.', speaker: 'Maya', at: '2024-01-10', recordAsSaid: true });
    await ok('remember', { text: 'Money is tight, so I got a second job at Kumon, evenings.', speaker: 'Maya', at: '2024-02-01', recordAsSaid: true });
    expect(await jobs({ validAt: '2024-03-01', knownAt: '2024-03-01' })).toEqual(['Acme', 'Kumon']);
    await ok('remember', { text: 'I quit the evening job at Kumon, too tiring.', speaker: 'Maya', at: '2024-05-01', recordAsSaid: true });
    expect(await jobs({ validAt: '2024-05-02', knownAt: '2024-05-02' })).toEqual(['Acme']);
    expect(await jobs({ validAt: '2024-05-02', knownAt: '2024-04-01' })).toEqual(['Acme', 'Kumon']);
  });

  it('assert_fact takes alongside; without it a new job replaces every other', async () => {
    await ok('assert_fact', { subject: 'Maya', predicate: 'works_at', object: 'Lidl', alongside: true, validFrom: '2024-06-01' });
    expect(await jobs({ validAt: '2024-06-02' })).toEqual(['Acme', 'Lidl']);
    await ok('assert_fact', { subject: 'Maya', predicate: 'works_at', object: 'Globex', validFrom: '2024-07-01' });
    expect(await jobs({ validAt: '2024-07-02' })).toEqual(['Globex']);
    expect(await jobs({ validAt: '2024-06-15' })).toEqual(['Acme', 'Lidl']);
  });

  it('after a restart the server reads both jobs back (the flag is in the stored log)', async () => {
    await mcp.client.close(); // the first server exits; the folder stays for the next one
    mcp = await connectToBin('two-jobs', mcp.dataDir); // afterAll closes this one and removes the folder
    expect(await jobs({ validAt: '2024-06-15' })).toEqual(['Acme', 'Lidl']);
  });
});
