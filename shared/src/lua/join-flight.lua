-- KEYS[1] the job's hash, KEYS[2] its waiters set; ARGV[1] the follower's reply list id, ARGV[2] TTL.
-- Returns {1, returnvalue, failedReason} when the job already finished, {2} when it is gone, {0} joined.
local f = redis.call('HMGET', KEYS[1], 'finishedOn', 'returnvalue', 'failedReason')
if f[1] then return {1, f[2] or '', f[3] or ''} end
if redis.call('EXISTS', KEYS[1]) == 0 then return {2} end
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return {0}
