import '@mantine/core/styles/Image.layer.css';
import { Image, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refreshImageUrl } from '@/lib/expired-images';

interface ImageZoomProps {
  /** A signed `/uploads/...` URL; none shows "No image". */
  src: string | null | undefined;
  label: string;
  /** Whose it is (a person's or company's name, `image.vehicle` for a car): the alt text says both. */
  of: string;
  height?: number;
}

/** A document or photo: a thumbnail that opens full size on click. */
export function ImageZoom({ src, label, of, height = 140 }: ImageZoomProps) {
  const { t } = useTranslation();
  const alt = t('image.alt', { label, of });
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  // An expired URL fails: the page's data is fetched again with fresh ones.
  const onError = () => refreshImageUrl(queryClient, src);
  return (
    <Stack gap={6}>
      {src ? (
        <UnstyledButton
          onClick={open}
          aria-label={t('image.zoom', { label })}
          data-testid="image-zoom"
        >
          <Paper withBorder radius="md" p={4}>
            <Image src={src} alt={alt} h={height} fit="contain" radius="sm" onError={onError} />
          </Paper>
        </UnstyledButton>
      ) : (
        <Paper
          withBorder
          radius="md"
          h={height + 10}
          display="grid"
          style={{ placeItems: 'center' }}
        >
          <Text size="sm" c="dimmed">
            {t('image.none')}
          </Text>
        </Paper>
      )}
      <Text size="sm" fw={500} ta="center">
        {label}
      </Text>
      <Modal opened={opened} onClose={close} title={label} size="xl" centered>
        {src ? <Image src={src} alt={alt} fit="contain" mah="75vh" onError={onError} /> : null}
      </Modal>
    </Stack>
  );
}
