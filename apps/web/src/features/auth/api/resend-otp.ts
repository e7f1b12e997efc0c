import { resendOtp, retryAfterDataSchema } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { mutationOf } from '@/lib/call';
import { AUTH_AREA_TOASTS } from '@/lib/toast';

/** The seconds a refused resend says to wait (a 429's `data.retry_after`), if it says so. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = error.body as { data?: unknown } | undefined;
  const parsed = retryAfterDataSchema.safeParse(body?.data);
  return parsed.success ? parsed.data.retry_after : null;
}

/** A new code, at most one per minute. */
export function useResendOtp() {
  return useMutation({
    ...mutationOf(resendOtp),
    meta: AUTH_AREA_TOASTS,
  });
}
