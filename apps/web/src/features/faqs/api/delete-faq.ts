import { faqList } from '@cabdesk/contract';
import { useDeleteRecord } from '@/hooks/use-record-mutations';

/** delete-data {id, table: supports}: the FAQ entry leaves the list. */
export const useDeleteFaq = () => useDeleteRecord('supports', { stale: [faqList] });
