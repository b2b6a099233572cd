import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce } from '@/lib/security/csp';

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy('abc123');
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows scripts only by nonce, never inline or eval', () => {
    expect(directive('script-src')).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain('unsafe-eval');
    expect(directive('script-src')).not.toContain('unsafe-inline');
  });

  it('locks down objects, base URIs and framing', () => {
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('upgrades insecure requests only over https, and allows eval only in development', () => {
    expect(contentSecurityPolicy('n', { https: true })).toContain('upgrade-insecure-requests');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy('n', { dev: true })).toContain("'unsafe-eval'");
  });
});

describe('createNonce', () => {
  it('is random base64 of 128 bits', () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(a);
  });
});
