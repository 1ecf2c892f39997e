import { remoteDeclarationSchema } from '@portal/contracts/remotes';
import { remote } from './remote';

describe("the leads remote's declaration", () => {
  it('puts every lead list in the menu, the search-engine message board under 常规投放 whose reports count its leads', () => {
    expect(remoteDeclarationSchema.parse(remote)).toEqual(remote);
    expect(remote.menu.map((entry) => [entry.group, entry.path])).toEqual([
      ['regular', '/feedback'],
      ['regular', '/info-list'],
      ['regular', '/bai-list'],
      ['smart', '/resource'],
      ['smart', '/online-chat'],
    ]);
  });

  it("puts the chat panel under 智能投放 between 资源列表 and 日报表, with the chat's unread count", () => {
    const chat = remote.menu.find((entry) => entry.path === '/online-chat');
    expect(chat).toEqual({ group: 'smart', label: '在线对话', path: '/online-chat', order: 15, unread: 'chat' });
    expect(remote.routes).toContain('/online-chat');
  });
});
