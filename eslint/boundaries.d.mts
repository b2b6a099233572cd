export const DOMAINS: string[];
export const PURE: Record<string, string[]>;
export const ENV_READERS: string[];
export function violation(file: string, target: string, options?: { typeOnly?: boolean }): string | null;
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
