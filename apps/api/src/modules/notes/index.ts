/** The notes module's public face: its routes, and the record check history shares. */
export { noteRoutes, recordNotFound } from './notes.routes';
export { recordExists } from './notes.repository';
