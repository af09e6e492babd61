#!/usr/bin/env bash
# Known vulnerabilities in what Gamelle ships: govulncheck over the Go code (only vulnerable
# functions the code can reach fail it) and npm audit over the frontend's runtime dependencies.
# Run by `make lint`. Never passes silently: a check that cannot run says so in capitals.
#
# govulncheck's database: https://vuln.go.dev when reachable, else the same reports taken from
# the Go module proxy (module golang.org/x/vulndb, its data/osv directory, read with
# -db file://...), so it runs where only package registries are reachable. When neither can be
# had, the check fails unless VULNCHECK_OFFLINE_OK=1.
#
# npm audit needs the registry's advisory endpoint (POST /-/npm/v1/security/advisories/bulk);
# a registry mirror that does not serve it (405, 404) leaves it unable to run: that is reported
# as NOT RUN and fails only with NPM_AUDIT_REQUIRED=1 (set it where registry.npmjs.org is
# reachable, e.g. CI). Findings always fail.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
GOVULNCHECK_VERSION=v1.9.0
status=0

echo "govulncheck ./..."
db=""
if curl -fsS --max-time 10 -o /dev/null https://vuln.go.dev/index/db.json.gz 2>/dev/null; then
  db=https://vuln.go.dev
elif dir=$(cd /tmp && $GO mod download -json golang.org/x/vulndb@latest 2>/dev/null | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p') && [ -n "$dir" ] && [ -d "$dir/data/osv" ]; then
  db=file://$dir/data/osv
  echo "  database: golang.org/x/vulndb from the module proxy ($(basename "$dir"))"
fi
if [ -z "$db" ]; then
  echo "  GOVULNCHECK NOT RUN: neither vuln.go.dev nor golang.org/x/vulndb (module proxy) is reachable"
  if [ "${VULNCHECK_OFFLINE_OK:-}" != 1 ]; then status=1; fi
else
  # The standard library is checked at the toolchain go.mod names (GOTOOLCHAIN=auto fetches it
  # from the module proxy): that is the Go release builds must use. A machine pinned to an older
  # local Go (GOTOOLCHAIN=local) builds binaries with that release's standard library: said below.
  # -db file:// reads a flat directory of OSV files (golang.org/x/vuln internal/client hybridSource).
  GOTOOLCHAIN=auto $GO run golang.org/x/vuln/cmd/govulncheck@$GOVULNCHECK_VERSION -db "$db" ./... || status=1
  want=$(sed -n 's/^toolchain //p' go.mod)
  have=$($GO env GOVERSION)
  if [ -n "$want" ] && [ "$have" != "$want" ] && [ "$(printf '%s\n%s\n' "$have" "$want" | sort -V | head -n 1)" = "$have" ]; then
    echo "  WARNING: the local go is $have (GOTOOLCHAIN=$($GO env GOTOOLCHAIN)), older than go.mod's toolchain $want:"
    echo "  binaries built here carry the standard-library vulnerabilities $want fixes; build releases with GOTOOLCHAIN=auto."
  fi
fi

echo "npm audit --omit=dev"
out=$(cd frontend && npm audit --omit=dev --json 2>/dev/null) && rc=0 || rc=$?
if [ $rc -eq 0 ]; then
  echo "  no known vulnerability in the runtime dependencies"
elif echo "$out" | grep -q '"vulnerabilities"'; then
  (cd frontend && npm audit --omit=dev) || true
  status=1
else
  reason=$(echo "$out" | sed -n 's/^[[:space:]]*"message": "\(.*\)",$/\1/p' | head -n 1)
  echo "  NPM AUDIT NOT RUN: the registry's advisory endpoint did not answer (${reason:-exit $rc})"
  if [ "${NPM_AUDIT_REQUIRED:-}" = 1 ]; then status=1; fi
fi
exit $status
