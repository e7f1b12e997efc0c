import { describe, expect } from 'vitest';
import {
  API,
  describeWalks,
  HTTP_401_LOG,
  signInByApi,
  storageOf,
  toast,
} from '../support/browser';

describe('languages', () => {
  const walk = describeWalks();

  walk(
    'Spanish chosen in the header holds after a reload, and the API is asked in Spanish',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 1366, height: 860 });
      await signInByApi(page, baseUrl, admin, '/');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      // Nothing stored until a language is chosen: English is the default.
      expect(await storageOf(page)).not.toHaveProperty('setLanguage');

      await page.getByRole('button', { name: 'Language: English' }).click();
      await page.getByRole('menuitem', { name: 'Español' }).click();

      // At once, without a reload.
      await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
      expect((await storageOf(page)).setLanguage).toBe('es');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

      // Reloaded, the choice holds, and every API call asks for Spanish.
      const languages: string[] = [];
      page.on('request', (request) => {
        // The calls of the api client (an EventSource cannot set headers, and carries no messages).
        if (
          new URL(request.url()).pathname.startsWith(API) &&
          ['fetch', 'xhr'].includes(request.resourceType())
        ) {
          languages.push(request.headers()['accept-language'] ?? '(none)');
        }
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Navegación principal' });
      await nav.getByRole('link', { name: 'Usuarios' }).waitFor();
      await page.getByText('Ingresos totales', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Idioma: Español' }).waitFor();
      expect((await storageOf(page)).setLanguage).toBe('es');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.getByText('Copyright © 2024 | Todos los derechos reservados').waitFor();

      expect(languages.length).toBeGreaterThan(0);
      expect(new Set(languages)).toEqual(new Set(['es']));

      await page.waitForLoadState('networkidle');

      // A list: headers, dates and the pagination text in Spanish.
      await nav.getByRole('link', { name: 'Usuarios' }).click();
      await page.getByRole('heading', { level: 1, name: 'Lista de usuarios' }).waitFor();
      await page.getByRole('columnheader', { name: 'Fecha de registro' }).waitFor();
      await page
        .getByRole('cell', {
          name: /^(ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic)-\d\d-\d{4}$/,
        })
        .first()
        .waitFor();
      await page.getByText(/^Mostrando \d+ - \d+$/).waitFor();

      // And back to English, where SPEC's forms hold again.
      await page.getByRole('button', { name: 'Idioma: Español' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('heading', { level: 1, name: 'User List' }).waitFor();
      expect((await storageOf(page)).setLanguage).toBe('en');
      await page
        .getByRole('cell', {
          name: /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d\d-\d{4}$/,
        })
        .first()
        .waitFor();
    },
  );

  walk(
    'after signing out in Spanish, the server’s refusal arrives as a Spanish toast',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      allowConsoleError(HTTP_401_LOG);
      await signInByApi(page, baseUrl, admin, '/');
      await page.getByRole('button', { name: 'Language: English' }).click();
      await page.getByRole('menuitem', { name: 'Español' }).click();
      await page.getByRole('heading', { level: 1, name: 'Panel' }).waitFor();

      // Signing out empties the session but keeps the language.
      const nav = page.getByRole('navigation', { name: 'Navegación principal' });
      await nav.getByRole('button', { name: 'Cerrar sesión' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('¿Seguro que quieres cerrar sesión?').waitFor();
      await dialog.getByRole('button', { name: 'Sí' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Panel de administración' }).waitFor();
      expect(await storageOf(page)).toEqual({ setLanguage: 'es' });
      await page.getByRole('button', { name: 'Idioma: Español' }).waitFor();

      // A mistake only the server can see: its message, in Spanish.
      await page.getByLabel('Correo electrónico').fill(admin.email);
      await page.getByLabel('Contraseña', { exact: true }).fill('not the password');
      const answer = page.waitForResponse((r) => r.url().endsWith(`${API}login`));
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      const response = await answer;
      expect(response.status()).toBe(401);
      expect(response.request().headers()['accept-language']).toBe('es');
      await toast(page, 'Correo electrónico o contraseña incorrectos.').waitFor();
      expect(await page.getByText('Invalid email or password.').count()).toBe(0);
    },
  );

  walk('the privacy policy reads in Spanish, chosen on the page itself', async ({ page }) => {
    await page.goto('/user-policy');
    await page
      .getByRole('heading', { level: 1, name: 'Privacy Policy — Cabdesk Rider App' })
      .waitFor();
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page
      .getByRole('heading', {
        level: 1,
        name: 'Política de privacidad — App de pasajeros de Cabdesk',
      })
      .waitFor();
    await page.reload();
    await page
      .getByRole('heading', {
        level: 1,
        name: 'Política de privacidad — App de pasajeros de Cabdesk',
      })
      .waitFor();
    expect(await page.title()).toBe('Política de privacidad — App de pasajeros de Cabdesk');
    expect(await storageOf(page)).toEqual({ setLanguage: 'es' });
    await page
      .getByRole('heading', { level: 2, name: '1. Información que recopilamos', exact: true })
      .waitFor();
    const text = await page.getByRole('main').innerText();
    for (const right of ['Acceso:', 'Rectificación:', 'Supresión:', 'Baja del marketing:']) {
      expect(text).toContain(right);
    }
    expect(text).not.toContain('Information we collect');

    // On a phone the header with the menu still fits.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
