-- KEYS[1] the client's log; ARGV: now ms, window ms, limit, a unique member.
-- Returns {1, 0} when the call is accepted (and recorded), {0, ms until a slot frees} when refused.
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if oldest[2] == nil then return {0, window} end
return {0, tonumber(oldest[2]) + window - now}
