import type { PolicyDocument } from './types';

export type PolicyKind = 'user' | 'company' | 'driver';

interface PolicyEntry {
  path: string;
  /** Translation key of the app's name, e.g. "Cabdesk Rider App". */
  appNameKey: string;
  /** Translation key of the policy's text (an object: intro and sections). */
  textKey: string;
}

/** SPEC 2: one public page per app. The text lives in the translation files. */
export const POLICIES: Record<PolicyKind, PolicyEntry> = {
  user: { path: '/user-policy', appNameKey: 'policy.apps.user', textKey: 'policyText.user' },
  company: {
    path: '/company-policy',
    appNameKey: 'policy.apps.company',
    textKey: 'policyText.company',
  },
  driver: {
    path: '/driver-policy',
    appNameKey: 'policy.apps.driver',
    textKey: 'policyText.driver',
  },
};

export const POLICY_KINDS = Object.keys(POLICIES) as PolicyKind[];

/** A translation that is not a policy object (a missing key answers the key itself). */
export function isPolicyDocument(value: unknown): value is PolicyDocument {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as PolicyDocument).intro) &&
    Array.isArray((value as PolicyDocument).sections)
  );
}
