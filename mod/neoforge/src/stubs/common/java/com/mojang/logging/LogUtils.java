// Stub (signatures only, no logic) of Mojang logging (as used by the NeoForge MDK); see mod/neoforge/API-NOTES.md.
package com.mojang.logging;

import org.slf4j.Logger;

public class LogUtils {
    private LogUtils() { throw new UnsupportedOperationException(); }

    public static Logger getLogger() { throw new UnsupportedOperationException(); }
}
