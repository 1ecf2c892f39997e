/**
 * Texts of the person table. The spec's messages ('请先选择需要设置的数据', '结束时间不能小于开始时间',
 * '保存成功！', '保存失败', '该日期尚未排班') are ScheduleMessage's of @portal/contracts/schedule.
 */
export const PersonText = {
  Sort: '排序',
  Name: '姓名',
  Phone: '手机',
  Dept: '部门',
  AcceptGroup: '接收组',
  DataNum: '每轮数量',
  DataNumLimit: '每日上限',
  Time: '时间段',
  /** Shown, not editable: leads given to the person that day. */
  Distributed: '已分配数量',
  Actions: '操作',
  Remove: '移除',
  MoveUp: '上移',
  MoveDown: '下移',
  DragHandle: '拖动排序',
  Unlimited: '不限',
  NoRounds: '不参与',
  AllDay: '全天',
  AddSlot: '添加时间段',
  RemoveSlot: '删除时间段',
  SlotStart: '开始',
  SlotEnd: '结束',
  SlotTo: '至',
  SlotIncomplete: '请选择开始和结束时间',
  BatchTime: '批量设置时间',
  BatchGroup: '批量设置分组',
  BatchTimeHint: '不设置时间段表示全天',
  BatchGroupHint: '不选择接收组表示不限',
  Save: '保存',
  /** What 保存 sends: said beside the button. */
  saveScope: (date: string): string => `保存提交${date}本项目的全部排班人员（顺序、接收组、数量和时间段）`,
  Unsaved: '有未保存的修改',
  /** The day's rows were all removed here: saving unschedules the day. */
  AllRemoved: '已移除全部人员，保存后该日期将不再排班',
  GroupsFailed: '接收组获取失败',
  NoneDash: '-',
  /** The name of a row's control for screen readers: '张三 每轮数量'. */
  controlName: (userName: string, control: string): string => `${userName} ${control}`,
  /** A slot's control: '张三 时间段1 开始'. */
  slotName: (owner: string, index: number, end: string): string => `${owner} 时间段${index + 1} ${end}`,
  /** Said to screen readers after a move. */
  moved: (userName: string, position: number): string => `${userName}已移到第${position}位`,
  selected: (count: number): string => `已选 ${count} 人`,
  batchOwner: '批量',
} as const;
