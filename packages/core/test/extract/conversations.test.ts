import { describe, expect, it } from 'vitest';
import { CONVERSATIONS } from './conversations.data.js';
import { BLIND, HELD_OUT } from './held-out.data.js';
import { UNSEEN } from './unseen.data.js';
import { noon, scoreConversation, summarise, type CheckResult } from './score.js';

describe('the default extractor over whole conversations, turn by turn', () => {
  const results: CheckResult[] = CONVERSATIONS.flatMap(scoreConversation);

  it('has a suite of the promised size: 40+ conversations, two thirds of checks read an earlier belief', () => {
    expect(CONVERSATIONS.length).toBeGreaterThanOrEqual(40);
    const earlier = CONVERSATIONS.flatMap((c) => c.checks.filter((k) => noon(k[3]) < noon(c.turns[c.turns.length - 1]!.at)));
    expect(earlier.length / results.length).toBeGreaterThanOrEqual(0.66);
  });

  it('gets at least 90% of the checks exactly right', () => {
    const { total, byCategory } = summarise(results);
    const lines = [...byCategory].map(([c, [r, n]]) => `  ${c}: ${r}/${n}`);
    const misses = results.filter((r) => !r.right).map((r) => `  ✗ ${r.conversation}: ${r.check.slice(0, 4).join(' ')} → [${r.got.join(', ')}], want [${r.check[4].join(', ')}]`);
    console.log(`conversation checks: ${total[0]}/${total[1]} (${((100 * total[0]) / total[1]).toFixed(1)}%)\n${lines.join('\n')}\n${misses.join('\n')}`);
    expect(total[0] / total[1]).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the default extractor over held-out conversations (phrasings the rules were not written from)', () => {
  it('gets most of their checks right', () => {
    const results = HELD_OUT.flatMap(scoreConversation);
    const { total } = summarise(results);
    const misses = results.filter((r) => !r.right).map((r) => `  ✗ ${r.conversation}: ${r.check.slice(0, 4).join(' ')} → [${r.got.join(', ')}], want [${r.check[4].join(', ')}]`);
    console.log(`held-out checks: ${total[0]}/${total[1]} (${((100 * total[0]) / total[1]).toFixed(1)}%)\n${misses.join('\n')}`);
    expect(total[0] / total[1]).toBeGreaterThanOrEqual(0.75);
  });
});

describe('the default extractor over the blind set (written after the last rule change, never tuned on)', () => {
  it('reports its score', () => {
    const results = BLIND.flatMap(scoreConversation);
    const { total } = summarise(results);
    const misses = results.filter((r) => !r.right).map((r) => `  ✗ ${r.conversation}: ${r.check.slice(0, 4).join(' ')} → [${r.got.join(', ')}], want [${r.check[4].join(', ')}]`);
    console.log(`blind checks: ${total[0]}/${total[1]} (${((100 * total[0]) / total[1]).toFixed(1)}%)\n${misses.join('\n')}`);
    expect(total[0] / total[1]).toBeGreaterThanOrEqual(0.5);
  });
});

describe('the default extractor over the second blind set (written before reading the rules)', () => {
  it('reports its score per kind', () => {
    const results = UNSEEN.flatMap(scoreConversation);
    const { total, byCategory } = summarise(results);
    const lines = [...byCategory].map(([c, [r, n]]) => `  ${c}: ${r}/${n}`);
    const misses = results.filter((r) => !r.right).map((r) => `  ✗ ${r.conversation}: ${r.check.slice(0, 4).join(' ')} → [${r.got.join(', ')}], want [${r.check[4].join(', ')}]`);
    console.log(`second blind checks: ${total[0]}/${total[1]} (${((100 * total[0]) / total[1]).toFixed(1)}%)\n${lines.join('\n')}\n${misses.join('\n')}`);
    expect(total[0] / total[1]).toBeGreaterThanOrEqual(0.85);
  });
});
