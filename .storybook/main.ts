import type { StorybookConfig } from '@storybook/react-webpack5';

// One Storybook for the whole suite: designers browse every package's stories in one place.
const config: StorybookConfig = {
  stories: ['../shared/*/src/**/*.stories.@(ts|tsx)', '../shell/src/**/*.stories.@(ts|tsx)', '../mfe-*/src/**/*.stories.@(ts|tsx)'],
  // swc transpiles TS/TSX here as everywhere else in the repo (automatic JSX runtime by default).
  addons: ['@storybook/addon-webpack5-compiler-swc'],
  framework: { name: '@storybook/react-webpack5', options: {} },
  core: { disableTelemetry: true },
};

export default config;
