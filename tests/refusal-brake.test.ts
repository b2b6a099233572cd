import { describe, expect, it } from 'vitest';
import { createRefusalBrake } from '@/lib/http/refusal-brake';
import { createRequestRate } from '@/lib/http/request-rate';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, pass: (ms: number) => void (time += ms) };
}

describe('the brake on a client the server keeps refusing (issue 37)', () => {
  it('lets a client go at once until it has had its free refusals within the window', () => {
    const c = clock();
    const brake = createRefusalBrake({ free: 3, windowMs: 10_000, delayMs: 50, now: c.now });
    brake.refused('192.0.2.1');
    brake.refused('192.0.2.1');
    expect(brake.braked('192.0.2.1')).toBe(false);
    brake.refused('192.0.2.1');
    expect(brake.braked('192.0.2.1')).toBe(true);
    // Another client, and another address of the same IPv6 /64, are apart from and one with it.
    expect(brake.braked('192.0.2.2')).toBe(false);
    for (let i = 0; i < 3; i++) brake.refused('2001:db8:1:2::1');
    expect(brake.braked('2001:db8:1:2:ffff::9')).toBe(true);
    expect(brake.braked('2001:db8:1:3::1')).toBe(false);
  });

  it('frees a client once its refusals are out of the window', () => {
    const c = clock();
    const brake = createRefusalBrake({ free: 2, windowMs: 10_000, delayMs: 50, now: c.now });
    brake.refused('192.0.2.1');
    c.pass(6_000);
    brake.refused('192.0.2.1');
    expect(brake.braked('192.0.2.1')).toBe(true);
    c.pass(4_001); // the first refusal is now older than the window
    expect(brake.braked('192.0.2.1')).toBe(false);
    c.pass(6_000);
    brake.braked('192.0.2.1'); // asked again, it is forgotten
    expect(brake.size()).toBe(0);
  });

  it('holds a braked client\'s request for the delay, and answers those beyond its share at once with Retry-After (issue 47: never a drop)', async () => {
    const brake = createRefusalBrake({ free: 1, windowMs: 10_000, delayMs: 80, maxHeld: 2 });
    expect(await brake.wait('192.0.2.1')).toEqual({ go: true }); // not braked: at once
    brake.refused('192.0.2.1');
    const began = performance.now();
    const held = [brake.wait('192.0.2.1'), brake.wait('192.0.2.1')];
    const third = await brake.wait('192.0.2.1');
    expect(third.go).toBe(false);
    // Retry-After: when its refusal leaves the window (10 s from now).
    expect(third).toEqual({ go: false, retryAfterSeconds: 10 });
    expect(performance.now() - began).toBeLessThan(40);
    expect(await Promise.all(held)).toEqual([{ go: true }, { go: true }]);
    expect(performance.now() - began).toBeGreaterThanOrEqual(75);
    // Another client is never held behind it.
    const other = performance.now();
    expect(await brake.wait('192.0.2.9')).toEqual({ go: true });
    expect(performance.now() - other).toBeLessThan(40);
  });

  it('holds a bounded number of requests of all clients together', async () => {
    const brake = createRefusalBrake({ free: 1, delayMs: 30, maxHeld: 4, maxHeldAll: 6 });
    for (let i = 0; i < 4; i++) brake.refused(`192.0.2.${i}`);
    const decisions = [];
    for (let i = 0; i < 4; i++) for (let j = 0; j < 2; j++) decisions.push(brake.wait(`192.0.2.${i}`));
    expect(brake.held()).toBe(6);
    const all = await Promise.all(decisions);
    expect(all.filter((d) => d.go)).toHaveLength(6);
    expect(all.filter((d) => !d.go)).toHaveLength(2);
    expect(brake.held()).toBe(0);
  });

  it('remembers a bounded number of clients', () => {
    const brake = createRefusalBrake({ free: 1, maxClients: 100 });
    for (let i = 0; i < 1_000; i++) brake.refused(`10.0.${i >> 8}.${i & 255}`);
    expect(brake.size()).toBe(100);
    expect(brake.braked('10.0.3.231')).toBe(true); // the last one
    expect(brake.braked('10.0.0.0')).toBe(false); // forgotten
  });
});

describe('requests per client in a window (the sharing images before Next)', () => {
  it('counts each client apart, refuses beyond the limit with the time left, and starts again', () => {
    const c = clock();
    const rate = createRequestRate({ limit: 3, windowMs: 60_000, now: c.now });
    for (let i = 0; i < 3; i++) expect(rate.take('192.0.2.1')).toEqual({ ok: true });
    c.pass(15_000);
    expect(rate.take('192.0.2.1')).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect(rate.take('192.0.2.2')).toEqual({ ok: true });
    c.pass(45_000);
    expect(rate.take('192.0.2.1')).toEqual({ ok: true });
  });

  it('remembers a bounded number of clients', () => {
    const rate = createRequestRate({ limit: 1, windowMs: 60_000, maxClients: 10 });
    for (let i = 0; i < 100; i++) rate.take(`10.0.0.${i}`);
    expect(rate.take('10.0.0.99').ok).toBe(false);
    expect(rate.take('10.0.0.0').ok).toBe(true); // forgotten, so counted afresh
  });
});
