export const DATA_HEADER: string;
export function keyMarker(n: number): string;
export function afterFirstPaint(html: string, nonce: string, formKeys?: string[]): { html: string; data: string | null; id: string | null };
