import { z } from "zod";

// Zod probes `new Function` when it builds its first object schema, to compile faster parsers; under the Content
// Security Policy (no 'unsafe-eval') the probe is reported as a violation. Every module that builds schemas the
// browser loads imports this first, so that it runs before any schema is built.
z.config({ jitless: true });
