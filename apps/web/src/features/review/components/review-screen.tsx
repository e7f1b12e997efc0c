import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Kbd.layer.css';
import { approvalUser, type ReviewItem } from '@cabdesk/contract';
import { Badge, Button, Grid, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '@/hooks/use-may';
import { useDecide } from '../api/decide';
import { useDeskKeys } from '@/hooks/use-desk-keys';
import { DecisionPanel, type Chosen, type DecisionHandle } from './decision-panel';
import { DocumentViewer, imagesOf, INITIAL_VIEW, type ViewState } from './document-viewer';
import { ReviewFacts } from './review-facts';
import classes from './review.module.css';

/** How long the decision's toast offers Undo (the server allows its UNDO_WINDOW_SECONDS). */
const UNDO_MS = 10_000;

interface ReviewScreenProps {
  item: ReviewItem;
  /** Where the queue stands: "3 of 12". */
  position: { index: number; total: number };
  onPrevious?: () => void;
  onNext?: () => void;
  /** The item is decided: the next one opens. */
  onDecided: () => void;
  /** Undo on the decision's toast was chosen (the inbox, which outlives this screen, sends it). */
  onUndo: (item: ReviewItem) => void;
}

/**
 * One record under review: its facts, its documents and the decision side by
 * side. Keys: J / K next and previous, A approve, R reject (focus in the
 * reason), Z zoom. The decision is sent at once (so closing the page never
 * loses it); its toast offers Undo for 10 s, which the server honours for its
 * author only. On a phone the decision stays at the screen's bottom; touch
 * devices show no key hints.
 */
export function ReviewScreen({
  item,
  position,
  onPrevious,
  onNext,
  onDecided,
  onUndo,
}: ReviewScreenProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<ViewState>(INITIAL_VIEW);
  const decision = useRef<DecisionHandle>(null);
  const decide = useDecide();
  const mayDecide = useMay().call(approvalUser);

  // A double click sends one decision: the second click comes before `pending` renders.
  const sending = useRef(false);
  const send = (chosen: Chosen) => {
    if (sending.current) return;
    sending.current = true;
    const input =
      chosen.approval === 'Approved'
        ? {
            table: item.table,
            id: item.id,
            approval: chosen.approval,
            expires_on: chosen.expiresOn,
          }
        : { table: item.table, id: item.id, approval: chosen.approval, reason: chosen.reason };
    decide.mutate(input, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: () => {
        const id = `decided-${item.table}-${item.id}`;
        notifications.show({
          id,
          color: chosen.approval === 'Approved' ? 'teal' : 'red',
          autoClose: UNDO_MS,
          closeButtonProps: { 'aria-label': t('common.closeToast') },
          message: (
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{t(`review.decided.${chosen.approval}`, { name: item.name })}</Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  notifications.hide(id);
                  onUndo(item);
                }}
              >
                {t('review.undo')}
              </Button>
            </Group>
          ),
        });
        onDecided();
      },
    });
  };

  useDeskKeys([
    ['J', () => onNext?.()],
    ['K', () => onPrevious?.()],
    ['A', () => decision.current?.approve()],
    ['R', () => decision.current?.reject()],
    ['Z', () => setView((current) => ({ ...current, zoomed: !current.zoomed }))],
  ]);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Badge variant="light">{t(`review.kind.${item.kind}`)}</Badge>
          <Title order={2} size="h3">
            {item.name}
          </Title>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('review.position', { index: position.index + 1, total: position.total })}
          </Text>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconChevronLeft size={14} className="mantine-rotate-rtl" />}
            rightSection={
              <Kbd size="xs" className={classes.keyHint}>
                K
              </Kbd>
            }
            disabled={!onPrevious}
            onClick={onPrevious}
          >
            {t('review.previous')}
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            rightSection={
              <Group gap={4} wrap="nowrap">
                <Kbd size="xs" className={classes.keyHint}>
                  J
                </Kbd>
                <IconChevronRight size={14} className="mantine-rotate-rtl" />
              </Group>
            }
            disabled={!onNext}
            onClick={onNext}
          >
            {t('review.next')}
          </Button>
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="md">
            <ReviewFacts item={item} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="md">
            <DocumentViewer
              documents={item.documents}
              of={item.kind === 'vehicle' ? t('image.vehicle', { plate: item.name }) : item.name}
              view={view}
              onView={setView}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} className={classes.decision}>
          <Paper withBorder radius="md" p="md" shadow="sm">
            {mayDecide ? (
              <DecisionPanel
                ref={decision}
                kind={item.kind}
                documents={item.documents}
                pending={decide.isPending}
                onDecide={send}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('review.readOnly')}
              </Text>
            )}
          </Paper>
          <Text size="xs" c="dimmed" mt="xs" className={classes.keyHint}>
            {t('review.keys', { images: imagesOf(item.documents).length })}
          </Text>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
