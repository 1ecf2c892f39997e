/** Texts of the spec's error catalogue shared by many screens (spec 001 section 8). */
export const CommonMessage = {
  OperationFailed: '操作失败',
  OperationSucceeded: '操作成功',
  DataFetchFailed: '数据获取失败',
  SaveSucceeded: '保存成功！',
  SaveFailed: '保存失败',
  DeleteCancelled: '已取消删除',
  OperationCancelled: '已取消操作',
  Cancelled: '已取消',
  /** Server-side: a 5xx shows this and nothing of its cause. */
  ServerError: '服务器开小差了，请稍后再试',
  NotLoggedIn: '登录已失效，请重新登录',
  BadRequest: '请求参数不正确',
  NotFound: '请求的资源不存在',
  MissingRequestedWith: '缺少请求头 X-Requested-With',
  /** A heavy call (a report over a range, an export, a CRM sync) past the session's calls at once (HEAVY_CALLS_PER_SESSION). */
  HeavyCallsBusy: '您已有2个报表、导出或CRM同步正在进行，请等其完成后再试',
} as const;

/** Heavy calls (catalogue entries marked `heavy`: reports over a range, exports, CRM syncs) one session may run at once. */
export const HEAVY_CALLS_PER_SESSION = 2;

/** Placeholders and prompts seen on forms. */
export const Required = '不能为空';
export const MustFill = '必填';
export const MustChoose = '必选';

/** '长度在 1 到 N 个字符', the spec's length message. */
export const lengthMessage = (min: number, max: number): string => `长度在 ${min} 到 ${max} 个字符`;
