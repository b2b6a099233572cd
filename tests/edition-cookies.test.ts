import { describe, expect, it } from 'vitest';
import { COOKIE_MAX_AGE, editionCookies, editionHeader } from '@/lib/i18n/edition-cookies.ts';

describe('editionCookies: what an answer of an edition page sets', () => {
  const edition = editionHeader('el-CY', 'cy');

  it('sets both cookies for a first visit, for 365 days, SameSite=Lax, Secure only over https', () => {
    expect(COOKIE_MAX_AGE).toBe(31_536_000);
    expect(editionCookies(edition, {})).toEqual([
      'BILLME_LOCALE=el-CY; Path=/; Max-Age=31536000; SameSite=Lax',
      'BILLME_COUNTRY=cy; Path=/; Max-Age=31536000; SameSite=Lax',
    ]);
    expect(editionCookies(edition, { https: true }).every((c) => c.endsWith('; Secure'))).toBe(true);
  });

  it('sets only the cookies whose value is not already the edition', () => {
    expect(editionCookies(edition, { cookie: 'BILLME_LOCALE=el-CY; BILLME_COUNTRY=cy' })).toEqual([]);
    expect(editionCookies(edition, { cookie: 'x=1; BILLME_LOCALE=ru-CY;BILLME_COUNTRY=cy' }).map((c) => c.split(';')[0])).toEqual(['BILLME_LOCALE=el-CY']);
    expect(editionCookies(edition, { cookie: 'BILLME_LOCALE=el-CY; BILLME_COUNTRY=<script>' }).map((c) => c.split(';')[0])).toEqual(['BILLME_COUNTRY=cy']);
  });

  it('sets nothing for a request that is not a document, or for a malformed edition', () => {
    expect(editionCookies(edition, { secFetchDest: 'iframe' })).toEqual([]);
    expect(editionCookies(edition, { secFetchDest: 'empty' })).toEqual([]);
    expect(editionCookies(edition, { secFetchDest: 'document' })).toHaveLength(2);
    for (const bad of [undefined, '', 'el-CY', 'el-CY cy; evil=1', 'el-CY\r\nx: y cy', 'EL-cy cy']) expect(editionCookies(bad, {})).toEqual([]);
  });
});
