import { companyPolicy } from './company';
import { driverPolicy } from './driver';
import type { PolicyDocument } from './types';
import { userPolicy } from './user';

export type PolicyKind = 'user' | 'company' | 'driver';

/** SPEC 2: one public page per app. */
export const POLICIES: Record<PolicyKind, PolicyDocument & { path: string }> = {
  user: { ...userPolicy, path: '/user-policy' },
  company: { ...companyPolicy, path: '/company-policy' },
  driver: { ...driverPolicy, path: '/driver-policy' },
};

export const POLICY_KINDS = Object.keys(POLICIES) as PolicyKind[];
