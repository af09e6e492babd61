#!/usr/bin/env bash
# Go checks beyond go vet, run by `make lint`: tidy modules, staticcheck, and no dead code.
# The tools are pinned and installed on first use into .data/tools (gitignored), so a fresh
# clone needs nothing but Go.
set -euo pipefail
cd "$(dirname "$0")/.."

GO="${GO:-go}"
TOOLS="$PWD/.data/tools"
STATICCHECK_VERSION=v0.8.2
DEADCODE_VERSION=v0.39.0
REVIVE_VERSION=v1.17.0
GOCYCLO_VERSION=v0.6.0

# install NAME PACKAGE@VERSION: reinstall when missing or when the pin changed.
install() {
	local name=$1 pkg=$2 stamp="$TOOLS/.$1.version"
	if [[ ! -x "$TOOLS/$name" || "$(cat "$stamp" 2>/dev/null)" != "$pkg" ]]; then
		echo "installing $pkg into .data/tools" >&2
		GOBIN="$TOOLS" "$GO" install "$pkg"
		echo "$pkg" >"$stamp"
	fi
}
mkdir -p "$TOOLS"
install staticcheck honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION
install deadcode golang.org/x/tools/cmd/deadcode@$DEADCODE_VERSION
install revive github.com/mgechev/revive@$REVIVE_VERSION
install gocyclo github.com/fzipp/gocyclo/cmd/gocyclo@$GOCYCLO_VERSION

# go.mod/go.sum must be what `go mod tidy` writes (direct dependencies not marked indirect).
"$GO" mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy" >&2; exit 1; }

"$TOOLS/staticcheck" ./...

# Functions no binary and no test reaches. -test counts test-only helpers as used.
# Allowlist: one regexp per reported "file:line:col: unreachable func: Name" that must stay,
# each with its reason. Empty today.
allow=()
dead="$("$TOOLS/deadcode" -test ./...)"
for re in "${allow[@]}"; do dead="$(grep -Ev -- "$re" <<<"$dead" || true)"; done
if [[ -n "$dead" ]]; then
	echo "dead code (remove it, or allowlist it with a reason in scripts/lint-go.sh):" >&2
	echo "$dead" >&2
	exit 1
fi

# Size bounds of the recipe engine (docs/architecture.md, "Size bounds"): no function of
# domain/nutrition (its tests included) over cyclomatic complexity 25 (gocyclo) or 80 lines
# (revive's function-length).
"$TOOLS/gocyclo" -over 25 domain/nutrition &&
	"$TOOLS/revive" -config scripts/revive-size.toml ./domain/nutrition/... ||
	{ echo "domain/nutrition: a function over the size bounds (docs/architecture.md, \"Size bounds\")" >&2; exit 1; }
