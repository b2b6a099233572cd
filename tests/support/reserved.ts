// The rule lives with the company catalogue, which uses it to show demo contacts without a link.
export { isReservedHost } from '@/lib/payments/reserved-hosts';
