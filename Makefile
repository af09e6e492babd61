# Gamelle: `make run` serves the app, `make test` runs every test. Both set up what they need.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

GO      ?= go
NPM     ?= npm
BIN     := bin/gamelle
FE      := frontend
PG      := scripts/dev-postgres.sh
# The test cluster trades durability for speed: it only ever holds throwaway databases.
TEST_PG_ENV := GAMELLE_PG_FSYNC=off GAMELLE_PG_SYNC_COMMIT=off

.PHONY: run dev test test-go test-frontend test-e2e js-budget bench lint lint-except-ts deps frontend build db db-stop clean routes types og-image soak soak-short

deps: $(FE)/node_modules/.install-stamp
	@$(GO) mod download

$(FE)/node_modules/.install-stamp: $(FE)/package.json $(FE)/package-lock.json
	cd $(FE) && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

frontend: deps
	cd $(FE) && $(NPM) run build --silent

build: frontend
	$(GO) build -o $(BIN) ./cmd/gamelle

# Re-make the link-preview cards (handlers/static/og-image.<lang>.png, committed) after changing
# scripts/og-image.mjs or the landing texts they show; needs Chromium like the browser tests.
og-image: deps
	@scripts/ensure-chromium.sh
	node scripts/og-image.mjs

# Serve the app. Without DATABASE_URL a project-local PostgreSQL cluster is started (or reused).
run: build
	@rm -f .data/vite.hot  # a dev server left behind by an interrupted make dev
	@url="$${DATABASE_URL:-$$($(PG) start)}"; \
	echo "Gamelle on http://localhost:$${PORT:-8080}"; \
	DATABASE_URL="$$url" exec ./$(BIN) serve

# Go server plus the Vite dev server with hot reload.
dev: deps
	@mkdir -p .data $(FE)/dist; [ -f $(FE)/dist/.vite/manifest.json ] || $(MAKE) frontend
	@url="$${DATABASE_URL:-$$($(PG) start)}"; \
	echo "http://localhost:5173" > .data/vite.hot; \
	trap 'rm -f .data/vite.hot; kill 0' EXIT; \
	(cd $(FE) && $(NPM) run dev -- --strictPort) & \
	DATABASE_URL="$$url" $(GO) run ./cmd/gamelle serve

db:
	@$(PG) start

# Stop the local clusters (development, test, soak) started by make run / make test / make soak.
db-stop:
	@$(PG) stop
	@$(PG) stop $(CURDIR)/.data/pg-test
	@$(PG) stop $(CURDIR)/.data/pg-soak

# make test's phases in order; a+b run at the same time (scripts/test-phases.sh): the short soak
# mostly waits (its load is 4 people, then jobs draining), so lint's CPU work fills its 78 s.
TEST_PHASES ?= build lint+soak-short test-go test-frontend js-budget test-e2e

# -trimpath keeps the source directory out of the Go build cache's keys (and staticcheck's), so a
# fresh clone on this machine reuses what an earlier run compiled and analysed instead of
# compiling every package again (docs/performance.md, "make test").
test: deps frontend
	@scripts/ensure-chromium.sh
	@url="$${TEST_DATABASE_URL:-$$($(TEST_PG_ENV) $(PG) start $(CURDIR)/.data/pg-test)}"; \
	export TEST_DATABASE_URL="$$url" E2E_DATABASE_URL="$$url" GOFLAGS="-trimpath $${GOFLAGS:-}"; \
	MAKE="$(MAKE)" scripts/test-phases.sh $(TEST_PHASES)

# The packages where concurrency is the point (appends, the command runner, the ledger, the
# projection reader, rate limits' callers) run under the race detector; the whole tree under it
# costs ~8 more minutes on 2 cores (measured 2026-11-22, no race found), past the CI budget.
RACE_PKGS := ./eventstore/... ./app/ledger/... ./projections/... ./jobs/...

# -vet=off: lint runs the full go vet over the same packages and their tests; go test's own
# subset would only repeat it.
test-go:
	$(GO) test -count=1 -vet=off -race $(RACE_PKGS)
	$(GO) test -count=1 -vet=off $$($(GO) list ./... | grep -v -e '/eventstore' -e '/app/ledger' -e '/projections' -e '/jobs$$')

test-frontend:
	cd $(FE) && $(NPM) test --silent

# The landing page's gzipped JavaScript (entry + static imports) against its budget; a size, not
# a timing, so it belongs to the tests (docs/performance.md). Needs the frontend build.
js-budget:
	$(GO) run ./cmd/jsbudget

test-e2e:
	cd $(FE) && GAMELLE_BIN=$(CURDIR)/$(BIN) $(NPM) run e2e --silent

# The TypeScript check (~30 CPU-s on one core) runs beside the Go checks, its output held back
# and printed after theirs; lint fails if either does (docs/performance.md, "make test").
lint:
	@log="$$(mktemp)"; trap 'rm -f "$$log"' EXIT; \
	(cd $(FE) && $(NPM) run typecheck --silent) >"$$log" 2>&1 & tsc=$$!; \
	rest=0; $(MAKE) --no-print-directory lint-except-ts || rest=$$?; \
	ts=0; wait $$tsc || ts=$$?; \
	echo "cd $(FE) && $(NPM) run typecheck --silent (exit $$ts)"; cat "$$log"; \
	[ $$rest -eq 0 ] && [ $$ts -eq 0 ]

# lint but the TypeScript check.
lint-except-ts:
	$(GO) vet ./...
	@GO=$(GO) scripts/lint-go.sh
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@scripts/check-routes.sh
	@scripts/check-doc-links.sh
	@scripts/check-types.sh
	@GO=$(GO) scripts/vulncheck.sh

# Regenerate the typed route table after adding or changing a route.
routes:
	$(GO) run ./cmd/gamelle routes --ts -o $(FE)/src/lib/routes.gen.ts

# Regenerate the page props types after adding a page or changing a props struct.
types:
	$(GO) run ./cmd/gamelle types --ts -o $(FE)/src/types/props.gen.ts
	$(GO) run ./cmd/gamelle types --ts --check -o $(FE)/src/page-props-check.gen.ts

# Every benchmark, each beside a baseline measured in the same run (dedicated cluster
# .data/pg-bench), ending with one summary table: landing JavaScript, recipe engine, charges,
# projection lag/idle/wake-up cost, rebuild, meal prep, pages on the real server. About ten
# minutes on 2 cores; run one part with -skip (docs/performance.md).
bench: deps frontend
	$(GO) run ./cmd/bench

# 2 web + 2 worker processes of the real binary on a PostgreSQL cluster of its own
# (.data/pg-soak), simulated people, kill -9 of workers and web processes, a PostgreSQL restart
# and a 20 s outage, then the invariants; writes docs/reliability.md. Several minutes.
soak: build
	$(GO) run ./cmd/soak -bin $(BIN) -report docs/reliability.md

# The short soak of make test: 40 s of load, fewer kills, a 5 s outage (docs/reliability.md).
soak-short:
	$(GO) run ./cmd/soak -short -bin $(BIN)

clean:
	rm -rf $(BIN) $(FE)/dist $(FE)/test-output
