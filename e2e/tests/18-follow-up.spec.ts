import { REQUESTED_WITH_VALUE } from '@portal/contracts';
import {
  chooseSelectOption,
  DEMO,
  dismissGuideIfShown,
  dismissLowBalanceIfShown,
  expect,
  freshMobile,
  ingestLead,
  leadRows,
  loginAs,
  test,
} from './helpers';

// Issue 24, follow-up deadlines: a one-minute deadline with recycling is set on demo's project in
// the schedule's 跟进时限; a lead given to the person on shift and left unread moves, past the
// minute, to the next person on shift; the list shows the new receiver live, and the lead's
// distribution record shows the recycle. The server's follow-up sweep runs every 2 s here
// (e2e/playwright.config.ts); the wait is the deadline's minute itself.

interface Record {
  userName: string | null;
  recycles: Array<{ fromName: string; toName: string | null; reason: string }>;
}

test('a lead left unread past a one-minute deadline is recycled to the next person on shift, with the record on its detail page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  // The project ingestLead sends to: demo's first on-air project, scheduled all day today by the seed.
  const items = (await (await page.request.get('/rest/customer/platform/items/all')).json()) as Array<{ id: number; title: string; status: number }>;
  const project = items.find((item) => item.status === 1) ?? items[0];

  await page.goto(`/ec/data-dispose?item=${project.id}`);
  await page.getByRole('button', { name: '跟进时限' }).click();
  const rules = page.getByRole('dialog', { name: '跟进时限' });
  await rules.getByRole('button', { name: '新增跟进时限' }).click();
  const form = page.getByRole('dialog', { name: '新增跟进时限' });
  await chooseSelectOption(page, form.getByRole('combobox', { name: '项目' }), project.title);
  await form.getByLabel('跟进时限（分钟）').fill('1');
  await form.getByRole('switch', { name: '超时回收' }).click();
  await form.getByLabel('最多回收次数').fill('1');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();
  await expect(rules.getByRole('row').filter({ hasText: project.title })).toContainText('1');

  try {
    const mobile = freshMobile();
    const id = await ingestLead(page, 'feedback', '超时客户', { mobile });
    // The first receiver, from the record (the detail page would read the lead, which follows it up).
    const recordOf = async (): Promise<Record> =>
      (await (await page.request.get(`/rest/customer/feedback/feedbacks/${id}/distribution`)).json()) as Record;
    const first = (await recordOf()).userName;
    expect(first).toBeTruthy();

    await page.goto(`/feedback?phone=${mobile}`);
    const row = leadRows(page).filter({ hasText: '超时客户' });
    await expect(row).toContainText(first!);
    // Left unread: past its minute the sweep recycles it, and the list shows the new receiver.
    await expect(row).not.toContainText(first!, { timeout: 120_000 });
    const moved = await recordOf();
    expect(moved.userName).not.toBe(first);
    await expect(row).toContainText(moved.userName!);

    await page.goto(`/feedback-detail?id=${id}`);
    const recycles = page.getByRole('list', { name: '回收记录' });
    await expect(recycles).toContainText(`从${first}回收，分配给${moved.userName}（超时未跟进）`);
    // The customer was told, in the message centre.
    const notices = (await (await page.request.get('/rest/customer/message/messages', { params: { page: '1', pageSize: '20' } })).json()) as unknown;
    expect(JSON.stringify(notices)).toContain('线索超时未跟进');
  } finally {
    await page.request.delete(`/rest/customer/follow-up-rules/${project.id}`, { headers: { 'X-Requested-With': REQUESTED_WITH_VALUE } });
  }
});
