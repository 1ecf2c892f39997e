import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { renderPage } from '@portal/remote-kit/testing';
import type { ReactElement } from 'react';
import { scheduleApi } from '../api/scheduleApi';

/** The page tests' DOM helpers and code-style answers. */
export * from '@portal/remote-kit/testing';

/** Fake HTTP for the schedule page; restore it after each test. */
export const installScheduleHttp = (): FakeHttp => installFakeHttp();

/** A part of the remote at `path`, with a fresh store of its API (see renderPage). */
export const renderSchedule = (element: ReactElement, path = '/ec/data-dispose') => renderPage(element, scheduleApi, path);
