import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emails } from '@/lib/facts/facts';
import { isReservedHost } from './support/reserved';

/**
 * Every host named in content/ (links, e-mail addresses, bare www. names) is either the service's own
 * domain (the facts' addresses), a real public site the content deliberately links to, or a name reserved
 * for examples. A demo contact under any other name (`payments@club.example.cy`) could reach a real
 * third party, so it fails here.
 */
const ownDomains = new Set(Object.values(emails).map((address) => address.split('@')[1]!));
// Real sites the legal pages link to on purpose: the three data protection authorities and Google's policy.
const linkedOnPurpose = new Set(['www.dvi.gov.lv', 'www.aki.ee', 'www.dataprotection.gov.cy', 'policies.google.com']);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.(md|ya?ml|json)$/.test(entry.name) ? [full] : [];
  });
}

function hosts(text: string): string[] {
  const found = [
    ...[...text.matchAll(/[a-z][a-z0-9+.-]*:\/\/([^/\s)\]"'<>|]+)/gi)].map((m) => m[1]!),
    ...[...text.matchAll(/[A-Za-z0-9._%+-]+@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g)].map((m) => m[1]!),
    ...[...text.matchAll(/(?<![\w./@-])(www\.[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g)].map((m) => m[1]!),
  ];
  return found.map((host) => host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase()).filter((host) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host));
}

describe('reserved demo domains', () => {
  it('recognises reserved names and only those', () => {
    for (const host of ['club.example', 'example.com', 'mail.example.org', 'x.test']) expect(isReservedHost(host), host).toBe(true);
    for (const host of ['example.cy', 'fckrasava.example.cy', 'example.lv', 'examples.com', 'billme.eu']) expect(isReservedHost(host), host).toBe(false);
  });

  it('content/ names no host but the service’s own, the pages it links on purpose, and reserved demo names', () => {
    const stray: string[] = [];
    // content/facts.yaml is the one place the apps' store pages are written (lib/env.ts defaults).
    for (const file of files('content').filter((file) => file !== path.join('content', 'facts.yaml'))) {
      for (const host of hosts(fs.readFileSync(file, 'utf8'))) {
        if (!isReservedHost(host) && !ownDomains.has(host) && !linkedOnPurpose.has(host)) stray.push(`${file}: ${host}`);
      }
    }
    expect(stray).toEqual([]);
  });

  it('the company pages give demo contacts only under reserved names', async () => {
    const { companySlugs, getCompany } = await import('@/lib/payments/catalogue');
    for (const slug of companySlugs()) {
      const company = getCompany(slug)!;
      if (company.email) expect(isReservedHost(company.email.split('@')[1]!), `${slug} email`).toBe(true);
      if (company.website) expect(isReservedHost(new URL(company.website).hostname), `${slug} website`).toBe(true);
    }
  });
});
