import '@mantine/core/styles/NavLink.layer.css';
import { Badge, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LogoutModal } from '@/features/auth/components/logout-modal';
import { useOpenCaseCounts } from '@/features/cases/api/get-cases';
import { useWaitingCount } from '@/features/review/api/get-review-queue';
import { formatCount } from '@/lib/format';
import { useMay } from '@/hooks/use-may';
import { isActive, isGroup, NAV_ENTRIES, type NavGroup, type NavItem } from './nav-items';
import classes from './sidebar.module.css';

interface SidebarProps {
  /** Called after a link is followed (closes the sidebar on small screens). */
  onNavigate: () => void;
}

export function Sidebar({ onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [logoutOpened, logout] = useDisclosure(false);
  const may = useMay();
  // What the role may not open is not offered.
  const offered = (item: NavItem) => !item.endpoint || may.call(item.endpoint);

  const link = (item: NavItem) => {
    const Icon = item.icon;
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={t(item.labelKey)}
        leftSection={<Icon size={20} stroke={1.5} />}
        rightSection={
          item.count === 'waiting' ? (
            <WaitingCount />
          ) : item.count === 'cases' ? (
            <OpenCasesCount />
          ) : undefined
        }
        active={isActive(item, pathname)}
        aria-current={isActive(item, pathname) ? 'page' : undefined}
        onClick={onNavigate}
        className={classes.link}
      />
    );
  };

  return (
    <>
      {/* The browser's own scrolling: Mantine's ScrollArea measured the page as it mounted. */}
      <div className={classes.scroll}>
        <Stack gap={4} p="sm">
          {NAV_ENTRIES.map((entry) =>
            isGroup(entry) ? (
              <SettingsGroup
                key={entry.to}
                group={{ ...entry, children: entry.children.filter(offered) }}
                pathname={pathname}
                renderLink={link}
              />
            ) : offered(entry) ? (
              link(entry)
            ) : null,
          )}
          <NavLink
            component="button"
            type="button"
            label={t('nav.logout')}
            leftSection={<IconLogout size={20} stroke={1.5} />}
            onClick={logout.open}
            className={classes.link}
          />
        </Stack>
      </div>
      <LogoutModal opened={logoutOpened} onClose={logout.close} />
    </>
  );
}

interface SettingsGroupProps {
  group: NavGroup;
  pathname: string;
  renderLink: (item: NavItem) => ReactNode;
}

/** SPEC 1: Settings is an expandable group holding Coupon and Profile. */
function SettingsGroup({ group, pathname, renderLink }: SettingsGroupProps) {
  const { t } = useTranslation();
  const active = isActive(group, pathname);
  const [opened, setOpened] = useState(active);
  const Icon = group.icon;
  return (
    <NavLink
      component="button"
      type="button"
      label={t(group.labelKey)}
      leftSection={<Icon size={20} stroke={1.5} />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      active={active && !opened}
      className={classes.link}
      childrenOffset={28}
    >
      {group.children.map(renderLink)}
    </NavLink>
  );
}

/** How many records wait for review, beside the Review entry (none shown at zero). */
function WaitingCount() {
  const { t } = useTranslation();
  const { data } = useWaitingCount();
  if (!data) return null;
  return (
    <Badge
      size="sm"
      variant="filled"
      color="indigo.7"
      aria-label={t('nav.waiting', { count: data })}
    >
      {formatCount(data)}
    </Badge>
  );
}

/** How many cases are open, beside the Cases entry: red while an SOS is open (none shown at zero). */
function OpenCasesCount() {
  const { t } = useTranslation();
  const { data } = useOpenCaseCounts();
  if (!data?.total) return null;
  return (
    <Badge
      size="sm"
      variant="filled"
      color={data.sos > 0 ? 'red.8' : 'indigo.7'}
      aria-label={t('nav.casesOpen', { count: data.total })}
      data-testid="cases-open-count"
    >
      {formatCount(data.total)}
    </Badge>
  );
}
