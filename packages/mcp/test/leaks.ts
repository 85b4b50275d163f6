// Shared by the forget tests: a byte search for a secret in every encoding a file could hold it in.

/** Whether `secret` is in `bytes` as UTF-8 or UTF-16 (either byte order), ASCII case ignored. */
export function leaks(bytes: Uint8Array, secret: string): boolean {
  const hay = Buffer.from(bytes.map((c) => (c >= 0x41 && c <= 0x5a ? c + 32 : c)));
  const s = secret.toLowerCase();
  const le = Buffer.from(s, 'utf16le');
  return hay.includes(Buffer.from(s)) || hay.includes(le) || hay.includes(Buffer.from(le).swap16());
}

