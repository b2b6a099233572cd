// The process's logger: one JSON line per event on stdout (pino), shared through the process table
// (lib/handoff.ts) by server.ts and the app's bundles (the proxy, the pages and the route handlers are separate bundles of one process).
//
// Nothing personal may reach a line. Call sites log ids, kinds, counts and outcomes only; as a second
// line of defence every message, error message and stack, and every string field, passes `scrub`, which
// masks e-mail addresses, phone numbers and long digit runs (card numbers) that an error text (an SMTP
// answer, a driver's message) might carry.
import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { processValue } from '../handoff.ts';

export type { Logger };

/** An address; not a file path such as node_modules/@redis/client/dist/socket.js (a slash on either side). */
const EMAIL = /[^\s@<>"'(),;:/\\]+@[^\s@<>"'(),;:/\\]+\.[A-Za-z]{2,}/g;
const PHONE = /\+\d[\d ()-]{6,}\d/g;
/**
 * 12 or more digits, possibly grouped by spaces or dashes: a card number, an account number. Not the
 * digits inside an id (a UUID's last groups), which a letter, digit or dash precedes.
 */
const DIGITS = /(?<![\w-])\d(?:[ -]?\d){11,}(?!\w)/g;

/** Masks what could be personal in a free text. */
export function scrub<T>(text: T): T {
  return (typeof text === 'string' ? text.replace(EMAIL, '[email]').replace(PHONE, '[phone]').replace(DIGITS, '[digits]') : text) as T;
}

function scrubFields(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) out[key] = typeof value === 'string' ? scrub(value) : value;
  return out;
}

/** An error as a log field: its type, message and stack (scrubbed), and its code and cause. */
type ErrorField = { type?: string; message: string; stack?: string; code?: string | number; cause?: ErrorField };
function errorField(error: unknown): ErrorField {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  const field: ErrorField = { type: error.name, message: scrub(error.message), stack: scrub(error.stack ?? '') };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') field.code = code;
  if (error.cause !== undefined) field.cause = errorField(error.cause);
  return field;
}

/** The request a line belongs to (its id), set by server.ts around each request. */
export const requestContext = processValue('requestContext', () => new AsyncLocalStorage<{ requestId: string }>());

export const LEVELS: LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type LoggerOptions = { level?: string; instance?: string; destination?: DestinationStream | NodeJS.WritableStream };
function create({ level = 'info', instance, destination }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: { instance: instance || `${os.hostname()}:${process.pid}` },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      errorKey: 'err',
      serializers: { err: errorField, error: errorField },
      formatters: {
        level: (label: string) => ({ level: label }),
        log: scrubFields,
      },
      hooks: {
        // Scrubs the message itself (the formatter above sees only the fields).
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as Parameters<typeof method>);
        },
      },
      mixin() {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
    },
    // stdout, written synchronously: a line is out before the process can die after it.
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

const loggers = processValue<{ root?: Logger }>('logger', () => ({}));

/**
 * Sets the level and the instance name (server.ts, once at start, from LOG_LEVEL and INSTANCE_NAME), and
 * in tests where the lines go. Without it the first use makes a logger at level `info` on stdout.
 */
export function configureLogger(options?: LoggerOptions): Logger {
  loggers.root = create(options);
  return loggers.root;
}

/** The process's logger, or a child that adds `component` to each of its lines. */
export function logger(component?: string): Logger {
  const root = (loggers.root ??= create());
  return component ? root.child({ component }) : root;
}
