import { GUIDE_STEPS } from '@portal/contracts';

export interface GuideStep {
  title: string;
  description: string;
  /** Replaces the description on brands without points and the shop, and while no remote serves the points mall. */
  descriptionWithoutPoints?: string;
}

/** The five steps of the new-user guide (spec 000 sections 2 and 4). */
export const GUIDE: readonly GuideStep[] = [
  {
    title: '工作台概览',
    description: '工作台汇总展示各项目的展现、点击、留言、有效对话和电话请求数据，可按项目切换查看推广效果。',
  },
  {
    title: '线索管理',
    description: '在左侧「常规投放」和「智能投放」中查看表单、智能对话与搜索引擎留言板带来的线索，可导出、标记已读、填写备注并手动分配。',
  },
  {
    title: '消息通知',
    description: '右上角的铃铛显示未读消息数量。有新线索到达时会弹出提醒，开启声音提醒后还会播放提示音。',
  },
  {
    title: '钱包与积分',
    description: '在钱包中查看各项目余额、充值记录与消费报表。每消费 1 元可获得 2 积分，积分可在积分商城兑换礼品。',
    descriptionWithoutPoints: '在钱包中查看各项目余额、充值记录与消费报表。余额不足时，请及时联系在线客服充值。',
  },
  {
    title: '账户设置',
    description: '点击右上角的头像，可查看账户信息、开启声音提醒、上传头像、修改密码或退出登录。',
  },
];

if (GUIDE.length !== GUIDE_STEPS) throw new Error(`The guide must have ${GUIDE_STEPS} steps`);
