import { type CrmCode } from '@portal/contracts';
import { ingestLeadSchema } from '@portal/contracts/ingest';
import { dialects, startApp, type TestApp } from '../../test/harness';
import { freshMobile } from '../../test/leads';
import { ingestLead } from '../ingest/service';
import { drainQueue } from './service';
import { chinaInstant, newGroups, newItem, newStaff, queueOf, recordsOf, setCrm, setDay, setRuleRows } from './testing';

/*
 * The engine against a reference model: random schedules and random lead streams over two China
 * days go through the real service and database (ingestion with its clock, queue sweeps), and
 * every lead must end as the model says: its receiver and round, the people passed over and why,
 * or why it waits or was skipped; the queue must hold the model's waiting leads in order.
 *
 * The model is written plainly from the rules: each group's turns are numbered 0, 1, 2, ... over
 * the day (turn k is person k mod n in round k div n + 1), each turn holding the person's quantity
 * of slots; a lead walks the turns from the current one, at most n of them.
 *
 * Seeded (DISTRIBUTION_SEED to replay a run); a failure names its case's seed.
 */

const CASES = 100;
const D1 = '2031-05-10';
const D2 = '2031-05-11';
const PROVINCES = ['北京', '上海', '广东', '四川', '湖北', null] as const;
const TIMES = ['', '', '', '09:00-12:00', '09:00-12:00 14:00-18:00', '08:00-20:00', '12:00-13:00', '00:00-06:00', '18:00-24:00'];
const QUANTITIES = [0, null, 1, 1, 1, 2, 3];
const CAPS = [null, null, null, 0, 1, 2, 3, 5];
/** The minutes at which the ranges of TIMES (and the overnight pair) start or end. */
const EDGES = [0, 2, 6, 8, 9, 12, 13, 14, 18, 20, 22].map((hour) => hour * 60).filter((minute) => minute > 0);

/** mulberry32: a small seeded generator, [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Person {
  userId: number;
  group: number;
  dataNum: number | null;
  dataNumLimit: number | null;
  timeStr: string;
}
type Event = { kind: 'lead'; minute: number; province: string | null; channel: 0 | 1 | 2 } | { kind: 'sweep'; minute: number };
interface Case {
  ruleType: number;
  ec: boolean;
  lixiao: boolean;
  /** Area rows (type 1): group and provinces; channel-type rows (type 2): channel type to group. */
  areas: Array<{ group: number; provinces: string[] }>;
  channelTypes: Array<{ channelType: number; group: number }>;
  days: Record<string, Person[]>;
  events: Event[];
}

interface World {
  staff: number[];
  groups: number[];
  /** Channels of type 1 and 2. */
  channels: [number, number];
}

function generate(random: () => number, world: World): Case {
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const shuffled = <T>(values: readonly T[]): T[] =>
    values
      .map((value) => ({ value, key: random() }))
      .sort((x, y) => x.key - y.key)
      .map(({ value }) => value);

  const groups = world.groups.slice(0, int(1, 3));
  const people = shuffled(world.staff).slice(0, int(1, 8));
  const ruleType = int(0, 2);
  const areas = groups.map((group) => ({ group, provinces: [] as string[] }));
  for (const province of PROVINCES.slice(0, 4)) if (random() < 0.8) pick(areas).provinces.push(province!);
  const channelTypes = [1, 2].filter(() => random() < 0.8).map((channelType) => ({ channelType, group: pick(groups) }));

  const overnight = new Set(people.filter(() => random() < 0.2));
  const day = (date: string): Person[] =>
    shuffled(people)
      .filter(() => random() < 0.85)
      .map((userId) => ({
        userId,
        group: pick(groups),
        dataNum: pick(QUANTITIES),
        dataNumLimit: pick(CAPS),
        timeStr: overnight.has(userId) ? (date === D1 ? '22:00-24:00' : '00:00-02:00') : pick(TIMES),
      }));
  const days = { [D1]: day(D1), [D2]: day(D2) };

  // Lead times: anywhere in the two days, around midnight, or at a shift's first or last minute.
  const minute = () => {
    const draw = random();
    if (draw < 0.25) return int(21 * 60, 27 * 60 - 1);
    if (draw < 0.5) return pick([0, 24 * 60]) + pick(EDGES) + pick([-1, 0]);
    return int(0, 2 * 24 * 60 - 1);
  };
  const events: Event[] = [
    ...Array.from({ length: int(1, 14) }, () => ({
      kind: 'lead' as const,
      minute: minute(),
      province: pick(PROVINCES),
      channel: pick([0, 1, 2] as const),
    })),
    ...Array.from({ length: int(0, 4) }, () => ({ kind: 'sweep' as const, minute: minute() })),
  ].sort((x, y) => x.minute - y.minute);
  const crm = random();
  return { ruleType, ec: crm < 0.75, lixiao: crm < 0.35 || crm > 0.9, areas, channelTypes, days, events };
}

// ---------------------------------------------------------------------------------------------
// The reference model

interface Outcome {
  status: 'assigned' | 'waiting' | 'skipped';
  userId: number | null;
  round: number | null;
  reason: string | null;
  skipped: Array<{ userId: number; reason: string }>;
}

/** A lead's walk: the person and round (null: nobody), and who was passed over. */
interface Walk {
  userId: number | null;
  round: number | null;
  skipped: Outcome['skipped'];
}

function model(c: Case): { outcomes: Outcome[]; queue: number[] } {
  const outcomes: Outcome[] = [];
  const queue: Array<{ lead: number; group: number }> = [];
  /** Per day: each group's current turn and slot, and each person's leads. */
  const days = new Map<string, { turns: Map<number, { k: number; s: number }>; counts: Map<number, number> }>();
  const dateOf = (minute: number) => (minute < 24 * 60 ? D1 : D2);
  const listOf = (date: string, group: number) => c.days[date].filter((person) => group === 0 || person.group === group);

  const onShift = (timeStr: string, minute: number) =>
    timeStr === '' ||
    timeStr.split(' ').some((range) => {
      const [from, to] = range.split('-').map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));
      return minute >= from && minute < to;
    });

  /** One lead's walk over the turns of `group` at `minute`; the day's state moves only when someone takes it. */
  function walk(minute: number, group: number): Walk {
    const date = dateOf(minute);
    const day = days.get(date) ?? { turns: new Map(), counts: new Map() };
    days.set(date, day);
    const list = listOf(date, group);
    let { k, s } = day.turns.get(group) ?? { k: 0, s: 0 };
    const skipped: Outcome['skipped'] = [];
    for (let visited = 0; visited < list.length; visited += 1) {
      const person = list[k % list.length];
      const count = day.counts.get(person.userId) ?? 0;
      let reason: string | null = null;
      if (!person.dataNum) reason = 'noQuota';
      else if (!onShift(person.timeStr, minute % (24 * 60))) reason = 'offShift';
      else if (person.dataNumLimit !== null && count >= person.dataNumLimit) reason = 'dailyCap';
      if (reason === null) {
        const round = Math.floor(k / list.length) + 1;
        s += 1;
        if (s === person.dataNum) {
          k += 1;
          s = 0;
        }
        day.turns.set(group, { k, s });
        day.counts.set(person.userId, count + 1);
        return { userId: person.userId, round, skipped };
      }
      skipped.push({ userId: person.userId, reason });
      k += 1;
      s = 0;
    }
    return { userId: null, round: null, skipped };
  }

  const given = (lead: number, result: Walk) => {
    outcomes[lead] = { status: 'assigned', userId: result.userId, round: result.round, reason: null, skipped: result.skipped };
  };

  /** Tries the queue's leads in order; a group whose first lead stays is not tried further. */
  function sweep(minute: number, only?: number) {
    const blocked = new Set<number>();
    for (const entry of [...queue]) {
      if ((only !== undefined && entry.group !== only) || blocked.has(entry.group)) continue;
      const result = listOf(dateOf(minute), entry.group).length === 0 ? null : walk(minute, entry.group);
      if (result?.userId == null) {
        blocked.add(entry.group);
        continue;
      }
      queue.splice(queue.indexOf(entry), 1);
      given(entry.lead, result);
    }
    return blocked;
  }

  const active: CrmCode | null = c.ec ? 'ec' : c.lixiao ? 'lixiao' : null;
  for (const event of c.events) {
    if (event.kind === 'sweep') {
      sweep(event.minute);
      continue;
    }
    const lead = outcomes.length;
    const skip = (reason: string) => outcomes.push({ status: 'skipped', userId: null, round: null, reason, skipped: [] });
    if (active === null) {
      skip('noSyncedCrm');
      continue;
    }
    let group: number | undefined = 0;
    if (c.ruleType === 1) group = c.areas.find((area) => event.province !== null && area.provinces.includes(event.province))?.group;
    if (c.ruleType === 2) group = c.channelTypes.find((row) => row.channelType === event.channel)?.group;
    if (group === undefined) {
      skip('noGroup');
      continue;
    }
    if (listOf(dateOf(event.minute), group).length === 0) {
      skip('notScheduled');
      continue;
    }
    outcomes.push({ status: 'waiting', userId: null, round: null, reason: 'nobodyQualifies', skipped: [] });
    const blocked = sweep(event.minute, group).has(group);
    const result = walk(event.minute, group);
    if (!blocked && result.userId !== null) given(lead, result);
    else {
      outcomes[lead].skipped = result.skipped;
      queue.push({ lead, group });
    }
  }
  return { outcomes, queue: queue.map((entry) => entry.lead) };
}

// ---------------------------------------------------------------------------------------------

describe.each(dialects())('the distribution engine against its model on %s', (dialect) => {
  let t: TestApp;
  let customerId: number;
  let world: World;

  beforeAll(async () => {
    t = await startApp(dialect, { seed: false });
    const customer = await t.db
      .insertInto('customers')
      .values({ loginAccount: 'model', passwordHash: 'x', registerTime: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    customerId = customer.id;
    const channels = await t.db
      .insertInto('channels')
      .values([
        { customerId, title: '竞价', channelType: 1 },
        { customerId, title: '信息流', channelType: 2 },
      ])
      .returning('id')
      .execute();
    world = {
      staff: await newStaff(
        t.db,
        customerId,
        Array.from({ length: 8 }, (_, i) => `员工${i + 1}`),
      ),
      groups: await newGroups(t.db, customerId, ['一组', '二组', '三组']),
      channels: [channels[0].id, channels[1].id],
    };
  });
  afterAll(() => t.close());

  async function run(c: Case, title: string) {
    const itemId = await newItem(t.db, customerId, title);
    const active: CrmCode = c.ec ? 'ec' : 'lixiao';
    const decoy: CrmCode = active === 'ec' ? 'lixiao' : 'ec';
    await setCrm(t.db, customerId, 'ec', c.ec, active === 'ec' ? c.ruleType : 0);
    await setCrm(t.db, customerId, 'lixiao', c.lixiao, active === 'lixiao' ? c.ruleType : 0);
    await setRuleRows(t.db, customerId, decoy, []);
    await setRuleRows(
      t.db,
      customerId,
      active,
      c.ruleType === 1
        ? c.areas.filter((area) => area.provinces.length).map((area) => ({ acceptGroupId: area.group, provinces: area.provinces }))
        : c.ruleType === 2
          ? c.channelTypes.map((row) => ({ acceptGroupId: row.group, channelType: row.channelType }))
          : [],
    );
    for (const date of [D1, D2]) {
      const rows = c.days[date].map((person) => ({ ...person, acceptGroupId: person.group }));
      await setDay(t.db, { customerId, crmCode: active, itemId, date }, rows);
      // Another CRM's schedule, where everyone would qualify: never read while `active` is the active one.
      await setDay(
        t.db,
        { customerId, crmCode: decoy, itemId, date },
        world.staff.map((userId) => ({ userId, acceptGroupId: world.groups[0], dataNum: 1, dataNumLimit: null })),
      );
    }

    const leads: number[] = [];
    for (const event of c.events) {
      const now = chinaInstant(D1, event.minute);
      if (event.kind === 'sweep') {
        await drainQueue(t.db, t.app.events, customerId, [itemId], now);
        continue;
      }
      const lead = ingestLeadSchema.parse({
        listKind: 'resource',
        itemId,
        name: `线索${leads.length + 1}`,
        mobile: freshMobile(),
        ...(event.province ? { province: event.province } : {}),
        ...(event.channel ? { channelId: world.channels[event.channel - 1] } : {}),
      });
      leads.push(await ingestLead(t.db, t.app.events, customerId, lead, now));
    }

    const records = await recordsOf(t.db, leads);
    const followers = await t.db.selectFrom('leads').select(['id', 'crmFollowerId']).where('itemId', '=', itemId).orderBy('id').execute();
    const jobs = await t.db.selectFrom('crmPushJobs').select('leadId').where('leadId', 'in', leads).execute();
    const pushed = new Set(jobs.map((job) => job.leadId));
    const actual = leads.map((id) => {
      const record = records.get(id)!;
      return {
        status: record.status,
        userId: record.userId,
        round: record.round,
        reason: record.reason,
        skipped: (JSON.parse(record.skipped) as Array<{ userId: number; reason: string }>).map(({ userId, reason }) => ({ userId, reason })),
      };
    });
    const expected = model(c);
    expect(actual).toEqual(expected.outcomes);
    expect(followers.map((lead) => lead.crmFollowerId)).toEqual(expected.outcomes.map((outcome) => outcome.userId));
    expect(await queueOf(t.db, itemId)).toEqual(expected.queue.map((index) => leads[index]));
    // A waiting lead's push is held back; a given one's is on its way.
    expect(leads.filter((id) => records.get(id)!.status === 'waiting' && pushed.has(id))).toEqual([]);
    expect(leads.filter((id) => records.get(id)!.status === 'assigned' && !pushed.has(id))).toEqual([]);
    // The receive rollups count each lead under its receiver.
    const rollup = await t.db.selectFrom('leadDayCounts').select(['receiver', 'count']).where('itemId', '=', itemId).where('count', '>', 0).execute();
    const byReceiver = (pairs: Array<[string, number]>) =>
      Object.fromEntries([...pairs.reduce((sum, [name, n]) => sum.set(name, (sum.get(name) ?? 0) + n), new Map<string, number>())].sort());
    const names = await t.db.selectFrom('leads').select('crmFollower').where('itemId', '=', itemId).execute();
    expect(byReceiver(rollup.map((row) => [row.receiver, Number(row.count)]))).toEqual(byReceiver(names.map((row) => [row.crmFollower ?? '', 1])));
  }

  it(`gives ${CASES} random schedules and lead streams the model's receivers, rounds and queue`, async () => {
    const base = Number(process.env.DISTRIBUTION_SEED ?? Date.now() % 2 ** 31);
    for (let i = 0; i < CASES; i += 1) {
      const seed = base + i;
      const c = generate(seeded(seed), world);
      try {
        await run(c, `模型${seed}`);
      } catch (error) {
        if (error instanceof Error) error.message = `case seed ${seed} (replay: DISTRIBUTION_SEED=${base})\n${JSON.stringify(c)}\n${error.message}`;
        throw error;
      }
    }
  }, 60_000);
});
