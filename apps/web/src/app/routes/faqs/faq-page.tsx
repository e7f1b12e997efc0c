import { FAQ_SORTS, faqAdd, faqList, faqUpdate, type Faq } from '@cabdesk/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, indexColumn, pagedQueryProps, type Column } from '@/components/data-table';
import { EditDeleteActions } from '@/components/edit-delete-actions';
import { useFormPopup } from '@/hooks/use-form-popup';
import { useMay } from '@/hooks/use-may';
import { useRowDelete } from '@/hooks/use-row-delete';
import { PageTitle } from '@/components/page-title';
import { useTableUrlState } from '@/hooks/use-table-url-state';
import { formatDate } from '@/lib/format';
import { useDeleteFaq } from '@/features/faqs/api/delete-faq';
import { useFaqs } from '@/features/faqs/api/get-faqs';
import { FaqFormModal } from '@/features/faqs/components/faq-form-modal';

/** SPEC 2 FAQ: the list of questions with add, edit and delete, a page at a time. */
export function FaqPage() {
  const { t } = useTranslation();
  const table = useTableUrlState({ list: 'faqs', sorts: FAQ_SORTS });
  const faqs = useFaqs(table.query);
  const deleteFaq = useDeleteFaq();
  const may = useMay();
  const mayEdit = may.call(faqUpdate);
  const form = useFormPopup<Faq>();
  const rowDelete = useRowDelete<Faq>(deleteFaq);

  const columns: Column<Faq>[] = [
    indexColumn(),
    {
      key: 'detail',
      header: t('faqs.detail'),
      sort: 'question',
      card: 'title',
      render: (faq) => (
        <Stack gap={4} maw={760}>
          {/* dir="auto": an entry reads in its own direction on an Arabic page. */}
          <Text fw={600} size="sm" dir="auto">
            {faq.question}
          </Text>
          <Text size="sm" c="dimmed" dir="auto" style={{ whiteSpace: 'pre-line' }}>
            {faq.answer}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'date',
      header: t('faqs.date'),
      render: (faq) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(faq.updated_at)}
        </Text>
      ),
      width: 140,
      sort: 'updated_at',
      sortDescending: true,
    },
    {
      key: 'action',
      header: t('faqs.action'),
      width: 110,
      card: 'actions',
      render: (faq) => (
        <EditDeleteActions
          edit={
            mayEdit
              ? {
                  tooltip: t('faqs.edit'),
                  label: t('faqs.editName', { question: faq.question }),
                  onClick: () => form.open(faq),
                }
              : undefined
          }
          remove={
            deleteFaq.allowed
              ? {
                  tooltip: t('faqs.delete'),
                  label: t('faqs.deleteName', { question: faq.question }),
                  onClick: rowDelete.ask(faq),
                }
              : undefined
          }
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('pages.faq')}
        actions={
          may.call(faqAdd) ? <Button onClick={() => form.open()}>{t('faqs.add')}</Button> : null
        }
      />
      <DataTable
        label={t('faqs.tableLabel')}
        source={{ endpoint: faqList, input: table.query }}
        columns={columns}
        rowKey={(faq) => faq.id}
        {...pagedQueryProps(faqs)}
        table={table}
        searchable={false}
        noun={(count) => t('nouns.faq', { count })}
        minWidth={720}
      />
      <FaqFormModal
        opened={form.opened}
        faq={form.record}
        formKey={form.key}
        onClose={form.close}
      />
      <ConfirmDialog
        {...rowDelete.dialog}
        title={t('faqs.deleteTitle')}
        message={t('faqs.deleteConfirm')}
        confirmLabel={t('faqs.confirmDelete')}
        cancelLabel={t('faqs.cancel')}
        color="red"
      />
    </Stack>
  );
}
