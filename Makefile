# Common tasks. `make start` and `make test` need nothing but Node.js (and, for make test, root
# or the Debian packages postgresql, redis-server, nginx and chromium already installed).
SHELL := /bin/bash
export npm_config_fund := false
export npm_config_audit := false

.PHONY: start test check install build openapi seed topology clean system-deps bench

node_modules/.installed: package.json package-lock.json $(wildcard */package.json services/*/package.json)
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.installed

## The contract's files, the front end, and every production Node process compiled to JavaScript.
build: install
	npm run build -w @rsv/api
	npm run build -w @rsv/web
	node --import tsx infra/build/compile.ts

## Run the whole site on http://localhost:8080 (embedded PGlite, in-process queue, demo content).
# Production mode: React's server renderer is several times faster than its development build. The
# process runs as compiled by build (gateway/dist/embedded.js): it starts with less work than tsx.
start: build
	NODE_ENV=production node gateway/dist/embedded.js

## Format check, lint and typecheck over the whole tree.
check: install
	npx prettier --check --log-level warn .
	npx eslint --max-warnings 0 .
	npx tsc -p tsconfig.json

## Regenerate the typed client from openapi/openapi.yaml.
openapi: install
	npm run generate -w @rsv/api

## Migrate and seed demo content into DATABASE_URL (or the embedded database).
seed: install
	node --import tsx gateway/src/seed.ts

## Everything: checks, then every suite against throwaway PostgreSQL, Redis and nginx.
test: install system-deps
	node --import tsx infra/test/run.ts

## The site's speed next to this machine's ceiling (local topology and embedded mode, about 30
# minutes); prints the table and writes it to docs/performance.md. Not part of make test.
bench: build
	@bash infra/local/system-deps.sh bench
	node --import tsx infra/bench/run.ts

system-deps:
	@bash infra/local/system-deps.sh

clean:
	rm -rf .data test-results frontend/dist openapi/dist gateway/dist services/*/dist
