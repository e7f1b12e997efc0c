import { noteAdd, noteList, recordHistory, type InputOf } from '@cabdesk/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { invalidate, queryOf, send } from '@/lib/call';

type RecordRef = Pick<InputOf<typeof noteList>, 'table' | 'id'>;

/** A record's internal notes, newest first. */
export function useNotes(query: InputOf<typeof noteList>) {
  return useQuery({ ...queryOf(noteList, query), placeholderData: keepPreviousData });
}

/** note-add: the notes and the history of that record change. */
export function useAddNote(record: RecordRef) {
  return useMutation({
    mutationFn: (text: string) => send(noteAdd, { ...record, text }),
    meta: { successToast: true },
    onSuccess: () => Promise.all([invalidate(noteList), invalidate(recordHistory)]),
  });
}

/** What administrators did to a record, newest first. */
export function useRecordHistory(query: InputOf<typeof recordHistory>) {
  return useQuery({ ...queryOf(recordHistory, query), placeholderData: keepPreviousData });
}
