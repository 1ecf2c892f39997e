import { AssignResourceType, BannerLinkType, ChannelType, ItemModeType, ItemStatus } from '@portal/contracts';
import { type LeadKind } from '@portal/contracts/leads';

/** The demo accounts of the README: both log in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'Demo12345';

export interface DemoCustomer {
  loginAccount: string;
  whetherVoice: number;
  firstLogin: number;
  registeredDaysAgo: number;
  items: Array<{ title: string; status: number; modeType: number | null }>;
  channels: Array<{ title: string; channelType: number }>;
  /** Leads spread over the last 90 days (plus DEMO_TODAY_LEADS today). */
  leads: number;
  /** Share of each list kind among the leads. */
  leadKinds: Partial<Record<LeadKind, number>>;
  assignResourceType: number;
  /** Call-centre staff: name, phone, department. */
  staff: Array<[string, string, string]>;
  /** CRM channel sources: code, name. */
  channelSources: Array<[string, string]>;
  /** User notices (type 1) of this customer only. */
  notices: DemoNotice[];
  /** How many of the oldest SYSTEM_NOTICES this customer has read. */
  readSystemNotices: number;
}

/** A seeded notice, sent `hoursAgo` before seeding. */
export interface DemoNotice {
  title: string;
  contents: string;
  hoursAgo: number;
  /** Only for user notices: whether the customer has read it. */
  read?: boolean;
}

/** System notices (type 0): every customer sees them; each reads them on their own. */
export const SYSTEM_NOTICES: DemoNotice[] = [
  {
    title: '平台系统升级维护公告',
    contents:
      '为提升服务质量，平台将于本周六 00:00-06:00 进行系统升级维护，期间线索推送与报表查询可能出现短暂延迟，维护结束后数据将自动补齐。给您带来的不便敬请谅解。',
    hoursAgo: 5,
  },
  {
    title: '智能投放功能全新上线',
    contents: '智能投放现已支持按地域、时段自动优化出价，新资源实时推送至“智能投放资源”列表。欢迎在工作台查看投放数据，如有疑问请联系您的专属客服。',
    hoursAgo: 26,
  },
  {
    title: 'CRM对接新增销帮帮支持',
    contents: '线索推送设置新增销帮帮对接：填写账号参数并开启推送后，新到线索将自动推送至CRM并分配跟进人，推送记录可在推送日志中查看。',
    hoursAgo: 6 * 24 + 2,
  },
  {
    title: '积分商城好礼上新',
    contents: '积分商城新增多款营销工具与办公好礼，充值消费即得积分，欢迎前往兑换。',
    hoursAgo: 15 * 24 + 4,
  },
  {
    title: '关于规范加盟广告用语的提醒',
    contents:
      '根据《广告法》相关规定，项目推广页面请勿使用“最”“第一”“零风险”“稳赚不赔”等绝对化或承诺收益用语。平台将定期巡检，违规内容将被下线整改。',
    hoursAgo: 30 * 24 + 6,
  },
];

/** Leads created today for each customer, so the lists' default range (today) shows rows. */
export const DEMO_TODAY_LEADS = 60;

/** `demo` sees the first-login guide; `demo2` exists so tests can prove one customer cannot reach another's data. */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    loginAccount: 'demo',
    whetherVoice: 0,
    firstLogin: 1,
    registeredDaysAgo: 400,
    items: [
      { title: '茶语时光奶茶加盟', status: ItemStatus.OnAir, modeType: null },
      { title: '川味坊火锅连锁', status: ItemStatus.OnAir, modeType: null },
      { title: '童趣乐园早教中心', status: ItemStatus.OnAir, modeType: ItemModeType.ExcludedFromFilter },
      { title: '净衣坊干洗连锁', status: ItemStatus.Invalid, modeType: null },
      { title: '果然鲜水果超市', status: ItemStatus.TakenDown, modeType: null },
      { title: '悦读绘本馆', status: ItemStatus.OnAir, modeType: ItemModeType.Separate },
    ],
    channels: [
      { title: '百度竞价', channelType: ChannelType.Bidding },
      { title: '360搜索推广', channelType: ChannelType.Bidding },
      { title: '搜狗搜索推广', channelType: ChannelType.Bidding },
      { title: '今日头条信息流', channelType: ChannelType.InformationFeed },
      { title: '抖音信息流', channelType: ChannelType.InformationFeed },
    ],
    leads: 5200,
    leadKinds: { resource: 0.36, feedback: 0.25, infoList: 0.2, baiList: 0.12, todayHeader: 0.03, distribution: 0.02, cpc: 0.02 },
    assignResourceType: AssignResourceType.User,
    staff: [
      ['张丽', '13811110001', '招商一部'],
      ['王强', '13811110002', '招商一部'],
      ['李娜', '13811110003', '招商一部'],
      ['刘洋', '13811110004', '招商二部'],
      ['陈静', '13811110005', '招商二部'],
      ['杨帆', '13811110006', '招商二部'],
      ['赵敏', '13811110007', '客服中心'],
      ['黄磊', '13811110008', '客服中心'],
      ['周婷', '13811110009', '客服中心'],
      ['吴昊', '13811110010', '大客户部'],
    ],
    channelSources: [
      ['src_baidu', '百度推广'],
      ['src_toutiao', '今日头条'],
      ['src_douyin', '抖音'],
      ['src_360', '360推广'],
      ['src_offline', '线下展会'],
    ],
    notices: [
      { title: '项目审核通过', contents: '您提交的项目“悦读绘本馆”已审核通过，现已开始投放。', hoursAgo: 30, read: false },
      { title: '昨日线索汇总', contents: '昨日共收到86条新线索，其中智能投放资源31条、竞价留言22条，请及时跟进。', hoursAgo: 2 * 24 + 3, read: true },
      { title: '充值到账通知', contents: '您充值的10,000.00元已到账，当前可用余额12,358.60元。', hoursAgo: 9 * 24 + 1, read: true },
      {
        title: '项目暂停投放通知',
        contents: '项目“果然鲜水果超市”推广期已结束，已暂停投放。如需续投请联系您的专属客服。',
        hoursAgo: 20 * 24 + 5,
        read: true,
      },
    ],
    readSystemNotices: 3,
  },
  {
    loginAccount: 'demo2',
    whetherVoice: 1,
    firstLogin: 0,
    registeredDaysAgo: 200,
    items: [
      { title: '老北京炸酱面馆', status: ItemStatus.OnAir, modeType: null },
      { title: '焙香坊烘焙加盟', status: ItemStatus.OnAir, modeType: null },
      { title: '美甲小站连锁', status: ItemStatus.TakenDown, modeType: null },
      { title: '智慧星少儿编程', status: ItemStatus.Invalid, modeType: ItemModeType.Separate },
    ],
    channels: [
      { title: '百度竞价', channelType: ChannelType.Bidding },
      { title: '快手信息流', channelType: ChannelType.InformationFeed },
    ],
    leads: 200,
    leadKinds: { resource: 0.4, feedback: 0.3, infoList: 0.2, baiList: 0.1 },
    assignResourceType: AssignResourceType.ChannelSource,
    staff: [
      ['孙悦', '13922220001', '销售部'],
      ['马超', '13922220002', '销售部'],
      ['朱琳', '13922220003', '销售部'],
      ['胡斌', '13922220004', '客服部'],
      ['郭佳', '13922220005', '客服部'],
      ['何勇', '13922220006', '客服部'],
      ['林晓', '13922220007', '市场部'],
      ['高远', '13922220008', '市场部'],
      ['罗兰', '13922220009', '市场部'],
      ['梁爽', '13922220010', '市场部'],
    ],
    channelSources: [
      ['b_baidu', '百度竞价'],
      ['b_kuaishou', '快手'],
      ['b_wechat', '微信公众号'],
      ['b_referral', '老客户推荐'],
      ['b_phone', '400电话'],
    ],
    notices: [
      {
        title: '项目“焙香坊烘焙加盟”投放提醒',
        contents: '项目“焙香坊烘焙加盟”本周留言量较上周下降18%，建议优化落地页与推广关键词。',
        hoursAgo: 8,
        read: false,
      },
      {
        title: '欢迎使用客户中心',
        contents: '您的账户已开通，可在项目管理中查看推广项目，在线索列表中跟进客户留言。',
        hoursAgo: 10 * 24,
        read: true,
      },
    ],
    readSystemNotices: 1,
  },
];

export const BANNERS = [
  { title: '智能投放 全新上线', subtitle: '精准触达加盟意向客户，资源实时推送', linkUrl: '/common-problem', linkType: BannerLinkType.Link },
  { title: '连锁品牌全案营销', subtitle: '品牌曝光、官网建设、线索转化一站式服务', linkUrl: '/promote-data', linkType: BannerLinkType.Link },
  { title: '积分商城 好礼兑换', subtitle: '充值消费即得积分，多种营销工具任您选', linkUrl: null, linkType: BannerLinkType.None },
];

export const ARTICLES = [
  { title: '2025年餐饮加盟市场趋势解读', summary: '从门店规模、客单价到外卖占比，梳理今年餐饮加盟的主要变化。' },
  { title: '如何提高加盟咨询的有效对话率', summary: '首句话术、响应速度与追问技巧，三个环节决定对话质量。' },
  { title: '信息流广告素材的五个常见误区', summary: '标题夸大、卖点分散、落地页不一致等问题都会拉低转化。' },
  { title: '竞价推广关键词如何分组更合理', summary: '按意向强弱与地域拆分关键词，让预算花在高转化词上。' },
  { title: '加盟线索跟进的黄金24小时', summary: '线索到达后一天内完成首次电话联系，成交率显著提高。' },
  { title: '连锁品牌官网建设要点', summary: '加盟政策、成功案例与联系方式，官网必须讲清的三件事。' },
  { title: '教育培训行业投放经验分享', summary: '寒暑假前是咨询高峰，提前一个月调整预算与出价。' },
  { title: '落地页表单字段越少越好吗', summary: '表单字段与线索质量之间的平衡，看数据怎么说。' },
  { title: 'CRM对接让线索不再遗漏', summary: '线索自动推送到CRM并分配跟进人，减少人工转录。' },
  { title: '区域投放：如何选择重点城市', summary: '结合门店分布和客群画像，确定投放城市的优先级。' },
  { title: '客服排班与线索分配实践', summary: '按时段与项目排班，让每条线索都有人及时接待。' },
  { title: '从点击到到店：转化漏斗全解析', summary: '展现、点击、留言、电话、到访，逐层找出流失原因。' },
];

export const INDUSTRIES = [
  { title: '餐饮美食', summary: '奶茶饮品、火锅、快餐小吃等餐饮加盟品牌。' },
  { title: '教育培训', summary: '早教、少儿编程、艺术培训等教育连锁。' },
  { title: '美容美发', summary: '美甲、美发、皮肤管理等门店连锁。' },
  { title: '零售便利', summary: '水果超市、便利店、零食量贩等零售加盟。' },
  { title: '生活服务', summary: '干洗、家政、维修等社区生活服务。' },
  { title: '母婴亲子', summary: '母婴用品、亲子乐园、儿童摄影等品牌。' },
  { title: '服装鞋帽', summary: '男装、女装、童装及鞋包配饰连锁。' },
  { title: '家居建材', summary: '全屋定制、家装建材、智能家居等品牌。' },
];

/** A demo project's ledger profile: the balance centre's people, the price per lead (fen) and its top-up type. */
export interface DemoLedgerItem {
  industry: string;
  saler: string;
  serverManager: string;
  unitPrice: number;
  topupType: 1 | 2;
  /** The one project seeded low (canConsumeDay 1 as of the seeding day). */
  low?: boolean;
}

/** Per demo account, its items' ledger profiles in the order of DemoCustomer.items. */
export const DEMO_LEDGER: Record<string, DemoLedgerItem[]> = {
  demo: [
    { industry: '餐饮', saler: '孙浩', serverManager: '林小雨', unitPrice: 12000, topupType: 2 },
    { industry: '餐饮', saler: '孙浩', serverManager: '林小雨', unitPrice: 15000, topupType: 1, low: true },
    { industry: '教育', saler: '郑凯', serverManager: '何佳', unitPrice: 9000, topupType: 2 },
    { industry: '生活服务', saler: '郑凯', serverManager: '何佳', unitPrice: 8000, topupType: 1 },
    { industry: '零售', saler: '孙浩', serverManager: '林小雨', unitPrice: 7000, topupType: 1 },
    { industry: '教育', saler: '郑凯', serverManager: '何佳', unitPrice: 6000, topupType: 2 },
  ],
  demo2: [
    { industry: '餐饮', saler: '钱伟', serverManager: '宋雪', unitPrice: 10000, topupType: 1 },
    { industry: '烘焙', saler: '钱伟', serverManager: '宋雪', unitPrice: 11000, topupType: 2 },
    { industry: '美业', saler: '冯磊', serverManager: '宋雪', unitPrice: 5000, topupType: 1 },
    { industry: '教育', saler: '冯磊', serverManager: '宋雪', unitPrice: 9000, topupType: 2 },
  ],
};
