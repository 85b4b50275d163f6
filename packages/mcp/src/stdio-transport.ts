/**
 * MCP over stdin/stdout, one JSON-RPC message per line, with every line bounded. The SDK's own stdio
 * transport buffers a line whole (a 50 MB line costs 50 MB and more), closes the connection past its
 * buffer limit and answers a malformed line with nothing; this one answers each bad line with a JSON-RPC
 * error and keeps serving:
 *   - a line that is not JSON: -32700 Parse error (id null);
 *   - JSON that is not a JSON-RPC message: -32600 Invalid Request (its id when it has one);
 *   - a line over `maxLineBytes`: -32600, and the rest of the line is skipped as it arrives, never held.
 *     The id of an oversize request is read from the line's first and last bytes (the SDK client writes
 *     `id` last), so the caller's pending request is answered instead of left to time out.
 * `close()` stops reading, lets the requests already read finish and answer, then reports the close once.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** The default bound on one message (a line on stdio, a body over HTTP): the SDK's HTTP default. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** How much of an oversize line's start and end is kept to find its id. */
const EDGE_BYTES = 512;

const NEWLINE = 0x0a;

/** The top-level id of a JSON-RPC request cut out of its text: first key after "jsonrpc", or the last key. */
export function idFromEdges(head: string, tail: string): RequestId | null {
  const value = String.raw`(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")`;
  const first = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${value}\s*,`).exec(head);
  const last = new RegExp(String.raw`,\s*"id"\s*:\s*${value}\s*\}\s*$`).exec(tail);
  const text = first?.[1] ?? last?.[1];
  if (text === undefined) return null;
  try {
    const id = JSON.parse(text) as unknown;
    return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : null;
  } catch {
    return null;
  }
}

function errorMessage(id: RequestId | null, code: number, message: string): JSONRPCMessage {
  // The SDK's message types have no id-null error; JSON-RPC 2.0 answers an unreadable request so.
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}

export interface LineTransportOptions {
  /** Longest line taken, in bytes (newline excluded). @default DEFAULT_MAX_MESSAGE_BYTES */
  maxLineBytes?: number;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly maxLineBytes: number;
  /** The current line's chunks and their length, while it is within the bound. */
  private parts: Buffer[] = [];
  private length = 0;
  /** Past the bound: the line is skipped up to its newline, keeping only its edges. */
  private skipping: { head: string; tail: Buffer } | undefined;
  /** Requests read and not yet answered: close() waits for them. */
  private readonly unanswered = new Set<RequestId>();
  private answered: (() => void) | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly input: NodeJS.ReadableStream & { destroy?: () => void } = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    options: LineTransportOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onInputError);
    this.output.on('error', this.onOutputError);
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (;;) {
      const nl = bytes.indexOf(NEWLINE);
      if (nl < 0) {
        this.take(bytes);
        return;
      }
      this.take(bytes.subarray(0, nl));
      this.endLine();
      bytes = bytes.subarray(nl + 1);
    }
  };

  /** Adds bytes of the current line; past the bound, keeps only its first and last bytes. */
  private take(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.skipping !== undefined) {
      const tail = Buffer.concat([this.skipping.tail, bytes]);
      this.skipping.tail = tail.subarray(Math.max(0, tail.length - EDGE_BYTES));
      return;
    }
    if (this.length + bytes.length <= this.maxLineBytes) {
      this.parts.push(bytes);
      this.length += bytes.length;
      return;
    }
    const line = Buffer.concat([...this.parts, bytes]);
    this.skipping = { head: line.subarray(0, EDGE_BYTES).toString('utf8'), tail: line.subarray(Math.max(0, line.length - EDGE_BYTES)) };
    this.parts = [];
    this.length = 0;
  }

  private endLine(): void {
    if (this.skipping !== undefined) {
      const id = idFromEdges(this.skipping.head, this.skipping.tail.toString('utf8'));
      this.skipping = undefined;
      this.reply(errorMessage(id, -32600, `Invalid Request: the message is longer than ${this.maxLineBytes} bytes (palimpsest-mcp --max-message-bytes)`));
      return;
    }
    const text = Buffer.concat(this.parts, this.length).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.length = 0;
    if (text.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.reply(errorMessage(null, -32700, 'Parse error: the line is not JSON'));
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown } | null)?.id;
      const known = typeof id === 'string' || typeof id === 'number' ? id : null;
      this.reply(errorMessage(known, -32600, 'Invalid Request: not a JSON-RPC 2.0 message'));
      return;
    }
    const message = parsed.data;
    if ('method' in message && 'id' in message) this.unanswered.add(message.id);
    // A cancelled request is not answered (MCP): close() must not wait for it.
    if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
      this.settle((message.params as { requestId?: RequestId } | undefined)?.requestId);
    }
    this.onmessage?.(message);
  }

  private reply(message: JSONRPCMessage): void {
    this.send(message).catch((e: unknown) => this.onerror?.(e as Error));
  }

  send(message: JSONRPCMessage): Promise<void> {
    if ('id' in message && !('method' in message)) this.settle(message.id);
    return new Promise((resolve) => {
      if (this.output.write(JSON.stringify(message) + '\n')) resolve();
      else this.output.once('drain', resolve);
    });
  }

  private settle(id: RequestId | undefined): void {
    if (id !== undefined && this.unanswered.delete(id) && this.unanswered.size === 0) this.answered?.();
  }

  private readonly onEnd = (): void => void this.close();
  private readonly onInputError = (e: Error): void => {
    this.onerror?.(e);
    void this.close();
  };
  /** The client went away (EPIPE): nothing more can be answered. */
  private readonly onOutputError = (e: Error): void => {
    this.onerror?.(e);
    this.unanswered.clear();
    this.answered?.();
    void this.close();
  };

  /** Stops reading, waits until every request already read is answered, then reports the close (once). */
  close(): Promise<void> {
    this.closing ??= Promise.resolve().then(async () => {
      this.input.off('data', this.onData);
      this.input.off('end', this.onEnd);
      this.input.pause();
      if (this.unanswered.size > 0) await new Promise<void>((resolve) => (this.answered = resolve));
      this.input.off('error', this.onInputError);
      this.input.destroy?.();
      this.onclose?.();
    });
    return this.closing;
  }
}
