import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AcceptGroupsDialog } from './AcceptGroupsDialog';
import { renderWithProvider } from './testing/renderWithProvider';

const loaded = (data: Array<{ id: number; name: string }>) => ({
  data,
  currentData: data,
  isLoading: false,
  isFetching: false,
  isError: false,
  refetch: jest.fn(),
});
const button = (text: string) => [...document.querySelectorAll('button')].find((element) => element.textContent?.replace(/\s/g, '') === text)!;

function open(save: jest.Mock, onSaved = jest.fn(), onClose = jest.fn()) {
  renderWithProvider(
    <AcceptGroupsDialog
      open
      groups={loaded([{ id: 1, name: '一组' }])}
      save={save}
      saving={false}
      onClose={onClose}
      onSaved={onSaved}
      deleteHint="删了"
    />,
  );
  return { onSaved, onClose };
}

describe('AcceptGroupsDialog', () => {
  it('checks the list as the server does before sending it, then sends the whole list', async () => {
    const save = jest.fn(async () => [
      { id: 1, name: '销售一组' },
      { id: 7, name: '二组' },
    ]);
    const { onSaved, onClose } = open(save);
    fireEvent.change(screen.getByLabelText('第1行 分组名称'), { target: { value: '销售一组' } });
    fireEvent.click(button('添加分组'));
    fireEvent.click(button('保存'));
    expect(await screen.findByText('请输入分组名称')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('第2行 分组名称'), { target: { value: '销售一组' } });
    expect(await screen.findByText('分组名称不能重复')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('第2行 分组名称'), { target: { value: '二组' } });
    fireEvent.click(button('保存'));
    await waitFor(() => expect(save).toHaveBeenCalledWith([{ id: 1, name: '销售一组' }, { name: '二组' }]));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith([
      { id: 1, name: '销售一组' },
      { id: 7, name: '二组' },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal and stays open", async () => {
    const save = jest.fn(async () => {
      throw { status: 400, message: '接收组不存在' };
    });
    const { onClose } = open(save);
    fireEvent.click(button('保存'));
    expect(await screen.findByText('接收组不存在')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
