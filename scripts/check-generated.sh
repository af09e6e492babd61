#!/usr/bin/env bash
# check-generated.sh FILE COMMAND NAME SOURCE [FLAG...]: fails when the checked-in FILE differs
# from what `gamelle COMMAND --ts FLAG...` generates from SOURCE, and shows the difference. Used
# by check-routes.sh and check-types.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

checked_in=$1 command=$2 name=$3 source=$4
shift 4
flags=(--ts "$@")
# cmd/gamelle embeds the Vite build; an empty placeholder is enough to compile when it is missing.
if [ ! -d frontend/dist ]; then
  mkdir -p frontend/dist && touch frontend/dist/.placeholder
fi
fresh="$(mktemp)"
trap 'rm -f "$fresh"' EXIT
go run ./cmd/gamelle "$command" "${flags[@]}" -o "$fresh"

if ! diff -u --label "$checked_in (checked in)" --label "gamelle $command ${flags[*]} (fresh)" "$checked_in" "$fresh"; then
  echo >&2
  echo "$name is out of date with $source. Regenerate and commit it:" >&2
  echo "  go run ./cmd/gamelle $command ${flags[*]} -o $checked_in" >&2
  exit 1
fi
echo "$name matches $source"
