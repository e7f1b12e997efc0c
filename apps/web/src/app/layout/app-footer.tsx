import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** At the end of every page, after the content (not fixed over it). */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Text component="footer" size="sm" c="dimmed" ta="center" pt="xl">
      {t('footer.copyright')}
    </Text>
  );
}
