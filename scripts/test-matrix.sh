#!/usr/bin/env bash
# The full browser suite under each kill switch of the production server (issue 37): the defaults, the
# page cache off (PAGE_CACHE=off), and the scripts and RSC data after the first paint off (LATE_SCRIPTS=off).
# Each must pass: without them the site is slower, never wrong. Needs a build (npm run build).
#   bash scripts/test-matrix.sh            # all three
#   bash scripts/test-matrix.sh cache-off  # one of: default, cache-off, late-off
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# axe on every route of all nine editions (the README's test command takes one per language and country).
export A11Y_EDITIONS=all
mkdir -p reports
failed=0
for setting in "${@:-default cache-off late-off}"; do
  for one in $setting; do
    case $one in
      default) env=() ;;
      cache-off) env=(PAGE_CACHE=off) ;;
      late-off) env=(LATE_SCRIPTS=off) ;;
      *) echo "unknown setting: $one" >&2; exit 2 ;;
    esac
    echo "== browser suite: $one ${env[*]:-}"
    # CI=1: fresh servers for each setting (never one left running with another setting).
    env "${env[@]}" CI=1 PLAYWRIGHT_JSON_OUTPUT_NAME="reports/playwright-$one.json" npx playwright test --reporter=list,json || failed=1
  done
done
exit $failed
