export function processValue<T>(name: string, create: () => T): T;
export function dropProcessValue(name: string): void;
export function setClientHeader(name: string): void;
export function clientHeader(): string | null;
export function onShutdown(task: () => Promise<void> | void): void;
export function runShutdown(): Promise<void>;
export const STATUS_HEADER: 'x-billme-status';
export function requestedStatus(value: unknown): number | null;
export function missingGuarantees(): string[];
