import { getProfile } from '@cabdesk/contract';
import { Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { SETTINGS } from '@/app/layout/nav-items';
import { useMay } from '@/hooks/use-may';
import { queryOf } from '@/lib/call';
import classes from './settings-page.module.css';

/** /setting: every settings screen the administrator's role may open, with what it is for. */
export function SettingsPage() {
  const { t } = useTranslation();
  const may = useMay();
  // The role comes with the profile: until it has loaded, no list that would grow.
  const profile = useQuery(queryOf(getProfile));
  const screens = profile.data
    ? SETTINGS.children.filter((item) => !item.endpoint || may.call(item.endpoint))
    : [];
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.setting')} />
      {profile.data ? null : <Loader size="sm" aria-label={t('common.loading')} />}
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        className={classes.list}
      >
        {screens.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <Card
                component={Link}
                to={item.to}
                withBorder
                radius="md"
                p="lg"
                className={classes.card}
              >
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                    <Icon size={20} stroke={1.5} />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Text fw={600}>{t(item.labelKey)}</Text>
                    {item.summaryKey ? (
                      <Text size="sm" c="dimmed">
                        {t(item.summaryKey)}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Card>
            </li>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
