import { env } from '@/lib/env';
import { htmlToText, isoDate } from '@/lib/content/format';
import type { Article, FaqItem, Vacancy } from '@/lib/content/schemas';
import { countries, type Locale } from '@/lib/i18n/editions';
import { entityOf, supportEmail } from '@/lib/facts/facts';
import { renderFacts } from '@/lib/facts/html';
import { displayNames } from '@/lib/i18n/intl-cache';
import { pageUrl } from './metadata';

/** schema.org objects of the site, one builder each. */

export function organization() {
  return {
    '@type': 'Organization',
    '@id': `${env.NEXT_PUBLIC_SITE_URL}/#organization`,
    name: 'Billme',
    url: env.NEXT_PUBLIC_SITE_URL,
    logo: `${env.NEXT_PUBLIC_SITE_URL}/apple-icon.png`,
    // One contact point per country, in that country's languages.
    contactPoint: countries.map((country) => ({
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: supportEmail,
      areaServed: country.region,
      availableLanguage: [...country.languages],
    })),
    // Each country's operating entity, once its legal name is known (content/facts.yaml).
    ...subOrganizations(),
  };
}

function subOrganizations() {
  const list = countries.flatMap((country) => {
    const entity = entityOf(country.code, 'en');
    if (!entity.legalName.known) return [];
    return [
      {
        '@type': 'Organization',
        legalName: entity.legalName.text,
        areaServed: country.region,
        ...(entity.registrationNumber.known && { identifier: entity.registrationNumber.text }),
        ...(entity.vatNumber.known && { vatID: entity.vatNumber.text }),
        ...(entity.address.known && { address: entity.address.text }),
      },
    ];
  });
  return list.length ? { subOrganization: list } : {};
}

export function website(locale: Locale) {
  return {
    '@type': 'WebSite',
    name: 'Billme',
    url: pageUrl(locale, '/'),
    inLanguage: locale,
    publisher: { '@id': `${env.NEXT_PUBLIC_SITE_URL}/#organization` },
  };
}


export function blogPosting(locale: Locale, article: Article) {
  const image = article.image.startsWith('/') ? `${env.NEXT_PUBLIC_SITE_URL}${article.image}` : article.image;
  return {
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.summary,
    datePublished: isoDate(article.date),
    image,
    inLanguage: locale,
    mainEntityOfPage: pageUrl(locale, `/blog/${article.slug}`),
    author: { '@id': `${env.NEXT_PUBLIC_SITE_URL}/#organization`, '@type': 'Organization', name: 'Billme' },
    publisher: { '@id': `${env.NEXT_PUBLIC_SITE_URL}/#organization`, '@type': 'Organization', name: 'Billme' },
  };
}

export function faqPage(locale: Locale, items: FaqItem[]) {
  return {
    '@type': 'FAQPage',
    inLanguage: locale,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      dateModified: isoDate(item.updated_at),
      // The answer's fact tokens ({{facts.email.support}}) filled in, as on the page.
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(renderFacts(item.answer, locale)) },
    })),
  };
}

export function jobPosting(locale: Locale, vacancy: Vacancy) {
  return {
    '@type': 'JobPosting',
    title: vacancy.title,
    description: renderFacts(vacancy.text, locale),
    datePosted: isoDate(vacancy.date),
    inLanguage: locale,
    url: pageUrl(locale, `/careers/${vacancy.slug}`),
    hiringOrganization: hiringOrganization(vacancy),
    ...(vacancy.salary && {
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: vacancy.salary.currency,
        value: { '@type': 'QuantitativeValue', minValue: vacancy.salary.min, maxValue: vacancy.salary.max, unitText: vacancy.salary.period === 'month' ? 'MONTH' : 'YEAR' },
      },
    }),
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', ...jobAddress(locale, vacancy) } },
  };
}

/**
 * Where the job is: a location that is one of the site's countries, named in the edition's language
 * ("Kipra", "Κύπρος"), is that country; any other place is its locality in the employer's country. Never
 * the edition's country: a job in Cyprus read in a Latvian edition is still in Cyprus.
 */
function jobAddress(locale: Locale, vacancy: Vacancy): { addressCountry?: string; addressLocality?: string } {
  const names = displayNames(new Intl.Locale(locale).language, { type: 'region' });
  const country = countries.find((c) => names.of(c.region)?.toLowerCase() === vacancy.location.trim().toLowerCase());
  if (country) return { addressCountry: country.region };
  return { addressLocality: vacancy.location, ...(vacancy.employer_country && { addressCountry: vacancy.employer_country.toUpperCase() }) };
}

/** The employing entity from the company facts; a field still unknown is left out, never a marker. */
function hiringOrganization(vacancy: Vacancy) {
  const entity = vacancy.employer_country ? entityOf(vacancy.employer_country, 'en') : null;
  return {
    '@type': 'Organization',
    name: 'Billme',
    ...(entity?.legalName.known && { legalName: entity.legalName.text }),
    ...(entity?.registrationNumber.known && { identifier: entity.registrationNumber.text }),
    ...(entity?.vatNumber.known && { vatID: entity.vatNumber.text }),
    sameAs: env.NEXT_PUBLIC_SITE_URL,
    logo: `${env.NEXT_PUBLIC_SITE_URL}/apple-icon.png`,
  };
}
