// The layout of each page (spec §2 Layouts), keyed by the route ids of app/routes.ts; a page not listed here
// has the default layout. Kept apart from pages.ts and page-purposes.ts: the root picks the layout on every page.

export type LayoutName = 'default' | 'download' | 'send-order' | 'share';

export const LAYOUTS: Readonly<Record<string, LayoutName>> = {
  invitation: 'share',
  // the campaign editions of the invitation hub share their invite link like /invitation
  'activity-invitation': 'share',
  'activity-invitation2': 'share',
  quotation: 'send-order',
  'activity-baseprice': 'send-order',
  'estimate-record': 'send-order',
  home: 'download',
  'city-home': 'download',
  'find-house-365': 'send-order',
  'house-report': 'share',
  property: 'send-order',
  'deal-history': 'send-order',
  'house-detail': 'send-order',
  // 咨询 on a 达人's pick opens the deal-price modal
  pubBySuperior: 'send-order',
};

export function layoutOf(routeId: string | undefined): LayoutName {
  return (routeId && LAYOUTS[routeId]) || 'default';
}
