/**
 * Next's instrumentation hook: `register()` runs once when a server starts. The composition root itself
 * (every background job and outbox topic) is `instrumentation-node.ts`, imported only under Node.
 *
 * Next compiles this file for the edge runtime too. Its `NEXT_RUNTIME` is replaced at build time, so the
 * import below is dropped from the edge bundle (Next's documented pattern, guides/instrumentation): the
 * edge compiler never sees mail, the database or the logger, and the build prints no Edge Runtime warning.
 */
export async function register() {
  // Next's own flag, set per bundle at build time: lib/env.ts cannot be loaded before this check.
  // eslint-disable-next-line billme/process-env -- the one read outside lib/env.ts, on purpose
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await (await import('./instrumentation-node')).startServerWork();
  }
}
