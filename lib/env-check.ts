/**
 * The production server's first step (server.ts, before it loads Next or listens): the environment is
 * validated by lib/env.ts, and if it is wrong the process prints each wrong key and why, and exits 1.
 * Without this, Next started anyway and answered 500 to every request ("An error occurred while loading
 * instrumentation hook: Invalid environment"), so a balancer's health check saw a live instance.
 * Loaded by plain Node (type stripping): relative imports carry `.ts`, no `@/` alias.
 */
import type { EnvironmentProblem } from './env.ts';

/** The lines printed for an invalid environment (values are never printed: they may be secrets). */
export function describeProblems(problems: readonly EnvironmentProblem[]): string {
  return [
    'Invalid environment: the server does not start. Wrong keys (see .env.example):',
    ...problems.map(({ key, problem }) => `  ${key}: ${problem}`),
  ].join('\n');
}

/** Returns when the environment is valid; otherwise prints why on stderr and ends the process with 1. */
export async function requireValidEnvironment(): Promise<void> {
  try {
    await import('./env.ts');
  } catch (error) {
    const problems = (error as { environmentProblems?: EnvironmentProblem[] }).environmentProblems;
    if (!problems) throw error;
    console.error(describeProblems(problems));
    process.exit(1);
  }
}
