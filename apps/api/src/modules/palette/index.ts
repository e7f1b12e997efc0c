/** The command palette module's public face: its routes. */
export { paletteRoutes } from './palette.routes';
