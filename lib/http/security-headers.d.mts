export const CLOSED_CSP: string;
export function securityHeaders(options?: { csp?: string; https?: boolean }): Record<string, string>;
