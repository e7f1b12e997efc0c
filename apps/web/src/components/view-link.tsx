import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The "view" action of a row: opens the record's detail page. */
export function ViewLink({ to, name }: { to: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('table.view')}>
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        aria-label={t('table.viewName', { name })}
      >
        <IconEye size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
