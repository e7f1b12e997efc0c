import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';
import { QueryState, type QueryStateProps } from './query-state';

interface DetailScreenProps<T> extends QueryStateProps<T> {
  title: string;
  /** The list the record belongs to (the title's back link). */
  back: { to: string; label: string };
  /** Shown instead of the record when the URL names none. */
  missing?: ReactNode;
}

/** A record's page (SPEC 2 detail screens): its title and back link, then the record once loaded. */
export function DetailScreen<T>({ title, back, query, children, missing }: DetailScreenProps<T>) {
  return (
    <Stack gap="lg">
      <PageTitle title={title} back={back} />
      {missing ?? <QueryState query={query}>{children}</QueryState>}
    </Stack>
  );
}
