import {
  adminList,
  auditLog,
  integrationKeyList,
  payoutBatchList,
  statement,
  moneyRequestList,
  transactionList,
  webhookList,
  type AnyEndpoint,
} from '@cabdesk/contract';
import {
  IconBuilding,
  IconBuildingBank,
  IconCar,
  IconChecks,
  IconHelpCircle,
  IconInbox,
  IconKey,
  IconLifebuoy,
  IconWebhook,
  IconHistory,
  IconLayoutDashboard,
  IconMap2,
  IconReceipt,
  IconReportMoney,
  IconRoute,
  IconSettings,
  IconSteeringWheel,
  IconTicket,
  IconUserCircle,
  IconUserShield,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  /** Translation key of the label. */
  labelKey: string;
  to: string;
  icon: Icon;
  /** Other paths (with their sub-paths) that belong to this entry, e.g. detail pages. */
  also?: string[];
  /** A count shown beside the label (the records waiting for review, the cases open). */
  count?: 'waiting' | 'cases';
  /** The call the page is made of: the entry is shown only to roles that may make it. */
  endpoint?: AnyEndpoint;
  /** Translation key of a line on what the screen is for (the settings overview). */
  summaryKey?: string;
}

export interface NavGroup {
  labelKey: string;
  icon: Icon;
  to: string;
  children: NavItem[];
}

/** SPEC 1: the side navigation, in order (Logout is added by the sidebar). */
export const NAV_ENTRIES: (NavItem | NavGroup)[] = [
  { labelKey: 'nav.dashboard', to: '/', icon: IconLayoutDashboard },
  // Issue 46: where the drivers are now, every role.
  { labelKey: 'nav.live', to: '/live', icon: IconMap2 },
  {
    labelKey: 'nav.review',
    to: '/review',
    icon: IconInbox,
    also: ['/expiring-documents'],
    count: 'waiting',
  },
  // Issue 49: SOS, complaints and low ratings, with the count open.
  { labelKey: 'nav.cases', to: '/cases', icon: IconLifebuoy, count: 'cases' },
  { labelKey: 'nav.user', to: '/user', icon: IconUsers, also: ['/user-detail'] },
  { labelKey: 'nav.company', to: '/company', icon: IconBuilding, also: ['/company-detail'] },
  { labelKey: 'nav.vehicle', to: '/vehicle', icon: IconCar, also: ['/vehicle-detail'] },
  {
    labelKey: 'nav.driver',
    to: '/driver',
    icon: IconSteeringWheel,
    also: ['/driver-detail', '/driver-history-detail'],
  },
  { labelKey: 'nav.trips', to: '/trip', icon: IconRoute, also: ['/trip-detail'] },
  { labelKey: 'nav.sales', to: '/sales', icon: IconReceipt, endpoint: transactionList },
  // Issue 48: payout batches, Owner and Finance.
  {
    labelKey: 'nav.payouts',
    to: '/payouts',
    icon: IconBuildingBank,
    also: ['/payout-detail'],
    endpoint: payoutBatchList,
  },
  // Issue 48: a company's or a driver's statement, Owners and Finance.
  {
    labelKey: 'nav.statements',
    to: '/statements',
    icon: IconReportMoney,
    also: ['/statement-print'],
    endpoint: statement,
  },
  // Issue 48: refunds and adjustments waiting for a second administrator (Owners, Finance).
  { labelKey: 'nav.approvals', to: '/approvals', icon: IconChecks, endpoint: moneyRequestList },
  { labelKey: 'nav.faq', to: '/faq', icon: IconHelpCircle },
  {
    labelKey: 'nav.settings',
    to: '/setting',
    icon: IconSettings,
    children: [
      {
        labelKey: 'nav.coupon',
        to: '/coupon',
        icon: IconTicket,
        summaryKey: 'settingsOverview.coupon',
      },
      {
        labelKey: 'nav.profile',
        to: '/my-profile',
        icon: IconUserCircle,
        summaryKey: 'settingsOverview.profile',
      },
      {
        labelKey: 'nav.administrators',
        to: '/administrators',
        icon: IconUserShield,
        endpoint: adminList,
        summaryKey: 'settingsOverview.administrators',
      },
      {
        labelKey: 'nav.auditLog',
        to: '/audit-log',
        icon: IconHistory,
        endpoint: auditLog,
        summaryKey: 'settingsOverview.auditLog',
      },
      {
        labelKey: 'nav.integrations',
        to: '/integrations',
        icon: IconKey,
        endpoint: integrationKeyList,
        summaryKey: 'settingsOverview.integrations',
      },
      {
        labelKey: 'nav.webhooks',
        to: '/webhooks',
        icon: IconWebhook,
        endpoint: webhookList,
        summaryKey: 'settingsOverview.webhooks',
      },
    ],
  },
];

/** The Settings group: its screens are listed on its own page, /setting. */
export const SETTINGS = NAV_ENTRIES.find(
  (entry): entry is NavGroup => 'children' in entry && entry.to === '/setting',
)!;

export function isGroup(entry: NavItem | NavGroup): entry is NavGroup {
  return 'children' in entry;
}

/** Whether `pathname` is the entry's page or one of its sub-pages. */
export function isActive(entry: NavItem | NavGroup, pathname: string): boolean {
  if (isGroup(entry)) {
    return pathname === entry.to || entry.children.some((child) => isActive(child, pathname));
  }
  if (entry.to === '/') return pathname === '/';
  return [entry.to, ...(entry.also ?? [])].some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}

/** Every screen the sidebar opens (a group's pages, not the group), in its order. */
export const NAV_SCREENS: readonly NavItem[] = NAV_ENTRIES.flatMap((entry) =>
  isGroup(entry) ? entry.children : [entry],
);

/** The entry whose page `pathname` is (a detail page belongs to its list's entry), if any. */
export function pageOf(pathname: string): NavItem | undefined {
  return NAV_SCREENS.find((item) => isActive(item, pathname));
}

/** The screens whose label holds what is typed (any case; all of them for nothing typed). */
export function screensMatching<S extends { label: string }>(screens: readonly S[], typed: string) {
  const text = typed.trim().toLocaleLowerCase();
  return text === ''
    ? [...screens]
    : screens.filter((screen) => screen.label.toLocaleLowerCase().includes(text));
}
