import path from 'node:path';
import { contentRoot } from '../content-root.ts';

/** Where the company facts are read from: facts.yaml in the content root (its own module so a test can point it at a fixture). */
export const FACTS_FILE = path.join(/*turbopackIgnore: true*/ contentRoot(), 'facts.yaml');
