import {
  aboutDetailPage,
  aboutPage,
  advantagePage,
  articleDetailPage,
  caseDetailPage,
  casesPage,
  industryDetailPage,
  joinUsPage,
  learningPage,
  productsPage,
} from './pages/ContentPages';
import { diagnosisPage, formResultPage, notFoundPage, strategySurveyPage, surveyPage } from './pages/FormPages';
import { homePage } from './pages/HomePage';
import type { SitePage } from './types';

/**
 * Every page of the visitor site by its exact path (spec 000 section 2: `/`, the public menu's
 * pages, `/succeed-details`, the industry and about details, the strategy-survey page). The server
 * renders these paths; every other path is the portal's (the shell's /login and the frame).
 */
export const SITE_PAGES: readonly SitePage<never>[] = [
  homePage,
  advantagePage,
  productsPage,
  casesPage,
  caseDetailPage,
  learningPage,
  articleDetailPage,
  aboutPage,
  aboutDetailPage,
  industryDetailPage,
  joinUsPage,
  diagnosisPage,
  strategySurveyPage,
  surveyPage,
  formResultPage,
] as unknown as readonly SitePage<never>[];

export const NOT_FOUND_PAGE = notFoundPage as unknown as SitePage<never>;

/** The site's paths, for the server to know which requests are its. */
export const SITE_PATHS: readonly string[] = SITE_PAGES.map((page) => page.path);

export const pageFor = (path: string): SitePage<never> | undefined => SITE_PAGES.find((page) => page.path === path);
