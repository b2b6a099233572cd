// Not committed: the journeys that type personal data, then the logs check (the full suite is too slow here today).
import base from './playwright.config';
const [desktop, phone, logs] = base.projects!;
export default {
  ...base,
  projects: [
    { ...desktop, testIgnore: undefined, testMatch: ['**/forms.spec.ts', '**/payments.spec.ts', '**/consent.spec.ts', '**/hostile.spec.ts', '**/observability.spec.ts', '**/csp-report.spec.ts'] },
    { ...phone, testMatch: ['**/forms.mobile.spec.ts', '**/payments.mobile.spec.ts', '**/checkout.mobile.spec.ts'] },
    logs,
  ],
};
