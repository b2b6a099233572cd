// The `compression` middleware as lib/http/compression.ts uses it (the package ships no types).
declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Options = { brotli?: { params?: Record<number, number> }; level?: number; threshold?: number | string };
  export default function compression(options?: Options): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}
