import {
  EXPIRING_DOCUMENTS,
  INTEGRATION_DOCUMENTS,
  type ExpiringDocument,
  type integrationDocuments,
} from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { users, vehicles } from '../../db/schema';
import { rowsOf } from '../../lib/sql';
import { dayOf, saveExpiries } from '../documents';
import { byExternalId, lockExternalId } from './people.repository';

type DocumentRequest = z.output<typeof integrationDocuments.input>;

/** Why a document was not stored: its record is not there, or was deleted at the desk. */
export type DocumentRefusal = { kind: 'no-record' } | { kind: 'deleted' };

/** The column of each image a person's document sets (a company's two are `company_doc[0]`, `[1]`). */
const PERSON_COLUMN = {
  dl_front: 'dlFront',
  holding_dl: 'holdingDl',
} as const;
const COMPANY_DOC_INDEX = { business_licence: 0, certificate_of_incorporation: 1 } as const;
const VEHICLE_COLUMN = {
  registration_front: 'registrationFront',
  registration_back: 'registrationBack',
  insurance: 'insurance',
  vehicle_front: 'vehicleFront',
  vehicle_back: 'vehicleBack',
  vehicle_left: 'vehicleLeft',
  vehicle_right: 'vehicleRight',
} as const;

/**
 * Stores `path` (an upload already on disk) as the image of one document of
 * a driver, company or vehicle named by the marketplace's id, and its expiry
 * date when sent (the review desk's document of that image). Answers the
 * path it replaced, for the caller to remove once committed.
 */
export async function saveDocument(
  tx: Tx,
  request: DocumentRequest,
  path: string,
  now: Date,
): Promise<DocumentRefusal | { kind: 'done'; id: number; previous: string | null }> {
  const slot = INTEGRATION_DOCUMENTS[request.document];
  let id: number;
  let previous: string | null;
  if (slot.role !== null) {
    await lockExternalId(tx, slot.role, request.external_id);
    const person = await byExternalId(tx, slot.role, request.external_id);
    if (!person) return { kind: 'no-record' };
    if (person.deletedAt) return { kind: 'deleted' };
    id = person.id;
    if (request.document === 'dl_front' || request.document === 'holding_dl') {
      const column = PERSON_COLUMN[request.document];
      previous = person[column];
      await tx
        .update(users)
        .set({ [column]: path, updatedAt: now })
        .where(eq(users.id, id));
    } else {
      const index = COMPANY_DOC_INDEX[request.document as keyof typeof COMPANY_DOC_INDEX];
      const images = [...person.companyDoc];
      previous = images[index] || null;
      // A company's later documents stay; a missing earlier one is a blank (shown as no image).
      while (images.length < index) images.push('');
      images[index] = path;
      await tx.update(users).set({ companyDoc: images, updatedAt: now }).where(eq(users.id, id));
    }
  } else {
    await lockExternalId(tx, 'vehicle', request.external_id);
    const [vehicle] = await tx
      .select()
      .from(vehicles)
      .where(eq(vehicles.externalId, request.external_id))
      .for('update');
    if (!vehicle) return { kind: 'no-record' };
    if (vehicle.deletedAt) return { kind: 'deleted' };
    id = vehicle.id;
    const column = VEHICLE_COLUMN[request.document as keyof typeof VEHICLE_COLUMN];
    previous = vehicle[column];
    await tx
      .update(vehicles)
      .set({ [column]: path, updatedAt: now })
      .where(eq(vehicles.id, id));
  }
  if (request.expires_on !== undefined && slot.kind !== null) {
    if ((EXPIRING_DOCUMENTS as readonly string[]).includes(slot.kind)) {
      await saveExpiries(
        tx,
        slot.role === null ? 'vehicles' : 'users',
        id,
        { [slot.kind as ExpiringDocument]: request.expires_on },
        dayOf(now),
      );
    }
  }
  return { kind: 'done', id, previous };
}

/** The expiry date Cabdesk has for the document of an image, after the change. */
export async function expiryOf(tx: Tx, request: DocumentRequest, id: number) {
  const slot = INTEGRATION_DOCUMENTS[request.document];
  if (slot.kind === null) return null;
  const [row] = await rowsOf<{ expires_on: string }>(
    tx,
    sql`select expires_on::text as expires_on from document_expiries
        where table_name = ${slot.role === null ? 'vehicles' : 'users'} and record_id = ${id}
          and document = ${slot.kind}`,
  );
  return row?.expires_on ?? null;
}
