import { Button, Stack } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';

interface AuthFormProps {
  onSubmit: ComponentProps<'form'>['onSubmit'];
  pending: boolean;
  submitLabel: string;
  /** The fields, above the full-width submit button. */
  children: ReactNode;
  /** What follows the button: a link back, a resend. */
  footer?: ReactNode;
  gap?: 'md' | 'lg';
}

/** The form of a public screen: its fields, then one full-width submit button. */
export function AuthForm({
  onSubmit,
  pending,
  submitLabel,
  children,
  footer,
  gap = 'md',
}: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap={gap}>
        {children}
        <Button type="submit" fullWidth size="md" loading={pending}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
