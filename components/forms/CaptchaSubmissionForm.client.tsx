'use client';

import type { ComponentProps } from 'react';
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from 'react-google-recaptcha-v3';
import { captchaAction } from '@/lib/forms/state';
import { SubmissionForm } from './SubmissionForm.client';

type Props = Omit<ComponentProps<typeof SubmissionForm>, 'getCaptchaToken'> & { siteKey: string; language: string };

function WithToken(props: Omit<Props, 'siteKey' | 'language'>) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  return <SubmissionForm {...props} getCaptchaToken={executeRecaptcha ? () => executeRecaptcha(captchaAction(props.kind)) : undefined} />;
}

/** A form with reCAPTCHA v3: Google's script is added after the page loads, on form pages only. */
export function CaptchaSubmissionForm({ siteKey, language, ...props }: Props) {
  return (
    <GoogleReCaptchaProvider reCaptchaKey={siteKey} language={language} scriptProps={{ async: true, defer: true, appendTo: 'body' }}>
      <WithToken {...props} />
    </GoogleReCaptchaProvider>
  );
}
