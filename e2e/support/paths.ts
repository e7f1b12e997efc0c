import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const webDist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
/** The compiled API (`npm run build`), what `npm start` runs. */
export const apiDist = fileURLToPath(new URL('../../apps/api/dist/', import.meta.url));
/**
 * Everything a run writes, inside the repository and ignored by git: each
 * server's data, mail and log (`server-<n>/`), and what a failed walk leaves
 * (`failures/`).
 */
export const artifactsDir = fileURLToPath(new URL('../artifacts/', import.meta.url));
/** What a failed walk leaves: `<walk>.png`, `<walk>.txt` and, traced, `<walk>.zip`. */
export const failuresDir = fileURLToPath(new URL('../artifacts/failures/', import.meta.url));

/** Where a walk keeps the pictures it takes: inside the repository's ignored artifacts. */
export const screensDir = (walk: string) => join(artifactsDir, 'screens', walk);
