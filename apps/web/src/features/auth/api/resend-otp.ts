import {
  paths,
  retryAfterDataSchema,
  sendOtpResponseSchema,
  type ResendOtpRequest,
} from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** POST resendOtp: a new code, at most one per minute (429 tells the seconds left). */
export async function resendOtp(body: ResendOtpRequest) {
  return sendOtpResponseSchema.parse(await api.post(paths.resendOtp, body));
}

/** The seconds a refused resend says to wait, if it says so. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = error.body as { data?: unknown } | undefined;
  const parsed = retryAfterDataSchema.safeParse(body?.data);
  return parsed.success ? parsed.data.retry_after : null;
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
