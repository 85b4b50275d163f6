#!/bin/sh
# CI check: the committed generated code is what flatc makes from the committed schema.
# Exits 0 when current, 1 on a difference, 127 when flatc is missing.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$here/scripts/flatc.sh" "$tmp"
if diff -u "$here/src/generated/snapshot_generated.ts" "$tmp/snapshot_generated.ts"; then
  echo "persist: generated FlatBuffers code is current"
else
  echo "persist: src/generated is stale: run npm run flatc -w @palimpsest/persist" >&2
  exit 1
fi
