import { describe, expect, it } from 'vitest';
import { cvProblem, cvProblemByName, CV_MAX_BYTES, sniffCv } from '@/lib/forms/cv';
import { askQuestionSchema, businessStartSchema, fieldErrors, jobApplicationSchema, limits } from '@/lib/forms/schemas';
import { payerSchema } from '@/lib/payments/schemas';
import { docBytes, docxBytes, exeBytes, pdfBytes, zipBytes } from './support/cv-files';

const errorsOf = (schema: typeof askQuestionSchema | typeof businessStartSchema | typeof jobApplicationSchema, value: Record<string, string>) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

const ask = { name: 'Anna Bērziņa', email: 'anna@example.lv', phone: '', message: 'Kā pievienot karti?' };
const start = { name: 'Νίκος', email: 'nikos@example.com.cy', phone: '+357 99 000000', company: 'Acme Ltd', field: '', website: '', message: '' };
const job = { name: 'Jaan Tamm', email: 'jaan@example.ee', phone: '+372 5000 0000', linkedin: '', message: '' };

describe('form schemas', () => {
  it('accept valid submissions and trim them', () => {
    expect(askQuestionSchema.parse({ ...ask, name: '  Anna  ' }).name).toBe('Anna');
    expect(errorsOf(businessStartSchema, start)).toEqual({});
    expect(errorsOf(jobApplicationSchema, job)).toEqual({});
  });

  it("refuse control and text-direction characters in single-line fields, line breaks in names (issue 28, defect 7)", () => {
    for (const bad of ['Anna\nBcc: x@evil.example', 'Anna\u001b]0;PWNED\u0007', 'Anna\u0000', 'Anna\u0085', 'Anna\u202egpj.exe', 'Anna\u2066x\u2069', 'Anna\u061c', 'A\u2028B', 'A\rB']) {
      expect(errorsOf(askQuestionSchema, { ...ask, name: bad }), JSON.stringify(bad)).toEqual({ name: 'control' });
    }
    expect(errorsOf(businessStartSchema, { ...start, company: 'Acme\u202e', field: 'x\u0007' })).toEqual({ company: 'control', field: 'control' });
    expect(errorsOf(askQuestionSchema, { ...ask, email: 'anna\u202e@example.lv' })).toMatchObject({ email: 'control' });
    const payer = payerSchema.safeParse({ name: 'Νίκος\u202e', email: 'nikos@example.com.cy', reference: 'ref\u001b[2J' });
    expect(payer.success ? {} : fieldErrors(payer.error)).toEqual({ name: 'control', reference: 'control' });
    // A message keeps its line breaks and tabs, but not escape sequences or overrides.
    expect(errorsOf(askQuestionSchema, { ...ask, message: 'Line one\r\n\tLine two' })).toEqual({});
    expect(errorsOf(askQuestionSchema, { ...ask, message: 'Hi \u001b[31m' })).toEqual({ message: 'control' });
    expect(errorsOf(askQuestionSchema, { ...ask, message: 'Hi \u202e' })).toEqual({ message: 'control' });
    // Letters of every edition's languages are fine.
    expect(errorsOf(askQuestionSchema, { ...ask, name: 'Ēriks Õunapuu Νίκος Пётр' })).toEqual({});
  });

  it("say 'required' for empty required fields, whitespace included", () => {
    expect(errorsOf(askQuestionSchema, { name: ' ', email: '', phone: '', message: '\n' })).toEqual({ name: 'required', email: 'required', message: 'required' });
    expect(errorsOf(businessStartSchema, { ...start, phone: '', company: '' })).toEqual({ phone: 'required', company: 'required' });
    expect(errorsOf(jobApplicationSchema, { ...job, phone: '' })).toEqual({ phone: 'required' });
  });

  it('limit every text field', () => {
    for (const [field, max] of Object.entries(limits)) {
      const schema = field in start ? businessStartSchema : field in job ? jobApplicationSchema : askQuestionSchema;
      const base = field in start ? start : field in job ? job : ask;
      const value = field === 'email' ? `${'a'.repeat(max)}@example.com` : field === 'website' || field === 'linkedin' ? `https://www.linkedin.com/in/${'a'.repeat(max)}` : field === 'phone' ? '1'.repeat(max + 1) : 'x'.repeat(max + 1);
      expect(errorsOf(schema, { ...base, [field]: value })[field], field).toBe('tooLong');
    }
    expect(errorsOf(askQuestionSchema, { ...ask, message: 'x'.repeat(limits.message) })).toEqual({});
  });

  it('check email addresses', () => {
    for (const bad of ['anna', 'anna@', '@example.com', 'anna@example', 'an na@example.com', 'anna@example.c', '<a>@b.lv']) {
      expect(errorsOf(askQuestionSchema, { ...ask, email: bad }).email, bad).toBe('email');
    }
    for (const good of ['a.b+c@example.co.uk', 'ΝΙΚΟΣ@example.com.cy', 'jaan.tamm@sub.example.ee']) {
      expect(errorsOf(askQuestionSchema, { ...ask, email: good }).email, good).toBeUndefined();
    }
  });

  it('check phone numbers: optional on ask-question, 7 to 15 digits', () => {
    for (const bad of ['12345', 'call me', '+371 2000 000a', '++371 20000000', '1234567890123456']) {
      expect(errorsOf(askQuestionSchema, { ...ask, phone: bad }).phone, bad).toBe('phone');
    }
    for (const good of ['', '+371 2000 0000', '(+357) 99-000-000', '20000000', '+372 5.000.000']) {
      expect(errorsOf(askQuestionSchema, { ...ask, phone: good }).phone, good).toBeUndefined();
    }
  });

  it('check websites and LinkedIn profiles', () => {
    expect(errorsOf(businessStartSchema, { ...start, website: 'acme.lv' }).website).toBeUndefined();
    expect(errorsOf(businessStartSchema, { ...start, website: 'https://www.acme.com.cy/about' }).website).toBeUndefined();
    expect(errorsOf(businessStartSchema, { ...start, website: 'not a site' }).website).toBe('url');
    expect(errorsOf(businessStartSchema, { ...start, website: 'javascript:alert(1)' }).website).toBe('url');
    expect(errorsOf(jobApplicationSchema, { ...job, linkedin: 'https://www.linkedin.com/in/jaan-tamm' }).linkedin).toBeUndefined();
    expect(errorsOf(jobApplicationSchema, { ...job, linkedin: 'linkedin.com/in/jaan' }).linkedin).toBeUndefined();
    expect(errorsOf(jobApplicationSchema, { ...job, linkedin: 'https://example.com/in/jaan' }).linkedin).toBe('linkedin');
    expect(errorsOf(jobApplicationSchema, { ...job, linkedin: 'https://www.linkedin.com/company/x' }).linkedin).toBe('linkedin');
  });
});

describe('CV attachment', () => {
  it('recognises PDF, DOC and DOCX by content', () => {
    expect(sniffCv(pdfBytes())).toBe('pdf');
    expect(sniffCv(docBytes())).toBe('doc');
    expect(sniffCv(docxBytes())).toBe('docx');
    expect(sniffCv(exeBytes())).toBeNull();
    expect(sniffCv(zipBytes())).toBeNull();
  });

  it('refuses a file whose content is not what its name says', () => {
    expect(cvProblem({ name: 'cv.pdf', size: 202 }, exeBytes())).toEqual({ problem: 'cvType' });
    expect(cvProblem({ name: 'cv.docx', size: 100 }, zipBytes())).toEqual({ problem: 'cvType' });
    expect(cvProblem({ name: 'cv.docx', size: 100 }, pdfBytes())).toEqual({ problem: 'cvType' });
    expect(cvProblem({ name: 'cv.exe', size: 100 }, pdfBytes())).toEqual({ problem: 'cvType' });
    expect(cvProblem({ name: 'CV Jaan.PDF', size: 100 }, pdfBytes())).toEqual({ type: 'pdf' });
    expect(cvProblem({ name: 'cv.doc', size: 100 }, docBytes())).toEqual({ type: 'doc' });
  });

  it('limits the size to 5 MB and requires a file', () => {
    expect(cvProblemByName({ name: 'cv.pdf', size: CV_MAX_BYTES })).toBeNull();
    expect(cvProblemByName({ name: 'cv.pdf', size: CV_MAX_BYTES + 1 })).toBe('cvSize');
    expect(cvProblemByName({ name: 'cv.pdf', size: 0 })).toBe('required');
    expect(cvProblemByName(undefined)).toBe('required');
  });
});
