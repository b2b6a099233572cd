/**
 * The servers of the browser tests (playwright.config.ts starts them): the main one on its embedded
 * content, and a second one in remote mode that reads the main one's API through a faultable proxy.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const remotePort = e2ePort + 1;
export const apiProxyPort = e2ePort + 2;
export const e2eRevalidateSecret = 'e2e-revalidate-secret-0123456789';
