/** Texts of the task wall (任务墙). */
export const TaskText = {
  Title: '任务墙',
  SigninTitle: '每日签到',
  Strip: '7天签到',
  SignIn: '签到',
  SignedToday: '今日已签到',
  Signed: '已签到',
  Today: '今天',
  GiftPack: '积分礼包',
  SigninFailed: '签到失败，请稍后再试',
  TasksTitle: '奖励任务',
  TasksEmpty: '暂无任务',
  Todo: '去完成',
  Done: '已完成',
  Recommended: '推荐',
} as const;

/** 第N天. */
export const dayLabel = (day: number): string => `第${day}天`;
/** +N积分. */
export const pointsLabel = (points: number): string => `+${points}积分`;
/** The success message of a sign-in. */
export const signedMessage = (points: number): string => `签到成功，获得${points}积分`;
/** 已连续签到N天. */
export const continuityLabel = (days: number): string => `已连续签到${days}天`;
