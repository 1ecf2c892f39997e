import { MAX_ID } from '@portal/contracts';
import { contentEndpoints, fillPath } from '@portal/contracts/endpoints';
import type { Db } from '../../db/schema';
import { notFound } from '../../http/errors';
import { renderBannerSvg } from './banner-svg';
import * as repo from './repo';

export const bannerImageUrl = (id: number): string => `/rest${fillPath(contentEndpoints.banner.path, { id })}`;

export async function bannerImage(db: Db, id: number): Promise<string> {
  const banner = Number.isSafeInteger(id) && id <= MAX_ID ? await repo.findBanner(db, id) : undefined;
  if (!banner) throw notFound();
  return renderBannerSvg(banner);
}
