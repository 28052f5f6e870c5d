package dev.mcpbridge.devserver.world;

/** A non-player entity: an animal standing somewhere, or an item dropped by /give. */
public record Entity(String type, String dimension, double x, double y, double z, String name) {}
