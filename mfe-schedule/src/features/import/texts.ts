/**
 * Texts of the import tools (导入, the repeat-name dialog, the template link). The spec's messages
 * ('导入成功！', '只能导入xls或xlsx文件', ...) are ScheduleMessage's of @portal/contracts/schedule;
 * these are the screen's own.
 */
export const ImportText = {
  Import: '导入',
  Title: '导入排班',
  Project: '项目',
  Date: '日期',
  /** The spec: an import overwrites that day's schedule of that project. */
  Overwrite: '导入将覆盖该日该项目的排班',
  Choose: '选择文件',
  Hint: '支持xls、xlsx格式，不超过2MB；请使用导入模板填写',
  Chosen: '已选择：',
  Start: '开始导入',
  Cancel: '取消',
  Progress: '上传进度',
  Template: '下载导入模板',
  RepeatTitle: '重名人员选择',
  RepeatHint: '以下姓名对应多名员工，请为每个姓名选择一位；不选择则取第一位。',
  RepeatSubmit: '确定导入',
  /** The choice that leaves it to the server (the first candidate). */
  NoChoice: '不选择（取第一位）',
  Unknown: '-',
  /** The sheet rows a repeated name is on: '第3、5行'. */
  rows: (rows: readonly number[]): string => `第${rows.join('、')}行`,
  /** A candidate as the radio shows it. */
  candidate: (name: string, phone: string, dept: string): string => `${name} · ${phone || '-'} · ${dept || '-'}`,
  /** The file as the dialog shows it, size in KB. */
  file: (name: string, bytes: number): string => `${name}（${Math.max(1, Math.round(bytes / 1024))}KB）`,
} as const;
