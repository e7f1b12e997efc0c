import '@mantine/core/styles/List.layer.css';
import { List, Stack, Text, Title } from '@mantine/core';
import type { PolicyBullet, PolicySection as Section } from '../content/types';
import { PolicyText } from './policy-text';
import classes from './policy-section.module.css';

function Paragraphs({ items }: { items: string[] | undefined }) {
  return items?.map((paragraph) => (
    <Text key={paragraph} className={classes.prose}>
      <PolicyText>{paragraph}</PolicyText>
    </Text>
  ));
}

function Bullets({ items }: { items: PolicyBullet[] | undefined }) {
  if (!items?.length) return null;
  return (
    <List spacing="xs" className={classes.list}>
      {items.map((bullet) =>
        typeof bullet === 'string' ? (
          <List.Item key={bullet}>
            <PolicyText>{bullet}</PolicyText>
          </List.Item>
        ) : (
          <List.Item key={bullet.term}>
            <Text span fw={600} inherit>
              {bullet.term}:
            </Text>{' '}
            <PolicyText>{bullet.text}</PolicyText>
          </List.Item>
        ),
      )}
    </List>
  );
}

interface PolicySectionProps {
  section: Section;
  /** Its place in the contents, shown before the title. */
  number: number;
}

/** One numbered section of a policy: title, paragraphs, bullets, subsections. */
export function PolicySection({ section, number }: PolicySectionProps) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={section.id}>
      <Title order={2} id={section.id} className={classes.heading}>
        <span className={classes.number}>{number}.</span> {section.title}
      </Title>
      <Paragraphs items={section.paragraphs} />
      <Bullets items={section.bullets} />
      {section.subsections?.map((sub) => (
        <Stack key={sub.title} gap={6} mt={4}>
          <Title order={3} className={classes.subheading}>
            {sub.title}
          </Title>
          <Paragraphs items={sub.paragraphs} />
          <Bullets items={sub.bullets} />
        </Stack>
      ))}
      <Paragraphs items={section.closing} />
    </Stack>
  );
}
