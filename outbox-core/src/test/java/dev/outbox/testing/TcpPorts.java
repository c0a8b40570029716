/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
package dev.outbox.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

import org.jspecify.annotations.Nullable;

/** Whether a test server's port accepts connections, before a client is built for it. */
final class TcpPorts {

    private TcpPorts() {
    }

    /**
     * @return null when the port accepts a connection within two seconds, else what went wrong
     */
    static @Nullable String problemConnecting(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2000);
            return null;
        }
        catch (IOException ex) {
            return String.valueOf(ex.getMessage());
        }
    }
}
