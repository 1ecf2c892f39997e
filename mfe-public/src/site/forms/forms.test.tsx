import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MessageForm } from './MessageForm';
import { PlanForm } from './PlanForm';

/** The server's answers to the form posts, recorded (the site's forms call fetch). */
function fakeFetch(answer: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const calls: Array<{ url: string; headers: Record<string, string>; body: Record<string, unknown> }> = [];
  const original = global.fetch;
  global.fetch = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ url, headers: init.headers as Record<string, string>, body });
    const { status, body: out } = answer(body);
    return { ok: status < 400, status, json: async () => out } as Response;
  }) as typeof fetch;
  return { calls, restore: () => (global.fetch = original) };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

test('a visitor message is checked with the spec messages before anything is sent', async () => {
  const server = fakeFetch(() => ({ status: 201, body: { id: 1 } }));
  try {
    render(<MessageForm scene="message" loggedIn={false} id="t" />);
    submit();
    expect(await screen.findByText('不能为空')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^姓名/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^手机号码/ })).toHaveAttribute('aria-invalid', 'true');
    fill('姓名', '王先生');
    fill('企业名称', '茶悦时光');
    fill('手机号码', '13800138000');
    submit();
    expect(await screen.findByText('请填写留言！')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  } finally {
    server.restore();
  }
});

test('a filled message goes to the public call as type 4 platform 1 with an Idempotency-Key; a second click sends the same key', async () => {
  let refuse = true;
  const server = fakeFetch(() =>
    refuse ? { status: 429, body: { code: '429', message: '提交过于频繁，请稍后再试' } } : { status: 201, body: { id: 9 } },
  );
  try {
    render(<MessageForm scene="contact" loggedIn={false} id="t" />);
    fill('姓名', '王先生');
    fill('企业名称', '茶悦时光');
    fill('手机号码', '13800138000');
    submit();
    expect(await screen.findByText('提交过于频繁，请稍后再试')).toBeInTheDocument();
    refuse = false;
    submit();
    expect(await screen.findByText('提交成功，我们的顾问会尽快与您联系。')).toBeInTheDocument();
    expect(server.calls.map((call) => call.url)).toEqual(['/rest/public/messages', '/rest/public/messages']);
    expect(server.calls[0]!.body).toMatchObject({
      name: '王先生',
      enterpriseName: '茶悦时光',
      telephone: '13800138000',
      type: 4,
      platform: 1,
      scene: 'contact',
      website: '',
    });
    expect(server.calls[0]!.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    expect(server.calls[1]!.headers['idempotency-key']).toBe(server.calls[0]!.headers['idempotency-key']);
  } finally {
    server.restore();
  }
});

test('a logged-in customer message goes through the login-based call as type 6 platform 2', async () => {
  const server = fakeFetch(() => ({ status: 201, body: { id: 3 } }));
  try {
    render(<MessageForm scene="contact" loggedIn id="t" />);
    fill('姓名', '李女士');
    fill('企业名称', '小太阳早教');
    fill('手机号码', '13900139000');
    submit();
    await screen.findByText('提交成功，我们的顾问会尽快与您联系。');
    expect(server.calls[0]).toMatchObject({ url: '/rest/customer/message/forms', body: { type: 6, platform: 2 } });
  } finally {
    server.restore();
  }
});

test('the plan form shows its rules, then the report with the budget, region and the three tables', async () => {
  const report = {
    budget: '11-15万元',
    region: '浙江',
    percent: { male: 48, female: 52, age0: 5, age1: 35, age2: 40, age3: 15, age4: 5, education0: 30, education1: 40, education2: 30 },
  };
  const server = fakeFetch(() => ({ status: 201, body: { id: 1, token: 'a'.repeat(32), report } }));
  try {
    render(<PlanForm loggedIn={false} id="p" />);
    fireEvent.click(screen.getByRole('button', { name: '生成方案' }));
    expect(await screen.findByText('请填写品牌名称')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
    fill('品牌名称', '茶悦时光');
    fireEvent.change(screen.getByRole('combobox', { name: /^所属行业/ }), { target: { value: '奶茶饮品' } });
    fill('公司所在地', '浙江省杭州市');
    fireEvent.click(screen.getByRole('radio', { name: '否' }));
    fireEvent.change(screen.getByRole('combobox', { name: /^投资费用/ }), { target: { value: '2' } });
    fill('团队人数', '0');
    fireEvent.change(screen.getByRole('textbox', { name: '竞争品牌 1' }), { target: { value: '蜜雪冰城' } });
    fill('手机号码', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '生成方案' }));
    expect(await screen.findByText('数值必须是大于0的数字')).toBeInTheDocument();
    fill('团队人数', '12');
    fireEvent.click(screen.getByRole('button', { name: '生成方案' }));
    expect(await screen.findByRole('heading', { name: '茶悦时光招商方案' })).toBeInTheDocument();
    expect(server.calls[0]).toMatchObject({
      url: '/rest/public/strategy-surveys',
      body: { brand: '茶悦时光', comBrand: ['蜜雪冰城'], sonCompanys: [] },
    });
    expect(screen.getByText('11-15万元')).toBeInTheDocument();
    for (const name of ['性别分布', '年龄分布', '学历分布']) expect(screen.getByRole('figure', { name })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('cell', { name: '52%' })).toBeInTheDocument());
  } finally {
    server.restore();
  }
});
