import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const webDist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
export const artifactsDir = fileURLToPath(new URL('../artifacts/', import.meta.url));
