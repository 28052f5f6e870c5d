-- KEYS[1] the job's reply list, KEYS[2] the job's waiters set; ARGV: the message, the lists' time
-- to live (ms), the key prefix of reply lists (a waiter's id follows it).
-- Sent right behind BullMQ's moveToFinished in the same write (paired-replies.ts) it also has
-- KEYS[3] the job's hash and ARGV[4] the finishedOn given to moveToFinished: then it pushes only
-- when that script did finish the job, so a finish that failed (a lost lock) or did not finish (a
-- retry) leaves the reply to the worker's events. Returns 1 when pushed, 0 when not.
if KEYS[3] and redis.call('HGET', KEYS[3], 'finishedOn') ~= ARGV[4] then return 0 end
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local waiters = redis.call('SMEMBERS', KEYS[2])
for _, id in ipairs(waiters) do
  local key = ARGV[3] .. id
  redis.call('LPUSH', key, ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2])
end
if #waiters > 0 then redis.call('DEL', KEYS[2]) end
return 1
