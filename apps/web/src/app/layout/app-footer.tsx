import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Center h="100%" px="md">
      <Text size="sm" c="dimmed">
        {t('footer.copyright')}
      </Text>
    </Center>
  );
}
