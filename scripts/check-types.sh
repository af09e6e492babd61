#!/usr/bin/env bash
# Fails when frontend/src/types/props.gen.ts differs from what `gamelle types --ts` generates
# from the props structs declared with page.Define, and shows the difference.
# Fix: make types (or the command below).
set -euo pipefail
cd "$(dirname "$0")/.."

checked_in=frontend/src/types/props.gen.ts
# cmd/gamelle embeds the Vite build; an empty placeholder is enough to compile when it is missing.
if [ ! -d frontend/dist ]; then
  mkdir -p frontend/dist && touch frontend/dist/.placeholder
fi
fresh="$(mktemp)"
trap 'rm -f "$fresh"' EXIT
go run ./cmd/gamelle types --ts -o "$fresh"

if ! diff -u --label "$checked_in (checked in)" --label "gamelle types --ts (fresh)" "$checked_in" "$fresh"; then
  echo >&2
  echo "props.gen.ts is out of date with the Go props structs. Regenerate and commit it:" >&2
  echo "  go run ./cmd/gamelle types --ts -o $checked_in" >&2
  exit 1
fi
echo "props.gen.ts matches the Go props structs"
