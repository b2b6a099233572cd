'use client';

import { lazy, type ComponentProps } from 'react';
import { SubmissionForm } from './SubmissionForm.client';

/** reCAPTCHA's provider and Google's script loader, fetched only on sites where reCAPTCHA is on. */
const CaptchaSubmissionForm = lazy(() => import('./CaptchaSubmissionForm.client').then((m) => ({ default: m.CaptchaSubmissionForm })));

type Props = Omit<ComponentProps<typeof SubmissionForm>, 'getCaptchaToken'> & { captcha: { siteKey: string; language: string } | null };

/** A form, with reCAPTCHA around it when it is configured. */
export function FormIsland({ captcha, ...props }: Props) {
  return captcha ? <CaptchaSubmissionForm {...props} siteKey={captcha.siteKey} language={captcha.language} /> : <SubmissionForm {...props} />;
}
