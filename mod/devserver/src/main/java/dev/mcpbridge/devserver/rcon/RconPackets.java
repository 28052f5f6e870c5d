package dev.mcpbridge.devserver.rcon;

import java.nio.charset.StandardCharsets;

/**
 * RCON wire format as vanilla 1.21 reads and writes it: int32le length (of what follows), int32le
 * request id, int32le type, payload, two NUL bytes. Payloads are UTF-8.
 */
public final class RconPackets {
    public static final int TYPE_RESPONSE = 0;
    public static final int TYPE_COMMAND = 2;
    public static final int TYPE_AUTH_RESPONSE = 2;
    public static final int TYPE_LOGIN = 3;
    /** Vanilla reads one packet with ONE socket read of at most this many bytes. */
    public static final int MAX_READ = 1460;
    /** Vanilla splits a response into pieces of this many characters (UTF-16 units). */
    public static final int MAX_PIECE_CHARS = 4096;

    private RconPackets() {}

    public static byte[] encode(int id, int type, String payload) {
        byte[] body = payload.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[body.length + 14];
        putIntLe(out, 0, body.length + 10);
        putIntLe(out, 4, id);
        putIntLe(out, 8, type);
        System.arraycopy(body, 0, out, 12, body.length);
        return out;
    }

    /** Little-endian int at {@code offset}; 0 when fewer than 4 bytes remain before {@code limit} (vanilla PktUtils). */
    public static int intLe(byte[] buf, int offset, int limit) {
        if (limit - offset < 4) {
            return 0;
        }
        return (buf[offset] & 0xff) | (buf[offset + 1] & 0xff) << 8 | (buf[offset + 2] & 0xff) << 16
                | (buf[offset + 3] & 0xff) << 24;
    }

    /** The NUL-terminated UTF-8 string starting at {@code offset}, bounded by {@code limit}. */
    public static String string(byte[] buf, int offset, int limit) {
        int end = offset;
        while (end < limit && buf[end] != 0) {
            end++;
        }
        return new String(buf, offset, end - offset, StandardCharsets.UTF_8);
    }

    static void putIntLe(byte[] out, int offset, int value) {
        out[offset] = (byte) value;
        out[offset + 1] = (byte) (value >>> 8);
        out[offset + 2] = (byte) (value >>> 16);
        out[offset + 3] = (byte) (value >>> 24);
    }
}
