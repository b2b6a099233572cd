import path from 'node:path';

/** Where the company facts are read from (its own module so a test can point it at a fixture). */
export const FACTS_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), 'content', 'facts.yaml');
