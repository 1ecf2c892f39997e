import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { SearchBar } from './SearchBar';
import { renderWithProvider } from './testing/renderWithProvider';

interface Filters {
  phone?: string;
  name?: string;
}

const search = () => screen.getByRole('button', { name: /查\s*询/ });
const reset = () => screen.getByRole('button', { name: /重\s*置/ });

describe('SearchBar', () => {
  it('searches with the values typed', async () => {
    const onSearch = jest.fn();
    renderWithProvider(
      <SearchBar<Filters> onSearch={onSearch} initialValues={{ name: '' }}>
        <Form.Item name="phone" label="电话">
          <Input aria-label="电话" />
        </Form.Item>
      </SearchBar>,
    );
    await userEvent.type(screen.getByLabelText('电话'), '138');
    await userEvent.click(search());
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ phone: '138' }));
  });

  it('resets the fields to their initial values and searches again', async () => {
    const onSearch = jest.fn();
    renderWithProvider(
      <SearchBar<Filters> onSearch={onSearch} initialValues={{ name: '张' }}>
        <Form.Item name="name" label="姓名">
          <Input aria-label="姓名" />
        </Form.Item>
      </SearchBar>,
    );
    await userEvent.type(screen.getByLabelText('姓名'), '三');
    expect(screen.getByLabelText('姓名')).toHaveValue('张三');
    await userEvent.click(reset());
    expect(screen.getByLabelText('姓名')).toHaveValue('张');
    expect(onSearch).toHaveBeenLastCalledWith({ name: '张' });
  });

  it('calls onReset instead when given', async () => {
    const onSearch = jest.fn();
    const onReset = jest.fn();
    renderWithProvider(
      <SearchBar<Filters> onSearch={onSearch} onReset={onReset} extra={<button type="button">导出</button>}>
        <Form.Item name="name" label="姓名">
          <Input aria-label="姓名" />
        </Form.Item>
      </SearchBar>,
    );
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
    await userEvent.click(reset());
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps 查询 at full colour while loading, so its text keeps its contrast', () => {
    renderWithProvider(
      <SearchBar onSearch={jest.fn()} onReset={jest.fn()} loading>
        <Form.Item name="name" label="姓名">
          <Input aria-label="姓名" />
        </Form.Item>
      </SearchBar>,
    );
    const search = document.querySelector('button[type="submit"]') as HTMLElement;
    expect(search).toHaveClass('ant-btn-loading');
    expect(search).toHaveStyle({ opacity: '1' });
  });
});
