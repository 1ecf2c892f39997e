import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPart } from './lazyPart';

const Content = ({ text }: { text: string }) => <p>{text}</p>;

const renderPart = (Part: ReturnType<typeof lazyPart<{ text: string }>>['Component']) =>
  render(
    <Suspense fallback={<p>加载中</p>}>
      <Part text="内容" />
    </Suspense>,
  );

describe('a split-off part', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const load = jest.fn(async () => Content);
    const part = lazyPart(load);
    await part.preload();
    renderPart(part.Component);
    expect(screen.getByText('内容')).toBeInTheDocument();
    expect(screen.queryByText('加载中')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends as React.lazy does when not preloaded, loading once', async () => {
    const load = jest.fn(async () => Content);
    const part = lazyPart(load);
    renderPart(part.Component);
    expect(screen.getByText('加载中')).toBeInTheDocument();
    expect(await screen.findByText('内容')).toBeInTheDocument();
    await act(() => part.preload());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed preload', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(Content);
    const part = lazyPart<{ text: string }>(load);
    await expect(part.preload()).rejects.toThrow('ChunkLoadError');
    await expect(part.preload()).resolves.toBe(Content);
    renderPart(part.Component);
    expect(screen.getByText('内容')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
