/**
 * A store item's home in the memory: the entity named by its namespace and key. Memory names are matched
 * without case ("Alice" is "alice"), while a store's namespaces and keys are case-sensitive, so each label
 * is percent-encoded with capitals escaped too ("A" → "%41"): distinct items get distinct entities, and the
 * name decodes back to the exact namespace and key. Labels are joined by "/", which the encoding escapes.
 */
import { InvalidArgumentError } from '@palimpsest/core';

/** Entity names longer than this (in UTF-8 bytes) are refused by the memory. */
const MAX_NAME_BYTES = 512;

function encodeLabel(label: string): string {
  return encodeURIComponent(label).replace(/[A-Z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The entity name of the item `key` in `namespace`; refuses one the memory could not hold, by name. */
export function itemName(namespace: readonly string[], key: string, call: string): string {
  if (typeof key !== 'string') throw new InvalidArgumentError(`${call}: key must be a string, got ${typeof key}`);
  const name = [...namespace, key].map(encodeLabel).join('/');
  const bytes = new TextEncoder().encode(name).byteLength;
  if (bytes > MAX_NAME_BYTES) {
    throw new InvalidArgumentError(`${call}: namespace and key encode to ${bytes} bytes; the memory holds names of at most ${MAX_NAME_BYTES}`);
  }
  return name;
}

/** The namespace and key an item's entity name stands for, or undefined for a name no item has. */
export function parseItemName(name: string): { namespace: string[]; key: string } | undefined {
  const parts = name.split('/');
  if (parts.length < 2) return undefined;
  try {
    const labels = parts.map((p) => decodeURIComponent(p));
    // Only names this encoding writes: another entity that happens to hold a "/" is not an item.
    if (labels.some((label, i) => encodeLabel(label) !== parts[i])) return undefined;
    return { namespace: labels.slice(0, -1), key: labels[labels.length - 1]! };
  } catch {
    return undefined;
  }
}

/** Whether `namespace` starts with `prefix` ("*" in the prefix matches any one label). */
export function hasPrefix(namespace: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= namespace.length && prefix.every((label, i) => label === '*' || label === namespace[i]);
}

/** Whether `namespace` ends with `suffix` ("*" matches any one label). */
export function hasSuffix(namespace: readonly string[], suffix: readonly string[]): boolean {
  const from = namespace.length - suffix.length;
  return from >= 0 && suffix.every((label, i) => label === '*' || label === namespace[from + i]);
}
