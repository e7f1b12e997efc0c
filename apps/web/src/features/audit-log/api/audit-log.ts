import { adminList, auditLog, type AuditLogQuery } from '@cabdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOf } from '@/lib/call';

/** A page of the audit log, newest first, with the filters in force. */
export const useAuditLog = (query: AuditLogQuery) =>
  useQuery({ ...queryOf(auditLog, query), placeholderData: keepPreviousData });

/** The administrators to filter by. */
export const useAdminChoices = () =>
  useQuery({ ...queryOf(adminList), select: (data) => data.admins });
