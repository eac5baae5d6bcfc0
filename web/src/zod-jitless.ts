// Imported first by main.tsx, before any schema is built: zod's fast path compiles parsers with
// `new Function`, which the app's Content-Security-Policy forbids (no eval; docs/security.md, item 13),
// and even its probe for eval is reported as a violation. Jitless parsing is the same, a little slower.
import { z } from "zod";

z.config({ jitless: true });
