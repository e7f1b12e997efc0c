import '@mantine/core/styles/Menu.layer.css';
import type { Language } from '@cabdesk/contract';
import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { activeLanguage, setLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n';

/**
 * The header's language menu (English / Español / العربية). The choice is stored under
 * `setLanguage`, so it holds after a reload and goes to the API as
 * `Accept-Language`; the page, its dates and money follow at once.
 */
export function LanguageMenu() {
  // The hook re-renders this menu when the language changes.
  const { t } = useTranslation();
  const current = activeLanguage();

  const choose = (language: Language) => {
    if (language !== current) void setLanguage(language);
  };

  return (
    <Menu position="bottom-end" shadow="md" width={180} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} stroke={1.75} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('header.languageMenu', { language: t(`languages.${current}`) })}
        >
          {/* On a phone the icon says it; the name comes back from the xs breakpoint. */}
          <Box component="span" visibleFrom="xs">
            {t(`languages.${current}`)}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {SUPPORTED_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => choose(language)}
            aria-current={language === current ? 'true' : undefined}
            rightSection={language === current ? <IconCheck size={16} aria-hidden /> : null}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
