/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.benchmark;

import java.net.URI;

/**
 * A broker whose server runs outside the benchmark's JVM, at the URL of an option: it names the server in the
 * report and in the error of a server that does not answer, by its address, never by the user and password the
 * URL may hold.
 */
abstract class NetworkBrokerFixture implements BrokerFixture {

    private final String product;

    private final URI url;

    private String version = "?";

    /**
     * @param product the server's product, "RabbitMQ"
     * @param url where the server is, with a port
     */
    NetworkBrokerFixture(String product, URI url) {
        this.product = product;
        this.url = url;
    }

    @Override
    public final String server() {
        return this.product + " " + this.version + " at " + BrokerOptions.address(this.url);
    }

    URI url() {
        return this.url;
    }

    /**
     * @param version the version the server reported
     */
    void version(String version) {
        this.version = version;
    }

    /**
     * @param cause what the client reported
     * @return the error that says the server did not answer, and where it was looked for
     */
    BrokerUnavailableException unavailable(Throwable cause) {
        return new BrokerUnavailableException("No " + this.product + " server answered at "
                + BrokerOptions.address(this.url), cause);
    }
}
