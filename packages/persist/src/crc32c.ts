/**
 * CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), slice-by-8. The log format's checksum: it
 * detects every burst of up to 32 damaged bits, and its polynomial has a larger minimum distance than
 * zlib's at the short lengths of log records. Node has no native CRC-32C (zlib.crc32 is the other
 * polynomial), so this one function runs everywhere and every runtime computes the same values.
 */

let tables: Int32Array | null = null;

/** Eight 256-entry tables in one array; built on first use, so importing has no side effect. */
function crcTables(): Int32Array {
  if (tables) return tables;
  const t = new Int32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n]!;
    for (let s = 1; s < 8; s++) {
      c = t[c & 0xff]! ^ (c >>> 8);
      t[s * 256 + n] = c;
    }
  }
  tables = t;
  return t;
}

/**
 * CRC-32C of `bytes` as an unsigned 32-bit integer (crc32c('123456789') === 0xe3069283). `previous`
 * continues a checksum: crc32c(b, crc32c(a)) === crc32c(a followed by b).
 */
export function crc32c(bytes: Uint8Array, previous = 0): number {
  const t = crcTables();
  const n = bytes.length;
  let crc = ~previous;
  let i = 0;
  for (const end8 = n - (n & 7); i < end8; i += 8) {
    const a = (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) ^ crc;
    crc =
      t[1792 + (a & 0xff)]! ^
      t[1536 + ((a >>> 8) & 0xff)]! ^
      t[1280 + ((a >>> 16) & 0xff)]! ^
      t[1024 + (a >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^
      t[512 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < n; i++) crc = t[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}
