export declare function htmlLimitedBot(userAgent: string | string[] | undefined): boolean;
