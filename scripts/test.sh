#!/usr/bin/env bash
# The whole test suite from a fresh machine: set-up, static checks, unit tests, production build,
# browser tests in Debian's Chromium. Ends with one summary line: "total: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh --browser

export NEXT_TELEMETRY_DISABLED=1
mkdir -p reports  # not test-results/: Playwright empties that folder when it starts
npm run typecheck
npm run lint -- --max-warnings=0
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
npm run build
npm run size
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json npx playwright test --reporter=list,json || e2e_failed=1

node scripts/test-summary.mjs reports/vitest.json reports/playwright.json
exit "${e2e_failed:-0}"
