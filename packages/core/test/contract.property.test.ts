/**
 * The bi-temporal contract (contract/suite.ts) against every way core gives a memory: the live memory the
 * operations were written to, a replay of its log, a memory from its exported state, and views at a cut.
 * Persist runs the same suite on its snapshot and log round trips (packages/persist/test/contract.test.ts).
 */
import { MemoryGraph } from '@palimpsest/core';
import { contract, memorySubject } from './contract/suite.js';

const runs = Number(process.env.PALIMPSEST_PROPERTY_RUNS ?? 150);
// The derived memories run a fifth as many sequences: the live memory's runs already cover the engine.
const derivedRuns = Math.ceil(runs / 5);

contract({ name: 'the live memory', reads: 'all', sameAsLive: 'nothing', numRuns: runs, make: (live) => memorySubject(live) });

contract({
  name: 'MemoryGraph.replay(log) of its JSON',
  reads: 'all',
  sameAsLive: 'state and log',
  numRuns: derivedRuns,
  make: (live) => memorySubject(MemoryGraph.replay(JSON.parse(JSON.stringify(live.log())), { now: () => live.now() })),
});

contract({
  name: 'MemoryGraph.fromState(exportState())',
  reads: 'all',
  sameAsLive: 'state',
  numRuns: derivedRuns,
  make: (live) => memorySubject(MemoryGraph.fromState(live.exportState(), { now: () => live.now() })),
});

contract({
  name: 'a view at the cut, mem.at({ validAt, knownAt })',
  reads: 'facts',
  sameAsLive: 'nothing',
  numRuns: derivedRuns,
  make: (live) => ({
    facts: ({ validAt, knownAt, ...rest }) => live.at({ validAt, knownAt }).facts(rest),
  }),
});
