/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.fail;

/**
 * A module's checked-in API listing, {@code api/<module>.api}, and the check that it still matches the
 * module's compiled classes, so that a change to the public API shows in review as a change to that
 * file. With the system property {@value #UPDATE_PROPERTY} set to true, the check writes the file
 * instead.
 */
public final class ApiListingFile {

    /** The system property that makes {@link #check} write the listing instead of comparing it. */
    public static final String UPDATE_PROPERTY = "outbox.api.update";

    /** The command that writes the listings of all published modules. */
    private static final String REGENERATE_COMMAND = "mvn -B -q test -pl outbox-core,outbox-kafka,outbox-rabbitmq,"
            + "outbox-rocketmq,outbox-redis,outbox-nats,outbox-spring-cloud-stream,outbox-jms,outbox-spring-boot-starter,outbox-test -am"
            + " -Dtest=PublicApiListingTest -Dsurefire.failIfNoSpecifiedTests=false -D" + UPDATE_PROPERTY + "=true";

    private static final int MOST_CHANGES_SHOWN = 200;

    private ApiListingFile() {
    }

    /**
     * Compares the API listing of a module with its checked-in file, or writes the file when
     * {@value #UPDATE_PROPERTY} is true.
     *
     * @param module the module's artifact id, which names the file
     * @param anyMainClass a class of the module's main code, whose class directory is listed
     * @throws AssertionError when the listing differs from the file; the message shows the changed
     *         lines and the command that regenerates the file
     */
    public static void check(String module, Class<?> anyMainClass) throws IOException {
        Path file = ModuleClasses.directory(anyMainClass).getParent().getParent().resolve("api")
                .resolve(module + ".api");
        List<String> listing = new ArrayList<>();
        listing.add("# The public API of " + module
                + ", generated from its classes; PublicApiListingTest compares it.");
        listing.add("# Regenerate: " + REGENERATE_COMMAND);
        listing.add("");
        listing.addAll(ApiListing.of(ModuleClasses.topLevelTypes(anyMainClass)));

        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, String.join("\n", listing) + "\n", StandardCharsets.UTF_8);
            return;
        }
        if (!Files.exists(file)) {
            fail("%s is missing; write it with:%n  %s", file, REGENERATE_COMMAND);
        }
        List<String> changes = ApiListingDiff.of(Files.readAllLines(file, StandardCharsets.UTF_8), listing);
        if (!changes.isEmpty()) {
            fail("The public API of %s differs from %s (- in the file, + in the classes):%n%s%n"
                    + "If the change is meant, regenerate the file and commit it with the change:%n  %s",
                    module, file, shown(changes), REGENERATE_COMMAND);
        }
    }

    private static String shown(List<String> changes) {
        if (changes.size() <= MOST_CHANGES_SHOWN) {
            return String.join("\n", changes);
        }
        return String.join("\n", changes.subList(0, MOST_CHANGES_SHOWN))
                + "\n... and " + (changes.size() - MOST_CHANGES_SHOWN) + " more changed lines";
    }
}
