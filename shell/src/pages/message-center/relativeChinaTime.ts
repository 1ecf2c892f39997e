import { CHINA_UTC_OFFSET_MS } from '@portal/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

const CHINA_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant of a server time 'YYYY-MM-DD HH:mm:ss', which is China time (UTC+8) whatever the browser's zone. */
export function parseChinaTime(value: string): Date | null {
  const match = CHINA_TIME.exec(value.trim());
  if (!match) {
    const parsed = dayjs(value);
    return parsed.isValid() ? parsed.toDate() : null;
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - CHINA_UTC_OFFSET_MS);
}

/**
 * '3 分钟前', '2 小时前', '1 天前' (dayjs zh-cn) for a server time. A time slightly ahead of this
 * machine's clock reads as just now rather than '几秒内'; a value that is not a time is shown as it is.
 */
export function relativeChinaTime(value: string, now: Date = new Date()): string {
  const instant = parseChinaTime(value);
  if (!instant) return value;
  const time = instant.getTime() > now.getTime() ? now : instant;
  return dayjs(time).locale('zh-cn').from(dayjs(now));
}
