#!/usr/bin/env bash
# Sets up a fresh machine (Node 20.9+, npm, apt): npm packages from the lock file; with --browser,
# Debian's Chromium for the browser tests (Playwright cannot download its own browsers here); with
# --servers, Debian's PostgreSQL, Redis, nginx and Prometheus (promtool) for the production-mode tests.
# Usage: bash scripts/setup.sh [--browser] [--servers]
set -euo pipefail
cd "$(dirname "$0")/.."

node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20 || (a===20 && b<9)) { console.error("Node 20.9 or newer is needed, found "+process.version); process.exit(1) }'

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# The browser tests also run the Nu HTML Checker (npm vnu-jar), which needs a Java runtime.
if [[ " $* " == *" --browser "* ]]; then
  PACKAGES=""
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || PACKAGES="chromium"
  command -v java >/dev/null 2>&1 || PACKAGES="$PACKAGES default-jre-headless"
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
