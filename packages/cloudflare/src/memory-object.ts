/**
 * MemoryObject: one palimpsest memory in one Durable Object (the object named by the memory id).
 *
 * Every accepted write's operations go to the object's SQLite storage before the reply (OpStore); after
 * `snapshotEveryOps` operations or `snapshotEveryBytes` bytes since the last snapshot, the write that crossed
 * the line also saves a snapshot to R2 and drops the stored operations it covers. On wake the object loads
 * the latest snapshot and replays the stored operations after it, so reads equal those before it slept.
 *
 * Store, then show: a write's operations are stored in one transaction; if storing fails (a value past
 * SQLite's size limit, storage unavailable), the memory is loaded again from storage before anything else
 * is served, so no reader sees the write, later writes are stored, and a restart shows the same memory.
 */
import { DurableObject } from 'cloudflare:workers';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { InvalidArgumentError, MemoryGraph, NotFoundError } from '@palimpsest/core';
import type { ForgetOptions, ForgetResult, ForgetScope } from '@palimpsest/core';
import { MEMORY_TOOLS, SERVER_INSTRUCTIONS, registerTools, runTool } from '@palimpsest/mcp/tools';
import type { ToolContext, ToolMemory } from '@palimpsest/mcp/tools';
import { prepareForgetOf, rebuildForgotten, releaseRecallScratch } from '@palimpsest/core/internal';
import type { PreparedForget } from '@palimpsest/core/internal';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { checkMemoryId, readLimits } from './config.js';
import type { Env, Limits } from './config.js';
import { MemoryLimitError, StorageError } from './errors.js';
import { JSON_ROUTES, MEMORY_ROUTE, ROUTE, errorResponse, memoryIdOf, json, readBody } from './http.js';
import { OPS_TO_SNAPSHOT, PEAK_BUDGET_BYTES, opsTextBytes, peakEstimate } from './memory-budget.js';
import { OpStore } from './op-store.js';
import { deleteSnapshotsExcept, getSnapshot, pruneSnapshots, putSnapshot, snapshotKey, snapshotPrefix } from './snapshots.js';

export const SERVER_NAME = 'palimpsest';
export const SERVER_VERSION = '0.1.0';

/** The record time of the newest operation that has one (the init operation has none). */
function lastRecordedAt(mem: MemoryGraph): number {
  const n = mem.size.operations;
  for (const op of mem.log(Math.max(0, n - 8)).reverse()) {
    const at = (op as { recordedAt?: unknown }).recordedAt;
    if (typeof at === 'number') return at;
  }
  return -Infinity;
}

const byteLength = (text: string): number => new TextEncoder().encode(text).byteLength;

export class MemoryObject extends DurableObject<Env> {
  private store: OpStore;
  private readonly limits: Limits;
  private mem!: MemoryGraph;
  /** Operations of `mem` already stored (in the snapshot or the ops table). */
  private stored = 0;
  private pendingOps = 0;
  private pendingBytes = 0;
  private snapshotBytes = 0;
  /** The episodes' text as V8 holds it (memory-budget.ts textBytes): the projection's second term. */
  private textBytes = 0;
  private snapshotting: Promise<void> | undefined;
  /** Record times never go backwards, even if the clock of the machine the object moved to does. */
  private floor = -Infinity;
  /** Set when a write could not be stored: `mem` may hold it, so it is loaded again before anything is served. */
  private stale = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new OpStore(ctx.storage.sql);
    this.limits = readLimits(env);
    void ctx.blockConcurrencyWhile(() => this.wake());
  }

  private readonly now = (): number => (this.floor = Math.max(Date.now(), this.floor));

  private async wake(): Promise<void> {
    const snap = this.store.snapshot();
    const tail = this.store.tail(snap?.ops ?? 0);
    this.floor = -Infinity;
    const now = this.now;
    if (snap === undefined) {
      this.mem = tail.length > 0 ? MemoryGraph.replay(tail, { now }) : new MemoryGraph({ now });
      this.stored = tail.length;
      this.snapshotBytes = 0;
    } else {
      this.snapshotBytes = snap.bytes;
      // The snapshot, then the stored operations after it (not a replay of the snapshot's history).
      this.mem = decodeSnapshot(await getSnapshot(this.env.SNAPSHOTS, snap.key), { now });
      this.mem.applyOps(tail);
      this.stored = this.mem.size.operations;
    }
    const pending = this.store.pending();
    this.pendingOps = pending.ops;
    this.pendingBytes = pending.bytes;
    this.floor = lastRecordedAt(this.mem);
    this.textBytes = opsTextBytes(this.mem.opsSince(0));
    this.stale = false;
    // A forget stopped before it deleted every older snapshot: finish it.
    if (snap !== undefined && this.store.erasing()) await this.eraseOlderSnapshots(snap.key);
  }

  /** The memory as stored, loaded again (other events wait), when a write could not be stored. */
  private async fresh(): Promise<void> {
    if (this.stale) await this.ctx.blockConcurrencyWhile(() => this.wake());
  }

  // ---- erasure: forget and delete ----
  private async eraseOlderSnapshots(keep: string): Promise<void> {
    const memoryId = this.store.memoryId();
    if (memoryId !== undefined) await deleteSnapshotsExcept(this.env.SNAPSHOTS, snapshotPrefix(this.limits.snapshotPrefix, memoryId), keep);
    this.store.erased();
  }

  /**
   * Forgets (MemoryGraph.forget) and rewrites every stored copy: the rebuilt memory goes to R2 as the latest
   * snapshot, the object's database is dropped and started afresh (no deleted row left in its freed pages),
   * then every other snapshot of the memory is deleted. No other request runs meanwhile; readers see the
   * forget only once it is stored.
   *
   * The memory is not held twice: once the request is checked (bad input refused, nothing changed) and the
   * log rewritten, the live memory is let go and the memory after the forget is rebuilt from the rewritten
   * log alone. From then until it is stored the object is stale: any failure leaves it to load the unchanged
   * memory from storage (untouched until the rebuilt snapshot is put) before anything else is served.
   */
  private async forget(scope: ForgetScope, options: ForgetOptions, memoryId: string): Promise<ForgetResult> {
    return this.alone(async () => {
      await this.snapshotting;
      // No refusal of its own: a forget holds less than the save the write projection admits (README "Limits").
      releaseRecallScratch(this.mem); // as before a save: recall makes it again
      // Bad input is refused here, by name, with the live memory kept and nothing changed.
      const job: { prepared?: PreparedForget } = { prepared: prepareForgetOf(this.mem, scope, options) };
      this.stale = true;
      this.mem = new MemoryGraph({ now: this.now });
      let stored: { key: string; result: ForgetResult };
      try {
        stored = await this.rebuildAndStore(job, memoryId);
      } catch (error) {
        // Still stale: the next request loads the memory as storage holds it before it is served.
        throw new StorageError(`forget: memory "${memoryId}" could not be rebuilt and stored without what it forgets (${error instanceof Error ? error.message : String(error)}); it is loaded again from storage, as it was unless the new copy was stored`);
      }
      await this.eraseOlderSnapshots(stored.key);
      return stored.result;
    });
  }

  /** The rest of a forget once the live memory is let go: rebuild, save to R2, start the database afresh, take it on. */
  private async rebuildAndStore(job: { prepared?: PreparedForget }, memoryId: string): Promise<{ key: string; result: ForgetResult }> {
    const plan = rebuildForgotten(job.prepared!);
    job.prepared = undefined; // the rewritten operations: the rebuilt memory holds its own log
    const bytes = encodeSnapshot(plan.memory);
    const ops = plan.memory.size.operations;
    const key = snapshotKey(this.limits.snapshotPrefix, memoryId, ops);
    await putSnapshot(this.env.SNAPSHOTS, key, bytes, memoryId, ops);
    // A fresh database rather than deleted rows: a Durable Object may not turn on PRAGMA secure_delete or
    // VACUUM, so rows deleted from the old one could stay readable in its freed pages and log. The few meta
    // rows are written again in the same turn, before anything is awaited (FORGETTING.md). If this fails,
    // what storage holds is uncertain (the old database, or the fresh one naming the rewritten snapshot).
    const wiped = this.ctx.storage.deleteAll();
    this.store = new OpStore(this.ctx.storage.sql);
    this.ctx.storage.transactionSync(() => {
      this.store.setMemoryId(memoryId);
      this.store.rewrittenAs({ key, ops, bytes: bytes.byteLength });
    });
    await wiped;
    this.mem = plan.memory;
    this.stale = false;
    this.textBytes = opsTextBytes(this.mem.opsSince(0));
    this.stored = ops;
    this.snapshotBytes = bytes.byteLength;
    this.pendingOps = 0;
    this.pendingBytes = 0;
    return { key, result: { tombstone: plan.tombstone, counts: plan.counts } };
  }

  /**
   * Runs `work` with no other request in between. A refusal is passed on as it is: thrown inside
   * blockConcurrencyWhile it would reset the object, so it crosses that boundary as a value.
   */
  private async alone<T>(work: () => Promise<T>): Promise<T> {
    const outcome = await this.ctx.blockConcurrencyWhile(async () => {
      try {
        return { value: await work() };
      } catch (error) {
        return { error };
      }
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  /** Deletes this memory: every snapshot in R2 and all of the object's storage; it starts empty again. */
  private async deleteMemory(memoryId: string, call: string): Promise<void> {
    await this.alone(async () => {
      await this.snapshotting;
      if (this.store.memoryId() === undefined && this.mem.size.operations <= 1) throw new NotFoundError(`${call}: there is no memory ${JSON.stringify(memoryId)}`);
      await deleteSnapshotsExcept(this.env.SNAPSHOTS, snapshotPrefix(this.limits.snapshotPrefix, memoryId), undefined);
      await this.ctx.storage.deleteAll();
      this.store = new OpStore(this.ctx.storage.sql);
      this.mem = new MemoryGraph({ now: this.now });
      this.stored = 0;
      this.snapshotBytes = 0;
      this.textBytes = 0;
      this.pendingOps = 0;
      this.pendingBytes = 0;
    });
  }

  /** The peak this memory is projected to reach in the isolate (memory-budget.ts), with `incoming` more bytes written. */
  private projectedPeak(incoming = 0): number {
    // a body of n bytes adds at most n characters of text, two bytes each in V8, and its operations
    // count as snapshot bytes like the rest
    return peakEstimate(this.snapshotBytes + (this.pendingBytes + incoming) * OPS_TO_SNAPSHOT, this.textBytes + 2 * incoming);
  }

  /**
   * Refuses a write, by name and before anything changes, when the stored size plus its body would pass
   * MAX_MEMORY_BYTES, or when the memory it would make is projected to peak past what the isolate leaves it.
   */
  private checkRoom(call: string, memoryId: string, incoming: number): void {
    const max = this.limits.maxMemoryBytes;
    const holds = `${call}: memory "${memoryId}" holds ${this.storedBytes} bytes`;
    const peak = this.projectedPeak(incoming);
    const mib = (n: number): string => (n / 2 ** 20).toFixed(1);
    if (this.storedBytes + incoming > max) {
      throw new MemoryLimitError(
        `${holds}; this write (${incoming} bytes) would pass its limit of ${max} bytes (MAX_MEMORY_BYTES; with it the memory is projected to peak near ${mib(peak)} MiB of the ${mib(PEAK_BUDGET_BYTES)} MiB it may use)`,
      );
    }
    if (peak > PEAK_BUDGET_BYTES) {
      throw new MemoryLimitError(
        `${holds} and ${this.textBytes} bytes of text; with this write (${incoming} bytes) it would be projected to peak near ${mib(peak)} MiB while saving a snapshot, past the ${mib(PEAK_BUDGET_BYTES)} MiB of the isolate's 128 MiB a memory may use`,
      );
    }
  }

  /** Stored size: the latest snapshot plus the operations stored since (what MAX_MEMORY_BYTES bounds). */
  get storedBytes(): number {
    return this.snapshotBytes + this.pendingBytes;
  }

  /**
   * Runs `change` and stores its operations before resolving. Refused with MemoryLimitError, before
   * anything changes, when this request's body would take the memory past a limit (checkRoom).
   */
  private async write<T>(change: (mem: MemoryGraph) => T, call: string, memoryId: string, incoming: number): Promise<T> {
    this.checkRoom(call, memoryId, incoming);
    await this.fresh();
    let result: { value: T } | { error: unknown };
    try {
      result = { value: change(this.mem) };
    } catch (error) {
      result = { error };
    }
    // Whatever the memory now holds is stored, even if a composite change threw after applying part of itself.
    try {
      this.ctx.storage.transactionSync(() => this.storeNew(memoryId));
    } catch (e) {
      this.stale = true;
      await this.fresh().catch(() => undefined); // if loading fails too, the next request tries again first
      throw new StorageError(`${call}: memory "${memoryId}" could not store this write, so it was not applied (${e instanceof Error ? e.message : String(e)})`);
    }
    if (this.pendingOps >= this.limits.snapshotEveryOps || this.pendingBytes >= this.limits.snapshotEveryBytes) await this.snapshotSafely(memoryId);
    if ('error' in result) throw result.error;
    return result.value;
  }

  /** Stores the operations not yet stored (inside a transaction: all of them or none); counts them once stored. */
  private storeNew(memoryId: string): void {
    const ops = this.mem.log(this.stored);
    if (ops.length === 0) return;
    if (this.store.memoryId() === undefined) this.store.setMemoryId(memoryId);
    const bytes = this.store.append(this.stored, ops);
    this.textBytes += opsTextBytes(ops);
    this.pendingBytes += bytes;
    this.pendingOps += ops.length;
    this.stored += ops.length;
  }

  /**
   * A snapshot that fails (R2 unavailable) fails nothing else: the write is already stored, and the
   * operations stay in storage until a later write's snapshot succeeds.
   */
  private async snapshotSafely(memoryId: string): Promise<void> {
    this.snapshotting ??= this.snapshot(memoryId)
      .catch((e: unknown) => console.error(`palimpsest: snapshot of memory "${memoryId}" failed (operations kept in storage): ${String(e)}`))
      .finally(() => (this.snapshotting = undefined));
    await this.snapshotting;
  }

  /** Saves the memory to R2, records it as the latest snapshot and drops the operations it covers. */
  private async snapshot(memoryId: string): Promise<void> {
    const ops = this.stored;
    // the snapshot's bytes beside the graph are the object's largest moment: recall's scratch is not kept through it
    releaseRecallScratch(this.mem);
    const bytes = encodeSnapshot(this.mem);
    const key = snapshotKey(this.limits.snapshotPrefix, memoryId, ops);
    await putSnapshot(this.env.SNAPSHOTS, key, bytes, memoryId, ops);
    // Writes that arrived while the snapshot was uploading stay in the table: only seq < ops are dropped.
    this.ctx.storage.transactionSync(() => this.store.coveredBy({ key, ops, bytes: bytes.byteLength }));
    this.snapshotBytes = bytes.byteLength;
    const pending = this.store.pending();
    this.pendingOps = pending.ops;
    this.pendingBytes = pending.bytes;
    await pruneSnapshots(this.env.SNAPSHOTS, snapshotPrefix(this.limits.snapshotPrefix, memoryId), key, this.limits.keepSnapshots);
  }

  /** The tools' view of this object: only its own memory, with writes bounded by this request's size. */
  private toolContext(memoryId: string, incoming: number): ToolContext {
    const self = this;
    const memory = (call: string): ToolMemory => ({
      // Read at each use: the memory is replaced when a write could not be stored.
      get mem(): MemoryGraph {
        return self.mem;
      },
      write: (change) => this.write(change, call, memoryId, incoming),
      forget: (scope, options) => this.forget(scope, options, memoryId),
    });
    return {
      defaultMemory: memoryId,
      shelf: {
        get: async (id, call, options) => {
          if (id !== memoryId) throw new InvalidArgumentError(`${call}: this endpoint serves memory "${memoryId}" only; use /memories/${id}/ for "${id}"`);
          // A read of a memory nothing was ever written to is refused, as on disk (nothing is stored by it).
          if (options?.create === false && this.store.memoryId() === undefined) throw new NotFoundError(`${call}: no memory "${memoryId}" yet; nothing was written to it`);
          return memory(call);
        },
        delete: async (id, call) => {
          if (id !== memoryId) throw new InvalidArgumentError(`${call}: this endpoint serves memory "${memoryId}" only; use /memories/${id}/ for "${id}"`);
          await this.deleteMemory(memoryId, call);
        },
        list: async () => (this.store.memoryId() === undefined ? [] : [memoryId]),
      },
    };
  }

  override async fetch(request: Request): Promise<Response> {
    try {
      const whole = MEMORY_ROUTE.exec(new URL(request.url).pathname);
      if (whole !== null && request.method === 'DELETE') {
        const memoryId = memoryIdOf(whole[1]!);
        checkMemoryId(memoryId, 'delete');
        await this.deleteMemory(memoryId, 'DELETE /memories/:id');
        return this.withSize(json(200, { deleted: memoryId }));
      }
      const m = ROUTE.exec(new URL(request.url).pathname);
      if (m === null) throw new NotFoundError(`MemoryObject: no route ${new URL(request.url).pathname}`);
      const memoryId = memoryIdOf(m[1]!);
      const route = m[2]!;
      checkMemoryId(memoryId, route);
      await this.fresh();
      const known = this.store.memoryId();
      if (known !== undefined && known !== memoryId) throw new InvalidArgumentError(`${route}: this object holds memory "${known}", not "${memoryId}"`);
      const response = route === 'mcp' ? await this.mcp(request, memoryId) : await this.jsonRoute(request, memoryId, route);
      return this.withSize(response);
    } catch (e) {
      return this.withSize(errorResponse(e));
    }
  }

  /**
   * Every answer says how big the memory is, so a client sees the limit coming: the stored size, the limit
   * on it (MAX_MEMORY_BYTES), the operations stored since the latest snapshot, and the peak the memory is
   * projected to reach in the isolate beside the most it may (memory-budget.ts).
   */
  private withSize(response: Response): Response {
    const headers = new Headers(response.headers);
    headers.set('x-palimpsest-stored-bytes', String(this.storedBytes));
    headers.set('x-palimpsest-max-memory-bytes', String(this.limits.maxMemoryBytes));
    headers.set('x-palimpsest-pending-operations', String(this.pendingOps));
    headers.set('x-palimpsest-projected-peak-bytes', String(Math.ceil(this.projectedPeak())));
    headers.set('x-palimpsest-peak-budget-bytes', String(PEAK_BUDGET_BYTES));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  private async jsonRoute(request: Request, memoryId: string, route: string): Promise<Response> {
    const name = JSON_ROUTES[route];
    const tool = MEMORY_TOOLS.find((t) => t.name === name);
    if (tool === undefined) throw new NotFoundError(`${route}: no such route; routes are ${[...Object.keys(JSON_ROUTES), 'mcp'].join(', ')}`);
    if (request.method !== 'POST') return json(405, { error: 'InvalidArgumentError', message: `${route}: use POST with a JSON body` }, { allow: 'POST' });
    const text = await readBody(request, this.limits.maxRequestBytes, route);
    let input: unknown;
    try {
      input = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new InvalidArgumentError(`${route}: the body is not JSON`);
    }
    if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new InvalidArgumentError(`${route}: the body must be a JSON object`);
    const result = await runTool(tool, input, this.toolContext(memoryId, byteLength(text)));
    return json(200, result);
  }

  /** The MCP tools over Streamable HTTP, stateless: each POST is answered on its own (JSON, no SSE). */
  private async mcp(request: Request, memoryId: string): Promise<Response> {
    if (request.method !== 'POST') {
      const body = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, use POST' }, id: null };
      return json(405, body, { allow: 'POST' });
    }
    const text = await readBody(request, this.limits.maxRequestBytes, 'mcp');
    const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS });
    registerTools(server, this.toolContext(memoryId, byteLength(text)));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(new Request(request.url, { method: 'POST', headers: request.headers, body: text }));
    } finally {
      await server.close();
    }
  }
}
