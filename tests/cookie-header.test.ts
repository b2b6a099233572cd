import { describe, expect, it } from 'vitest';
import { consentOf, cookieValue, cookieValues } from '@/lib/cookie-header.ts';

describe("lib/cookie-header: the site's one reading of a Cookie header", () => {
  it('reads name=value parts, trimmed, case-sensitive names, quotes removed, nothing decoded', () => {
    expect(cookieValues('a=1; b=2;a=3', 'a')).toEqual(['1', '3']);
    expect(cookieValue(' a = 1 ', 'a')).toBe('1');
    expect(cookieValue('A=1', 'a')).toBeUndefined();
    expect(cookieValue('a="x y"', 'a')).toBe('x y');
    expect(cookieValue('a=%41', 'a')).toBe('%41');
    expect(cookieValue('a', 'a')).toBeUndefined();
    expect(cookieValue('=a', '')).toBeUndefined();
    expect(cookieValue(undefined, 'a')).toBeUndefined();
  });

  it('gives the consent only when every GDPR_ACCEPT cookie says the same clear answer', () => {
    expect(consentOf('GDPR_ACCEPT=true')).toBe('accepted');
    expect(consentOf('x=1; GDPR_ACCEPT=false')).toBe('rejected');
    expect(consentOf('GDPR_ACCEPT=true; GDPR_ACCEPT=true')).toBe('accepted');
    // A bare name is no cookie at all (Next's own parser took it for "true").
    expect(consentOf('GDPR_ACCEPT; GDPR_ACCEPT=false')).toBe('rejected');
    for (const header of ['', 'GDPR_ACCEPT', 'GDPR_ACCEPT=', 'GDPR_ACCEPT=TRUE', 'gdpr_accept=true', 'GDPR_ACCEPT=1', 'GDPR_ACCEPT=false; GDPR_ACCEPT=true']) {
      expect(consentOf(header), header).toBeNull();
    }
  });
});
