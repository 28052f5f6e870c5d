// Stub (signatures only, no logic) of FancyModLoader 4.0.x (neoforged/FancyModLoader branches 1.21.1 and 1.21.3); see mod/neoforge/API-NOTES.md.
package net.neoforged.fml.common;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Mod {
    String value();
}
