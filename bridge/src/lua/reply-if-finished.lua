-- A job's reply, sent right behind BullMQ's moveToFinished in the same write (paired-replies.ts):
-- pushed only when that script did finish the job (its hash has the finishedOn it was given), so a
-- finish that failed (lock lost) or did not finish (a retry) leaves the reply to the worker's
-- events. KEYS[1] the job's hash, KEYS[2] the job's reply list, KEYS[3] the job's waiters set;
-- ARGV: the finishedOn given to moveToFinished, the message, the lists' time to live (ms), the key
-- prefix of reply lists (a waiter's id follows it). Returns 1 when pushed, 0 when not.
if redis.call('HGET', KEYS[1], 'finishedOn') ~= ARGV[1] then return 0 end
redis.call('LPUSH', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
local waiters = redis.call('SMEMBERS', KEYS[3])
for _, id in ipairs(waiters) do
  local key = ARGV[4] .. id
  redis.call('LPUSH', key, ARGV[2])
  redis.call('PEXPIRE', key, ARGV[3])
end
if #waiters > 0 then redis.call('DEL', KEYS[3]) end
return 1
