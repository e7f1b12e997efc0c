/** The documents module's public face: its routes, the daily check, and what details show. */
export { documentRoutes } from './documents.routes';
export { runDocumentCheck } from './document-check';
export { documentsOf, kindOfRole, type Expiries, type StoredImages } from './documents';
export {
  dayOf,
  documentsBelongTo,
  expiriesOf,
  lockOwner,
  markDatesMissing,
  saveExpiries,
  type OwnerTable,
} from './documents.repository';
