import { z } from 'zod';

// In a browser, zod parses without its compiled fast path: it probes for one with
// `new Function('')` as each object schema is made, which the app's Content-Security-Policy
// (no 'unsafe-eval') refuses and Chromium reports as a policy violation. index.ts imports this
// first, so the setting holds before any schema exists. The server keeps the fast path.
if ('document' in globalThis) z.config({ jitless: true });
