import { env } from '@/lib/env';
import { htmlToText, isoDate } from '@/lib/content/format';
import type { Article, FaqItem, Vacancy } from '@/lib/content/schemas';
import { countries, editionOf, type Locale } from '@/lib/i18n/editions';
import { pageUrl } from './metadata';

/** schema.org objects of the site, one builder each. */

const SUPPORT_EMAIL = 'support@billme.eu';

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
      email: SUPPORT_EMAIL,
      areaServed: country.region,
      availableLanguage: [...country.languages],
    })),
  };
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
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(item.answer) },
    })),
  };
}

export function jobPosting(locale: Locale, vacancy: Vacancy) {
  return {
    '@type': 'JobPosting',
    title: vacancy.title,
    description: vacancy.text,
    datePosted: isoDate(vacancy.date),
    inLanguage: locale,
    url: pageUrl(locale, `/careers/${vacancy.slug}`),
    hiringOrganization: { '@type': 'Organization', name: 'Billme', sameAs: env.NEXT_PUBLIC_SITE_URL, logo: `${env.NEXT_PUBLIC_SITE_URL}/apple-icon.png` },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: vacancy.location, addressCountry: editionOf(locale).country.toUpperCase() } },
  };
}
