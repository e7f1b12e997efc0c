import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface PlaceholderPageProps {
  /** Translation key of the screen's title. */
  titleKey: string;
  /** Public screens stand alone, without the layout around them. */
  standalone?: boolean;
}

/** An honest page for a screen whose issue has not landed yet. */
export function PlaceholderPage({ titleKey, standalone = false }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const body = (
    <Paper withBorder radius="md" p="xl" maw={standalone ? 480 : undefined} w="100%">
      <Stack gap="sm" align={standalone ? 'center' : 'flex-start'}>
        <ThemeIcon variant="light" color="gray" size="lg" radius="xl" aria-hidden>
          <IconHourglass size={20} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t(titleKey)}
        </Title>
        <Text c="dimmed">{t('common.notBuilt')}</Text>
      </Stack>
    </Paper>
  );
  if (!standalone) return body;
  return (
    <Center mih="100vh" p="md" bg="var(--app-page)">
      {body}
    </Center>
  );
}
