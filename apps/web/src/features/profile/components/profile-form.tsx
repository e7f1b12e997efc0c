import { profileFormSchema, type Profile } from '@cabdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';

/** SPEC 2 "Profile Detail": Full Name, Phone No. (digits only), Email (read-only), Update. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const updateMutation = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      full_name: profile.name,
      email: profile.email,
      phone: profile.phone ?? '',
    },
    reValidateMode: 'onSubmit',
  });
  const fieldError = (message: string | undefined) =>
    message ? translateMessage(message) : undefined;

  const onSubmit = handleSubmit((values) => {
    updateMutation.mutate(
      { name: values.full_name, email: values.email, phone: values.phone },
      {
        onSuccess: (response) => toastSuccess(translateMessage(response.message)),
        onError: (error) => toastError(translateMessage(errorMessage(error))),
      },
    );
  });

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
              error={fieldError(errors.full_name?.message)}
              {...register('full_name', { onChange: () => clearErrors('full_name') })}
            />
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <TextInput
                  label={t('profile.phone')}
                  autoComplete="tel-national"
                  inputMode="numeric"
                  maxLength={10}
                  error={fieldError(errors.phone?.message)}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={String(field.value ?? '')}
                  onChange={(event) => {
                    // Digits only (SPEC 2: a numeric input).
                    field.onChange(event.currentTarget.value.replace(/\D/g, ''));
                    clearErrors('phone');
                  }}
                />
              )}
            />
            <TextInput
              label={t('profile.email')}
              readOnly
              variant="filled"
              error={fieldError(errors.email?.message)}
              {...register('email')}
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
