#!/usr/bin/env bash
# Fails when frontend/src/lib/routes.gen.ts differs from what `gamelle routes --ts` generates
# from the current router, and shows the difference. Fix: make routes.
exec "$(dirname "$0")/check-generated.sh" frontend/src/lib/routes.gen.ts routes routes.gen.ts "the Go router"
