import type { Migration } from './types';

/**
 * A payment the operator must look at (issue 46): `review` says why (`paid_after_cancel`,
 * `paid_after_close`: the provider took the money after the site had ended the payment), `reviewed_at`
 * when the operator resolved it (`npm run submissions -- payments --resolve ID`).
 */
export const paymentReview: Migration = {
  id: '0012-payment-review',
  sqlite: ['ALTER TABLE payments ADD COLUMN review TEXT', 'ALTER TABLE payments ADD COLUMN reviewed_at TEXT'],
  postgres: ['ALTER TABLE payments ADD COLUMN review text', 'ALTER TABLE payments ADD COLUMN reviewed_at timestamptz'],
};
