import { getProfile } from '@cabdesk/contract';
import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useIsPhone } from '@/hooks/use-is-phone';
import { queryOf } from '@/lib/call';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { CommandPalette } from './command-palette';
import { Sidebar } from './sidebar';

/** The frame of every protected screen: header, sidebar, content and footer. */
export function AppLayout() {
  const { t } = useTranslation();
  // Small screens start with the sidebar closed, larger ones open; the burger toggles either.
  const isMobile = useIsPhone();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const opened = isMobile ? mobileOpened : desktopOpened;
  const profile = useQuery(queryOf(getProfile));

  // The role and the two-factor state first: no screen calls what the server would refuse.
  if (profile.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  // An Owner requires two-factor sign-in and it is not set up: nothing else opens until it is.
  if (profile.data?.two_factor_setup_required) return <TwoFactorEnrolment />;

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 44 }}
      navbar={{
        width: 260,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <AppHeader
          sidebarOpened={opened}
          onToggleSidebar={isMobile ? mobile.toggle : desktop.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar id="app-sidebar" aria-label={t('nav.label')} inert={!opened}>
        <Sidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <AppFooter />
      </AppShell.Footer>
      <CommandPalette />
    </AppShell>
  );
}
