import type { Redis } from 'ioredis';

/**
 * Registers a socket (Lua, atomic). KEYS: the customer's sorted set, the instances hash, the
 * sequence. ARGV: the member, the bound, the set's TTL in seconds.
 *
 * Members of instances whose liveness has lapsed (crashed, or cut off from Redis) are dropped
 * first; then the new member is added with the next sequence number as its score, and those past
 * the bound, oldest first, are removed and returned.
 */
const REGISTER = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local alive = {}
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local instance = string.match(member, '^(.*)/[^/]*$') or ''
  if alive[instance] == nil then
    alive[instance] = tonumber(redis.call('HGET', KEYS[2], instance) or '0') > now
  end
  if not alive[instance] then redis.call('ZREM', KEYS[1], member) end
end
redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[3]), ARGV[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
if over <= 0 then return {} end
local evicted = redis.call('ZRANGE', KEYS[1], 0, over - 1)
redis.call('ZREM', KEYS[1], unpack(evicted))
return evicted
`;

/**
 * Marks an instance alive until Redis' now + ARGV[2] ms; answers 1 when its lease had lapsed (or
 * never existed), 0 when it was still running. KEYS: the instances hash. ARGV: the instance, the lease.
 */
const RENEW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local previous = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
redis.call('HSET', KEYS[1], ARGV[1], now + tonumber(ARGV[2]))
if previous > now then return 0 end
return 1
`;

/** A customer's sorted set lives this long after its last registration (then the key goes by itself). */
const SET_TTL_SECONDS = 24 * 60 * 60;

/** A socket as the registry knows it: `<instance>/<socket>` (instance ids hold no '/'). */
export const memberOf = (instanceId: string, socketId: string): string => `${instanceId}/${socketId}`;

/** The instance part of a member. */
export const instanceOf = (member: string): string => member.slice(0, member.lastIndexOf('/'));

/** Redis keys under the realtime channel's name, so that two deployments on one Redis stay apart. */
export const registryKeys = (channel: string) => ({
  sockets: (customerId: number): string => `${channel}:sockets:${customerId}`,
  instances: `${channel}:instances`,
  sequence: `${channel}:socket-seq`,
});

/**
 * The per-customer socket bound across instances, kept on Redis: one sorted set of sockets per
 * customer (in opening order) and a lease per instance, renewed on every heartbeat. An instance
 * that stops renewing (it crashed, or lost Redis) stops counting once its lease lapses, so its
 * sockets cannot lock a customer out.
 *
 * `register` answers the members to close (the oldest past the bound); the caller closes its own
 * and tells the other instances over the realtime channel. Every call fails soft: when Redis is
 * down the instance's own bound (SocketChannel) still holds.
 */
export class SocketRegistry {
  private readonly keys: ReturnType<typeof registryKeys>;

  constructor(
    private readonly redis: Redis,
    channel: string,
    readonly instanceId: string,
    private readonly maxPerCustomer: number,
    /** How long a lease lasts: a few heartbeats. */
    private readonly leaseMs: number,
  ) {
    this.keys = registryKeys(channel);
  }

  /**
   * Renews this instance's lease. True when it had lapsed: other instances may have dropped this
   * one's sockets meanwhile, and the caller registers them again.
   */
  async renew(): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.keys.instances, this.instanceId, this.leaseMs)) === 1;
  }

  /** Registers a socket; returns the members to close, oldest first (possibly on other instances). */
  async register(customerId: number, socketId: string): Promise<string[]> {
    const evicted = await this.redis.eval(
      REGISTER,
      3,
      this.keys.sockets(customerId),
      this.keys.instances,
      this.keys.sequence,
      memberOf(this.instanceId, socketId),
      this.maxPerCustomer,
      SET_TTL_SECONDS,
    );
    return evicted as string[];
  }

  async unregister(customerId: number, socketId: string): Promise<void> {
    await this.redis.zrem(this.keys.sockets(customerId), memberOf(this.instanceId, socketId));
  }

  /** Ends this instance's lease at once (shutdown): its remaining members stop counting. */
  async retire(): Promise<void> {
    await this.redis.hdel(this.keys.instances, this.instanceId);
  }
}
