/**
 * Imported first by the contract modules that build schemas (http.ts, common.ts). zod 4 compiles
 * object parsers with `new Function` unless told not to, and its feature probe alone makes the app's
 * strict Content-Security-Policy (script-src 'self', no 'unsafe-eval') report a
 * `securitypolicyviolation` in the browser. Parsing without the JIT is fast enough for our objects.
 */
import { z } from 'zod';

z.config({ jitless: true });
