import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ReportsErrorBoundary } from './ReportsErrorBoundary';

let failing = true;
function Flaky() {
  if (failing) throw new Error('render failed');
  return <p>页面内容</p>;
}

test('a page that throws shows the Chinese error with 重试 inside the frame, and 重试 renders it again', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  function Frame() {
    const [menu] = useState('菜单');
    return (
      <div>
        <nav>{menu}</nav>
        <ReportsErrorBoundary>
          <Flaky />
        </ReportsErrorBoundary>
      </div>
    );
  }
  render(<Frame />);
  expect(screen.getByText('页面出错了')).toBeInTheDocument();
  expect(screen.getByText('菜单')).toBeInTheDocument();

  failing = false;
  fireEvent.click(screen.getByRole('button', { name: /^重\s*试$/ }));
  expect(screen.getByText('页面内容')).toBeInTheDocument();
});
