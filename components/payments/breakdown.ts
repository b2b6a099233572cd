// Moved to lib/payments (the receipt model there uses it); kept for the islands and tests that import it here.
export { priceBreakdown } from '@/lib/payments/breakdown';
