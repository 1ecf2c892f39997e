import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { renderPage } from '@portal/remote-kit/testing';
import type { ReactElement } from 'react';
import { __name__Api } from '../api/__name__Api';
import { __Name__Path } from '../routes';

/** The page tests' DOM helpers and code-style answers. */
export * from '@portal/remote-kit/testing';
export type { FakeHttp };

/** The logged-in user as user-info answers it (the example call of features/home/homeApi.ts). */
export const USER = {
  id: 1,
  type: 1,
  whetherVoice: 0,
  thumbnail: null,
  headPic: null,
  loginAccount: 'demo',
  registerTime: '2026-03-01 09:30:00',
  firstLoginStutes: 0,
};

/** Fake HTTP for the remote's pages; restore it after each test. */
export const install__Name__Http = (): FakeHttp => installFakeHttp();

/** A part of the remote at `path`, with a fresh store of its API (see renderPage). */
export const render__Name__ = (element: ReactElement, path: string = __Name__Path.Home) => renderPage(element, __name__Api, path);
