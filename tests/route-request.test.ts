import { describe, expect, it } from 'vitest';
import { routeRequest } from '@/lib/i18n/route-request';

const visitor = { acceptLanguage: 'en-US,en;q=0.9' };

describe('routeRequest', () => {
  it('lets a valid edition through', () => {
    expect(routeRequest('/cy-el/about', {})).toEqual({ kind: 'edition', locale: 'el-CY' });
    expect(routeRequest('/lv-lv', {})).toEqual({ kind: 'edition', locale: 'lv-LV' });
  });

  it('redirects a prefix in the wrong case to the lowercase one, permanently', () => {
    expect(routeRequest('/LV-EN/about', {})).toEqual({ kind: 'redirect', location: '/lv-en/about', status: 308 });
    expect(routeRequest('/Cy-El', {})).toEqual({ kind: 'redirect', location: '/cy-el', status: 308 });
  });

  it('answers an unknown prefix with a 404 in the visitor edition', () => {
    expect(routeRequest('/xx-yy/about', visitor)).toEqual({ kind: 'not-found', locale: 'en-LV' });
    expect(routeRequest('/lv-et', {})).toEqual({ kind: 'not-found', locale: 'lv-LV' });
  });

  it('redirects old links permanently into the visitor edition', () => {
    expect(routeRequest('/terms-and-conditions', visitor)).toMatchObject({ location: '/lv-en/terms-and-conditions', status: 308 });
    expect(routeRequest('/privacy-policy', {})).toMatchObject({ location: '/lv-lv/privacy-policy', status: 308 });
    expect(routeRequest('/index/privacy', { localeCookie: 'el-CY' })).toMatchObject({ location: '/cy-el/privacy-policy', status: 308 });
    expect(routeRequest('/faqs/', {})).toMatchObject({ location: '/lv-lv/faq', status: 308 });
  });

  it('redirects a bare country or language prefix permanently', () => {
    expect(routeRequest('/lv/about', {})).toEqual({ kind: 'redirect', location: '/lv-lv/about', status: 308 });
    expect(routeRequest('/en/blog/x', { localeCookie: 'et-EE' })).toEqual({ kind: 'redirect', location: '/ee-en/blog/x', status: 308 });
    expect(routeRequest('/cy', {})).toEqual({ kind: 'redirect', location: '/cy-el', status: 308 });
  });

  it('redirects any other path into the visitor edition, temporarily', () => {
    expect(routeRequest('/', {})).toEqual({ kind: 'redirect', location: '/lv-lv', status: 307 });
    expect(routeRequest('/about', { acceptLanguage: 'et' })).toEqual({ kind: 'redirect', location: '/ee-et/about', status: 307 });
    expect(routeRequest('/about', { localeCookie: 'bogus', acceptLanguage: 'el' })).toEqual({
      kind: 'redirect',
      location: '/cy-el/about',
      status: 307,
    });
  });
});
