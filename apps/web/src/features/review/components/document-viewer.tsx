import '@mantine/core/styles/Image.layer.css';
import type { RecordDocument } from '@cabdesk/contract';
import { ActionIcon, Group, Image, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconColumns2, IconRotateClockwise, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refreshImageUrl } from '@/lib/expired-images';

/** One image of a document, as the viewer lists them. */
export interface Shown {
  document: RecordDocument['document'];
  field: string;
  url: string;
}

/** Every image of the documents, in order. */
export const imagesOf = (documents: RecordDocument[]): Shown[] =>
  documents.flatMap((doc) => doc.images.map((image) => ({ document: doc.document, ...image })));

/** What the viewer shows and how (kept by the review screen, which its keys drive). */
export interface ViewState {
  /** Index of the image shown first. */
  selected: number;
  zoomed: boolean;
  /** Quarter turns clockwise. */
  turns: number;
  /** The next image beside the selected one. */
  compare: boolean;
}

export const INITIAL_VIEW: ViewState = { selected: 0, zoomed: false, turns: 0, compare: false };

interface DocumentViewerProps {
  documents: RecordDocument[];
  /** Whose they are (a name, or `image.vehicle` for a car): the images' alt text says it. */
  of: string;
  view: ViewState;
  onView: (view: ViewState) => void;
}

/**
 * A record's documents for review: thumbnails to pick one, the picked one
 * large; zoom (Z), rotate, and compare it with the next one side by side
 * (a licence next to the photo of the driver holding it).
 */
export function DocumentViewer({ documents, of, view, onView }: DocumentViewerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const images = imagesOf(documents);
  if (images.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('image.noDocuments')}
      </Text>
    );
  }
  const selected = Math.min(view.selected, images.length - 1);
  const shown =
    view.compare && images.length > 1
      ? [images[selected]!, images[(selected + 1) % images.length]!]
      : [images[selected]!];
  const labelOf = (image: Shown) => t(`documents.field.${image.field}`);
  const altOf = (image: Shown) => t('image.alt', { label: labelOf(image), of });

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap={6} role="group" aria-label={t('review.pickDocument')}>
          {images.map((image, index) => (
            <Paper
              key={`${image.field}-${index}`}
              component="button"
              type="button"
              withBorder
              p={2}
              radius="sm"
              onClick={() => onView({ ...view, selected: index })}
              aria-pressed={index === selected}
              aria-label={labelOf(image)}
              style={{
                cursor: 'pointer',
                outline: index === selected ? '2px solid var(--mantine-color-indigo-6)' : undefined,
              }}
            >
              <Image src={image.url} alt={altOf(image)} w={56} h={40} fit="cover" radius="xs" />
            </Paper>
          ))}
        </Group>
        <Group gap={4}>
          <Tooltip label={t('review.zoom')}>
            <ActionIcon
              variant={view.zoomed ? 'filled' : 'light'}
              aria-label={t('review.zoom')}
              aria-pressed={view.zoomed}
              onClick={() => onView({ ...view, zoomed: !view.zoomed })}
            >
              {view.zoomed ? <IconZoomOut size={18} /> : <IconZoomIn size={18} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('review.rotate')}>
            <ActionIcon
              variant="light"
              aria-label={t('review.rotate')}
              onClick={() => onView({ ...view, turns: (view.turns + 1) % 4 })}
            >
              <IconRotateClockwise size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('review.compare')}>
            <ActionIcon
              variant={view.compare ? 'filled' : 'light'}
              aria-label={t('review.compare')}
              aria-pressed={view.compare}
              disabled={images.length < 2}
              onClick={() => onView({ ...view, compare: !view.compare })}
            >
              <IconColumns2 size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: shown.length }} spacing="sm">
        {shown.map((image) => (
          <Stack key={image.url} gap={4}>
            <Paper
              withBorder
              radius="md"
              p={4}
              style={{ overflow: view.zoomed ? 'auto' : 'hidden' }}
              h={view.zoomed ? 520 : 360}
              data-testid="review-document"
            >
              <Image
                src={image.url}
                alt={altOf(image)}
                fit="contain"
                h={view.zoomed ? 1000 : '100%'}
                w={view.zoomed ? 'auto' : '100%'}
                maw={view.zoomed ? 'none' : '100%'}
                style={{
                  transform: `rotate(${view.turns * 90}deg)`,
                  transition: 'transform 150ms',
                }}
                onError={() => refreshImageUrl(queryClient, image.url)}
              />
            </Paper>
            <Text size="sm" fw={500} ta="center">
              {t(`documents.kind.${image.document}`)}
              {image.field === 'company_doc' ? null : ` · ${labelOf(image)}`}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
