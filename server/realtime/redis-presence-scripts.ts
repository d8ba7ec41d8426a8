import type { Redis } from 'ioredis';

/**
 * Presence in Redis, shared by every node. Per channel: `members` (user id → user_info JSON),
 * `counts` (user id → sockets across the cluster) and `sockets` (socket id → "node\nuser");
 * per node: the set of "channel\nsocket" it holds (what a survivor reaps when it dies), an
 * `alive` key with a TTL that its heartbeat renews, and a `reaping` key while a survivor reaps
 * it. Channel names cannot hold a newline, so it separates the parts. Joins and leaves run as
 * Lua scripts: Redis runs each one whole, so two nodes racing on one user can never both see
 * themselves as first or last.
 */
export interface PresenceKeys {
  readonly nodes: string;
  readonly channels: string;
  alive(nodeId: string): string;
  reaping(nodeId: string): string;
  nodeSockets(nodeId: string): string;
  members(channel: string): string;
  counts(channel: string): string;
  sockets(channel: string): string;
}

export function presenceKeys(prefix: string): PresenceKeys {
  return {
    nodes: `${prefix}nodes`,
    channels: `${prefix}channels`,
    alive: (nodeId) => `${prefix}node:${nodeId}:alive`,
    reaping: (nodeId) => `${prefix}node:${nodeId}:reaping`,
    nodeSockets: (nodeId) => `${prefix}node:${nodeId}:sockets`,
    members: (channel) => `${prefix}channel:${channel}:members`,
    counts: (channel) => `${prefix}channel:${channel}:counts`,
    sockets: (channel) => `${prefix}channel:${channel}:sockets`,
  };
}

export const SEPARATOR = '\n';

/**
 * KEYS: members, counts, sockets, node sockets, channels.
 * ARGV: socket id, user id, user_info JSON, node id, member limit, channel.
 * Answers {joined (0 = full), first socket of this user (1/0)}; joining twice is a no-op.
 */
const JOIN = `
if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 1 then return {1, 0} end
local count = tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0')
if count == 0 then
  if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[5]) then return {0, 0} end
  redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
end
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
redis.call('HSET', KEYS[3], ARGV[1], ARGV[4] .. '\\n' .. ARGV[2])
redis.call('SADD', KEYS[4], ARGV[6] .. '\\n' .. ARGV[1])
redis.call('SADD', KEYS[5], ARGV[6])
if count == 0 then return {1, 1} end
return {1, 0}
`;

/**
 * KEYS: members, counts, sockets, sockets of the node that holds the socket, channels.
 * ARGV: socket id, channel.
 * Answers {user id, user_info JSON} when this was the user's last socket, nil otherwise.
 */
const LEAVE = `
redis.call('SREM', KEYS[4], ARGV[2] .. '\\n' .. ARGV[1])
local entry = redis.call('HGET', KEYS[3], ARGV[1])
if not entry then return nil end
redis.call('HDEL', KEYS[3], ARGV[1])
local userId = string.sub(entry, string.find(entry, '\\n', 1, true) + 1)
if redis.call('HINCRBY', KEYS[2], userId, -1) > 0 then return nil end
redis.call('HDEL', KEYS[2], userId)
local info = redis.call('HGET', KEYS[1], userId) or 'null'
redis.call('HDEL', KEYS[1], userId)
if redis.call('HLEN', KEYS[1]) == 0 then redis.call('SREM', KEYS[5], ARGV[2]) end
return {userId, info}
`;

/** What a heartbeat found. */
export const Heartbeat = {
  /** Renewed in time. */
  renewed: 0,
  /** The `alive` key had lapsed (or this is the first beat): a survivor may have reaped this node. */
  lapsed: 1,
  /** A survivor is reaping this node right now: nothing renewed; the next beat tries again. */
  beingReaped: -1,
} as const;
export type Heartbeat = (typeof Heartbeat)[keyof typeof Heartbeat];

/**
 * KEYS: alive, nodes, reaping. ARGV: node id, TTL in ms. Answers a Heartbeat.
 * A node found mid-reap stays unrenewed until the reaping is over: joining its members again
 * before the survivor's leaves have run would let those leaves take them straight back out.
 */
const HEARTBEAT = `
if redis.call('EXISTS', KEYS[3]) == 1 then return -1 end
local wasAlive = redis.call('EXISTS', KEYS[1])
redis.call('SET', KEYS[1], '1', 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
return 1 - wasAlive
`;

/**
 * KEYS: alive, reaping. ARGV: TTL in ms.
 * Answers 1 when the node's heartbeat has lapsed and no other survivor is reaping it: the caller
 * now reaps it. The `reaping` key expires on its own should the caller die meanwhile.
 */
const CLAIM_REAP = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if not redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[1]) then return 0 end
return 1
`;

/**
 * KEYS: alive, reaping, node sockets, nodes. ARGV: node id.
 * Ends a reap, and forgets the node unless it came back (or gained sockets) meanwhile.
 */
const FINISH_REAP = `
redis.call('DEL', KEYS[2])
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('SCARD', KEYS[3]) > 0 then return 0 end
redis.call('SREM', KEYS[4], ARGV[1])
return 1
`;

const SCRIPTS = {
  tidingsPresenceJoin: JOIN,
  tidingsPresenceLeave: LEAVE,
  tidingsHeartbeat: HEARTBEAT,
  tidingsClaimReap: CLAIM_REAP,
  tidingsFinishReap: FINISH_REAP,
} as const;

export interface PresenceScripts {
  join(keys: string[], args: (string | number)[]): Promise<[number, number]>;
  leave(keys: string[], args: string[]): Promise<[string, string] | null>;
  heartbeat(keys: string[], args: (string | number)[]): Promise<Heartbeat>;
  claimReap(keys: string[], args: number[]): Promise<number>;
  finishReap(keys: string[], args: string[]): Promise<number>;
}

function toHeartbeat(answer: unknown): Heartbeat {
  const found = Object.values(Heartbeat).find((value) => value === answer);
  if (found === undefined) throw new Error(`unexpected heartbeat answer ${String(answer)}`);
  return found;
}

/** EVALSHA with a fallback to EVAL (ioredis' defineCommand) on the given connection. */
export function definePresenceScripts(redis: Redis): PresenceScripts {
  for (const [name, lua] of Object.entries(SCRIPTS)) {
    if (!(name in redis)) redis.defineCommand(name, { lua });
  }
  // defineCommand adds methods ioredis' types cannot know; each takes numkeys, keys, then args.
  const call = (name: string, keys: string[], args: (string | number)[]) =>
    (redis as unknown as Record<string, (...values: (string | number)[]) => Promise<unknown>>)[name]?.(
      keys.length,
      ...keys,
      ...args,
    ) ?? Promise.reject(new Error(`script ${name} is not defined`));
  return {
    join: (keys, args) => call('tidingsPresenceJoin', keys, args) as Promise<[number, number]>,
    leave: (keys, args) => call('tidingsPresenceLeave', keys, args) as Promise<[string, string] | null>,
    heartbeat: (keys, args) => call('tidingsHeartbeat', keys, args).then(toHeartbeat),
    claimReap: (keys, args) => call('tidingsClaimReap', keys, args) as Promise<number>,
    finishReap: (keys, args) => call('tidingsFinishReap', keys, args) as Promise<number>,
  };
}
