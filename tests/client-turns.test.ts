import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createClientTurns } from '@/lib/http/client-turns';

/**
 * Each client's turns in Next (lib/http/client-turns.ts; issue 37, finding 4): eight loops from one
 * client asking /api/og took a cached page of another client from 8.8 ms to a 1,111 ms median, because
 * all eight were in Next at once and everyone else's request waited behind them.
 */
const response = () => new EventEmitter() as unknown as ServerResponse;
const done = (res: ServerResponse) => (res as unknown as EventEmitter).emit('close');
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('turns in Next per client', () => {
  it('while another client is about, one client has two requests in Next at once; the rest wait in order', async () => {
    const turns = createClientTurns({ shared: 2, alone: 16, queue: 100 });
    turns.arrived('198.51.100.9'); // the other client
    const flood = Array.from({ length: 8 }, () => response());
    const order: number[] = [];
    flood.forEach((res, i) => {
      turns.arrived('203.0.113.5');
      void turns.turn('203.0.113.5', res).then((go) => go && order.push(i));
    });
    await flush();
    expect(order).toEqual([0, 1]);
    expect(turns.of('203.0.113.5')).toEqual({ running: 2, waiting: 6 });
    // The other client is not behind the flood: its request goes in at once.
    expect(await turns.turn('198.51.100.9', response())).toBe(true);
    done(flood[0]!);
    await flush();
    expect(order).toEqual([0, 1, 2]);
    for (const res of flood.slice(1)) done(res);
    await flush();
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a client alone is not held back; beyond its queue, refused; a request closed while waiting leaves the queue', async () => {
    let now = 0;
    const turns = createClientTurns({ shared: 2, alone: 4, queue: 2, presentMs: 1_000, now: () => now });
    turns.arrived('198.51.100.9');
    now = 2_000; // the other client is gone
    turns.arrived('203.0.113.5');
    const running = Array.from({ length: 4 }, () => response());
    expect(await Promise.all(running.map((res) => turns.turn('203.0.113.5', res)))).toEqual([true, true, true, true]);
    const waiting = [response(), response()];
    const waited = waiting.map((res) => turns.turn('203.0.113.5', res));
    expect(await turns.turn('203.0.113.5', response())).toBe(false);
    done(waiting[0]!); // the client went away while it waited
    expect(await waited[0]).toBe(false);
    expect(turns.of('203.0.113.5')).toEqual({ running: 4, waiting: 1 });
    done(running[0]!);
    expect(await waited[1]).toBe(true);
  });

  it('once the others have gone, waiting requests go in without waiting for a slow running one to end (issue 47)', async () => {
    let now = 0;
    const turns = createClientTurns({ shared: 2, alone: 16, queue: 100, presentMs: 1_000, now: () => now });
    turns.arrived('198.51.100.9');
    turns.arrived('203.0.113.5');
    const slow = [response(), response()]; // two sharing images drawn slowly: they hold both shared turns
    expect(await Promise.all(slow.map((res) => turns.turn('203.0.113.5', res)))).toEqual([true, true]);
    const pages = Array.from({ length: 3 }, () => turns.turn('203.0.113.5', response()));
    expect(turns.of('203.0.113.5')).toEqual({ running: 2, waiting: 3 });
    now = 2_000; // the other client is gone; the slow ones still run
    expect(await Promise.all(pages)).toEqual([true, true, true]);
    expect(turns.of('203.0.113.5')).toEqual({ running: 5, waiting: 0 });
  });

  it('counts an IPv6 /64 as one client', async () => {
    const turns = createClientTurns({ shared: 1, alone: 1, queue: 10 });
    expect(await turns.turn('2001:db8:1:2::1', response())).toBe(true);
    void turns.turn('2001:db8:1:2::ffff', response());
    await flush();
    expect(turns.of('2001:db8:1:2::42')).toEqual({ running: 1, waiting: 1 });
  });
});
