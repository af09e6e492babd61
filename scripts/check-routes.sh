#!/usr/bin/env bash
# Fails when frontend/src/lib/routes.gen.ts differs from what `gamelle routes --ts` generates
# from the current router, and shows the difference. Fix: make routes (or the command below).
set -euo pipefail
cd "$(dirname "$0")/.."

checked_in=frontend/src/lib/routes.gen.ts
# cmd/gamelle embeds the Vite build; an empty placeholder is enough to compile when it is missing.
if [ ! -d frontend/dist ]; then
  mkdir -p frontend/dist && touch frontend/dist/.placeholder
fi
fresh="$(mktemp)"
trap 'rm -f "$fresh"' EXIT
go run ./cmd/gamelle routes --ts -o "$fresh"

if ! diff -u --label "$checked_in (checked in)" --label "gamelle routes --ts (fresh)" "$checked_in" "$fresh"; then
  echo >&2
  echo "routes.gen.ts is out of date with the Go router. Regenerate and commit it:" >&2
  echo "  go run ./cmd/gamelle routes --ts -o $checked_in" >&2
  exit 1
fi
echo "routes.gen.ts matches the router"
