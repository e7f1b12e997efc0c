import { z } from 'zod';
import { confirmField, fullNameSchema, passwordField } from './account';
import { signedInSchema } from './auth';
import { area, OWNER_ONLY, roleSchema } from './endpoint';
import { idSchema } from './envelope';
import { exportQuery } from './list-query';
import { int } from './vocabulary';

/** Hours an invitation link stays valid. */
export const INVITE_TTL_HOURS = 72;

/** Invited: has not accepted yet; Inactive: cannot sign in (deactivated, or the invitation withdrawn). */
export const ADMIN_STATUSES = ['Invited', 'Active', 'Inactive'] as const;
const adminStatusSchema = z.enum(ADMIN_STATUSES);
export type AdminStatus = z.infer<typeof adminStatusSchema>;

export const ADMIN_MESSAGES = {
  listed: 'Administrators fetched successfully.',
  invited: 'The invitation has been sent.',
  mailFailed: 'The invitation is saved but its e-mail could not be sent. Please invite again.',
  updated: 'The administrator has been updated.',
  missing: 'There is no such administrator.',
  alreadyAdmin:
    'This e-mail address already belongs to an administrator: change their role or status instead.',
  lastOwner: 'The last active Owner can be neither demoted nor deactivated.',
  notAccepted: 'This person has not accepted an invitation: invite them again.',
  changeSomething: 'Send a role or a status.',
  inviteDead: 'This invitation has expired or was already used. Please ask for a new one.',
  inviteAccepted: 'Welcome to Cabdesk. You are signed in.',
  emailInvalid: 'Please enter a valid e-mail address.',
  policyOn: 'Two-factor sign-in is now required of every administrator.',
  policyOff: 'Two-factor sign-in is now optional.',
  policyNeedsYours: 'Turn on two-factor sign-in for yourself first.',
  twoFactorReset: 'Two-factor sign-in has been turned off for this administrator.',
} as const;

const adminSchema = z.object({
  id: int(),
  /** Empty until the invitation is accepted. */
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: adminStatusSchema,
  two_factor: z.boolean(),
  last_login_at: z.string().nullable(),
  /** When a pending invitation's link dies; null when none is pending. */
  invite_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type Administrator = z.infer<typeof adminSchema>;

const emailSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.email({ error: ADMIN_MESSAGES.emailInvalid }).max(254, ADMIN_MESSAGES.emailInvalid),
);

export const adminInviteFormSchema = z.object({ email: emailSchema, role: roleSchema });
export type AdminInviteForm = z.infer<typeof adminInviteFormSchema>;

const adminUpdateRequestSchema = z
  .object({
    id: idSchema,
    role: roleSchema.optional(),
    status: z
      .enum(['Active', 'Inactive'], { error: 'status must be Active or Inactive.' })
      .optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined, {
    message: ADMIN_MESSAGES.changeSomething,
    path: ['role'],
  });
export type AdminUpdate = z.input<typeof adminUpdateRequestSchema>;

const inviteAcceptFields = z.object({
  token: z
    .string({ error: ADMIN_MESSAGES.inviteDead })
    .min(1, ADMIN_MESSAGES.inviteDead)
    .max(200, ADMIN_MESSAGES.inviteDead),
  name: fullNameSchema,
  password: passwordField(
    'Please enter new password.',
    'Password should be at least 8 characters.',
  ),
  confirm_password: confirmField('Please confirm your password.'),
});
const samePasswords = {
  path: ['confirm_password'],
  message: 'New password and Confirm password does not matched!',
};

/** The invitee's form: their name and password (SPEC 5's password messages). */
export const inviteAcceptFormSchema = inviteAcceptFields
  .omit({ token: true })
  .refine((v) => v.password === v.confirm_password, samePasswords);
export type InviteAcceptForm = z.infer<typeof inviteAcceptFormSchema>;

const inviteAcceptRequestSchema = inviteAcceptFields.refine(
  (v) => v.password === v.confirm_password,
  samePasswords,
);

// ---------------------------------------------------------------- calls

const adminCalls = area('Administrators', OWNER_ONLY);

export const adminList = adminCalls.get('admin-list', {
  summary:
    'Every administrator and pending invitation, and whether two-factor sign-in is required.',
  input: z.object(exportQuery),
  data: z.object({ admins: z.array(adminSchema), two_factor_required: z.boolean() }),
  export: 'administrators',
});

export const adminInvite = adminCalls.post('admin-invite', {
  summary: `E-mail a single-use link (valid ${INVITE_TTL_HOURS} h) to set a name and password; a new invitation replaces the last.`,
  input: adminInviteFormSchema,
  data: adminSchema,
});

export const adminUpdate = adminCalls.post('admin-update', {
  summary:
    "Change a colleague's role or status; deactivation ends their sessions and streams at once. The last active Owner stays.",
  input: adminUpdateRequestSchema,
  data: adminSchema,
});

export const inviteAccept = adminCalls.post('invite-accept', {
  summary:
    'Accept an invitation with its token: set a name and password, and be signed in (a session as login answers it).',
  input: inviteAcceptRequestSchema,
  data: signedInSchema.extend({ email: z.string() }),
  public: true,
});

export const twoFactorPolicy = adminCalls.post('two-factor-policy', {
  summary:
    'Require two-factor sign-in of every administrator (those without it are led into enrolment), or make it optional.',
  input: z.object({ required: z.boolean({ error: 'required must be true or false.' }) }),
  data: z.object({ required: z.boolean() }),
});

export const twoFactorReset = adminCalls.post('two-factor-reset', {
  summary:
    "Turn off an administrator's two-factor sign-in (a lost phone); their recovery codes die.",
  input: z.object({ id: idSchema }),
  data: adminSchema,
});
