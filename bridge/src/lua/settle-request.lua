-- KEYS[1] the claim; ARGV token, 'release' | 'unknown', the error (JSON, '' keeps the one stored).
-- Only the run holding the claim settles it.
if redis.call('HGET', KEYS[1], 'token') ~= ARGV[1] or redis.call('HGET', KEYS[1], 'state') ~= 'running' then
  return 0
end
if ARGV[2] == 'release' then
  redis.call('DEL', KEYS[1])
elseif ARGV[3] == '' then
  redis.call('HSET', KEYS[1], 'state', 'unknown')
else
  redis.call('HSET', KEYS[1], 'state', 'unknown', 'outcome', ARGV[3])
end
return 1
