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

// Request bodies held by the production server at once (lib/http/body-limit.ts).

/**
 * Bytes of request bodies held at once across all requests: three job applications. Next and the proxy
 * make two or three more copies of a body while they work on it, so this is about 60 MB of memory at
 * most (scripts/perf/body-memory.mjs measures it).
 */
export const BODY_BUDGET_BYTES = 16 * 1024 * 1024;

/**
 * What one client (an IPv4 address, an IPv6 /64: lib/client-group.ts) may hold of that
 * budget at once: one job application and one small form. One client alone can never spend what the
 * others' posts need (budget minus share is more than any post); beyond it, 429.
 */
export const BODY_CLIENT_SHARE_BYTES = CV_POST_MAX_BYTES + FORM_POST_MAX_BYTES;

/** Of the budget, bytes only the payment provider's notifications (/api/payments/notify) may use. */
export const NOTIFY_RESERVE_BYTES = 512 * 1024;

/**
 * A body must keep coming: one that sends less than BODY_MIN_WINDOW_BYTES in any BODY_WINDOW_MS is
 * cut (408), so a stalled or trickling upload releases its bytes within seconds, not at the 120 s
 * request timeout. 16 KB in 10 s is 13 kbit/s, far below any line that can post a CV in 120 s.
 */
export const BODY_WINDOW_MS = 10_000;
export const BODY_MIN_WINDOW_BYTES = 16 * 1024;

/**
 * A refused body still coming (too large, over the client's share, a field bomb) is answered at once;
 * then at most this much more of it is read and thrown away, for at most this long, so that a client
 * still sending reads the answer before the connection is closed. A refused 5.3 MB post thus costs its
 * first chunk and these bytes, not its 5.3 MB (issue 37).
 */
export const BODY_LINGER_BYTES = 64 * 1024;
export const BODY_LINGER_MS = 1_000;
/**
 * Behind a trusted proxy that buffers bodies (deploy/nginx: client_max_body_size 6m), a refused body is
 * read to its end, at the proxy's speed: a connection closed with body unread is reset, and the proxy
 * counts a reset as its instance failing. One above nginx's limit: nginx never sends more.
 */
export const PROXIED_LINGER_BYTES = 6 * 1024 * 1024 + 1;

// Form posts (multipart/form-data and urlencoded), parsed as they arrive, before any work is done.

/**
 * Fields of one form post. The longest form (a job application, without JavaScript) has about 20
 * with Next's action fields; a post with more is refused (400) before its body is even complete.
 */
export const FORM_MAX_FIELDS = 64;
/** Files of one form post: the job application's CV. */
export const FORM_MAX_FILES = 1;
/** Bytes of one field's value: the longest field (2,000 characters) with the previous state that React's action sends along. */
export const FORM_FIELD_MAX_BYTES = 32 * 1024;
/** Bytes of one field's name: Next's `$ACTION_ID_<42 hex>` is 53. */
export const FORM_FIELD_NAME_MAX_BYTES = 200;
/** Header lines of one part (Content-Disposition, Content-Type). */
export const FORM_PART_HEADER_PAIRS = 8;

// Requests in Next at once per client (lib/http/client-turns.ts): Node runs one request's JavaScript at
// a time, so a client's requests in flight are what everyone else's wait behind.

/** While other clients are about: requests of one client in Next at once; its others wait their turn. */
export const NEXT_TURNS_SHARED = 2;
/** A client alone (nobody else seen within NEXT_TURNS_PRESENT_MS), a load test for one: nobody waits behind it. */
export const NEXT_TURNS_ALONE = 16;
/** Requests of one client waiting for a turn; beyond, 503. A browser's burst of prefetches fits. */
export const NEXT_TURNS_QUEUE = 256;
/** How long a client counts as about after its last request. */
export const NEXT_TURNS_PRESENT_MS = 10_000;

// Time in Next per client (lib/http/next-budget.ts): what one client's uncached requests may take of the
// one thread, while other clients are about. The first two are settings (NEXT_BUDGET_MS_PER_SECOND,
// NEXT_BUDGET_BURST_MS in .env.example, docs/operations.md); these are their defaults.

/** Milliseconds in Next one client gets per second (a quarter of the thread); 0 turns the budget off. */
export const NEXT_BUDGET_MS_PER_SECOND = 250;
/** What a client's bucket holds at most: a first visit's burst of navigations, a crawler's start. */
export const NEXT_BUDGET_BURST_MS = 5_000;
/** The longest a request other than a page waits for the budget; beyond, 429 with Retry-After (and the most a client may owe). */
export const NEXT_BUDGET_MAX_WAIT_MS = 10_000;
/** The most one request is charged (its time in Next, until its answer ends: a slow reader is not the server's work). */
export const NEXT_BUDGET_MAX_COST_MS = 1_000;

// The brake on a client the server keeps refusing (lib/http/refusal-brake.ts).

/** Refusals of one client (within BRAKE_WINDOW_MS) before its next requests wait: a visitor never gets this many. */
export const BRAKE_FREE_REFUSALS = 8;
/** The window in which a client's refusals count. */
export const BRAKE_WINDOW_MS = 10_000;
/** How long each request of a braked client waits, unread, before the server looks at it. */
export const BRAKE_DELAY_MS = 1_000;
/** Requests of one braked client waiting at once; one beyond is answered 429 with Retry-After at once. */
export const BRAKE_MAX_HELD = 16;
/** Requests of all braked clients waiting at once (each holds a socket and its headers); beyond, 429 at once. */
export const BRAKE_MAX_HELD_ALL = 512;
/** Clients a per-client counter of server.ts remembers (the brake, the sharing images; the stalest are forgotten first). */
export const CLIENTS_REMEMBERED = 10_000;

// /api/og, the sharing images (lib/seo/og-image.ts).

/** Images kept, each about 40-80 KB: every page of every edition fits several times over. */
export const OG_CACHE_ENTRIES = 200;
/**
 * Requests for sharing images one client may make per minute, drawn or kept (server.ts counts them before
 * Next: a kept image still costs Next about 8 ms). A crawler reading the previews of every page of an
 * edition fits; beyond, 429.
 */
export const OG_REQUESTS_PER_MINUTE = 60;
/** Images one client may have drawn (not served from the cache) per minute. */
export const OG_RENDERS_PER_MINUTE = 20;
/** Characters of a page title drawn on its sharing image (longer ones are cut): two lines at 56 px. */
export const OG_TITLE_MAX_CHARS = 140;

/**
 * Card attempts on the test provider's payment page (lib/payments/test-provider): per payment session
 * and per client, in a sliding window. A real provider limits these itself; ours must too, or its page
 * is a free card-testing oracle (issue 39: 25 declined tries stored 25 attempts).
 */
export const CARD_ATTEMPTS = Object.freeze({ perPayment: 5, perClient: 30, windowSeconds: 15 * 60 });

// Other sizes and counts, each where its rule is explained.

/** The small form posts of the API (consent, pay, cancel, revalidate) and the payment notification. */
export const SMALL_POST_MAX_BYTES = 8 * 1024;

/**
 * The payment provider's signed notifications (lib/payments/notifications.ts): the body, and the
 * longest value of each field and of the signature header. A notification is a few hundred bytes.
 */
export const NOTIFICATION_MAX_BYTES = SMALL_POST_MAX_BYTES;
export const NOTIFICATION_FIELD_MAX = Object.freeze({ id: 128, type: 64, paymentId: 64, providerRef: 128, company: 64, signature: 1024 });

/**
 * The payment provider contract's fields (lib/payments/contract.ts, docs/api.md): what the site sends on
 * create and what it accepts back, for every provider and the sandbox alike.
 */
export const PROVIDER_CONTRACT_MAX = Object.freeze({
  description: 300,
  reference: 200,
  payerName: 200,
  /** RFC 5321's longest address. */
  email: 254,
  locale: 20,
  paymentId: 64,
  company: 64,
  companyLabel: 200,
  /** The hosted page's address in a create answer. */
  redirectUrl: 2000,
  /** The cardholder name the sandbox's hosted page echoes back into its form. */
  cardholderName: 100,
});

/** The payer's note for the company on the payment form (a child's name, a contract number). */
export const PAYMENT_REFERENCE_MAX_CHARS = 100;

/** Reports posted to /api/csp-report (lib/observability/csp-report.ts): anyone can post there. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
export const CSP_REPORT_LIMITS = Object.freeze({
  perClientPerMinute: 30,
  perInstancePerMinute: 600,
  /** Reports read of one post. */
  reportsPerPost: 20,
  /** The blocked URL's origin, as kept in the log. */
  originChars: 200,
  /** Rate windows kept in memory; beyond, all are forgotten (a lost count is harmless there). */
  windows: 10_000,
});

/** The page cache of server.ts (lib/http/page-cache.ts): bytes of HTML kept per process. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** Sanitized content HTML kept per process (lib/content/html.ts): every text of every language fits. */
export const CONTENT_HTML_CACHE_ENTRIES = 2000;

/** Answers of "is there such a file" kept per process (lib/site/files.ts). */
export const SITE_FILE_CHECKS_KEPT = 5000;

/** The longest search query (lib/content/search.ts); longer ones are cut (the API path carries it). */
export const SEARCH_QUERY_MAX_CHARS = 100;

/** A CV's file name as stored (lib/submissions/service.ts); longer names are cut. */
export const CV_FILENAME_MAX_CHARS = 120;

/** Text from a form put in a mail header (lib/mail/templates.ts), cut to this. */
export const MAIL_HEADER_TEXT_MAX_CHARS = 200;

/** An outbox entry's last error as stored (lib/outbox/store.ts), cut to this. */
export const OUTBOX_ERROR_MAX_CHARS = 500;

/** Rows one listing or one outbox claim reads at most (the submissions and payments CLIs, the outbox). */
export const LIST_MAX_ROWS = 1000;

// What grows with the content (issue 50): every list a page, a feed or a search shows is bounded here.

/** Items one page of a list shows; the rest are on `/blog/page/2` and on (lib/routes.ts: by path, never a query string). */
export const LIST_PAGE_ITEMS = Object.freeze({ articles: 12, guides: 24, faq: 60, vacancies: 20 });

/** Client companies the catalogue accepts (all are read into memory at start, lib/payments/catalogue.ts). */
export const COMPANIES_MAX = 10_000;

/** Client tiles on the home page (the edition's country's companies, the first ones by slug). */
export const HOME_COMPANIES_SHOWN = 12;

/** Newest articles in an edition's RSS feed. */
export const RSS_ITEMS = 50;

/** Results a guide or FAQ search shows (and /api/search/guides answers) at most. */
export const SEARCH_RESULTS_MAX = 50;

/**
 * URLs in one sitemap file (the sitemaps protocol allows 50,000 and 50 MB): each URL here carries nine
 * hreflang alternates and x-default, about 1.6 KB, so a file stays near 16 MB, well under both.
 */
export const SITEMAP_URLS_PER_FILE = 10_000;

/** Parsed answers of the content API kept per process (lib/content/remote.ts): every list of every language, and recent searches. */
export const CONTENT_PARSED_ANSWERS = 200;
