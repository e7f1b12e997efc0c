import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from './icon-action';

/** The "view" action of a row: opens the record's detail page. */
export function ViewLink({ to, name }: { to: string; name: string }) {
  const { t } = useTranslation();
  return (
    <IconAction tooltip={t('table.view')} label={t('table.viewName', { name })} to={to}>
      <IconEye size={18} />
    </IconAction>
  );
}
