export function tooLargePage(page: { lang: string; message: string; back: string; path: string; status?: number }): string;
