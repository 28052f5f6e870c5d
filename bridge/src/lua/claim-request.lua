-- KEYS[1] the claim; ARGV token, job id, mode, ttl. Returns {'claimed'} (new), {'resumed'} (taken
-- over for the mod's journal to answer), or {state, job, outcome} of the claim that stands.
local state = redis.call('HGET', KEYS[1], 'state')
local resume = state and state ~= 'done' and ARGV[3] == 'mod' and redis.call('HGET', KEYS[1], 'mode') == 'mod'
if state and not resume then
  return {state, redis.call('HGET', KEYS[1], 'job') or '', redis.call('HGET', KEYS[1], 'outcome') or ''}
end
redis.call('HSET', KEYS[1], 'state', 'running', 'token', ARGV[1], 'job', ARGV[2], 'mode', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if resume then return {'resumed'} end
return {'claimed'}
