-- Marks every active job as stalled with its lock gone, and clears the stalled check's throttle,
-- so the worker's first stalled check (run when it starts) moves them back to wait at once.
-- KEYS: active, stalled, stalled-check; ARGV[1]: the queue's key prefix (job keys).
local active = redis.call('LRANGE', KEYS[1], 0, -1)
for _, id in ipairs(active) do
  redis.call('DEL', ARGV[1] .. id .. ':lock')
  redis.call('SADD', KEYS[2], id)
end
redis.call('DEL', KEYS[3])
return #active
