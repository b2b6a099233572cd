#!/usr/bin/env bash
# The full checkout matrix against the sandbox provider on its own origin: every test card, 3-D Secure
# confirmed and not, cancel at the provider and on the site, with and without JavaScript, at 360 and
# 1280 px (e2e/payments.matrix.ts, 44 journeys). The README's test command runs a subset covering each
# verdict. Needs a build (npm run build). Usage: [E2E_PORT=3100] bash scripts/payments-matrix.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CI=1 npx playwright test --config=playwright.matrix.config.ts "$@"
