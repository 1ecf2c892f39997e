import type { Preview } from '@storybook/react-webpack5';
import { DesignSystemProvider } from '@portal/design-system';

// Every story renders as screens do: antd in zh_CN with the portal theme, inside antd's App.
// antd 6 styles are CSS-in-JS, so no stylesheet needs importing.
const preview: Preview = {
  decorators: [
    (Story) => (
      <DesignSystemProvider>
        <Story />
      </DesignSystemProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};

export default preview;
