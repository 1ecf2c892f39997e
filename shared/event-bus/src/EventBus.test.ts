import { BusEvent, BusEventWithPayload } from './BusEvent';
import { EventBus, getEventBus } from './EventBus';
import { LeadArrivedEvent, SessionLogoutEvent, TaskCompletedEvent } from './events';

class PingEvent extends BusEvent {
  static readonly type = 'test-ping';
}

class EchoEvent extends BusEventWithPayload<{ text: string }> {
  static readonly type = 'test-echo';
}

describe('EventBus', () => {
  it('delivers an event to its subscribers until they unsubscribe', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    const sub = bus.subscribe(EchoEvent, (event) => seen.push(event.payload.text));

    bus.publish(new EchoEvent({ text: 'one' }));
    sub.unsubscribe();
    bus.publish(new EchoEvent({ text: 'two' }));

    expect(seen).toEqual(['one']);
  });

  it('delivers only events of the class asked for', () => {
    const bus = new EventBus();
    const leads: number[] = [];
    const logouts: string[] = [];
    bus.subscribe(LeadArrivedEvent, (event) => leads.push(event.payload.count));
    bus.subscribe(SessionLogoutEvent, (event) => logouts.push(event.payload.reason));

    bus.publish(new LeadArrivedEvent({ list: 'feedback', count: 3 }));
    bus.publish(new TaskCompletedEvent({ task: 'reading' }));
    bus.publish(new SessionLogoutEvent({ reason: 'unauthorized' }));

    expect(leads).toEqual([3]);
    expect(logouts).toEqual(['unauthorized']);
  });

  it('exposes a stream per event class', () => {
    const bus = new EventBus();
    const types: string[] = [];
    const sub = bus.getStream(PingEvent).subscribe((event) => types.push(event.type));
    bus.publish(new PingEvent());
    bus.publish(new EchoEvent({ text: 'ignored' }));
    sub.unsubscribe();
    expect(types).toEqual(['test-ping']);
  });

  it('keeps delivering to other subscribers when one handler throws', () => {
    jest.useFakeTimers();
    try {
      const bus = new EventBus();
      const seen: string[] = [];
      bus.subscribe(EchoEvent, () => {
        throw new Error('broken handler');
      });
      bus.subscribe(EchoEvent, (event) => seen.push(event.payload.text));
      bus.publish(new EchoEvent({ text: 'still here' }));
      expect(seen).toEqual(['still here']);
      // rxjs reports the handler's error asynchronously; it must not reach the publisher.
      expect(() => jest.runOnlyPendingTimers()).toThrow('broken handler');
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses an event class without a static type', () => {
    class Untyped extends BusEvent {}
    expect(() => new Untyped()).toThrow('must declare a static string "type"');
  });

  it('gives the same bus on every call', () => {
    expect(getEventBus()).toBe(getEventBus());
  });

  it('is one bus per page even when the package is loaded twice', () => {
    type Module = typeof import('./index');
    let first!: Module;
    let second!: Module;
    jest.isolateModules(() => {
      first = require('./index');
    });
    jest.isolateModules(() => {
      second = require('./index');
    });
    // Two copies of the module: two copies of each class ...
    expect(first.LeadArrivedEvent).not.toBe(second.LeadArrivedEvent);
    // ... and still one bus, on which events of one copy reach subscribers of the other.
    expect(first.getEventBus()).toBe(second.getEventBus());
    expect(first.getEventBus()).toBe(getEventBus());

    const seen: number[] = [];
    const sub = second.getEventBus().subscribe(second.LeadArrivedEvent, (event) => seen.push(event.payload.count));
    first.getEventBus().publish(new first.LeadArrivedEvent({ list: 'resource', count: 7 }));
    sub.unsubscribe();
    expect(seen).toEqual([7]);

    first.setMessageUnread('system', 4);
    expect(second.getUnreadCounters().messages.system).toBe(4);
    second.resetUnreadCounters();
  });
});
