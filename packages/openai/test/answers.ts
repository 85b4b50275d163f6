/**
 * Answers computed from a request, for the fixture server (server.ts): a chat completion in the extraction
 * schema and embeddings of whatever texts were sent. Shared by the adapter, CLI and MCP tests.
 */
/** A chat answer for whatever turns the request names: each speaker mentions the turn's last word. */
export function chatAnswer(r: { body: Record<string, unknown> }): unknown {
  const turns = (JSON.parse((r.body['messages'] as Array<{ content: string }>)[1]!.content) as { turns: Array<{ turn_id: string; speaker: string | null; text: string }> }).turns;
  const answer = {
    turns: turns.map((t) => {
      const word = t.text.split(/\W+/).filter(Boolean).at(-1)!;
      const facts = t.speaker
        ? [{ subject: t.speaker, predicate: 'mentions', object: word, object_is_entity: true, valid_from: null, valid_to: null, confidence: 0.9, evidence: t.text }]
        : [];
      return { turn_id: t.turn_id, entities: [{ name: word, type: 'thing' }], facts };
    }),
  };
  return { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer), refusal: null }, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 } };
}

/** Embeddings for whatever texts the request names: a 4-number vector from the text's characters. */
export function embeddingAnswer(r: { body: Record<string, unknown> }): unknown {
  const input = r.body['input'] as string[];
  const data = input.map((text, index) => {
    const v = [0, 0, 0, 0];
    for (let i = 0; i < text.length; i++) v[i % 4] = v[i % 4]! + text.charCodeAt(i) / 1000;
    return { object: 'embedding', index, embedding: v };
  });
  return { object: 'list', data, usage: { prompt_tokens: input.length, total_tokens: input.length } };
}

/**
 * A chat reply that answers turn `tN` with `answers[N]` laid over an empty extraction (no entities, facts,
 * retractions or rules): a model scripted turn by turn, whatever batch the extractor sends.
 */
export function scriptedAnswers(answers: ReadonlyArray<Record<string, unknown> | undefined>): (r: { body: Record<string, unknown> }) => unknown {
  return (r) => {
    const turns = (JSON.parse((r.body['messages'] as Array<{ content: string }>)[1]!.content) as { turns: Array<{ turn_id: string }> }).turns;
    const content = { turns: turns.map((t) => ({ turn_id: t.turn_id, entities: [], facts: [], retractions: [], rules: [], ...answers[Number(t.turn_id.slice(1))] })) };
    return { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content), refusal: null }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  };
}
