/** Types of postgres.mjs (a throw-away PostgreSQL server on loopback). */
export function freePort(): Promise<number>;
export function startPostgres(options?: {
  settings?: Record<string, string | number>;
  /** fsync and synchronous commit on (off by default: tests and the bench go faster). */
  durable?: boolean;
  /** Its files in /dev/shm when there is room (the test suites). */
  inMemory?: boolean;
}): Promise<{
  url: string;
  dir: string;
  /** Starts the stopped server again, same port and files. */
  start: () => void;
  /** Stops the server and keeps its files; `immediate`: as if it died. */
  shutdown: (mode?: 'fast' | 'immediate') => void;
  /** Stops the server and removes its files. */
  stop: () => void;
}>;
