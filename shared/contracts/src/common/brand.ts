/**
 * Brand variants by host (spec 000 section 1, ARCHITECTURE section 5): the production and test
 * hosts and local development show the full brand with points, tasks, suggestion, help, the shop
 * and the recruitment pages; every other host shows the other brand without them. This file is
 * the only place that knows host names: the shell reads it in the browser, the server when it
 * renders the visitor site.
 */

import type { BrandFeature } from '../remotes/declaration';

/** Features that only some brands show (the list is in @portal/contracts: remotes declare them). */
export type { BrandFeature };

export interface Brand {
  key: 'full' | 'other';
  /** The brand's name, used in the page title. */
  name: string;
  /** The text shown as the logo in the side menu and on the login page. */
  logoText: string;
  features: Readonly<Record<BrandFeature, boolean>>;
  /**
   * showQuDao (spec 000 section 6): the visitor site's footer shows the company details and the
   * link groups. The spec does not show its rule; it is this per-host setting beside the brand:
   * on for the full brand's hosts, off for the other brand (a partner's host shows no QuDao links).
   */
  showQuDao: boolean;
}

const allFeatures = (on: boolean): Record<BrandFeature, boolean> => ({
  points: on,
  tasks: on,
  suggestion: on,
  help: on,
  shopOrders: on,
  shopAddress: on,
  pointsMall: on,
});

export const BRANDS: Readonly<Record<Brand['key'], Brand>> = {
  full: { key: 'full', name: '渠道网客户中心', logoText: '渠道网 · 客户中心', features: allFeatures(true), showQuDao: true },
  other: { key: 'other', name: '广告主服务平台', logoText: '广告主服务平台', features: allFeatures(false), showQuDao: false },
};

/** Local development plus the production and test hosts (the spec's "two specific hosts"). */
export const FULL_BRAND_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]', 'vip.qudao.com', 'test-vip.qudao.com'];

/** The brand of a host name (`location.hostname`: no port, any case). */
export function brandForHost(hostname: string): Brand {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  return FULL_BRAND_HOSTS.includes(host) ? BRANDS.full : BRANDS.other;
}

export const hasFeature = (brand: Brand, feature: BrandFeature | undefined): boolean => feature === undefined || brand.features[feature];
