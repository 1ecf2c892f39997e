import { ServerEvents } from './events';

describe('ServerEvents', () => {
  it('delivers typed payloads to every listener until it unsubscribes', () => {
    const events = new ServerEvents();
    const heard: number[] = [];
    const stop = events.on('lead.arrived', ({ id }) => heard.push(id));
    events.on('lead.arrived', ({ id }) => heard.push(id * 10));
    events.emit('lead.arrived', { customerId: 1, listKind: 'resource', id: 1 });
    stop();
    events.emit('lead.arrived', { customerId: 1, listKind: 'resource', id: 2 });
    expect(heard).toEqual([1, 10, 20]);
    expect(events.listenerCount('lead.arrived')).toBe(1);
  });

  it('reports a failing listener and still calls the others', () => {
    const errors: unknown[] = [];
    const events = new ServerEvents((error) => errors.push(error));
    const heard: number[] = [];
    events.on('lead.arrived', () => {
      throw new Error('boom');
    });
    events.on('lead.arrived', ({ id }) => heard.push(id));
    expect(() => events.emit('lead.arrived', { customerId: 1, listKind: 'cpc', id: 7 })).not.toThrow();
    expect(heard).toEqual([7]);
    expect(errors).toEqual([new Error('boom')]);
  });
});
