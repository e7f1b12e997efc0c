import { initI18n } from './lib/i18n';

/**
 * The translations, asked for as the app starts: imported by main.tsx before
 * the router, whose first screen's code would otherwise be asked for first
 * and the translations wait behind it on the connections (issue 47).
 */
export const translationsLoaded = initI18n();
