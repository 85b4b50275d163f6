/**
 * What the snapshot encoder and decoder share about the body's schema (schema/snapshot.fbs): the file
 * identifier, the column element types and the config keys stored in their own fields.
 */
import { DType } from './generated/snapshot_generated.js';

export const FILE_IDENTIFIER = 'PLMP';
export const KNOWN_CONFIG_KEYS = ['minConfidence', 'dimensions', 'predicates', 'lastRecordedAt'];

type ColumnCtor =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Uint8ArrayConstructor;


export interface DTypeInfo {
  dtype: DType;
  tag: string;
  size: number;
  ctor: ColumnCtor;
}


export const DTYPES: DTypeInfo[] = [
  { dtype: DType.Float64, tag: 'Float64Array', size: 8, ctor: Float64Array },
  { dtype: DType.Float32, tag: 'Float32Array', size: 4, ctor: Float32Array },
  { dtype: DType.Int32, tag: 'Int32Array', size: 4, ctor: Int32Array },
  { dtype: DType.Uint32, tag: 'Uint32Array', size: 4, ctor: Uint32Array },
  { dtype: DType.Uint8, tag: 'Uint8Array', size: 1, ctor: Uint8Array },
];

export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}
