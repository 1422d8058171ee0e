# The commands a newcomer needs: `make run` and `make test` (see README.md).
SHELL := /bin/bash
ADDR ?= 127.0.0.1:8080
GO ?= go
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOVULNCHECK := golang.org/x/vuln/cmd/govulncheck@v1.9.0
VULNDB := $(CURDIR)/tools/vulndb/db

ROOT ?= /srv/saber

.PHONY: publish rollback run build dev test test-go test-ts e2e lint vulncheck generate bench bench-serve bench-deps lighthouse inp deps chromium test-deps clean

## deps: install the JavaScript packages (React, TypeScript, Playwright) when package-lock.json changed
deps: node_modules/.installed
node_modules/.installed: package.json package-lock.json
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	@touch $@

## build: build the site into public/
build: deps
	$(GO) run ./cmd/build

## run: build the site and serve the whole shop on http://localhost:8080
run: build
	$(GO) run ./cmd/orderd serve -addr $(ADDR) -site ./public -data ./var

## dev: rebuild on every change of content/, templates/, components/ and reload the open page
dev: deps
	$(GO) run ./cmd/build -watch -serve $(ADDR)

## test: everything: Go tests (race detector), TypeScript check, browser tests in Debian's Chromium
test: test-go test-ts e2e

test-go: deps test-deps
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

test-ts: deps
	npx tsc --noEmit -p .
	npx tsc --noEmit -p tsconfig.sw.json

## test-deps: the Debian packages the tests run: Chromium for the screenshots
## and Lighthouse, its headless shell for the browser tests (no browser
## downloads), Caddy, systemd-analyze, promtool and rsync for the deploy files
## and the deploy guide's test (deploy/), pdftotext, xmllint and zbarimg to read
## invoices, their KSeF XML and QR codes back
TEST_COMMANDS := chromium chromium-headless-shell caddy systemd-analyze promtool rsync pdftotext xmllint zbarimg
TEST_PACKAGES := chromium chromium-headless-shell caddy systemd rsync poppler-utils libxml2-utils zbar-tools
test-deps:
	@for c in $(TEST_COMMANDS); do command -v $$c >/dev/null || missing=1; done; \
	[ -z "$$missing" ] || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(TEST_PACKAGES) && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends prometheus; }

chromium: test-deps

e2e: deps test-deps
	npx playwright test -c e2e/playwright.config.ts

## lint: gofmt, go vet, staticcheck, govulncheck, generated TS types up to date, TypeScript strict
lint: deps vulncheck
	@out=$$(gofmt -l cmd internal tools); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	$(GO) run ./tools/tsgen -check
	npx tsc --noEmit -p .
	npx tsc --noEmit -p tsconfig.sw.json

## vulncheck: govulncheck with vuln.go.dev, or the committed snapshot when it cannot be reached
vulncheck:
	@if curl -sf -m 10 -o /dev/null https://vuln.go.dev/index/db.json.gz 2>/dev/null; then \
	  echo "govulncheck: vulnerability data from https://vuln.go.dev"; \
	  $(GO) run $(GOVULNCHECK) ./...; \
	elif [ -f $(VULNDB)/index/modules.json ]; then \
	  echo "govulncheck: vuln.go.dev cannot be reached; vulnerability data from the committed snapshot tools/vulndb/db:" \
	    "$$(head -1 $(VULNDB)/SNAPSHOT | cut -d' ' -f1,3) (refresh: go run ./tools/vulndb -vulndb <clone of golang/vulndb>)"; \
	  $(GO) run $(GOVULNCHECK) -db file://$(VULNDB) ./...; \
	else \
	  echo "govulncheck: BLOCKED: vuln.go.dev cannot be reached and tools/vulndb/db is missing; no vulnerability data, nothing checked"; \
	  exit 1; \
	fi

## generate: rewrite components/generated/*.ts and desk/generated/desk.ts from the Go types (docs/contract.md)
generate:
	$(GO) run ./tools/tsgen

## bench: build benchmarks (real site, generated 1,000-page site, one-file rebuild, edit-to-reload)
bench: deps
	$(GO) test -p 1 -run '^$$' -bench . -benchtime 5x ./internal/site/ ./internal/devserver/

## bench-serve: orderd against nginx on the same built site (a page, a small and
## the large hashed script), each load from tools/loadgen in its own process, A/B
## rounds; then orders at 64 clients (docs/benchmarks.md, "Serving against nginx")
bench-serve: deps bench-deps
	$(GO) run ./tools/servebench $(BENCH_SERVE_FLAGS)

## bench-deps: the Debian packages bench-serve compares with: nginx and its
## brotli_static module
bench-deps:
	@command -v nginx >/dev/null && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx-light libnginx-mod-http-brotli-static; }

## lighthouse: mobile Lighthouse scores of key pages (figures for docs/benchmarks.md)
lighthouse: build test-deps
	@$(GO) build -o .build/orderd ./cmd/orderd
	@.build/orderd serve -addr 127.0.0.1:8089 -site ./public -data .build/lighthouse-var & pid=$$!; sleep 1; \
	  sleep 1; node scripts/lighthouse.mjs http://127.0.0.1:8089; status=$$?; kill $$pid; exit $$status

## inp: first click on Add to basket under Slow 4G and 4x CPU (INP, time to the header count; figures for docs/benchmarks.md)
inp: build test-deps
	@$(GO) build -o .build/orderd ./cmd/orderd
	@.build/orderd serve -addr 127.0.0.1:8089 -site ./public -data .build/inp-var -write-rate 0 & pid=$$!; sleep 2; \
	  node scripts/inp.mjs http://127.0.0.1:8089; status=$$?; kill $$pid; exit $$status

## publish: build the site and publish it to HOST (docs/deploy.md): rsync into
## ROOT/releases/STAMP, then `orderd publish` there checks it and switches
publish: build
	@test -n "$(HOST)" || { echo "usage: make publish HOST=root@shop.example.com [ROOT=/srv/saber]"; exit 2; }
	@stamp=$$(date -u +%Y%m%dT%H%M%SZ)-$$$$; \
	  rsync -a --link-dest=$(ROOT)/current/ public/ $(HOST):$(ROOT)/releases/$$stamp/ && \
	  ssh $(HOST) orderd publish -root $(ROOT) $(ROOT)/releases/$$stamp

## rollback: switch HOST back to the release before the current one
rollback:
	@test -n "$(HOST)" || { echo "usage: make rollback HOST=root@shop.example.com [ROOT=/srv/saber]"; exit 2; }
	ssh $(HOST) orderd rollback -root $(ROOT)

clean:
	rm -rf public .build test-results playwright-report
