/** Texts of the ec message notice (messages come from @portal/contracts). */
export const NoticeText = {
  Intro: '推送的线索将以所选创建人或员工的名义在EC中创建，并由其接收消息通知。',
  Current: '当前创建人',
  NotSet: '未设置',
  Pick: '创建人/员工',
  Placeholder: '请选择创建人或员工，可输入姓名搜索',
  Sync: '同步',
  SyncHint: '从EC同步员工，再从中选择',
  Save: '保存',
  NoStaff: '暂无员工，请先同步',
  option: (userName: string, deptName: string): string => (deptName ? `${userName}（${deptName}）` : userName),
  current: (userName: string, account: string): string => (account ? `${userName}（${account}）` : userName),
} as const;
