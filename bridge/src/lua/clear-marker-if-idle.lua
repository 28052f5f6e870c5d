-- KEYS: wait, prioritized, marker. Removes the base marker ("0") when no job waits.
if redis.call('LLEN', KEYS[1]) == 0 and redis.call('ZCARD', KEYS[2]) == 0 then
  return redis.call('ZREM', KEYS[3], '0')
end
return -1
