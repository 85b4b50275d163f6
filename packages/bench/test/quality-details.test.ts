/**
 * `quality.js --details` on LoCoMo: one line per question and variant, each evidence turn with its rank, and
 * the printed evidence recall@k recomputable from those lines. Runs the built script (`npm run build` first)
 * on the dev split with the built-in hash embedder; skips without the LoCoMo file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDataset, loadLocomo } from '@palimpsest/datasets';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../dist/quality.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Line {
  variant: string;
  conversation: string;
  category: string;
  question: string;
  evidence: Array<{ id: string; rank: number }>;
  top: string[];
}

describe.skipIf(findDataset('locomo') === undefined)('quality.js --details on LoCoMo (skips without the file)', () => {
  it('writes every evidence turn with its rank, and the printed recall@k follows from those ranks', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plmp-quality-'));
    try {
      const file = join(dir, 'details.jsonl');
      const run = spawnSync(process.execPath, [SCRIPT, '--split', 'dev', '--dataset', 'locomo', '--details', file, '--grid', 'denseWeight=0,0.5'], { cwd: ROOT, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const lines = (await readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Line);
      const convs = await loadLocomo({ split: 'dev' });
      const asked = convs.flatMap((c) => c.questions.filter((q) => q.evidence.length > 0).map((q) => ({ conversation: c.id, question: q.question, evidence: q.evidence })));
      const variants = ['{"denseWeight":0}', '{"denseWeight":0.5}'];
      expect(lines.length).toBe(asked.length * variants.length);
      for (const v of variants) {
        const mine = lines.filter((l) => l.variant === v);
        // in the dataset's order, with the dataset's evidence ids
        expect(mine.map((l) => [l.conversation, l.question, l.evidence.map((e) => e.id)])).toEqual(asked.map((q) => [q.conversation, q.question, q.evidence]));
        for (const l of mine) {
          expect(l.top.length).toBe(10);
          for (const e of l.evidence) {
            expect(Number.isInteger(e.rank) && e.rank >= 0 && e.rank <= 50).toBe(true);
            if (e.rank >= 1 && e.rank <= 10) expect(l.top[e.rank - 1]).toBe(e.id);
            else expect(l.top).not.toContain(e.id);
          }
        }
        // the table's "all" row for this variant, recomputed from the lines
        for (const k of [5, 10, 25]) {
          const recall = mine.map((l) => new Set(l.evidence.filter((e) => e.rank >= 1 && e.rank <= k).map((e) => e.id)).size / new Set(l.evidence.map((e) => e.id)).size);
          const mean = recall.reduce((s, x) => s + x, 0) / recall.length;
          const row = run.stdout.split('\n').find((r) => r.startsWith(`| evidence recall@${k} | all |`));
          expect(row).toBeDefined();
          const cells = row!.split('|').map((c) => c.trim());
          expect(cells[4 + variants.indexOf(v)]).toBe(mean.toFixed(3));
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
