import { describe, expect, it } from 'vitest';
import { assertSameOrigin, postedFromHost } from '@/lib/http/origin';

// The one Origin check (lib/http/origin.ts): the host the post was sent to, never a configured one.
describe('a post is accepted from the host it was sent to', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('accepts the Origin of the address the request came to, whatever NEXT_PUBLIC_SITE_URL says', () => {
    expect(postedFromHost('http://127.0.0.1:3101', headers({ host: '127.0.0.1:3101' }))).toBe(true);
    expect(postedFromHost('https://billme.lv', headers({ host: '10.0.0.5:3000', 'x-forwarded-host': 'billme.lv' }))).toBe(true);
  });

  it('refuses another host, a foreign Host with the site\'s Origin, and an Origin that is no URL', () => {
    expect(postedFromHost('https://evil.example', headers({ host: 'billme.lv' }))).toBe(false);
    expect(postedFromHost('http://localhost:3101', headers({ host: 'evil.example' }))).toBe(false);
    expect(postedFromHost('null', headers({ host: 'billme.lv' }))).toBe(false);
  });

  it('throws a 403 for a browser post from elsewhere and lets a client without Origin through', () => {
    const post = (h: Record<string, string>) => new Request('http://localhost:3000/api/consent', { method: 'POST', headers: h });
    expect(() => assertSameOrigin(post({ host: 'billme.lv', origin: 'https://evil.example' }))).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => assertSameOrigin(post({ host: '127.0.0.1:3101', origin: 'http://127.0.0.1:3101' }))).not.toThrow();
    expect(() => assertSameOrigin(post({ host: 'billme.lv' }))).not.toThrow();
  });
});
