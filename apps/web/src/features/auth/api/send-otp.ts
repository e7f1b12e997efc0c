import { paths, sendOtpResponseSchema, type SendOtpRequest } from '@cabdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST sendOtp: e-mails a code; the answer never carries it. */
export async function sendOtp(body: SendOtpRequest) {
  return sendOtpResponseSchema.parse(await api.post(paths.sendOtp, body));
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
