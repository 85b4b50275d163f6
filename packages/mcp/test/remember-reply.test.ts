/**
 * What `remember` answers about a turn, as an agent reads it through the MCP SDK's client against the built
 * `palimpsest-mcp`: the facts it added, the endings it applied ("I left Acme Corp") with the job as it now
 * reads (no longer believed, the part before the ending kept), and the beliefs a stated rule now rests on.
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToBin } from './bin-client.js';
import type { BinClient } from './bin-client.js';

let mcp: BinClient;
const ok = (name: string, args: Record<string, unknown>) => mcp.ok(name, args);

beforeAll(async () => {
  mcp = await connectToBin('remember-reply');
});
afterAll(async () => {
  await mcp?.close();
});

describe('remember says what a turn changed', () => {
  it('an ending lists the version it closed and the part it kept; a turn that ends nothing lists none', async () => {
    const joined = await ok('remember', { text: 'I work at Acme Corp as a data analyst.', speaker: 'Maya', at: '2024-01-10', recordAsSaid: true });
    expect(joined.retractions).toBeUndefined();
    const job = joined.facts.find((f: { fact?: { predicate: string } }) => f.fact?.predicate === 'works_at').fact;
    const left = await ok('remember', { text: 'I left Acme Corp last week.', speaker: 'Maya', at: '2024-07-02', recordAsSaid: true });
    expect(left.retractions).toHaveLength(1);
    const [ended] = left.retractions;
    expect(ended.closed).toMatchObject([{ id: job.id, predicate: 'works_at', object: 'Acme Corp' }]);
    expect(ended.closed[0].invalidAt.startsWith('2024-07-02')).toBe(true);
    expect(ended.kept).toMatchObject([{ predicate: 'works_at', object: 'Acme Corp', validFrom: job.validFrom }]);
    expect(Date.parse(ended.kept[0].validTo)).toBeLessThan(Date.parse('2024-07-02'));
  });

  it('a stated rule lists the arrangement it now rests on its premise', async () => {
    await ok('remember', { text: 'Sara Kim is our team lead.', speaker: 'Maya', at: '2024-08-01', recordAsSaid: true });
    await ok('remember', { text: 'I send the weekly report to Sara Kim every Friday.', speaker: 'Maya', at: '2024-08-04', recordAsSaid: true });
    const ruled = await ok('remember', { text: 'If the team lead changes, the weekly report goes to James Lee.', speaker: 'Maya', at: '2024-08-10', recordAsSaid: true });
    expect(ruled.rules).toHaveLength(1);
    expect(ruled.rules[0].fact).toMatchObject({ predicate: 'weekly_report', object: 'Sara Kim' });
  });
});
