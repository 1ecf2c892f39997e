import { screen } from '@testing-library/react';
import { CountBadge, countBadgeText } from './CountBadge';
import { renderWithProvider } from './testing/renderWithProvider';

const badgeText = () => document.querySelector('.ant-badge sup')?.textContent;

describe('CountBadge', () => {
  it('caps the count at 99+', () => {
    renderWithProvider(<CountBadge count={100} />);
    expect(badgeText()).toBe('99+');
  });

  it('shows counts up to 99 as they are', () => {
    renderWithProvider(
      <CountBadge count={99}>
        <span>消息</span>
      </CountBadge>,
    );
    expect(screen.getByText('消息')).toBeInTheDocument();
    expect(document.querySelector('.ant-badge sup')).toHaveAttribute('title', '99');
  });

  it('hides 0 unless asked', () => {
    const { rerender } = renderWithProvider(<CountBadge count={0} />);
    expect(document.querySelector('.ant-badge sup')).toBeNull();
    rerender(<CountBadge count={0} showZero />);
    expect(document.querySelector('.ant-badge sup')).toHaveAttribute('title', '0');
  });

  it('tells the text it shows, for a name that must hold it', () => {
    for (const count of [0, 7, 99, 100]) {
      const { unmount } = renderWithProvider(<CountBadge count={count} />);
      expect(countBadgeText(count)).toBe(badgeText() ?? null);
      unmount();
    }
  });
});
