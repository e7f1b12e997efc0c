import { config } from 'zod';

/**
 * The server's Content-Security-Policy allows no eval (`script-src 'self'`).
 * zod compiles its object parsers with `new Function` where it may, and finds
 * out whether it may when the first object schema is built: that probe, caught
 * as it is, is a violation Chrome reports (Lighthouse's "Chrome logs a
 * Content-Security-Policy issue"). jitless: no probe and no compiled parsers.
 * main.tsx imports this first, before any module builds a schema.
 */
config({ jitless: true });
