// Stub (signatures only, no logic) of eventbus 8.0 (neoforged/Bus); see mod/neoforge/API-NOTES.md.
package net.neoforged.bus.api;

public abstract class Event {
    protected Event() { throw new UnsupportedOperationException(); }
}
