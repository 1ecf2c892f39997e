import { WhetherVoice } from '@portal/contracts';
import { getEventBus, LeadArrivedEvent, MessageArrivedEvent, type EventBus } from '@portal/event-bus';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NewDataNoticeStack, type DataNotice, type NoticeTarget } from './NewDataNotice';
import { playNotifySound, throttleSound, TitleFlasher } from './notifier';
import { startRealtime, type RealtimeConnection } from './realtimeService';

/** Adds an arrival to the pop-up of its target (counts add up), which moves to the newest place. */
export function mergeNotice(notices: readonly DataNotice[], arrival: DataNotice): DataNotice[] {
  const existing = notices.find((notice) => notice.target === arrival.target);
  const merged: DataNotice = existing
    ? { target: arrival.target, count: existing.count + arrival.count, title: arrival.title ?? existing.title }
    : arrival;
  return [...notices.filter((notice) => notice !== existing), merged];
}

export interface NewDataNoticesProps {
  /** The session user's sound reminder: 0 (WhetherVoice.On) plays the chime. */
  whetherVoice: number;
  bus?: EventBus;
  /** Default: the chime, at most once every 2 s. */
  playSound?: () => void;
  flasher?: TitleFlasher;
}

/**
 * Turns LeadArrivedEvent and MessageArrivedEvent into the notice of spec 000 section 4: the chime
 * when whetherVoice is 0, the alternating tab title until the window gets focus or a pop-up is
 * closed, and a closable pop-up per list (and one for messages) with a 查看 link to it.
 */
export function NewDataNotices({ whetherVoice, bus = getEventBus(), playSound, flasher }: NewDataNoticesProps) {
  const [notices, setNotices] = useState<DataNotice[]>([]);
  const [defaultSound] = useState(() => throttleSound(() => playNotifySound()));
  const [defaultFlasher] = useState(() => new TitleFlasher());
  const sound = playSound ?? defaultSound;
  const title = flasher ?? defaultFlasher;
  const voice = useRef(whetherVoice);
  useEffect(() => {
    voice.current = whetherVoice;
  }, [whetherVoice]);

  useEffect(() => {
    const arrive = (arrival: DataNotice) => {
      setNotices((current) => mergeNotice(current, arrival));
      if (voice.current === WhetherVoice.On) sound();
      title.start();
    };
    const subscriptions = [
      bus.subscribe(LeadArrivedEvent, (event) => arrive({ target: event.payload.list, count: event.payload.count })),
      bus.subscribe(MessageArrivedEvent, (event) => arrive({ target: 'messages', count: 1, title: event.payload.title || undefined })),
    ];
    const onFocus = () => title.stop();
    window.addEventListener('focus', onFocus);
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      window.removeEventListener('focus', onFocus);
      title.stop();
    };
  }, [bus, sound, title]);

  const dismiss = useCallback(
    (target: NoticeTarget) => {
      setNotices((current) => current.filter((notice) => notice.target !== target));
      title.stop();
    },
    [title],
  );

  return <NewDataNoticeStack notices={notices} onClose={dismiss} onView={dismiss} />;
}

export interface RealtimeNotificationsProps {
  whetherVoice: number;
  /** Default: the socket on /rest/ws with the 3-minute poll as its fallback. */
  start?: () => RealtimeConnection;
}

/** Mounted once in the logged-in frame: runs the realtime feed while mounted and shows its notices. */
export function RealtimeNotifications({ whetherVoice, start = startRealtime }: RealtimeNotificationsProps) {
  useEffect(() => {
    const connection = start();
    return () => connection.stop();
  }, [start]);
  return <NewDataNotices whetherVoice={whetherVoice} />;
}
