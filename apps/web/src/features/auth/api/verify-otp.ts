import { paths, verifyOtpResponseSchema, type VerifyOtpRequest } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST verifyOTP: a right code answers a single-use reset token. */
export async function verifyOtp(body: VerifyOtpRequest) {
  return verifyOtpResponseSchema.parse(await api.post(paths.verifyOtp, body));
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
