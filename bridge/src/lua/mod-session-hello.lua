-- KEYS[1] session hash; ARGV epoch, modDropped, resumeSeq. A new epoch starts again at seq 0.
-- resumeSeq only grows within an epoch: an outbox's oldest held seq never goes back.
local epoch = redis.call('HGET', KEYS[1], 'epoch')
if epoch ~= ARGV[1] then
  redis.call('HSET', KEYS[1], 'epoch', ARGV[1], 'lastSeq', 0, 'modDropped', 0, 'resumeSeq', 0)
end
local resume = tonumber(ARGV[3])
if resume > tonumber(redis.call('HGET', KEYS[1], 'resumeSeq') or '0') then
  redis.call('HSET', KEYS[1], 'resumeSeq', resume)
end
local last = tonumber(redis.call('HGET', KEYS[1], 'lastSeq') or '0')
local prev = tonumber(redis.call('HGET', KEYS[1], 'modDropped') or '0')
local now = tonumber(ARGV[2])
local delta = 0
if now > prev then
  delta = now - prev
  redis.call('HSET', KEYS[1], 'modDropped', now)
end
return {last, delta}
