import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import { RATING_REVIEW_DEFAULTS } from '@cabdesk/contract';
import { Anchor, Group, Progress, Rating, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card';
import { formatCount } from '@/lib/format';
import { useDriverRating, useRatingReview } from '../api/driver-ratings';

const STARS = [5, 4, 3, 2, 1] as const;

/** A driver's ratings by passengers on their page: the average, how many, and each star's share. */
export function DriverRatingCard({ driverId }: { driverId: number }) {
  const { t } = useTranslation();
  const { data } = useDriverRating(driverId);
  if (!data) return null;
  return (
    <SectionCard title={t('cases.ratings.title')}>
      {data.count === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cases.ratings.none')}
        </Text>
      ) : (
        <Group align="flex-start" gap="xl" wrap="wrap" data-testid="driver-rating">
          <Stack gap={4}>
            <Text fz={32} fw={700} lh={1}>
              {data.average?.toFixed(2)}
            </Text>
            <Rating value={data.average ?? 0} fractions={4} readOnly />
            <Text size="sm" c="dimmed">
              {t('cases.ratings.count', { count: data.count, total: formatCount(data.count) })}
            </Text>
            <Text
              size="sm"
              c={(data.recent_average ?? 5) < RATING_REVIEW_DEFAULTS.below ? 'red.8' : 'dimmed'}
            >
              {t('cases.ratings.recent', {
                last: data.last,
                average: data.recent_average?.toFixed(2),
              })}
            </Text>
          </Stack>
          <Stack gap={6} miw={220} style={{ flex: 1 }}>
            {STARS.map((star) => (
              <Group key={star} gap="xs" wrap="nowrap">
                <Text size="sm" w={28}>
                  {t('cases.ratings.stars', { stars: star })}
                </Text>
                <Progress
                  value={(data.distribution[star] / data.count) * 100}
                  color={star <= 2 ? 'red' : star === 3 ? 'yellow' : 'teal'}
                  style={{ flex: 1 }}
                  aria-label={t('cases.ratings.starShare', {
                    star,
                    count: data.distribution[star],
                  })}
                />
                <Text size="sm" w={40} ta="end">
                  {formatCount(data.distribution[star])}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      )}
    </SectionCard>
  );
}

/** The drivers whose last ratings average under the threshold: to review, the lowest first. */
export function RatingReviewCard() {
  const { t } = useTranslation();
  const { data } = useRatingReview();
  if (!data) return null;
  return (
    <SectionCard
      title={t('cases.ratings.reviewTitle', {
        last: RATING_REVIEW_DEFAULTS.last,
        below: RATING_REVIEW_DEFAULTS.below,
      })}
    >
      {data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cases.ratings.reviewNone')}
        </Text>
      ) : (
        <Stack gap={6} data-testid="rating-review">
          {data.data.map((driver) => (
            <Group key={driver.driver_id} gap="sm" wrap="nowrap">
              <Anchor component={Link} to={`/driver-detail/${driver.driver_id}`} size="sm" fw={500}>
                {driver.name}
              </Anchor>
              <Text size="sm" c="red.8" fw={600}>
                {t('cases.ratings.stars', { stars: driver.recent_average?.toFixed(2) })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('cases.ratings.count', {
                  count: driver.count,
                  total: formatCount(driver.count),
                })}
              </Text>
            </Group>
          ))}
          {data.total > data.data.length ? (
            <Text size="xs" c="dimmed">
              {t('cases.ratings.reviewMore', { count: data.total - data.data.length })}
            </Text>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}
