import { MutationObserver, type MutationOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { loadMessages } from './i18n';
import { queryClient } from './query-client';
import { AUTH_TOAST, toastError, toastSuccess } from './toast';

vi.mock('./toast', () => ({
  AUTH_TOAST: { position: 'top-right', autoClose: 5000 },
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
}));

/** Runs one mutation through the app's client, as a hook would. */
async function mutate(options: MutationOptions<unknown, Error, void>) {
  await new MutationObserver(queryClient, options).mutate().catch(() => undefined);
}

const refused = async () => {
  throw new ApiError('Only a Pending record can be approved or rejected.', 409);
};
const offline = async () => {
  throw new ApiError('Something went wrong', 0);
};

describe('what a mutation says (SPEC 8)', () => {
  afterEach(() => {
    vi.mocked(toastError).mockReset();
    vi.mocked(toastSuccess).mockReset();
    vi.unstubAllGlobals();
  });

  it('toasts a failure once, with the server message, in the default place', async () => {
    await mutate({ mutationFn: refused });
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(
      'Only a Pending record can be approved or rejected.',
      {},
    );
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('says a failure in the language shown', async () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => 'es' } });
    await loadMessages('es');
    await mutate({ mutationFn: offline });
    expect(toastError).toHaveBeenCalledWith('Algo salió mal', {});
  });

  it('toasts where the mutation asks (the login area), or not at all', async () => {
    await mutate({ mutationFn: refused, meta: { errorToast: AUTH_TOAST } });
    expect(toastError).toHaveBeenLastCalledWith(expect.any(String), AUTH_TOAST);

    vi.mocked(toastError).mockReset();
    await mutate({ mutationFn: refused, meta: { errorToast: false } });
    expect(toastError).not.toHaveBeenCalled();
  });

  it("toasts the server's message of a success only when asked", async () => {
    const deleted = async () => ({ message: 'Deleted successfully.', data: { id: 1 } });
    await mutate({ mutationFn: deleted });
    expect(toastSuccess).not.toHaveBeenCalled();

    await mutate({ mutationFn: deleted, meta: { successToast: true } });
    expect(toastSuccess).toHaveBeenCalledWith('Deleted successfully.', {});

    await mutate({ mutationFn: deleted, meta: { successToast: AUTH_TOAST } });
    expect(toastSuccess).toHaveBeenLastCalledWith('Deleted successfully.', AUTH_TOAST);
    expect(toastError).not.toHaveBeenCalled();
  });
});
