-- KEYS[1] seq hash, KEYS[2] stream; ARGV: before-seq, after-seq, type, player, maxLen, ingestedAt, serverId.
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', 'event', ARGV[1] .. seq .. ARGV[2], 'type', ARGV[3],
  'player', ARGV[4], 'serverId', ARGV[7], 'ingestedAt', ARGV[6], 'origin', 'management')
return seq
