-- KEYS[1] the job's reply list, KEYS[2] the job's waiters set; ARGV: the message, the lists' time
-- to live (ms), the key prefix of reply lists (a waiter's id follows it).
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local waiters = redis.call('SMEMBERS', KEYS[2])
for _, id in ipairs(waiters) do
  local key = ARGV[3] .. id
  redis.call('LPUSH', key, ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2])
end
if #waiters > 0 then redis.call('DEL', KEYS[2]) end
