/**
 * Dependent beliefs as an agent meets them through the MCP SDK's client, against the built `palimpsest-mcp`
 * over stdio: a reason stated in a remembered turn, a move that takes it away, and facts, recall and
 * assert_fact replies that say which beliefs lost their premise, and since when. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToBin } from './bin-client.js';
import type { BinClient } from './bin-client.js';

let mcp: BinClient;
const call = (name: string, args: Record<string, unknown>) => mcp.call(name, args);
const ok = (name: string, args: Record<string, unknown>) => mcp.ok(name, args);

beforeAll(async () => {
  mcp = await connectToBin('deps');
});
afterAll(async () => {
  await mcp?.close();
});

describe('dependent beliefs over MCP', () => {
  it('a reason taken away marks what rested on it, in facts, recall and text lines; earlier reads see it supported', async () => {
    await ok('remember', { text: 'I take the bus because I live in Boston.', speaker: 'Maya', at: '2024-01-10', recordAsSaid: true });
    await ok('remember', { text: 'Big news: I moved to Denver last week!', speaker: 'Maya', at: '2024-06-03', recordAsSaid: true });

    const unsupported = await ok('facts', { subject: 'Maya', supported: false });
    expect(unsupported.facts.map((f: { predicate: string; object: string }) => `${f.predicate} ${f.object}`)).toEqual(['take bus']);
    const bus = unsupported.facts[0];
    expect(bus.unsupported.since.startsWith('2024-06-03')).toBe(true);
    expect(bus.dependsOn).toEqual([bus.unsupported.premise]);
    const premise = (await ok('history', { subject: 'Maya', predicate: 'lives_in' })).facts.find((f: { id: number }) => f.id === bus.unsupported.premise);
    expect(premise.object).toBe('Boston');

    const supported = await ok('facts', { subject: 'Maya', supported: true });
    expect(supported.facts.map((f: { predicate: string }) => f.predicate)).not.toContain('take');
    // Before the move the memory believed the bus fact supported, and says nothing of what came later.
    const before = await ok('facts', { subject: 'Maya', predicate: 'take', knownAt: '2024-03-01', validAt: '2024-03-01', supported: true });
    expect(before.facts).toHaveLength(1);
    expect(before.facts[0].unsupported).toBeUndefined();

    const text = (await call('facts', { subject: 'Maya', predicate: 'take', format: 'text' })).content[0]!.text!;
    expect(text).toMatch(new RegExp(`#${bus.id} Maya take "bus" · unsupported since 2024-06-03.*: premise #${bus.unsupported.premise} closed · valid `));
    const recalled = (await call('recall', { question: 'How does Maya get around, does she take the bus?', format: 'text' })).content[0]!.text!;
    expect(recalled).toMatch(/Maya take bus \(.*\) \[unsupported since 2024-06-03: what it rested on changed\]/);
    const earlier = (await call('recall', { question: 'How does Maya get around, does she take the bus?', format: 'text', knownAt: '2024-03-01', validAt: '2024-03-01' })).content[0]!.text!;
    expect(earlier).toMatch(/Maya take bus/);
    expect(earlier).not.toMatch(/unsupported/);
  });

  it('assert_fact takes dependsOn; an unknown id is refused by name and changes nothing', async () => {
    const denver = (await ok('facts', { subject: 'Maya', predicate: 'lives_in' })).facts[0];
    const r = await ok('assert_fact', { subject: 'Maya', predicate: 'rides', object: 'light rail', dependsOn: [denver.id] });
    expect(r.fact.dependsOn).toEqual([denver.id]);
    const total = (await ok('facts', {})).total;
    const bad = await call('assert_fact', { subject: 'Maya', predicate: 'rides', value: 'a scooter', dependsOn: [99999] });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/^NotFoundError: MemoryGraph\.assert: dependsOn\[0\] names no fact/);
    expect((await ok('facts', {})).total).toBe(total);
  });

  it('assert_fact takes a stated rule: when the premise changes the fact is replaced from then on; earlier reads see the old one', async () => {
    const lead = await ok('assert_fact', { subject: 'design team', predicate: 'lead', object: 'Sara Kim', validFrom: '2024-01-01' });
    const report = await ok('assert_fact', {
      subject: 'Maya',
      predicate: 'weekly_report_to',
      object: 'Sara Kim',
      validFrom: '2024-01-01',
      dependsOn: [lead.fact.id],
      onPremiseChange: { object: 'James Lee' },
    });
    expect(report.fact.onPremiseChange).toEqual({ object: 'James Lee' });
    const refused = await call('assert_fact', { subject: 'Maya', predicate: 'cc', object: 'Sara Kim', onPremiseChange: { object: 'James Lee' } });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/^InvalidArgumentError: MemoryGraph\.assert: onPremiseChange needs dependsOn/);
    const empty = await call('assert_fact', { subject: 'Maya', predicate: 'cc', object: 'Sara Kim', dependsOn: [lead.fact.id], onPremiseChange: {} });
    expect(empty.isError).toBe(true);
    expect(empty.content[0]!.text).toMatch(/assert_fact: onPremiseChange needs an object/);

    await new Promise((resolve) => setTimeout(resolve, 5)); // the retraction at a later millisecond of the server's clock
    await ok('retract_fact', { subject: 'design team', predicate: 'lead', object: 'Sara Kim', validFrom: '2024-08-01' });
    const now = await ok('facts', { subject: 'Maya', predicate: 'weekly_report_to' });
    expect(now.facts.map((f: { object: string; validFrom: string }) => [f.object, f.validFrom])).toEqual([['James Lee', '2024-08-01']]);
    const before = await ok('facts', { subject: 'Maya', predicate: 'weekly_report_to', validAt: '2024-09-01', knownAt: report.fact.recordedAt });
    expect(before.facts.map((f: { object: string }) => f.object)).toEqual(['Sara Kim']);
    const back = await ok('facts', { subject: 'Maya', predicate: 'weekly_report_to', validAt: '2024-03-01' });
    expect(back.facts.map((f: { object: string }) => f.object)).toEqual(['Sara Kim']);
    expect(back.facts[0].unsupported).toBeUndefined();
  });
});
