export function cookieValue(header: string | null | undefined, name: string): string | undefined;
