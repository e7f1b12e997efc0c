import { useDecideApproval } from '@/hooks/use-record-mutations';
import { accountChanged } from './account-changed';

/** approval-user (table users): approve or reject a Pending company or driver. */
export const useDecideUserApproval = () => useDecideApproval('users', accountChanged);
