/**
 * How the embedded default's test provider hands its signed notifications to the site in-process (the
 * same Request the notification route gets). A leaf the payments door fills at load, so that the test
 * provider never imports the notification handler (which imports the providers: the loop issue 48 found).
 */
import { processValue } from '@/lib/handoff.ts';

type Sink = (provider: string, request: Request) => Promise<Response>;
const holder = processValue<{ sink: Sink | null }>('paymentLocalDelivery', () => ({ sink: null }));

export function setLocalDelivery(sink: Sink): void {
  holder.sink = sink;
}

/** Delivers one notification; throws when nothing is registered or the site refuses it (not 200). */
export async function deliverLocally(provider: string, request: Request): Promise<void> {
  if (!holder.sink) throw new Error('no local notification handler registered (lib/payments/index.ts sets it)');
  const answer = await holder.sink(provider, request);
  if (answer.status !== 200) throw new Error(`the site refused the test provider's notification: ${answer.status}`);
}
