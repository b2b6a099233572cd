/**
 * The content door for the browser and for pure helpers elsewhere: types, schemas, dates and search
 * rules. Pure: no environment, no source, no cache. Everything else goes through `@/lib/content`.
 */
export { dateValue, formatContentDate, htmlToText, isoDate, parseContentDate, readTime, wordCount, WORDS_PER_MINUTE } from './format';
export { isGuideList, type GuideListItem } from './guide-items';
export { cleanQuery, matches, MAX_QUERY_LENGTH, normalizeText } from './search';
export { contentDate, faqCategories, type Article, type FaqCategory, type FaqItem, type Guide, type Page, type Vacancy } from './schemas';
