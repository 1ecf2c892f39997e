import { fireEvent, screen } from '@testing-library/react';
import { Form } from 'antd';
import userEvent from '@testing-library/user-event';
import { ProjectPicker } from './ProjectPicker';
import { renderWithProvider } from './testing/renderWithProvider';

const items = [
  { id: 1, title: '餐饮加盟', status: 1 },
  { id: 2, title: '教育培训', status: 0 },
  { id: 3, title: '家居建材', status: -1 },
];

const open = () => fireEvent.mouseDown(screen.getByRole('combobox'));
const option = async (text: string) => (await screen.findByText(text)).closest('.ant-select-item-option') as HTMLElement;

describe('ProjectPicker', () => {
  it('disables projects that are not on air and says why', async () => {
    renderWithProvider(<ProjectPicker items={items} />);
    open();
    expect(await option('餐饮加盟')).not.toHaveClass('ant-select-item-option-disabled');
    expect(await option('教育培训（无效或审核中）')).toHaveClass('ant-select-item-option-disabled');
    expect(await option('家居建材（已下架）')).toHaveClass('ant-select-item-option-disabled');
  });

  it('gives the id of the chosen project and refuses inactive ones', async () => {
    const onChange = jest.fn();
    renderWithProvider(<ProjectPicker items={items} onChange={onChange} />);
    open();
    await userEvent.click(await screen.findByText('家居建材（已下架）'), { pointerEventsCheck: 0 });
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByText('餐饮加盟'));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('offers all projects as null when allowed', async () => {
    const onChange = jest.fn();
    renderWithProvider(<ProjectPicker items={items} value={1} onChange={onChange} allowAll />);
    open();
    await userEvent.click(await screen.findByText('全部项目'));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('shows 全部项目 for a null value when all is allowed, else the placeholder', () => {
    const { rerender } = renderWithProvider(<ProjectPicker items={items} value={null} allowAll />);
    expect(screen.getByTitle('全部项目')).toBeInTheDocument();
    rerender(<ProjectPicker items={items} value={null} placeholder="选择项目" />);
    expect(screen.getByText('选择项目')).toBeInTheDocument();
  });

  it('is named by the label of its form item, or by its aria-label alone', () => {
    const { unmount } = renderWithProvider(
      <Form>
        <Form.Item name="itemId" label="导出项目" required>
          <ProjectPicker items={items} />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByRole('combobox', { name: '导出项目' })).toHaveAttribute('aria-required', 'true');
    unmount();
    renderWithProvider(<ProjectPicker items={items} aria-label="项目" />);
    expect(screen.getByRole('combobox', { name: '项目' })).toBeInTheDocument();
  });
});
