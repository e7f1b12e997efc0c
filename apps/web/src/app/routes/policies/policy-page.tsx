import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/List.layer.css';
import {
  Anchor,
  Box,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { LanguageMenu } from '@/components/language-menu';
import { PolicySection } from '@/features/policies/components/policy-section';
import {
  isPolicyDocument,
  POLICIES,
  POLICY_KINDS,
  type PolicyKind,
} from '@/features/policies/content';
import { EFFECTIVE_DATE } from '@/features/policies/content/types';
import classes from './policy-page.module.css';

/** Sets the tab's title while the page is shown, and puts the previous one back after. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

interface PolicyPageProps {
  kind: PolicyKind;
}

/**
 * SPEC 2: the public privacy policy of one app (rider, company or driver),
 * readable without signing in and outside the admin layout.
 */
export function PolicyPage({ kind }: PolicyPageProps) {
  const { t } = useTranslation();
  const policy = POLICIES[kind];
  const text: unknown = t(policy.textKey, { returnObjects: true });
  const doc = isPolicyDocument(text) ? text : { intro: [], sections: [] };
  const appName = t(policy.appNameKey);
  const title = t('policy.title', { app: appName });
  useDocumentTitle(title);

  return (
    <Box className={classes.page}>
      <header className={classes.header}>
        <Container size={800} py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <ThemeIcon size={34} radius="md" aria-hidden>
                <IconCar size={20} stroke={1.75} />
              </ThemeIcon>
              <Text component="span" fw={700} size="lg" className={classes.appName}>
                {appName}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageMenu />
              <ColorSchemeToggle />
            </Group>
          </Group>
        </Container>
      </header>

      <Container component="main" size={800} px={{ base: 0, xs: 'md' }} py={{ base: 0, xs: 'xl' }}>
        <Paper component="article" className={classes.article} p={{ base: 'md', sm: 40 }}>
          <Stack gap="xl">
            <Stack gap="xs">
              <Title order={1} className={classes.title}>
                {title}
              </Title>
              <Text c="dimmed" fw={500}>
                {t('policy.effectiveDate', { date: EFFECTIVE_DATE.display })}
              </Text>
            </Stack>

            <Stack gap="sm">
              {doc.intro.map((paragraph) => (
                <Text key={paragraph} className={classes.prose}>
                  {paragraph}
                </Text>
              ))}
            </Stack>

            <Box component="nav" aria-labelledby="policy-contents" className={classes.contents}>
              <Title order={2} id="policy-contents" className={classes.contentsTitle}>
                {t('policy.contents')}
              </Title>
              <List type="ordered" spacing={4} mt="xs">
                {doc.sections.map((section) => (
                  <List.Item key={section.id}>
                    <Anchor href={`#${section.id}`}>{section.title}</Anchor>
                  </List.Item>
                ))}
              </List>
            </Box>

            {doc.sections.map((section, index) => (
              <PolicySection key={section.id} section={section} number={index + 1} />
            ))}
          </Stack>
        </Paper>
      </Container>

      <footer className={classes.footer}>
        <Container size={800} py="lg">
          <Stack gap="xs" align="center">
            <Group component="nav" aria-label={t('policy.otherPolicies')} gap="lg" justify="center">
              {POLICY_KINDS.filter((other) => other !== kind).map((other) => (
                <Anchor key={other} component={Link} to={POLICIES[other].path} size="sm">
                  {t('policy.title', { app: t(POLICIES[other].appNameKey) })}
                </Anchor>
              ))}
            </Group>
            <Text size="sm" c="dimmed">
              {t('footer.copyright')}
            </Text>
          </Stack>
        </Container>
      </footer>
    </Box>
  );
}
