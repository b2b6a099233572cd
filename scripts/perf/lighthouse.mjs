// Runs Lighthouse (one pinned version) on a page with this machine's Chromium: used by bench:web and
// scripts/perf/lantern.mjs. Writes the JSON report to `output`; `https` accepts the self-signed certificate
// of the nginx that bench:web --https puts in front of the apps; `args` are further Lighthouse flags.
import { execFileSync } from 'node:child_process';
import { chromiumLaunchOptions } from '../chromium.mjs';

export function runLighthouse(url, { output, https = false, args = [], env = {} }) {
  const flags = [...chromiumLaunchOptions.args, ...(https ? ['--ignore-certificate-errors'] : [])].join(' ');
  try {
    execFileSync('npx', ['-y', 'lighthouse@13.5.0', url, '--output=json', `--output-path=${output}`, '--quiet', `--chrome-flags=${flags}`, ...args], {
      env: { ...process.env, CHROME_PATH: chromiumLaunchOptions.executablePath, ...env },
      stdio: 'ignore',
    });
  } catch {
    // Lighthouse exits non-zero when Chromium cannot be closed cleanly; its report is usually whole.
  }
}
