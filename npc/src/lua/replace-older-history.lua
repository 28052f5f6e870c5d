-- Replaces the first ARGV[2] entries of the history KEYS[1] by ARGV[3] unless it changed since it
-- was read at version ARGV[1] (KEYS[2], raised with every change: a length check would miss an
-- append to a full history, which keeps its length).
if (redis.call('GET', KEYS[2]) or '0') ~= ARGV[1] then return 0 end
redis.call('LTRIM', KEYS[1], tonumber(ARGV[2]), -1)
redis.call('LPUSH', KEYS[1], ARGV[3])
redis.call('INCR', KEYS[2])
return 1
