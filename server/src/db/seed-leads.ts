import { CRM_DUPLICATE_REMARK, LeadStatus, ChannelType, MessagePlatform, MobileStatus, ReadStatus, ResType } from '@portal/contracts';
import { LEAD_KINDS, LEAD_TABLE_NAMES, otherKeyOf, phoneKeyOf, type LeadKind } from '@portal/contracts/leads';
import type { Insertable } from 'kysely';
import type { LeadsTable } from './schema';

/** Realistic demo leads, deterministic for a given random generator and time. */

const DAY_MS = 24 * 60 * 60 * 1000;
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** Leads of the random part are spread over this many days back. */
export const SEED_LEAD_DAYS = 90;

const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '晨',
  '浩',
  '宇',
  '欣怡',
  '子涵',
  '梓萱',
  '建国',
  '志强',
  '海燕',
  '文博',
  '雨轩',
  '佳琪',
];
const PLACES: Array<[string, string]> = [
  ['广东', '广州'],
  ['广东', '深圳'],
  ['广东', '东莞'],
  ['浙江', '杭州'],
  ['浙江', '宁波'],
  ['江苏', '南京'],
  ['江苏', '苏州'],
  ['北京', '北京'],
  ['上海', '上海'],
  ['天津', '天津'],
  ['重庆', '重庆'],
  ['四川', '成都'],
  ['湖北', '武汉'],
  ['湖南', '长沙'],
  ['河南', '郑州'],
  ['山东', '济南'],
  ['山东', '青岛'],
  ['福建', '厦门'],
  ['福建', '福州'],
  ['陕西', '西安'],
  ['河北', '石家庄'],
  ['安徽', '合肥'],
  ['辽宁', '沈阳'],
  ['云南', '昆明'],
  ['广西', '南宁'],
  ['江西', '南昌'],
  ['山西', '太原'],
  ['黑龙江', '哈尔滨'],
];
const MUNICIPALITIES = new Set(['北京', '上海', '天津', '重庆']);
const ENGINES = ['www.baidu.com', 'm.baidu.com', 'www.baidu.com', 'www.so.com', 'www.sogou.com', 'm.sm.cn', 'cn.bing.com'];
const KEYWORD_PATTERNS = ['{}加盟', '{}加盟费多少', '{}加盟条件', '开一家{}要多少钱', '{}加盟电话', '{}怎么加盟', '{}总部', '{}加盟优惠政策'];
const PORTRAITS = [
  '有加盟意向，预算充足',
  '首次创业，关注投资回报周期',
  '已有门店，想增加新品牌',
  '女性，30岁左右，关注加盟扶持政策',
  '男性，宝妈群体，希望时间灵活',
  '在职白领，计划副业投资',
  '有餐饮经验，已看好店面',
  '多次访问落地页，意向较强',
];
const OTHER_INFO = [
  '希望电话联系',
  '晚上8点后方便接听',
  '想了解加盟费用明细',
  '已有店面位置',
  '想去总部考察',
  '请发送加盟资料到微信',
  '周末方便沟通',
];
const REMARKS = [
  '已电话沟通，意向一般',
  '未接通，明天再打',
  '已加微信，发送资料',
  '客户约周末到总部考察',
  '空号，无效线索',
  '意向强，已报价',
  '客户预算不足',
  '已到访，等待签约',
];
const CALL_MESSAGES = ['客户有意向，约了下周面谈', '未接通', '客户表示再考虑一下', '已发送加盟资料', '客户询问区域保护政策', '电话占线，稍后回拨'];
const MESSAGES = ['想了解加盟政策，请尽快联系我', '加盟费是多少？', '我们当地有店吗？', '请发一份详细资料', '需要多大的店面？', '有没有培训支持？'];
const CHAT_FEEDBACK = ['您好，想了解一下加盟费用', '你们品牌开了多少家店了', '小县城可以开吗', '回本周期大概多久', '总部提供选址吗'];
const BUDGETS = ['5-10万', '10-20万', '20-30万', '30-50万', '50万以上'];
const SOURCES = ['PC端', '移动端', '移动端', 'APP'];
const QUESTIONS: Array<[string, string[]]> = [
  ['您的投资预算是多少？', BUDGETS],
  ['您目前的职业是？', ['上班族', '个体经营', '自由职业', '学生', '退休']],
  ['预计什么时候开店？', ['一个月内', '三个月内', '半年内', '还没确定']],
  ['是否有店面？', ['有', '没有', '正在找']],
];

/** Texts the demo traffic script reuses for the leads it sends. */
export const DEMO_LEAD_TEXTS = {
  surnames: SURNAMES,
  given: GIVEN,
  places: PLACES,
  engines: ENGINES,
  keywordPatterns: KEYWORD_PATTERNS,
  portraits: PORTRAITS,
  otherInfo: OTHER_INFO,
  messages: MESSAGES,
  chatFeedback: CHAT_FEEDBACK,
  budgets: BUDGETS,
  questions: QUESTIONS,
} as const;

export interface SeedItem {
  id: number;
  title: string;
  active: boolean;
  modeType: number | null;
}
export interface SeedChannel {
  id: number;
  title: string;
  channelType: number;
}
export interface SeedStaff {
  id: number;
  userName: string;
}

export interface DemoLeadOptions {
  customerId: number;
  random: () => number;
  /** Leads over the last SEED_LEAD_DAYS days, and leads of today on top. */
  count: number;
  todayCount: number;
  kinds: Partial<Record<LeadKind, number>>;
  items: SeedItem[];
  channels: SeedChannel[];
  staff: SeedStaff[];
  /** Now, in ms. */
  now: number;
}

/** Every column, so that multi-row inserts list the same columns for each row. */
export type SeedLead = Required<Omit<Insertable<LeadsTable>, 'id'>>;

/**
 * What a stored lead holds before anything has happened to it: no duplicate mark, no number
 * checked or held, no follow-up deadline or recycle (the seeds' and the tests' fixtures).
 */
export const FRESH_LEAD_STATE = {
  duplicateOf: null,
  duplicateReason: null,
  phoneClass: null,
  phoneCheckedAt: null,
  phoneCheckDue: null,
  phoneCheckAttempts: 0,
  phoneHeld: null,
  followUpDue: null,
  followedAt: null,
  recycleCount: 0,
} as const;

/** The leads of one demo customer, oldest first (so ids grow with time). */
export function demoLeads(options: DemoLeadOptions): SeedLead[] {
  const { random, now } = options;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number): boolean => random() < p;
  const weights = LEAD_KINDS.map((kind) => [kind, options.kinds[kind] ?? 0] as const).filter(([, weight]) => weight > 0);
  const totalWeight = weights.reduce((sum, [, weight]) => sum + weight, 0);
  const pickKind = (): LeadKind => {
    let r = random() * totalWeight;
    for (const [kind, weight] of weights) {
      r -= weight;
      if (r <= 0) return kind;
    }
    return weights[weights.length - 1][0];
  };
  const todayStart = Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
  const activeItems = options.items.filter((item) => item.active);
  const bidding = options.channels.filter((channel) => channel.channelType === ChannelType.Bidding);
  const feeds = options.channels.filter((channel) => channel.channelType === ChannelType.InformationFeed);

  const makeLead = (time: number, today: boolean): SeedLead => {
    const kind = pickKind();
    const daysAgo = (now - time) / DAY_MS;
    const item = pick(daysAgo < 20 && activeItems.length ? activeItems : options.items);
    const short = item.title.replace(/(加盟|连锁|中心)$/u, '');
    const [province, city] = pick(PLACES);
    const region = MUNICIPALITIES.has(province) ? `${city}市` : `${province}省${city}市`;
    const channelPool =
      kind === 'infoList' || kind === 'todayHeader' ? feeds : kind === 'feedback' || kind === 'baiList' ? bidding : options.channels;
    const channel = channelPool.length && chance(0.9) ? pick(channelPool) : null;
    const searchable = kind === 'feedback' || kind === 'baiList' || kind === 'resource' || kind === 'cpc';
    const searchWord = searchable && chance(0.85) ? pick(KEYWORD_PATTERNS).replace('{}', short) : null;
    const searchDomain = searchWord ? pick(ENGINES) : null;
    const resType = kind === 'resource' && chance(0.4) ? ResType.SmartChat : ResType.Form;
    const suspected = chance(0.07);
    const mobile = suspected
      ? pick(['1', '2', '0']) +
        String(Math.floor(random() * 1e9))
          .padStart(9, '0')
          .slice(0, 6 + Math.floor(random() * 5))
      : `1${pick(['3', '5', '7', '8', '9'])}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
    const surname = pick(SURNAMES);
    const name = chance(0.15) ? `${surname}${pick(['先生', '女士'])}` : `${surname}${pick(GIVEN)}`;

    // Older leads are more often read, assigned and followed up.
    const worked = !today && chance(Math.min(0.85, 0.2 + daysAgo / 60));
    const readStatus = today
      ? chance(0.1)
        ? ReadStatus.Read
        : ReadStatus.Unread
      : chance(worked ? 0.45 : 0.12)
        ? ReadStatus.Read
        : ReadStatus.Unread;
    const duplicate = !today && chance(0.03);
    const staff = worked && !duplicate && options.staff.length && chance(0.35) ? pick(options.staff) : null;
    // No seeded lead is marked pushed: a pushed lead is one the push worker delivered, with its job
    // in the push log and its follower (the demo's pushes are the sandbox's, live). The draw stays,
    // so the rest of the demo data does not change.
    void (staff ? chance(0.5) : !duplicate && chance(0.03));
    const remark = duplicate ? CRM_DUPLICATE_REMARK : staff && chance(0.6) ? pick(REMARKS) : !today && chance(0.08) ? pick(REMARKS) : null;
    const calls =
      staff && chance(0.6)
        ? Array.from({ length: 1 + Math.floor(random() * 3) }, (_, index) => ({
            id: index + 1,
            callTime: new Date(Math.min(now, time + (index + 1) * (2 + random() * 20) * 3600_000) + CHINA_OFFSET_MS)
              .toISOString()
              .slice(0, 19)
              .replace('T', ' '),
            message: pick(CALL_MESSAGES),
          }))
        : null;
    const questionnaire =
      (kind === 'infoList' || kind === 'resource') && chance(0.15)
        ? QUESTIONS.map(([question, answers]) => ({ question, answer: pick(answers) }))
        : null;
    const content =
      resType === ResType.SmartChat
        ? JSON.stringify({
            ...(chance(0.4) ? { wechart: `wx_${Math.floor(random() * 1e8)}` } : {}),
            feedback: pick(CHAT_FEEDBACK),
            visitTime: `${1 + Math.floor(random() * 15)}分钟`,
            sex: pick(['男', '女', '未知']),
            budget: pick(BUDGETS),
          })
        : chance(0.6)
          ? pick(MESSAGES)
          : null;
    const page = Math.floor(random() * 8) + 1;
    // (Drawn here, where the row's first draw was: the rest of the demo data stays as it was.)
    const other = chance(0.1) ? `微信：${pick(['wx', 'vx', 'w'])}${Math.floor(random() * 1e7)}` : null;
    return {
      customerId: options.customerId,
      listKind: kind,
      tableName: LEAD_TABLE_NAMES[kind],
      itemId: item.id,
      itemTitle: item.title,
      name,
      mobile,
      mobileStatus: suspected ? MobileStatus.Suspected : MobileStatus.Normal,
      other,
      channelId: channel?.id ?? null,
      channelTitle: channel?.title ?? null,
      searchWord,
      region,
      province,
      city,
      resType,
      descrip: chance(0.5) ? pick(PORTRAITS) : null,
      otherInfo: chance(0.35) ? pick(OTHER_INFO) : null,
      createTime: new Date(time).toISOString(),
      crmFollower: staff?.userName ?? null,
      crmFollowerId: staff?.id ?? null,
      channelSourceCode: null,
      crmPushed: 0,
      remark,
      readStatus,
      status: LeadStatus.Normal,
      genreId: 1 + Math.floor(random() * 6),
      templateStyle: 1 + Math.floor(random() * 5),
      searchDomain,
      referrerUrl: searchWord && searchDomain ? `https://${searchDomain}/s?wd=${encodeURIComponent(searchWord)}` : null,
      pageUrl: chance(0.9) ? `https://lp.portal-demo.cn/item${item.id}/p${page}.html${channel ? `?ch=${channel.id}` : ''}` : null,
      content,
      callData: calls ? JSON.stringify(calls) : null,
      questionnaire: questionnaire ? JSON.stringify(questionnaire) : null,
      feedbackId: chance(0.5) ? `FB${Math.floor(random() * 1e10)}` : null,
      clientId: chance(0.5) ? `C${Math.floor(random() * 1e10).toString(16)}` : null,
      source: pick(SOURCES),
      qq: chance(0.1) ? String(10000 + Math.floor(random() * 1e9)) : null,
      address: chance(0.1)
        ? `${province}${MUNICIPALITIES.has(province) ? '' : city}${pick(['人民路', '建设路', '解放路', '中山路'])}${1 + Math.floor(random() * 300)}号`
        : null,
      ipArea: chance(0.7) ? `${province}${MUNICIPALITIES.has(province) ? '' : city}` : null,
      modeType: item.modeType,
      // Information-feed forms say where they were sent from (from the page, not the generator:
      // the rest of the demo data stays as it was).
      platform: kind === 'infoList' ? (page <= 5 ? MessagePlatform.Public : MessagePlatform.LoggedIn) : null,
      phoneKey: phoneKeyOf(mobile),
      otherKey: otherKeyOf(other),
      ...FRESH_LEAD_STATE,
    };
  };

  const leads: SeedLead[] = [];
  for (let i = 0; i < options.count; i++) leads.push(makeLead(now - 60_000 - random() * SEED_LEAD_DAYS * DAY_MS, false));
  for (let i = 0; i < options.todayCount; i++) leads.push(makeLead(todayStart + random() * Math.max(0, now - todayStart), true));
  return leads.sort((x, y) => (x.createTime < y.createTime ? -1 : x.createTime > y.createTime ? 1 : 0));
}
