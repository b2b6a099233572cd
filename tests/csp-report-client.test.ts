import { expect, it } from 'vitest';
import { POST } from '@/app/api/csp-report/route';

/**
 * Issue 40, section 4: the CSP report endpoint counts an IPv6 /64 as one client, like every other
 * limit (lib/clients/identity.ts), so one host cannot take 2^64 fresh allowances.
 */
const post = (from: string) =>
  POST(
    new Request('http://localhost/api/csp-report', {
      method: 'POST',
      // Outside server.ts (tests, next dev) the rightmost X-Forwarded-For entry is the client's address.
      headers: { 'content-type': 'application/reports+json', 'x-forwarded-for': from },
      body: JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'img-src', blockedURL: 'data' } }]),
    }),
  );

it('40 reports from 40 addresses of one IPv6 /64: 30 taken, then 429; another /64 is still served', async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= 40; i++) statuses.push((await post(`2001:db8:40:1:${i.toString(16)}::1`)).status);
  expect(statuses.filter((status) => status === 204)).toHaveLength(30);
  expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
  expect((await post('2001:db8:40:2::1')).status).toBe(204);
});
