import { DEMO, dismissGuideIfShown, dismissLowBalanceIfShown, expect, leadRows, loginAs, seriousAxeViolations, test } from './helpers';

// The live smart chat (issue 23): a visitor on a demo landing page (its own browser context, no
// portal session) and the demo customer in the portal's 在线对话 panel talk live over the sockets;
// the phone number the visitor leaves makes a smart-chat lead (resType 2) on the 资源列表.

test('a visitor chats on a landing page, the customer answers live in 在线对话, the phone left becomes a smart-chat lead', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const question = `加盟费多少？${stamp}`;
  const answer = `您好，首期3万元起 ${stamp}`;
  const name = `王${stamp.slice(-2)}`;

  // The customer, on the chat panel.
  await loginAs(page, DEMO);
  await dismissGuideIfShown(page);
  await dismissLowBalanceIfShown(page);
  await page.goto('/online-chat');
  await expect(page.getByRole('heading', { level: 1, name: '在线对话' })).toBeVisible();

  // The visitor, on the first demo project's landing page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/demo/landing');
  await visitor.getByRole('link').first().click();
  await visitor.getByRole('button', { name: '在线咨询' }).click();
  const widget = visitor.getByRole('dialog', { name: '在线咨询' });
  const box = widget.getByLabel('输入消息');
  await expect(widget.getByRole('button', { name: '发送' })).toBeDisabled();
  await box.fill(question);
  await widget.getByRole('button', { name: '发送' }).click();
  await expect(widget.getByText(question)).toBeVisible();

  // Live in the panel: the conversation comes first in the list; opened, it shows the question.
  const targets = page.getByRole('list', { name: '对话列表' });
  const target = targets.getByRole('listitem').filter({ hasText: question });
  await expect(target).toBeVisible();
  await target.getByRole('button').first().click();
  await expect(page.getByRole('main').getByText(question).last()).toBeVisible();
  const reply = page.getByRole('textbox', { name: '回复内容' });
  await expect(page.getByRole('button', { name: /发\s*送/ })).toBeDisabled();
  await reply.fill(answer);
  await page.getByRole('button', { name: /发\s*送/ }).click();

  // Live at the visitor: the reply, then the phone form.
  await expect(widget.getByText(answer)).toBeVisible();
  const phoneForm = widget.getByRole('form', { name: '留下您的电话' });
  if (!(await phoneForm.isVisible())) await widget.getByRole('button', { name: '留下电话' }).click();
  await phoneForm.getByLabel('手机号').fill(`139${String(Date.now()).slice(-8)}`);
  await phoneForm.getByLabel('姓名（选填）').fill(name);
  await phoneForm.getByRole('button', { name: '提交' }).click();
  await expect(widget.getByText('已收到您的电话，我们会尽快与您联系')).toBeVisible();
  await visitorContext.close();

  // The lead: newest on the smart-investment list, a smart chat (智能对话) with the visitor's name.
  await page.goto('/resource');
  const first = leadRows(page).first();
  await expect(first).toContainText(name);
  await expect(first).toContainText('智能对话');
  // Its conversation, from the row: the question and the answer, who said each.
  await first.getByRole('button', { name: '查看对话' }).click();
  const transcript = page.getByRole('dialog').filter({ hasText: '对话记录' });
  await expect(transcript.getByText(question)).toBeVisible();
  await expect(transcript.getByText(answer)).toBeVisible();
  // The dialog a smart-chat lead opens joins the accessibility scan here.
  expect(await seriousAxeViolations(page), 'serious or critical axe violations on the conversation dialog').toEqual([]);
});
