-- KEYS[1] the claim; ARGV the answer (JSON), job id, ttl. The first answer stays.
if redis.call('HGET', KEYS[1], 'state') == 'done' then return 0 end
redis.call('HSET', KEYS[1], 'state', 'done', 'job', ARGV[2], 'outcome', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
