#!/usr/bin/env bash
# The browser suite's content, navigation and accessibility specs on 10× content (issue 50); not part of scripts/test.sh.
# Usage: bash scripts/test-scale.sh [factor]   (after `npm run build`: the servers read CONTENT_DIR at run time, so the
# same build serves the grown content). The ports are the browser tests' own (E2E_PORT, E2E_SANDBOX_*_HOST).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
FACTOR="${1:-10}"
[ -f .next/BUILD_ID ] || { echo "test-scale: no build (.next/BUILD_ID); run npm run build first" >&2; exit 2; }
npm run -s content:scale -- --factor "$FACTOR"
# CONTENT_DIR reaches the servers playwright.config.ts starts and the specs themselves (lib/content-root.ts),
# so both read the same grown content; CI=1: fresh servers, never one left running on another content.
export CONTENT_DIR="content-scale/x$FACTOR" CI="${CI:-1}"
echo "test-scale: content, navigation and accessibility specs on ${FACTOR}× content ($CONTENT_DIR)"
exec npx playwright test --project=desktop e2e/content.spec.ts e2e/navigation.spec.ts e2e/a11y.spec.ts "${@:2}"
