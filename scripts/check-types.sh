#!/usr/bin/env bash
# Fails when frontend/src/types/props.gen.ts differs from what `gamelle types --ts` generates
# from the props structs declared with page.Define, and shows the difference. Fix: make types.
exec "$(dirname "$0")/check-generated.sh" frontend/src/types/props.gen.ts types props.gen.ts "the Go props structs"
