import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUploadName } from '../lib/uploads';

/**
 * Plausible stand-ins for uploaded documents and photos: small SVG files. The
 * database stores a path relative to the upload root (the API serves it under
 * /uploads/), so `path` here is always relative.
 */
export type ImageFile = { path: string; svg: string };

const SEED_IMAGE_DIR = 'seed';

const FONT = 'font-family="Helvetica, Arial, sans-serif"';

/** Background colours of avatars, logos and document headers. */
export const PALETTE = [
  '#1f6feb',
  '#8250df',
  '#bf3989',
  '#cf222e',
  '#bc4c00',
  '#116329',
  '#0a7b83',
  '#57606a',
];

/** Up to two capitals from a name, for an avatar or a logo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;
}

/** A document card: coloured header with the title, detail lines, optional ID photo. */
export function documentCard(options: {
  title: string;
  lines: string[];
  accent: string;
  withPhoto?: boolean;
}): string {
  const textX = options.withPhoto ? 210 : 40;
  const photo = options.withPhoto
    ? '<rect x="40" y="120" width="140" height="180" rx="8" fill="#d9d4c7"/>' +
      '<circle cx="110" cy="185" r="34" fill="#a59f91"/>' +
      '<path d="M58 300c0-50 24-72 52-72s52 22 52 72z" fill="#a59f91"/>'
    : '';
  const lines = options.lines
    .map(
      (line, i) =>
        `<text x="${textX}" y="${150 + i * 40}" ${FONT} font-size="22" fill="#2b2b2b">${escapeXml(line)}</text>`,
    )
    .join('');
  return svg(
    640,
    400,
    '<rect width="640" height="400" rx="22" fill="#f7f5ef" stroke="#cfc9bb" stroke-width="2"/>' +
      `<path d="M0 22a22 22 0 0 1 22-22h596a22 22 0 0 1 22 22v62H0z" fill="${options.accent}"/>` +
      `<text x="40" y="54" ${FONT} font-size="28" font-weight="700" fill="#fff">${escapeXml(options.title)}</text>` +
      photo +
      lines +
      `<text x="40" y="372" ${FONT} font-size="15" fill="#8a8578">Cabdesk sample document</text>`,
  );
}

/** A round portrait with initials (passengers and drivers) or a square logo (companies). */
export function avatar(initials: string, background: string, shape: 'round' | 'square'): string {
  const plate =
    shape === 'round'
      ? `<circle cx="128" cy="128" r="128" fill="${background}"/>`
      : `<rect width="256" height="256" rx="40" fill="${background}"/>`;
  return svg(
    256,
    256,
    plate +
      `<text x="128" y="128" dy="0.35em" text-anchor="middle" ${FONT} font-size="96" font-weight="700" fill="#fff">${escapeXml(initials)}</text>`,
  );
}

/** A driver holding their licence next to their face. */
export function holdingLicence(name: string, background: string): string {
  return svg(
    480,
    480,
    `<rect width="480" height="480" fill="${background}"/>` +
      '<circle cx="240" cy="170" r="78" fill="#e0c3a4"/>' +
      '<path d="M90 480c0-110 66-170 150-170s150 60 150 170z" fill="#3d4a5c"/>' +
      '<rect x="250" y="300" width="170" height="108" rx="10" fill="#f7f5ef" stroke="#888" stroke-width="2"/>' +
      '<rect x="262" y="326" width="44" height="56" rx="4" fill="#d9d4c7"/>' +
      `<text x="316" y="346" ${FONT} font-size="14" font-weight="700" fill="#2b2b2b">DRIVER LICENCE</text>` +
      `<text x="316" y="370" ${FONT} font-size="12" fill="#2b2b2b">${escapeXml(name)}</text>` +
      `<text x="24" y="40" ${FONT} font-size="22" fill="#fff">Holding driver licence</text>`,
  );
}

type VehicleView = 'front' | 'back' | 'right' | 'left';
export const VEHICLE_VIEWS: readonly VehicleView[] = ['front', 'back', 'right', 'left'];

function sideView(paint: string, mirrored: boolean): string {
  const body =
    `<path d="M60 250l30-70c10-22 26-32 50-32h190c26 0 44 10 62 30l48 52 70 14c18 4 30 16 30 34v26H60z" fill="${paint}" stroke="#222" stroke-width="3"/>` +
    '<path d="M108 244l28-62c6-14 14-18 28-18h70v80z" fill="#9cc3e0" stroke="#222" stroke-width="2"/>' +
    '<path d="M250 244v-80h80c16 0 28 6 40 20l48 60z" fill="#9cc3e0" stroke="#222" stroke-width="2"/>' +
    '<circle cx="160" cy="304" r="38" fill="#222"/><circle cx="160" cy="304" r="16" fill="#aaa"/>' +
    '<circle cx="450" cy="304" r="38" fill="#222"/><circle cx="450" cy="304" r="16" fill="#aaa"/>';
  return mirrored ? `<g transform="translate(620 0) scale(-1 1)">${body}</g>` : body;
}

function endView(paint: string, lamp: string, plate: string): string {
  return (
    `<path d="M150 290v-90l40-70h240l40 70v90z" fill="${paint}" stroke="#222" stroke-width="3"/>` +
    '<path d="M200 196l26-50h168l26 50z" fill="#9cc3e0" stroke="#222" stroke-width="2"/>' +
    `<rect x="166" y="222" width="60" height="24" rx="6" fill="${lamp}"/>` +
    `<rect x="394" y="222" width="60" height="24" rx="6" fill="${lamp}"/>` +
    '<rect x="255" y="252" width="110" height="30" rx="4" fill="#fff" stroke="#222"/>' +
    `<text x="310" y="274" text-anchor="middle" ${FONT} font-size="18" font-weight="700" fill="#222">${escapeXml(plate)}</text>` +
    '<rect x="160" y="290" width="50" height="30" rx="6" fill="#222"/><rect x="410" y="290" width="50" height="30" rx="6" fill="#222"/>'
  );
}

/** A simple car silhouette in the vehicle's colour, seen from one side. */
export function vehiclePhoto(
  view: VehicleView,
  paint: string,
  plate: string,
  caption: string,
): string {
  const car =
    view === 'front'
      ? endView(paint, '#fff6c8', plate)
      : view === 'back'
        ? endView(paint, '#d3322f', plate)
        : sideView(paint, view === 'left');
  return svg(
    620,
    400,
    '<rect width="620" height="400" fill="#e8edf1"/><rect y="330" width="620" height="70" fill="#b9bec3"/>' +
      car +
      `<text x="24" y="40" ${FONT} font-size="22" fill="#333">${escapeXml(caption)}</text>`,
  );
}

/**
 * Records a new image under a random name, so no path can be guessed from
 * another (they used to be `seed/driver-licence-177.svg`), and answers the
 * path the row stores.
 */
export function addImage(files: ImageFile[], svg: string): string {
  const path = `${SEED_IMAGE_DIR}/${randomUploadName('svg')}`;
  files.push({ path, svg });
  return path;
}

/** Writes the files under the upload root, a few at a time. */
export async function writeImages(uploadDir: string, files: ImageFile[]): Promise<void> {
  const dirs = new Set(files.map((file) => dirname(join(uploadDir, file.path))));
  for (const dir of dirs) await mkdir(dir, { recursive: true });
  const chunk = 64;
  for (let i = 0; i < files.length; i += chunk) {
    await Promise.all(
      files.slice(i, i + chunk).map((file) => writeFile(join(uploadDir, file.path), file.svg)),
    );
  }
}
