import {
  EXPIRING_DOCUMENTS,
  type DocumentKind,
  type ImageField,
  type RecordDocument,
  type ReviewKind,
  type UserType,
} from '@cabdesk/contract';

/** A record's stored image paths, by SPEC 3's field names (what is absent is null or []). */
export type StoredImages = {
  company_doc?: readonly string[] | null;
  dl_front?: string | null;
  holding_dl?: string | null;
  registration_front?: string | null;
  registration_back?: string | null;
  insurance?: string | null;
  vehicle_front?: string | null;
  vehicle_back?: string | null;
  vehicle_right?: string | null;
  vehicle_left?: string | null;
};

/** Expiry dates by document kind (`{ driver_licence: '2027-03-31' }`). */
export type Expiries = Partial<Record<DocumentKind, string>>;

type Layout = { document: DocumentKind; images: [ImageField, string | null | undefined][] }[];

/** Which images make which document, for each kind of record (see the contract's documents.ts). */
function layoutOf(kind: ReviewKind, images: StoredImages): Layout {
  switch (kind) {
    case 'company': {
      const [licence, certificate, ...others] = images.company_doc ?? [];
      return [
        { document: 'business_licence', images: [['company_doc', licence]] },
        { document: 'certificate_of_incorporation', images: [['company_doc', certificate]] },
        ...others.map((path) => ({
          document: 'company_document' as const,
          images: [['company_doc', path]] as [ImageField, string][],
        })),
      ];
    }
    case 'driver':
      return [
        {
          document: 'driver_licence',
          images: [
            ['dl_front', images.dl_front],
            ['holding_dl', images.holding_dl],
          ],
        },
      ];
    case 'vehicle':
      return [
        {
          document: 'registration',
          images: [
            ['registration_front', images.registration_front],
            ['registration_back', images.registration_back],
          ],
        },
        { document: 'insurance', images: [['insurance', images.insurance]] },
        {
          document: 'vehicle_photos',
          images: [
            ['vehicle_front', images.vehicle_front],
            ['vehicle_back', images.vehicle_back],
            ['vehicle_right', images.vehicle_right],
            ['vehicle_left', images.vehicle_left],
          ],
        },
      ];
  }
}

const expires = (document: DocumentKind) =>
  (EXPIRING_DOCUMENTS as readonly DocumentKind[]).includes(document);

/**
 * A record's documents with their images as signed URLs (`url` signs a stored
 * path; what it cannot sign is left out) and their expiry dates.
 */
export function documentsOf(
  kind: ReviewKind | null,
  images: StoredImages,
  expiries: Expiries | null,
  url: (stored: string | null | undefined) => string | null,
): RecordDocument[] {
  if (kind === null) return [];
  return layoutOf(kind, images).map(({ document, images: shown }) => ({
    document,
    expires: expires(document),
    expires_on: expiries?.[document] ?? null,
    images: shown.flatMap(([field, stored]) => {
      const signed = url(stored);
      return signed === null ? [] : [{ field, url: signed }];
    }),
  }));
}

/** The kind of record an account is reviewed as; passengers are not reviewed (null). */
export const kindOfRole = (role: UserType): ReviewKind | null =>
  role === 'Company' ? 'company' : role === 'Driver' ? 'driver' : null;
