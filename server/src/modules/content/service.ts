import { MAX_ID } from '@portal/contracts';
import { contentEndpoints, fillPath } from '@portal/contracts/endpoints';
import type { Db } from '../../db/schema';
import { notFound } from '../../http/errors';
import { renderBannerSvg } from './banner-svg';
import { renderCaseSvg } from './case-svg';
import * as repo from './repo';

export const bannerImageUrl = (id: number): string => `/rest${fillPath(contentEndpoints.banner.path, { id })}`;
export const publicBannerImageUrl = (id: number): string => `/rest${fillPath(contentEndpoints.publicBanner.path, { id })}`;
export const casePictureUrl = (id: number): string => `/rest${fillPath(contentEndpoints.casePicture.path, { id })}`;
export const caseThumbnailUrl = (id: number): string => `/rest${fillPath(contentEndpoints.caseThumbnail.path, { id })}`;

/** An id a row can have: anything else is simply not found. */
const validId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;

export async function bannerImage(db: Db, id: number): Promise<string> {
  const banner = validId(id) ? await repo.findBanner(db, id) : undefined;
  if (!banner) throw notFound();
  return renderBannerSvg(banner);
}

export async function publicBannerImage(db: Db, id: number): Promise<string> {
  const banner = validId(id) ? await repo.findPublicBanner(db, id) : undefined;
  if (!banner) throw notFound();
  return renderBannerSvg(banner);
}

export async function caseImage(db: Db, id: number, size: 'picture' | 'thumbnail'): Promise<string> {
  const item = validId(id) ? await repo.findCase(db, id) : undefined;
  if (!item) throw notFound();
  return renderCaseSvg(item, size);
}
