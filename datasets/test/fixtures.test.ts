import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ADVERSARIAL_ANSWER, DatasetFormatError, datasetFolders, loadLocomo, loadLongMemEval } from '../src/index.js';

// Small files with every quirk of the real releases, so normalisation is tested even without the data sets.
const dir = mkdtempSync(join(tmpdir(), 'palimpsest-fixtures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const locomoSample = (id: string) => ({
  sample_id: id,
  conversation: {
    speaker_a: 'Ann',
    speaker_b: 'Ben',
    session_1_date_time: '12:30 pm on 3 March, 2023',
    session_1: [
      { speaker: 'Ann', dia_id: 'D1:1', text: 'Hi Ben!' },
      { speaker: 'Ben', dia_id: 'D1:2', text: 'Look at this.', blip_caption: 'a photo of a cat', img_url: ['u'], query: 'cat' },
    ],
    session_2_date_time: '9:05 am on 10 March, 2023',
    session_2: [{ speaker: 'Ann', dia_id: 'D2:1', text: 'I turned 30.' }],
    session_3_date_time: '9:05 am on 20 March, 2023', // a date key with no session: ignored
  },
  qa: [
    { question: 'How old is Ann?', answer: 30, evidence: ['D2:1'], category: 4 },
    { question: 'What did Ben share?', answer: 'a cat photo', evidence: ['D1:2; D2:1', 'D:1:1', 'D', 'D9:9', 'D1:2'], category: 1 },
    { question: "What is Ben's dog called?", adversarial_answer: 'Rex', evidence: [], category: 5 },
  ],
  observation: { session_1_observation: { Ben: [['Ben has a cat.', 'D1:2'], ['Ben greets.', ['D1:1', 'D1:2']]] } },
  session_summary: { session_1_summary: 'They say hi.' },
  event_summary: { events_session_1: { Ann: [], date: '3 March, 2023' } },
});

const lmeQuestion = (id: string, answer: unknown) => ({
  question_id: id,
  question_type: 'knowledge-update',
  question: 'How many?',
  answer,
  question_date: '2023/05/30 (Tue) 23:40',
  haystack_dates: ['2023/05/01 (Mon) 10:00', '2023/04/01 (Sat) 09:00'],
  haystack_session_ids: ['s1', 'answer_x'],
  haystack_sessions: [
    [{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'hi' }],
    [{ role: 'user', content: 'I have 3 cats', has_answer: true }],
  ],
  answer_session_ids: ['answer_x'],
});

describe('loaders on small fixture files', () => {
  const locomoPath = join(dir, 'locomo10.json');
  writeFileSync(locomoPath, JSON.stringify([locomoSample('conv-26'), locomoSample('conv-99')]));
  const lmePath = join(dir, 'lme.json.gz');
  const lme = Array.from({ length: 12 }, (_, i) => lmeQuestion(i === 3 ? `q${i}_abs` : `q${i}`, i === 0 ? 3 : 'three'));
  writeFileSync(lmePath, gzipSync(Buffer.from(JSON.stringify(lme))));

  it('normalises LoCoMo: sessions, UTC dates, captions, answers, evidence, observations', async () => {
    const [c] = await loadLocomo({ path: locomoPath });
    expect(c!.id).toBe('conv-26');
    expect(c!.speakers).toEqual(['Ann', 'Ben']);
    expect(c!.sessions.map((s) => [s.index, s.date])).toEqual([[1, Date.UTC(2023, 2, 3, 12, 30)], [2, Date.UTC(2023, 2, 10, 9, 5)]]);
    expect(c!.sessions[0]!.summary).toBe('They say hi.');
    const image = c!.sessions[0]!.turns[1]!;
    expect(image).toEqual({
      id: 'D1:2', speaker: 'Ben', text: 'Look at this. [a photo of a cat]', rawText: 'Look at this.',
      at: Date.UTC(2023, 2, 3, 12, 30) + 1000, image: { caption: 'a photo of a cat', url: ['u'], query: 'cat' },
    });
    const [age, shared, adversarial] = c!.questions;
    expect(age).toEqual({ question: 'How old is Ann?', answer: '30', category: 4, evidence: ['D2:1'] });
    expect(shared!.evidence).toEqual(['D1:2', 'D2:1', 'D1:1']);
    expect(shared!.rawEvidence).toEqual(['D1:2; D2:1', 'D:1:1', 'D', 'D9:9', 'D1:2']);
    expect(adversarial).toMatchObject({ answer: ADVERSARIAL_ANSWER, adversarialAnswer: 'Rex', evidence: [], category: 5 });
    expect(c!.observations).toEqual([
      { session: 1, speaker: 'Ben', text: 'Ben has a cat.', evidence: ['D1:2'] },
      { session: 1, speaker: 'Ben', text: 'Ben greets.', evidence: ['D1:1', 'D1:2'] },
    ]);
    expect((await loadLocomo({ path: locomoPath, split: 'test' })).map((x) => x.id)).toEqual(['conv-99']);
  });

  it('normalises LongMemEval: string answers, UTC dates, has_answer, abstention, positions and split', async () => {
    const qs = await loadLongMemEval('oracle', { path: lmePath });
    expect(qs).toHaveLength(12);
    expect(qs[0]).toEqual({
      id: 'q0', position: 0, type: 'knowledge-update', question: 'How many?', answer: '3',
      questionDate: Date.UTC(2023, 4, 30, 23, 40), abstention: false,
      sessions: [
        { id: 's1', date: Date.UTC(2023, 4, 1, 10), turns: [{ role: 'user', content: 'hello', hasAnswer: false }, { role: 'assistant', content: 'hi', hasAnswer: false }] },
        { id: 'answer_x', date: Date.UTC(2023, 3, 1, 9), turns: [{ role: 'user', content: 'I have 3 cats', hasAnswer: true }] },
      ],
      answerSessionIds: ['answer_x'],
    });
    expect(qs[3]!.abstention).toBe(true);
    // A session recurring with identical turns shares its turn list.
    expect(qs[1]!.sessions[0]!.turns).toBe(qs[0]!.sessions[0]!.turns);
    expect((await loadLongMemEval('s', { path: lmePath, split: 'dev' })).map((q) => q.id)).toEqual(['q0', 'q10']);
  });

  it('refuses malformed files with DatasetFormatError naming the call, the file and the field', async () => {
    const bad = locomoSample('conv-1') as Record<string, unknown>;
    (bad['qa'] as Array<Record<string, unknown>>)[0]!['category'] = 7;
    const p = join(dir, 'bad.json');
    writeFileSync(p, JSON.stringify([bad]));
    await expect(loadLocomo({ path: p })).rejects.toThrow(DatasetFormatError);
    await expect(loadLocomo({ path: p })).rejects.toThrow(/^loadLocomo: .*bad\.json: sample 0 \(conv-1\)\.qa\[0\]\.category 7/);
    const badDate = locomoSample('conv-1');
    badDate.conversation.session_2_date_time = 'yesterday';
    writeFileSync(p, JSON.stringify([badDate]));
    await expect(loadLocomo({ path: p })).rejects.toThrow(/session_2_date_time: parseLocomoDate: "yesterday"/);
    const q = lmeQuestion('x', 'y') as Record<string, unknown>;
    q['haystack_dates'] = ['2023/05/01 (Mon) 10:00'];
    writeFileSync(p, JSON.stringify([q]));
    await expect(loadLongMemEval('oracle', { path: p })).rejects.toThrow(/^loadLongMemEval: .*differ in length/);
  });

  it('searches beside the repository, beside the working directory, then PALIMPSEST_DATASETS', () => {
    const before = process.env['PALIMPSEST_DATASETS'];
    try {
      process.env['PALIMPSEST_DATASETS'] = dir;
      const folders = datasetFolders();
      expect(folders[0]).toBe(resolve(__dirname, '..', '..', '..', 'shared', 'datasets'));
      expect(folders).toContain(resolve(process.cwd(), '..', 'shared', 'datasets'));
      expect(folders[folders.length - 1]).toBe(dir);
    } finally {
      if (before === undefined) delete process.env['PALIMPSEST_DATASETS'];
      else process.env['PALIMPSEST_DATASETS'] = before;
    }
  });
});
