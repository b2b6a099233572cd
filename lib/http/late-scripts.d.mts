export function scriptsAfterFirstPaint(html: string, nonce: string): string;
