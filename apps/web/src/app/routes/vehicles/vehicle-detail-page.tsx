import type { Vehicle, VehicleDetail } from '@cabdesk/contract';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteButton } from '@/components/delete-button';
import { useUpdateVehicleStatus } from '@/features/vehicles/api/update-vehicle-status';
import { RecordDecisions } from '@/components/record-decisions';
import { DetailScreen } from '@/components/detail-screen';
import { ImageZoom } from '@/components/image-zoom';
import { InfoList } from '@/components/info-list';
import { ContactCell } from '@/components/person-cell';
import { SectionCard } from '@/components/section-card';
import { useDecideVehicleApproval } from '@/features/vehicles/api/decide-vehicle-approval';
import { useDeleteVehicle } from '@/features/vehicles/api/delete-vehicle';
import { useVehicleDetail } from '@/features/vehicles/api/get-vehicle-detail';
import { RecordLog } from '@/features/review/components/record-log';
import { DecisionFacts, DocumentExpiries } from '@/features/review/components/record-review';

function VehicleInformation({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const approval = useDecideVehicleApproval();
  const remove = useDeleteVehicle();
  const statusUpdate = useUpdateVehicleStatus();
  const company = vehicle.company_data;
  return (
    <SectionCard
      title={t('vehicles.information')}
      actions={
        <Group gap="sm" align="flex-start">
          <RecordDecisions
            kind="vehicle"
            record={vehicle}
            name={vehicle.license_number}
            statusUpdate={statusUpdate}
            approval={approval}
          />
          {remove.allowed ? (
            <DeleteButton
              variant="button"
              name={vehicle.license_number}
              pending={remove.isPending}
              onDelete={() =>
                remove.mutateAsync(vehicle.id).then(() => navigate('/vehicle', { replace: true }))
              }
            />
          ) : null}
        </Group>
      }
    >
      <InfoList
        cols={4}
        items={[
          {
            label: t('vehicles.companyName'),
            value: (
              <Anchor component={Link} to={`/company-detail/${company.id}`} size="sm">
                {company.company_name ?? company.name}
              </Anchor>
            ),
          },
          { label: t('vehicles.owner'), value: company.name },
          { label: t('vehicles.companyPhone'), value: company.phone },
          { label: t('vehicles.serviceType'), value: vehicle.service_type_data.title },
          { label: t('vehicles.vehicleType'), value: vehicle.vehicle_type_data.title },
          { label: t('vehicles.brand'), value: vehicle.brand_name.name },
          { label: t('vehicles.model'), value: vehicle.model_name.name },
          { label: t('vehicles.color'), value: vehicle.color_name.name },
          { label: t('vehicles.seats'), value: vehicle.vehicle_type_data.seats },
          { label: t('vehicles.plate'), value: vehicle.license_number },
        ]}
      />
    </SectionCard>
  );
}

/** The drivers who drive the vehicle, each opening their page. */
function VehicleDrivers({ drivers }: { drivers: VehicleDetail['drivers'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('vehicles.drivers')}>
      {drivers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('vehicles.noDrivers')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="vehicle-drivers">
          {drivers.map((driver) => (
            <Stack key={driver.id} gap={2} miw={0}>
              <Anchor component={Link} to={`/driver-detail/${driver.id}`} fw={600} size="sm">
                {driver.name}
              </Anchor>
              <ContactCell phone={driver.phone} email={driver.email} />
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </SectionCard>
  );
}

/**
 * SPEC 2 Vehicle detail: every field, who drives it, three documents and
 * four photos with zoom.
 */
export function VehicleDetailPage() {
  const { t } = useTranslation();
  const vehicle = useVehicleDetail(Number(useParams().id));

  return (
    <DetailScreen
      title={t('pages.vehicleDetail')}
      back={{ to: '/vehicle', label: t('pages.vehicle') }}
      query={vehicle}
    >
      {(data) => {
        // Whose the documents and photos are, for their alt text.
        const car = t('image.vehicle', { plate: data.license_number });
        return (
          <>
            <VehicleInformation vehicle={data} />
            <DecisionFacts record={data} />
            <VehicleDrivers drivers={data.drivers} />
            <SectionCard title={t('vehicles.documents')}>
              <DocumentExpiries
                table="vehicles"
                id={data.id}
                documents={data.documents}
                statusReason={data.status_reason}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <ImageZoom
                  src={data.registration_front}
                  label={t('vehicles.registrationFront')}
                  of={car}
                />
                <ImageZoom
                  src={data.registration_back}
                  label={t('vehicles.registrationBack')}
                  of={car}
                />
                <ImageZoom src={data.insurance} label={t('vehicles.insurance')} of={car} />
              </SimpleGrid>
            </SectionCard>
            <SectionCard title={t('vehicles.images')}>
              <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
                <ImageZoom src={data.vehicle_front} label={t('vehicles.front')} of={car} />
                <ImageZoom src={data.vehicle_back} label={t('vehicles.back')} of={car} />
                <ImageZoom src={data.vehicle_left} label={t('vehicles.driverSide')} of={car} />
                <ImageZoom src={data.vehicle_right} label={t('vehicles.passengerSide')} of={car} />
              </SimpleGrid>
            </SectionCard>
            <RecordLog table="vehicles" id={data.id} />
          </>
        );
      }}
    </DetailScreen>
  );
}
