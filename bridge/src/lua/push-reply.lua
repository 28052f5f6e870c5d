-- KEYS[1] the reply list; ARGV: the message, the list's time to live (ms).
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
