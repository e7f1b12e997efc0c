import { profileFormSchema, type Profile } from '@cabdesk/contract';
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';

/** SPEC 2 "Profile Detail": Full Name, Phone No. (digits only), Email (read-only), Update. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const updateMutation = useUpdateProfile();
  const form = useSchemaForm(profileFormSchema, {
    full_name: profile.name,
    email: profile.email,
    phone: profile.phone ?? '',
  });

  const onSubmit = form.handleSubmit((values) =>
    updateMutation.mutate({ name: values.full_name, email: values.email, phone: values.phone }),
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={onSubmit} aria-labelledby="profile-detail-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-detail-title">
            {t('profile.detailTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('profile.fullName')}
              autoComplete="name"
              {...form.field('full_name')}
            />
            <Controller
              control={form.control}
              name="phone"
              render={({ field }) => (
                <TextInput
                  label={t('profile.phone')}
                  autoComplete="tel-national"
                  inputMode="numeric"
                  maxLength={10}
                  error={form.errorOf('phone')}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={String(field.value ?? '')}
                  onChange={(event) => {
                    // Digits only (SPEC 2: a numeric input).
                    field.onChange(event.currentTarget.value.replace(/\D/g, ''));
                    form.clearErrors('phone');
                  }}
                />
              )}
            />
            <TextInput
              label={t('profile.email')}
              readOnly
              variant="filled"
              error={form.errorOf('email')}
              {...form.register('email')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={updateMutation.isPending}>
              {t('profile.update')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
