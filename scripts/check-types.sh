#!/usr/bin/env bash
# Fails when frontend/src/types/props.gen.ts or page-props-check.gen.ts differs from what
# `gamelle types --ts` (and `--ts --check`) generates from the props structs declared with
# page.Define, and shows the difference. Fix: make types.
set -euo pipefail
dir="$(dirname "$0")"
"$dir/check-generated.sh" frontend/src/types/props.gen.ts types props.gen.ts "the Go props structs"
"$dir/check-generated.sh" frontend/src/page-props-check.gen.ts types page-props-check.gen.ts "the Go page declarations" --check
