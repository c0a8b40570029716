package dev.outbox.benchmark;

/**
 * A target from the performance issue, and whether this run met it.
 *
 * @param name what is measured
 * @param required the target, in words
 * @param measured what this run measured
 * @param met whether the target holds
 */
record Target(String name, String required, String measured, boolean met) {
}
