/** Texts of the export dialog (its messages come from LeadMessage of @portal/contracts). */
export const ExportText = {
  Title: '导出数据',
  Range: '起止日期',
  Item: '导出项目',
  ReadStatus: '已读状态',
  FileGenre: '导出格式',
  Ok: '导出',
  Cancel: '取消',
  ItemPlaceholder: '请选择项目',
  Started: '正在导出，文件将自动下载',
} as const;
