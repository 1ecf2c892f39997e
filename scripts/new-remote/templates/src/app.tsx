import { defineRemote } from '@portal/remote-kit';
import { __name__Api } from './api/__name__Api';
import { __Name__Routes } from './__Name__Routes';
import { __Name__Path } from './routes';
import { __Name__Text } from './texts';

// The shell mounts this remote as the single-spa app '__name__' into its frame's content area.
// Server data goes through RTK Query (api/__name__Api.ts). Alone, the harness opens the home page.
export const {
  bootstrap,
  mount,
  unmount,
  Root: __Name__Root,
  renderStandalone,
} = defineRemote({
  name: '__name__',
  routes: __Name__Routes,
  apis: [__name__Api],
  texts: { pageFailed: __Name__Text.PageFailed, rootFailed: __Name__Text.RootFailed },
  standaloneHome: __Name__Path.Home,
});
