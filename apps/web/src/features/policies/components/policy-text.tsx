import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Plain policy prose, with any email address made a mailto link. */
export function PolicyText({ children }: { children: string }) {
  const parts = children.split(EMAIL);
  return parts.map((part, index) =>
    // split() with a capture group puts the matches at the odd indexes.
    index % 2 === 1 ? (
      <Anchor key={index} href={`mailto:${part}`} inherit underline="always">
        {part}
      </Anchor>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
