#!/usr/bin/env bash
# Sets up a fresh machine (any Node with npm 10+, and apt): npm packages from the lock file, which bring the site's
# own Node.js 24 LTS (the `node` package: node_modules/.bin/node, first on PATH in every npm script; better-sqlite3 13
# ships Node-API binaries, so nothing is compiled); with --browser,
# Debian's Chromium for the browser tests (Playwright cannot download its own browsers here); with
# --servers, Debian's PostgreSQL, Redis, nginx and Prometheus (promtool) for the production-mode tests.
# Usage: bash scripts/setup.sh [--browser] [--servers]
set -euo pipefail
cd "$(dirname "$0")/.."

# The machine's own Node only runs npm here (npm 11 needs Node 20.17+); the site runs on the lock file's Node 24.
node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20 || (a===20 && b<17)) { console.error("npm needs Node 20.17 or newer to install the site, found "+process.version); process.exit(1) }'

if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
echo "site runtime: Node $(node_modules/.bin/node -v) (node_modules/.bin/node)"

# The browser tests also run the Nu HTML Checker (npm vnu-jar), which needs a Java runtime, and read the receipt PDF.
if [[ " $* " == *" --browser "* ]]; then
  PACKAGES=""
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || PACKAGES="chromium"
  command -v java >/dev/null 2>&1 || PACKAGES="$PACKAGES default-jre-headless"
  # pdftotext reads back the receipt PDF's text (e2e/payments-cross-origin.spec.ts).
  command -v pdftotext >/dev/null 2>&1 || PACKAGES="$PACKAGES poppler-utils"
  if [ -n "$PACKAGES" ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $PACKAGES >/dev/null
  fi
fi

if [[ " $* " == *" --servers "* ]]; then
  bash deploy/servers.sh install all
fi
