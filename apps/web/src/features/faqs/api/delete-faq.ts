import { faqList } from '@cabdesk/contract';
import { useDeleteRecord } from '@/hooks/use-record-mutations';
import { invalidate } from '@/lib/call';

/** delete-data {id, table: supports}: the FAQ entry leaves the list. */
export const useDeleteFaq = () => useDeleteRecord('supports', () => invalidate(faqList));
