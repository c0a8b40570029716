package dev.outbox.sample;

/**
 * No order has the requested id.
 */
class OrderNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    OrderNotFoundException(String id) {
        super("No order with id '" + id + "'");
    }
}
