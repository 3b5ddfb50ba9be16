#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit and integration tests (Vitest, real Postgres), then the
# end-to-end tests (Playwright in Debian's Chromium against the built Worker under wrangler dev).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "[test] installing Debian's Chromium for the end-to-end tests"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

mkdir -p .cache
export WRANGLER_SEND_METRICS=false

echo "[test] the Worker's bindings as wrangler types writes them (npm run types)"
npx wrangler types --env-interface WorkerBindings worker-configuration.d.ts >/dev/null
if ! git diff --quiet -- worker-configuration.d.ts; then
  echo "worker-configuration.d.ts is stale: wrangler.toml changed; commit what npm run types wrote"
  git --no-pager diff -- worker-configuration.d.ts
  exit 1
fi
echo "[test] typecheck"
npx tsc --noEmit
echo "[test] lint"
npx eslint . --max-warnings 0
npx prettier --check . >/dev/null
echo "[test] unit and integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/vitest.json
echo "[test] build"
npx remix vite:build >/dev/null
echo "[test] first-load JavaScript of / (budget 120 KiB gzip)"
npx tsx scripts/check-first-load.ts
echo "[test] production bundles (wrangler deploy --dry-run, each environment)"
for env in us eu; do
  echo -n "  $env: "
  if ! npx wrangler deploy --dry-run --env "$env" --outdir ".cache/deploy-$env" >".cache/deploy-$env.log" 2>&1; then
    tail -n 20 ".cache/deploy-$env.log"
    exit 1
  fi
  grep "Total Upload" ".cache/deploy-$env.log"
  # Deployed, sign-in throttling trusts the client address Cloudflare sets (see wrangler.toml).
  if ! grep -q 'TRUST_CF_CONNECTING_IP: "1"' ".cache/deploy-$env.log"; then
    echo "  $env would be deployed without TRUST_CF_CONNECTING_IP = \"1\" (.cache/deploy-$env.log)"
    exit 1
  fi
  # Nor with the end-to-end server's fault switch (app/lib/faults.server.ts).
  if grep -q 'YARDLINE_FAULTS' ".cache/deploy-$env.log"; then
    echo "  $env would be deployed with YARDLINE_FAULTS, the end-to-end tests' fault switch (.cache/deploy-$env.log)"
    exit 1
  fi
done
echo "[test] end-to-end tests"
PLAYWRIGHT_JSON_OUTPUT_NAME=.cache/playwright.json npx playwright test --reporter=list,json

node scripts/test-summary.mjs .cache/vitest.json .cache/playwright.json
