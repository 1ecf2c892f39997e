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
/** The option shown as `text` (its element in the dropdown, which carries aria-disabled). */
const option = async (text: string) => (await screen.findByText(text)).closest('[aria-disabled]') as HTMLElement;

describe('ProjectPicker', () => {
  it('offers every project, those not on air marked with their status, none disabled', async () => {
    renderWithProvider(<ProjectPicker items={items} />);
    open();
    for (const text of ['餐饮加盟', '教育培训（无效或审核中）', '家居建材（已下架）']) {
      expect(await option(text)).toHaveAttribute('aria-disabled', 'false');
    }
  });

  it('offers the projects not on air disabled in a picker that sets something up (disableInactive)', async () => {
    renderWithProvider(<ProjectPicker items={items} disableInactive />);
    open();
    expect(await option('餐饮加盟')).toHaveAttribute('aria-disabled', 'false');
    for (const text of ['教育培训（无效或审核中）', '家居建材（已下架）']) {
      expect(await option(text)).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('gives the id of the chosen project, under review or taken down ones too', async () => {
    const onChange = jest.fn();
    renderWithProvider(<ProjectPicker items={items} onChange={onChange} />);
    open();
    await userEvent.click(await screen.findByText('家居建材（已下架）'));
    expect(onChange).toHaveBeenLastCalledWith(3);
    open();
    await userEvent.click(await screen.findByText('教育培训（无效或审核中）'));
    expect(onChange).toHaveBeenLastCalledWith(2);
    open();
    await userEvent.click(await screen.findByText('餐饮加盟'));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('shows the chosen project with its status', () => {
    renderWithProvider(<ProjectPicker items={items} value={3} />);
    expect(screen.getByTitle('家居建材（已下架）')).toBeInTheDocument();
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
