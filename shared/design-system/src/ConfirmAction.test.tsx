import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { ConfirmAction } from './ConfirmAction';
import { renderWithProvider } from './testing/renderWithProvider';

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });
const cancelButton = () => screen.getByRole('button', { name: /取\s*消/ });

describe('ConfirmAction', () => {
  it('asks 确定删除? and runs the action on 确定', async () => {
    const onConfirm = jest.fn();
    renderWithProvider(
      <ConfirmAction onConfirm={onConfirm}>
        <Button>删除</Button>
      </ConfirmAction>,
    );
    await userEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除?')).toBeInTheDocument();
    await userEvent.click(okButton());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('says 已取消删除 on 取消', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithProvider(
      <ConfirmAction onConfirm={onConfirm} onCancel={onCancel}>
        <Button>删除</Button>
      </ConfirmAction>,
    );
    await userEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    await screen.findByText('确定删除?');
    await userEvent.click(cancelButton());
    expect(await screen.findByText('已取消删除')).toBeInTheDocument();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('takes another question and cancel text', async () => {
    renderWithProvider(
      <ConfirmAction title="确定操作？" cancelMessage="已取消操作" onConfirm={() => {}}>
        <Button>推送</Button>
      </ConfirmAction>,
    );
    await userEvent.click(screen.getByRole('button', { name: /推\s*送/ }));
    await screen.findByText('确定操作？');
    await userEvent.click(cancelButton());
    expect(await screen.findByText('已取消操作')).toBeInTheDocument();
  });
});
