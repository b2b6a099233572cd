#!/usr/bin/env bash
# The whole test suite from a fresh machine: set-up, static checks, unit tests, production build,
# browser tests in Debian's Chromium, and the production mode (PostgreSQL, Redis, three instances
# behind nginx). Ends with one summary line: "total: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh --browser --servers
SETUP_SECONDS=$SECONDS
# Every command below runs on the site's own Node 24 (the `node` package), not the machine's.
export PATH="$PWD/node_modules/.bin:$PATH"
echo "tests run on Node $(node -v)"

export NEXT_TELEMETRY_DISABLED=1
mkdir -p reports  # not test-results/: Playwright empties that folder when it starts
# Each step's wall time, printed before the summary (the README's budget: about 25 minutes in all).
: > reports/durations.txt
step() {
  local name=$1 start=$SECONDS rc=0
  shift
  "$@" || rc=$?
  echo "$name: $((SECONDS - start)) s" >> reports/durations.txt
  return $rc
}
# Two browser workers, fresh servers, one retry (playwright.config.ts), whether or not the CI sets CI.
export CI=1

# One PostgreSQL and one Redis for the whole run (deploy/servers.sh), stopped at the end.
export SERVERS_DIR="$PWD/.servers"
trap 'bash deploy/servers.sh stop all >/dev/null 2>&1 || true' EXIT
bash deploy/servers.sh start postgres >/dev/null
export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:${PG_PORT:-54329}/postgres

# The build every instance of the cluster runs: one server action key and one deployment id.
NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")
DEPLOYMENT_ID="test-$(date +%s)"
export NEXT_SERVER_ACTIONS_ENCRYPTION_KEY DEPLOYMENT_ID
printf 'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=%s\nDEPLOYMENT_ID=%s\n' "$NEXT_SERVER_ACTIONS_ENCRYPTION_KEY" "$DEPLOYMENT_ID" > "$SERVERS_DIR/build.env"

step typecheck npm run typecheck
step lint npm run lint -- --max-warnings=0
step unit npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json || unit_failed=1
# The Next contract (lib/next-adapter/README.md): a tiny app built with the installed next, each assumption checked on its output.
step next-contract npx vitest run -c tests/next-contract/vitest.config.mts --reporter=default --reporter=json --outputFile.json=reports/next-contract.json || unit_failed=1
step build npm run build
step size npm run size
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json step browser npx playwright test --reporter=list,json || e2e_failed=1
# The kill switches (scripts/test-matrix.sh runs the whole suite each way): a small subset, one spec per
# route type and journey, with the page cache off and with the loading after the first paint off.
SWITCH_SPECS=(e2e/pages.spec.ts e2e/forms.spec.ts e2e/consent.spec.ts e2e/checkout-journey.spec.ts e2e/nojs.spec.ts e2e/page-cache.spec.ts)
# Within them, one edition per end of the table (lv-lv, cy-el), both form paths, the banner, the cache's own
# checks and one checkout width: about 30 tests a switch.
SWITCH_GREP='lv-lv|cy-el|cache|consent|banner|1280x800|JavaScript'
PAGE_CACHE=off PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright-cache-off.json step browser-cache-off npx playwright test --project=desktop --reporter=list,json --grep "$SWITCH_GREP" "${SWITCH_SPECS[@]}" || e2e_failed=1
LATE_SCRIPTS=off PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright-late-off.json step browser-late-off npx playwright test --project=desktop --reporter=list,json --grep "$SWITCH_GREP" "${SWITCH_SPECS[@]}" || e2e_failed=1
# The unit tests and one browser journey again on the oldest supported Node (22, engines), while the
# run's PostgreSQL is up (the cluster below stops every server of SERVERS_DIR when it ends).
step oldest-node bash scripts/test-oldest-node.sh || oldest_failed=1
step cluster npx vitest run -c vitest.cluster.config.mts --reporter=default --reporter=json --outputFile.json=reports/cluster.json || cluster_failed=1
# The alert rules' unit tests (Debian's promtool, installed by setup.sh --servers).
step promtool node scripts/promtool-tests.mjs reports/promtool.json || promtool_failed=1

echo "setup: $SETUP_SECONDS s"; cat reports/durations.txt; echo "all: $SECONDS s"
node scripts/test-summary.mjs reports/vitest.json reports/next-contract.json reports/playwright.json reports/playwright-cache-off.json reports/playwright-late-off.json reports/cluster.json reports/promtool.json reports/vitest-oldest.json reports/playwright-oldest.json
exit $(( ${unit_failed:-0} | ${e2e_failed:-0} | ${cluster_failed:-0} | ${promtool_failed:-0} | ${oldest_failed:-0} ))
