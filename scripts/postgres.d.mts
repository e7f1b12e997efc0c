/** Types of postgres.mjs (a throw-away PostgreSQL server on loopback). */
export function hasPostgres(): boolean;
export function freePort(): Promise<number>;
export function startPostgres(options?: {
  settings?: Record<string, string | number>;
}): Promise<{ url: string; dir: string; stop: () => void }>;
