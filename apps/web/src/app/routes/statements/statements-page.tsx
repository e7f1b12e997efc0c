import '@mantine/core/styles/SegmentedControl.layer.css';
import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { EarningsPanel } from '@/features/statements/components/statement-view';
import { UserFilter } from '@/features/users/components/record-filters';

/**
 * Statements (issue 48, Owner and Finance): a company or a driver, found by
 * name, and its statement for a period. The party and the days live in the
 * URL (`?party=driver&id=12&from=2026-03-01&to=2026-03-31`).
 */
export function StatementsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind = params.get('party') === 'driver' ? 'driver' : 'company';
  const id = Number(params.get('id')) || null;
  const change = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('line_page');
      return next;
    });

  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.statements')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Stack gap="xs">
            <SegmentedControl
              aria-label={t('statements.partyKind')}
              value={kind}
              onChange={(value) =>
                change({ party: value === 'driver' ? 'driver' : null, id: null })
              }
              data={[
                { value: 'company', label: t('statements.company') },
                { value: 'driver', label: t('statements.driver') },
              ]}
              w={{ base: '100%', sm: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
            />
            <UserFilter
              key={kind}
              kind={kind}
              value={id ? String(id) : ''}
              onChange={(value) => change({ id: value })}
            />
          </Stack>
          {id ? (
            <EarningsPanel key={`${kind}-${id}`} party={{ kind, id }} />
          ) : (
            <Text c="dimmed" size="sm">
              {t(kind === 'driver' ? 'statements.pickDriver' : 'statements.pickCompany')}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
