import type { Migration } from './types';

/**
 * Retention (lib/privacy): each submission and payment carries the moment its personal data is due to
 * go, decided when it is stored; submissions also carry their sender's email, lowercased, so that a
 * data-subject request finds everything sent from one address. Existing rows get the default periods.
 */
export const retentionColumns: Migration = {
  id: '0006-retention',
  sqlite: [
    `ALTER TABLE submissions ADD COLUMN email TEXT;
    ALTER TABLE submissions ADD COLUMN retain_until TEXT;
    UPDATE submissions SET email = lower(json_extract(data, '$.email')),
      retain_until = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, CASE kind WHEN 'job-application' THEN '+6 months' ELSE '+24 months' END);
    CREATE INDEX submissions_email ON submissions (email);
    CREATE INDEX submissions_retain ON submissions (retain_until);
    ALTER TABLE payments ADD COLUMN retain_until TEXT;
    ALTER TABLE payments ADD COLUMN anonymized_at TEXT;
    UPDATE payments SET retain_until = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+84 months');
    CREATE INDEX payments_email ON payments (payer_email);
    CREATE INDEX payments_retain ON payments (retain_until);`,
  ],
  postgres: [
    `ALTER TABLE submissions ADD COLUMN email text, ADD COLUMN retain_until timestamptz;
    UPDATE submissions SET email = lower(data->>'email'),
      retain_until = created_at + CASE kind WHEN 'job-application' THEN interval '6 months' ELSE interval '24 months' END;
    CREATE INDEX submissions_email ON submissions (email);
    CREATE INDEX submissions_retain ON submissions (retain_until);
    ALTER TABLE payments ADD COLUMN retain_until timestamptz, ADD COLUMN anonymized_at timestamptz;
    UPDATE payments SET retain_until = created_at + interval '84 months';
    CREATE INDEX payments_email ON payments (lower(payer_email));
    CREATE INDEX payments_retain ON payments (retain_until);`,
  ],
};
