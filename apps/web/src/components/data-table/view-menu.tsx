import '@mantine/core/styles/Divider.layer.css';
import {
  VIEW_LISTS,
  viewDelete,
  viewList,
  viewSave,
  type SavedView,
  type ViewList,
} from '@cabdesk/contract';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmark, IconLink, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Popup, PopupActions } from '@/components/popup';
import { viewQuery } from '@/hooks/table-url-state';
import { invalidate, mutationOf, queryOf } from '@/lib/call';
import { toastError, toastSuccess } from '@/lib/toast';

/** The list a screen is, from its route (`/trip` -> `trip`), if views are kept for it. */
const listOf = (pathname: string) =>
  VIEW_LISTS.find((list) => `/${list}` === pathname.replace(/\/$/, ''));

/** A view's link: the list's route with its query. */
const linkOf = (view: Pick<SavedView, 'list' | 'query'>) =>
  view.query === '' ? `/${view.list}` : `/${view.list}?${view.query}`;

/**
 * "Views" of a list screen: save the list as it is now (filters, search,
 * sort, page size, hidden columns) under a name, open a saved one, copy its
 * link, delete it. Personal; a link opens the same list for anyone.
 */
export function ViewMenu() {
  const { pathname } = useLocation();
  const list = listOf(pathname);
  return list ? <Views list={list} /> : null;
}

function Views({ list }: { list: ViewList }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [opened, menu] = useDisclosure(false);
  const [naming, setNaming] = useState(false);
  const views = useQuery({ ...queryOf(viewList, { list }), enabled: opened });
  const remove = useMutation({
    ...mutationOf(viewDelete),
    meta: { successToast: true },
    onSuccess: () => invalidate(viewList),
  });

  const copy = async (view: SavedView) => {
    try {
      await navigator.clipboard.writeText(new URL(linkOf(view), window.location.origin).href);
      toastSuccess(t('views.copied', { name: view.name }));
    } catch {
      toastError(t('views.copyFailed'));
    }
  };

  return (
    <>
      <Popover
        opened={opened}
        onChange={(next) => (next ? menu.open() : menu.close())}
        position="bottom-end"
        shadow="md"
        width={300}
        withinPortal
        trapFocus
      >
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconBookmark size={16} />}
            onClick={menu.toggle}
            aria-expanded={opened}
          >
            {t('views.button')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                menu.close();
                setNaming(true);
              }}
            >
              {t('views.save')}
            </Button>
            <Divider />
            {views.data === undefined ? (
              <Text size="sm" c="dimmed">
                {views.isError ? t('views.loadFailed') : t('common.loading')}
              </Text>
            ) : views.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('views.none')}
              </Text>
            ) : (
              <Stack component="ul" gap={4} m={0} p={0} aria-label={t('views.title')}>
                {views.data.map((view) => (
                  <Group component="li" key={view.id} gap={4} wrap="nowrap" justify="space-between">
                    <Anchor
                      component={Link}
                      to={linkOf(view)}
                      size="sm"
                      onClick={menu.close}
                      style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                    >
                      {view.name}
                    </Anchor>
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label={t('views.copy')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('views.copyName', { name: view.name })}
                          onClick={() => void copy(view)}
                        >
                          <IconLink size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('views.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('views.deleteName', { name: view.name })}
                          loading={remove.isPending && remove.variables?.id === view.id}
                          onClick={() => remove.mutate({ id: view.id })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SaveViewDialog
        opened={naming}
        list={list}
        query={viewQuery(search)}
        onClose={() => setNaming(false)}
      />
    </>
  );
}

/** Names the list as it is now and saves it (a name used again replaces that view). */
function SaveViewDialog({
  opened,
  list,
  query,
  onClose,
}: {
  opened: boolean;
  list: ViewList;
  query: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const save = useMutation({
    ...mutationOf(viewSave),
    meta: { successToast: true },
    onSuccess: () => {
      void invalidate(viewList);
      close();
    },
  });
  const close = () => {
    setName('');
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ list, name, query });
  };

  return (
    <Popup
      opened={opened}
      onClose={save.isPending ? () => undefined : close}
      title={t('views.save')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('views.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
            required
            data-autofocus
          />
          <PopupActions
            cancelLabel={t('confirm.cancel')}
            confirmLabel={t('views.saveConfirm')}
            pending={save.isPending}
            onCancel={close}
          />
        </Stack>
      </form>
    </Popup>
  );
}
