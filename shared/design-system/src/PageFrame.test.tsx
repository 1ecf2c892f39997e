import { screen } from '@testing-library/react';
import { PageFrame } from './PageFrame';
import { renderWithProvider } from './testing/renderWithProvider';

describe('PageFrame', () => {
  it('titles the page with its one top-level heading', () => {
    renderWithProvider(<PageFrame title="余额中心">页面内容</PageFrame>);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('余额中心');
  });
});
