import { afterAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(async () => {
  (await import('./support/temp-env')).tempEnv({ NODE_ENV: 'production' });
});

import { clientHeader, dropProcessValue, missingGuarantees, onShutdown, processValue, requestedStatus, runShutdown, setClientHeader, STATUS_HEADER } from '@/lib/handoff.ts';
import { clientAddress } from '@/lib/clients';

afterAll(() => dropProcessValue('server'));

describe('the handoffs between server.ts and the app (lib/handoff.ts)', () => {
  it('a process value is one object for every bundle of the process', async () => {
    const made = vi.fn(() => ({ n: 1 }));
    const first = processValue('test-value', made);
    // Another bundle has its own copy of the module: load a fresh one.
    vi.resetModules();
    const again = (await import('@/lib/handoff.ts')).processValue('test-value', made);
    expect(again).toBe(first);
    expect(made).toHaveBeenCalledTimes(1);
    dropProcessValue('test-value');
    expect(processValue('test-value', () => ({ n: 2 }))).toEqual({ n: 2 });
    dropProcessValue('test-value');
  });

  it('the client address: the app trusts only the header server.ts named, and without it (production) nothing', () => {
    dropProcessValue('server');
    const headers = new Headers({ 'x-forwarded-for': '198.51.100.7', 'x-billme-client-guess': '203.0.113.9' });
    expect(clientHeader()).toBeNull();
    expect(clientAddress(headers)).toBeNull(); // `next start` in production: no address, one shared key
    setClientHeader('x-billme-client-abc');
    headers.set('x-billme-client-abc', '192.0.2.10');
    expect(clientAddress(headers)).toBe('192.0.2.10');
  });

  it('missing guarantees are named when server.ts is not in front, and none when it is', () => {
    dropProcessValue('server');
    expect(missingGuarantees().join(' ')).toMatch(/rate-limit key.*503/s);
    setClientHeader('x-billme-client-abc');
    expect(missingGuarantees()).toEqual([]);
  });

  it('shutdown runs the app’s work last registered first, and goes on after a failure', async () => {
    const order: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onShutdown(() => void order.push('database'));
    onShutdown(async () => {
      order.push('retention');
      throw new Error('boom');
    });
    onShutdown(async () => void order.push('outbox'));
    await runShutdown();
    expect(order).toEqual(['outbox', 'retention', 'database']);
    await runShutdown(); // each task runs once
    expect(order).toHaveLength(3);
  });

  it('the proxy’s status request: a 4xx or 5xx is applied, anything else is ignored', () => {
    expect(STATUS_HEADER).toBe('x-billme-status');
    expect(requestedStatus('503')).toBe(503);
    expect(requestedStatus(404)).toBe(404);
    for (const value of [undefined, '', '200', '302', '600', 'abc', '503.5']) expect(requestedStatus(value)).toBeNull();
  });
});

describe('the composition root (instrumentation.ts, instrumentation-node.ts)', () => {
  it('registers every outbox topic, starts the jobs, warns without server.ts, and stops everything on shutdown', async () => {
    dropProcessValue('server');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubEnv('NEXT_RUNTIME', 'nodejs');
    const { register } = await import('@/instrumentation');
    await register();
    const { outboxTopics } = await import('@/lib/outbox');
    expect(outboxTopics()).toEqual(['mail', 'submission']);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/running without server\.ts.*npm start/));
    await runShutdown(); // stops the outbox worker and the retention timer, closes the database
    vi.unstubAllEnvs();
  });
});
