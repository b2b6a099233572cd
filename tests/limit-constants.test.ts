import { describe, expect, it } from 'vitest';
import { submissions } from '@/lib/db/migrations/submissions';
import { limits } from '@/lib/forms/schemas';
import { HONEYPOT_FIELD } from '@/lib/forms/state';
import { BODY_MAX_BYTES, CV_MAX_BYTES, CV_POST_MAX_BYTES, FIELD_LIMITS, FORM_POST_MAX_BYTES } from '@/lib/limits.ts';
import nextConfig from '@/next.config';

describe('one constant per limit (lib/limits.ts)', () => {
  it('the PostgreSQL CHECK on a CV’s size, written in a shipped migration, equals CV_MAX_BYTES', () => {
    const sql = submissions.postgres.filter((step): step is string => typeof step === 'string').join('\n');
    const check = /size integer NOT NULL CHECK \(size <= (\d+)\)/.exec(sql);
    expect(check, 'the attachments table keeps its size CHECK').not.toBeNull();
    expect(Number(check![1])).toBe(CV_MAX_BYTES);
  });

  it('the limits nest: a CV fits its post, the post fits what server.ts and the server actions read', () => {
    expect(CV_MAX_BYTES).toBeLessThan(CV_POST_MAX_BYTES);
    expect(CV_POST_MAX_BYTES).toBeLessThanOrEqual(BODY_MAX_BYTES);
    expect(FORM_POST_MAX_BYTES).toBeLessThan(CV_POST_MAX_BYTES);
    expect(nextConfig.experimental?.serverActions?.bodySizeLimit).toBe(BODY_MAX_BYTES);
  });

  it('the forms read their lengths and honeypot from it', () => {
    expect(limits).toBe(FIELD_LIMITS);
    expect(HONEYPOT_FIELD).toBe('company_fax');
  });
});
