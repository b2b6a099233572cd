import { z } from 'zod';
import { captchaSiteKey, env } from '@/lib/env';
import { logger } from '@/lib/observability';

const answer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

export type CaptchaResult = { ok: true } | { ok: false; reason: 'captchaMissing' | 'captchaFailed' };

/**
 * Verifies a token at RECAPTCHA_VERIFY_URL: it must be valid, made for this form's action, and score
 * at least RECAPTCHA_MIN_SCORE. An unreachable verifier fails closed (the visitor can send again).
 */
export async function verifyCaptcha(token: string | undefined, action: string, remoteIp: string | null): Promise<CaptchaResult> {
  if (!captchaSiteKey) return { ok: true };
  if (!token) return { ok: false, reason: 'captchaMissing' };
  try {
    const body = new URLSearchParams({ secret: env.RECAPTCHA_SECRET_KEY!, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    const response = await fetch(env.RECAPTCHA_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5000), cache: 'no-store' });
    const parsed = answer.safeParse(await response.json());
    if (!parsed.success || !parsed.data.success) return { ok: false, reason: 'captchaFailed' };
    if (parsed.data.action !== action) return { ok: false, reason: 'captchaFailed' };
    if ((parsed.data.score ?? 0) < env.RECAPTCHA_MIN_SCORE) return { ok: false, reason: 'captchaFailed' };
    return { ok: true };
  } catch (error) {
    logger('captcha').error({ event: 'captcha.failed', err: error }, 'captcha verification failed');
    return { ok: false, reason: 'captchaFailed' };
  }
}
