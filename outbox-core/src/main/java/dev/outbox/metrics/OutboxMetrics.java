package dev.outbox.metrics;

/**
 * Receives what the outbox does, for metrics. Called on hot paths: implementations must be cheap
 * and must not throw.
 */
public interface OutboxMetrics {

    /** Records nothing, for applications without a metrics registry. */
    OutboxMetrics NONE = new OutboxMetrics() {
        @Override
        public void saved(String messageType) {
        }

        @Override
        public void sent(String messageType) {
        }

        @Override
        public void failed(String messageType, boolean exhausted) {
        }
    };

    /**
     * A new message was saved (duplicates are not counted).
     *
     * @param messageType its type
     */
    void saved(String messageType);

    /**
     * The broker confirmed a message.
     *
     * @param messageType its type
     */
    void sent(String messageType);

    /**
     * An attempt to send a message failed.
     *
     * @param messageType its type
     * @param exhausted whether the retry budget is spent, so the message is now FAILED
     */
    void failed(String messageType, boolean exhausted);
}
