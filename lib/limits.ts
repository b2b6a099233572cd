// Every size and length limit of the site, once. TypeScript that Node runs as it is, so server.ts and
// next.config.ts import the same values as the app. A SQL CHECK that must repeat one (a migration
// never changes once shipped) is held equal to it by tests/limits.test.ts.

/** A job application's CV: PDF, DOC or DOCX up to 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** A job application's post: the CV and the form's other fields around it (the proxy's limit). */
export const CV_POST_MAX_BYTES = CV_MAX_BYTES + 512 * 1024;

/** Any other post: a form without a file, a JSON form endpoint, a payment. */
export const FORM_POST_MAX_BYTES = 64 * 1024;

/**
 * The largest body any route accepts: server.ts reads a chunked body up to this, and Next's server
 * actions accept up to this. Above the CV post with room to spare, so the proxy's per-route limit
 * (and its localized 413) decides first.
 */
export const BODY_MAX_BYTES = 6 * 1024 * 1024;

/** Longest value of each form field, in characters (browser and server alike). */
export const FIELD_LIMITS = Object.freeze({
  name: 100,
  email: 254,
  phone: 30,
  company: 150,
  field: 100,
  website: 200,
  linkedin: 200,
  message: 2000,
});

/**
 * The honeypot: a field people never see or fill. A form post or JSON body that fills it looks
 * accepted and stores nothing. The same name in the form, the action and the JSON endpoints.
 */
export const HONEYPOT_FIELD = 'company_fax';

/**
 * Card attempts on the test provider's payment page (lib/payments/test-provider): per payment session
 * and per client, in a sliding window. A real provider limits these itself; ours must too, or its page
 * is a free card-testing oracle (issue 39: 25 declined tries stored 25 attempts).
 */
export const CARD_ATTEMPTS = Object.freeze({ perPayment: 5, perClient: 30, windowSeconds: 15 * 60 });
