// The time in Next per client (lib/http/next-budget.ts; issue 47, finding 2), on a hand-moved clock.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNextBudget } from '@/lib/http/next-budget.ts';

const response = () => new EventEmitter() as unknown as ServerResponse;
const done = (res: ServerResponse) => (res as unknown as EventEmitter).emit('close');

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

/** One request that takes `ms` in Next, from its start. */
async function run(budget: ReturnType<typeof createNextBudget>, ms: number, options = { page: false, contended: true }) {
  const res = response();
  const decision = await budget.take('203.0.113.5', res, options);
  if (decision.go) {
    vi.advanceTimersByTime(ms);
    done(res);
  }
  return decision;
}

describe('time in Next per client', () => {
  const settings = { perSecond: 100, burstMs: 500, maxWaitMs: 3_000, maxCostMs: 1_000, now: () => Date.now() };

  it('a flood of uncached requests from one client, others about: its share, a few wait, the rest 429 with Retry-After at once', async () => {
    const budget = createNextBudget(settings);
    const flood = Array.from({ length: 60 }, () => response());
    const decisions = flood.map((res) => budget.take('203.0.113.5', res, { page: false, contended: true }));
    const settled = new Map<number, Awaited<(typeof decisions)[number]>>();
    decisions.forEach((decision, i) => void decision.then((d) => settled.set(i, d)));
    await vi.advanceTimersByTimeAsync(0);
    const went = [...settled.values()].filter((d) => d.go).length;
    const refused = [...settled.values()].filter((d) => !d.go);
    // The 500 ms bucket lets about 25 in at the first estimate (20 ms each); about 15 wait (3 s); the rest are refused.
    expect(went).toBeGreaterThan(10);
    expect(went).toBeLessThan(40);
    expect(refused.length).toBeGreaterThan(10);
    for (const answer of refused) expect(answer).toMatchObject({ go: false, why: 'over' });
    expect(Math.min(...refused.map((d) => (d.go ? 0 : d.retryAfterSeconds)))).toBeGreaterThanOrEqual(3);
    // Those that went take 50 ms each; those waiting go in as the bucket refills, none is refused later.
    vi.advanceTimersByTime(50);
    flood.forEach((res, i) => settled.get(i)?.go && done(res));
    const waiting = 60 - settled.size;
    expect(waiting).toBeGreaterThan(5);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(settled.size).toBe(60);
    expect([...settled.values()].filter((d) => d.go).length).toBe(went + waiting);
    // It owes at most what refills in maxWaitMs.
    expect(budget.of('203.0.113.5').balance).toBeGreaterThanOrEqual(-300);
  });

  it('a page is delayed, never refused: it goes in as the bucket refills, in order', async () => {
    const budget = createNextBudget(settings);
    // The client spends its bucket and more: 600 ms in one request.
    await run(budget, 600, { page: true, contended: true });
    expect(budget.of('203.0.113.5').balance).toBeLessThan(0);
    const order: number[] = [];
    const waiting = Array.from({ length: 3 }, () => response());
    waiting.forEach((res, i) => void budget.take('203.0.113.5', res, { page: true, contended: true }).then((d) => d.go && order.push(i)));
    await vi.advanceTimersByTimeAsync(500);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(700);
    expect(order).toEqual([0]);
    for (let t = 0; t < 20 && order.length < 3; t++) await vi.advanceTimersByTimeAsync(500);
    expect(order).toEqual([0, 1, 2]);
  });

  it('a client alone is never held, and another client has its own bucket', async () => {
    const budget = createNextBudget(settings);
    for (let i = 0; i < 100; i++) expect((await run(budget, 50, { page: false, contended: false })).go).toBe(true);
    // What it spent alone counts (to at most maxWaitMs of debt): once others come, it waits first.
    void budget.take('203.0.113.5', response(), { page: true, contended: true });
    expect(budget.of('203.0.113.5').waiting).toBe(1);
    expect((await budget.take('198.51.100.9', response(), { page: false, contended: true })).go).toBe(true);
  });

  it('counts the time to the end of the answer, at most maxCostMs; a request closed while waiting leaves the queue', async () => {
    const budget = createNextBudget({ ...settings, burstMs: 100, maxWaitMs: 20_000 });
    await run(budget, 60_000, { page: true, contended: true }); // a slow reader: charged 1 s
    expect(budget.of('203.0.113.5').balance).toBeCloseTo(100 - 1_000, -2);
    const res = response();
    const waited = budget.take('203.0.113.5', res, { page: true, contended: true });
    expect(budget.of('203.0.113.5').waiting).toBe(1);
    done(res);
    expect(await waited).toMatchObject({ go: false, why: 'gone' });
    expect(budget.of('203.0.113.5').waiting).toBe(0);
  });

  it('off with perSecond 0', async () => {
    const budget = createNextBudget({ ...settings, perSecond: 0 });
    for (let i = 0; i < 50; i++) expect((await run(budget, 500)).go).toBe(true);
  });
});
