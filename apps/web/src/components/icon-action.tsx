import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

interface IconActionProps extends Pick<ActionIconProps, 'color' | 'variant'> {
  /** The tooltip: what the icon does ("Delete"). */
  tooltip: string;
  /** What a screen reader says: the action and its record ("Delete Ann Lee"). */
  label: string;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** A link to this page instead of a button. */
  to?: string;
}

/** A row's action as an icon with its tooltip (view, edit, approve, reject, delete). */
export function IconAction({
  tooltip,
  label,
  children,
  onClick,
  to,
  variant = 'subtle',
  color,
}: IconActionProps) {
  return (
    <Tooltip label={tooltip}>
      {to ? (
        <ActionIcon component={Link} to={to} variant={variant} color={color} aria-label={label}>
          {children}
        </ActionIcon>
      ) : (
        <ActionIcon variant={variant} color={color} aria-label={label} onClick={onClick}>
          {children}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
