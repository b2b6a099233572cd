import type { FormKind } from '@/lib/forms/schemas';

/** How a field is shown; its label and hint are `Forms.<name>` and `Forms.<name>Hint` messages. */
export type FieldSpec = {
  name: 'name' | 'email' | 'phone' | 'company' | 'field' | 'website' | 'linkedin' | 'message' | 'cv' | 'keep';
  type: 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'file' | 'checkbox';
  required: boolean;
  autoComplete?: string;
  hint?: boolean;
};

/** The fields of each form, in order; the schemas in lib/forms/schemas.ts decide what is valid. */
export const formFields: Record<FormKind, FieldSpec[]> = {
  'ask-question': [
    { name: 'name', type: 'text', required: true, autoComplete: 'name' },
    { name: 'email', type: 'email', required: true, autoComplete: 'email' },
    { name: 'phone', type: 'tel', required: false, autoComplete: 'tel', hint: true },
    { name: 'message', type: 'textarea', required: true },
  ],
  'business-start': [
    { name: 'name', type: 'text', required: true, autoComplete: 'name' },
    { name: 'email', type: 'email', required: true, autoComplete: 'email' },
    { name: 'phone', type: 'tel', required: true, autoComplete: 'tel', hint: true },
    { name: 'company', type: 'text', required: true, autoComplete: 'organization' },
    { name: 'field', type: 'text', required: false, hint: true },
    { name: 'website', type: 'url', required: false, autoComplete: 'url' },
    { name: 'message', type: 'textarea', required: false },
  ],
  'job-application': [
    { name: 'name', type: 'text', required: true, autoComplete: 'name' },
    { name: 'email', type: 'email', required: true, autoComplete: 'email' },
    { name: 'phone', type: 'tel', required: true, autoComplete: 'tel', hint: true },
    { name: 'linkedin', type: 'url', required: false, autoComplete: 'url', hint: true },
    { name: 'cv', type: 'file', required: true, hint: true },
    { name: 'message', type: 'textarea', required: false },
    { name: 'keep', type: 'checkbox', required: false },
  ],
};
