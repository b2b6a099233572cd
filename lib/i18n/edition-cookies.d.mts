export declare const LOCALE_COOKIE: 'BILLME_LOCALE';
export declare const COUNTRY_COOKIE: 'BILLME_COUNTRY';
export declare const COOKIE_MAX_AGE: number;
export declare const EDITION_HEADER: 'x-billme-edition';
export declare function editionHeader(locale: string, country: string): string;
export declare function editionCookies(edition: string | null | undefined, request: { cookie?: string | null | undefined; secFetchDest?: string | null | undefined; https?: boolean }): string[];
