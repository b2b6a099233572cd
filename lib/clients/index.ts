/**
 * The clients door: who a request comes from (its address, one client per IPv4 address or IPv6 /64),
 * the keyed hashes that stand for it, and the rate limits counted per client, for every domain that
 * limits (forms, payments, mail recipients, CSP reports, sharing images).
 */
export { clientGroup } from '@/lib/client-group';
export { clientAddress, clientHashKey, clientHashKeyFile, clientKey, recipientKey } from './identity';
export { clientsData } from './personal-data';
export { takeRateLimit, type RateDecision, type RateLimit } from './rate-limit';
