// Moved to lib/payments (the receipt model there uses it); kept for the pages and tests that import it here.
export { shortReference } from '@/lib/payments/reference';
